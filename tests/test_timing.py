"""The default budget on a busy machine: these tests use real budgets (the CLI's 0.8 s, the
default 10 s), so they are marked ``timing`` and ``.ci/run`` runs them a second time under a CPU
hog (two busy loops). Their assertions hold however slow the machine is: an outcome or a clean
``timeout`` (exit 1), never an abort, and never a timeout charged to warm-up.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from iconfind import Locator, ReplayBackend
from iconfind.deadline import BUDGET_ENV, DEFAULT_BUDGET_S
from tests.conftest import REPO, SNAPSHOTS

pytestmark = pytest.mark.timing


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    environment.pop(BUDGET_ENV, None)  # the real default budget, as a user has it
    environment.pop("ICONFIND_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "iconfind", *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=600,
        check=False,
    )


def test_twenty_short_budget_finds_exit_0_or_1_never_abort() -> None:
    # Before: 134 (abort) in 2 of 6 runs, a daemon thread killed inside OCR at interpreter exit.
    snapshot = str(SNAPSHOTS / "sign_in_null_root")
    for _ in range(20):
        run = _cli("find", "Sign in", "--replay", snapshot, "--budget", "0.8", "--json")
        assert run.returncode in (0, 1), (run.returncode, run.stderr)
        answer = json.loads(run.stdout)
        assert answer.get("error") in (None, "timeout")
        if answer.get("error") == "timeout":
            assert answer["phase"] in ("load", "accessibility", "resource_id", "ocr")
            assert "unresponsive" not in answer["suggestion"]
        assert "Traceback" not in run.stderr and "terminate" not in run.stderr


@pytest.mark.parametrize(
    ("snapshot", "query", "tier"),
    [
        ("anr_dialog", "Wait", 1),
        ("sign_in_null_root", "Sign in", 3),
        ("toolbar_unlabeled", "overflow menu", 4),
    ],
    ids=["tier-1", "tier-3", "tier-4"],
)
def test_replay_finds_with_the_default_budget_never_time_out(
    snapshot: str, query: str, tier: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(BUDGET_ENV, raising=False)
    locator = Locator(ReplayBackend(SNAPSHOTS / snapshot))
    assert locator.budget_s == DEFAULT_BUDGET_S
    result = locator.find(query)
    assert result.error is None, result.to_dict()
    assert result.tier == tier and result.elements


def test_the_readme_first_command_resolves_on_an_empty_cache(tmp_path: Path) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert 'iconfind find "overflow menu" --replay examples/snapshots/toolbar_unlabeled --json' in (
        readme
    )
    cache = tmp_path / "cache"
    run = _cli(
        "find",
        "overflow menu",
        "--replay",
        str(SNAPSHOTS / "toolbar_unlabeled"),
        "--json",
        env={"XDG_CACHE_HOME": str(cache)},
    )
    assert run.returncode == 0, (run.stdout, run.stderr)
    answer = json.loads(run.stdout)
    assert answer["tier"] == 4 and answer["recognizedAs"] == "overflow"
