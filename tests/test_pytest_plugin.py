"""The pytest plugin, run by pytest itself (pytester): backend from option / ini / env, and a
replayable snapshot of the screen for every failing test that used ``locator``."""

from __future__ import annotations

from pathlib import Path

# pytester runs the inner session in this process, then drops every module it imported. NumPy
# and OpenCV (imported by the inner run's OCR) cannot be loaded twice in one process, so they are
# loaded here first: run alone, this file failed on the replay below with "cannot load module
# more than once per process".
import cv2  # noqa: F401
import numpy  # noqa: F401
import pytest

from iconfind import Locator, ReplayBackend
from iconfind.pytest_plugin import snapshot_name

pytest_plugins = ("pytester",)

TOOLBAR = Path(__file__).resolve().parent.parent / "examples" / "snapshots" / "toolbar"
URL = f"replay://{TOOLBAR}"

TESTS = """
def test_finds_the_overflow_menu(locator):
    assert locator.find("overflow menu").ok

def test_fails_on_a_missing_button(locator):
    assert locator.find("Telescope").ok, "no telescope here"

def test_fails_without_the_fixture():
    assert False
"""


def test_a_failing_test_leaves_a_replayable_snapshot(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_screen=TESTS)
    result = pytester.runpytest("-p", "no:randomly", "--iconfind-backend", URL)
    result.assert_outcomes(passed=1, failed=2)
    failures = pytester.path / ".iconfind-failures"
    saved = sorted(p.name for p in failures.iterdir())
    assert saved == [snapshot_name("test_screen.py::test_fails_on_a_missing_button")]
    snapshot = failures / saved[0]
    assert {p.name for p in snapshot.iterdir()} == {"screenshot.png", "hierarchy.xml", "meta.json"}
    result.stdout.fnmatch_lines([f"*screen saved: {snapshot}*"])
    # The snapshot replays the failing screen: what the test looked at is there to debug.
    replayed = Locator(ReplayBackend(snapshot))
    assert replayed.find("overflow menu").element.center.x == 1006
    assert not replayed.find("Telescope").ok


def test_ini_names_the_backend_and_the_snapshot_directory(pytester: pytest.Pytester) -> None:
    pytester.makeini(f"[pytest]\niconfind_backend = {URL}\niconfind_snapshots = screens\n")
    pytester.makepyfile(test_screen=TESTS)
    pytester.runpytest("-p", "no:randomly").assert_outcomes(passed=1, failed=2)
    assert len(list((pytester.path / "screens").iterdir())) == 1
    assert not (pytester.path / ".iconfind-failures").exists()


def test_environment_names_the_backend_and_off_disables_snapshots(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ICONFIND_BACKEND", URL)
    monkeypatch.setenv("ICONFIND_SNAPSHOTS", "off")
    pytester.makepyfile(test_screen=TESTS)
    pytester.runpytest("-p", "no:randomly").assert_outcomes(passed=1, failed=2)
    assert not (pytester.path / ".iconfind-failures").exists()


def test_no_backend_is_a_usage_error_naming_the_three_ways(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_screen=TESTS)
    result = pytester.runpytest("-p", "no:randomly", "-k", "overflow")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*--iconfind-backend*iconfind_backend*ICONFIND_BACKEND*"])
