"""Run every benchmark section and print a table, or one JSON object with ``--json``.

    python bench/run.py [--quick] [--json]
    nox -s bench

Each section is a ``measure(quick) -> dict`` in its own module under ``bench/``; a section that
fails reports ``null`` for its keys and says why under ``_reasons``. Every
figure is measured in the same run as its baseline (etree for tiers 1-2, the naive Tesseract call
for OCR, the full screenshot for tier 4), so ratios hold on a noisy machine.
"""

from __future__ import annotations

import importlib
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

SECTIONS = [
    # (module under bench/, the keys it owns)
    (
        "cold_start",
        ("import_s", "import_uiautomator2_s", "first_find_empty_cache_s", "first_icon_find_s"),
    ),
    ("tiers12", ("tier12_ms", "tier12_vs_etree", "tier12_vs_lxml", "tier12_growth_exponent")),
    ("ocr", ("ocr_naive_s", "ocr_cold_s", "ocr_warm_ms")),
    ("tier4", ("tier4_payload_bytes", "tier4_vs_screenshot")),
    ("grid", ("grid_ms",)),
    ("memory", ("memory_lookup_ms", "memory_write_ms")),
    ("end_to_end", ("find_all_tiers_s",)),
    ("icons", ()),
    ("accuracy", ()),
]
REQUIRED_KEYS = [key for _, keys in SECTIONS for key in keys]


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "cpu": cpu, "python": platform.python_version(),
            "platform": platform.platform()}  # fmt: skip


def run(quick: bool) -> dict[str, Any]:
    results: dict[str, Any] = {}
    reasons: dict[str, str] = {}
    timings: dict[str, float] = {}
    for name, keys in SECTIONS:
        start = time.perf_counter()
        try:
            section = importlib.import_module(f"bench.{name}").measure(quick)
        except Exception as exc:  # one broken section must not hide the others
            section = {key: None for key in keys}
            reason = f"{type(exc).__name__}: {exc}"
            section["_reasons"] = {k: reason for k in keys or (f"section:{name}",)}
        reasons.update(section.pop("_reasons", {}))
        results.update(section)
        timings[name] = round(time.perf_counter() - start, 2)
    for key in REQUIRED_KEYS:
        results.setdefault(key, None)
    results["_reasons"] = reasons
    results["_section_seconds"] = timings
    results["_machine"] = machine()
    results["_quick"] = quick
    return results


def _fmt(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_fmt(v)}" for k, v in value.items())
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def table(results: dict[str, Any]) -> str:
    rows = [(key, _fmt(value)) for key, value in results.items() if not key.startswith("_")]
    width = max(len(key) for key, _ in rows)
    lines = [f"{key:<{width}}  {value}" for key, value in rows]
    for key, reason in results["_reasons"].items():
        lines.append(f"  ({key}: {reason})")
    m = results["_machine"]
    lines.append(f"machine: {m['nproc']} cores, {m['cpu']}, Python {m['python']}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    results = run(quick="--quick" in argv)
    if "--json" in argv:
        print(json.dumps(results, ensure_ascii=False))
    else:
        print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
