"""The first second: import time, the first find on an empty cache, the first icon query.

Every figure comes from fresh interpreters (``python -c``), alternated with their baseline in the
same run, so a busy machine slows both alike:

- ``import_s``: ``import iconfind``, timed inside the process (interpreter start excluded), next
  to ``import_uiautomator2_s`` (the library iconfind's users would otherwise reach for), with
  ``import_vs_uiautomator2`` their ratio; ``import_locator_s`` is
  ``from iconfind import Locator, ReplayBackend`` (what a replay script imports).
- ``first_find_empty_cache_s``: the README's first query (``"overflow menu"`` on
  ``toolbar_unlabeled``) in a fresh process whose icon-reference cache directory is empty: the
  find call alone, whatever building or loading the references costs.
- ``first_icon_find_s``: the same query in a fresh process with a warm cache: the find call
  alone, which loads NumPy, OpenCV and the references on the way; ``first_icon_find_total_s``
  adds the import and the ``Locator``.
- ``icon_find_warm_process_ms``: per example snapshot with an unlabeled ⋮, the first query on
  that screen (a new ``ReplayBackend`` and ``Locator``: the PNG is decoded, the chain built) in a
  process that has already answered one icon query; ``icon_find_warm_process_max_ms`` is the
  slowest of them, ``icon_find_warm_process_cpu_ms`` the CPU time of each (every thread of the
  process): on a machine shared with other work, wall time also counts the waits for a core.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from typing import Any

from bench._snap import EXAMPLES, REPO

QUERY = "overflow menu"
FIRST_SNAPSHOT = EXAMPLES / "toolbar_unlabeled"
ICON_SNAPSHOTS = ("toolbar_unlabeled", "toolbar_unlabeled_dark", "player_unlabeled")

_TIMED_IMPORT = """
import time
start = time.perf_counter()
{statement}
print(time.perf_counter() - start)
"""

_FIRST_FIND = """
import json, time
start = time.perf_counter()
from iconfind import Locator, ReplayBackend
locator = Locator(ReplayBackend({snapshot!r}), budget_s=600)
ready = time.perf_counter()
result = locator.find({query!r})
done = time.perf_counter()
print(json.dumps({{"find": done - ready, "total": done - start,
                  "recognized": result.recognized_as}}))
"""

_WARM_PROCESS = """
import json, time
from iconfind import Locator, ReplayBackend
warmup = Locator(ReplayBackend({warmup!r}), budget_s=600).find({query!r})
assert warmup.recognized_as, warmup
out = {{}}
for name, path in {snapshots!r}:
    start, cpu = time.perf_counter(), time.process_time()
    result = Locator(ReplayBackend(path), budget_s=600).find({query!r})
    out[name] = [time.perf_counter() - start, time.process_time() - cpu, result.recognized_as]
print(json.dumps(out))
"""


def _python(code: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"benchmark subprocess failed: {done.stderr.strip()[-500:]}")
    return done.stdout.strip().splitlines()[-1]


def _import_seconds(statement: str) -> float:
    return float(_python(_TIMED_IMPORT.format(statement=statement)))


def measure(quick: bool = False) -> dict[str, Any]:
    repeats = 5 if quick else 11
    iconfind_s: list[float] = []
    baseline_s: list[float] = []
    locator_s: list[float] = []
    for _ in range(repeats):  # alternated, so drift hits both alike
        iconfind_s.append(_import_seconds("import iconfind"))
        baseline_s.append(_import_seconds("import uiautomator2"))
        locator_s.append(_import_seconds("from iconfind import Locator, ReplayBackend"))
    import_s = statistics.median(iconfind_s)
    baseline = statistics.median(baseline_s)

    first = json.loads(_python(_FIRST_FIND.format(snapshot=str(FIRST_SNAPSHOT), query=QUERY)))
    with tempfile.TemporaryDirectory() as empty:
        cold = json.loads(
            _python(
                _FIRST_FIND.format(snapshot=str(FIRST_SNAPSHOT), query=QUERY),
                env={"XDG_CACHE_HOME": empty},
            )
        )
    warm_runs: dict[str, list[float]] = {name: [] for name in ICON_SNAPSHOTS}
    warm_cpu: dict[str, list[float]] = {name: [] for name in ICON_SNAPSHOTS}
    recognized: dict[str, str | None] = {}
    snapshots = [(name, str(EXAMPLES / name)) for name in ICON_SNAPSHOTS]
    for _ in range(1 if quick else 3):
        # One icon query warms the process up; each timed query then reads its snapshot afresh
        # (new ReplayBackend and Locator: nothing of an earlier screen is reused).
        report = json.loads(
            _python(
                _WARM_PROCESS.format(
                    warmup=str(EXAMPLES / "player_unlabeled"), query=QUERY, snapshots=snapshots
                )
            )
        )
        for name, (seconds, cpu_seconds, as_) in report.items():
            warm_runs[name].append(seconds)
            warm_cpu[name].append(cpu_seconds)
            recognized[name] = as_
    warm_ms = {name: round(statistics.median(v) * 1000, 1) for name, v in warm_runs.items()}
    cpu_ms = {name: round(statistics.median(v) * 1000, 1) for name, v in warm_cpu.items()}
    return {
        "import_s": round(import_s, 4),
        "import_uiautomator2_s": round(baseline, 4),
        "import_vs_uiautomator2": round(import_s / baseline, 3),
        "import_locator_s": round(statistics.median(locator_s), 4),
        "first_find_empty_cache_s": round(cold["find"], 3),
        "first_icon_find_s": round(first["find"], 3),
        "first_icon_find_total_s": round(first["total"], 3),
        "first_icon_recognized_as": first["recognized"],
        "icon_find_warm_process_ms": warm_ms,
        "icon_find_warm_process_max_ms": max(warm_ms.values()),
        "icon_find_warm_process_cpu_ms": cpu_ms,
        "icon_find_warm_process_recognized": recognized,
    }


if __name__ == "__main__":
    print(json.dumps(measure(quick="--quick" in sys.argv), indent=2))
