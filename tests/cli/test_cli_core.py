"""The command line of docs/contract.md section 2, run as a real subprocess."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import SNAPSHOTS, CliRun

Run = Callable[..., CliRun]


def test_find_wait_on_a_real_format_dump_is_tier_1(run_cli: Run) -> None:
    run = run_cli("find", "Wait", "--replay", SNAPSHOTS / "anr_dialog", "--json")
    assert run.returncode == 0, run.stderr
    wire = run.json()
    assert wire["tier"] == 1 and wire["source"] == "accessibility" and wire["confidence"] == "high"
    assert wire["elements"] == [
        {
            "index": 0,
            "text": "Wait",
            "contentDesc": "",
            "resourceId": "android:id/aerr_wait",
            "className": "android.widget.Button",
            "clickable": True,
            "bounds": [70, 1268, 1010, 1394],
            "center": {"x": 540, "y": 1331},
        }
    ]


def test_overflow_menu_is_tier_2(run_cli: Run) -> None:
    run = run_cli("find", "overflow menu", "--replay", SNAPSHOTS / "toolbar", "--json")
    wire = run.json()
    assert run.returncode == 0 and wire["tier"] == 2
    assert wire["elements"][0]["resourceId"] == "com.example.notes:id/iv_more_options"


def test_back_is_toolbar_nav_up(run_cli: Run) -> None:
    wire = run_cli("find", "back", "--replay", SNAPSHOTS / "toolbar", "--json").json()
    assert wire["tier"] == 2 and wire["elements"][0]["resourceId"].endswith(":id/toolbar_nav_up")


def test_absent_query_exits_1_with_not_found(run_cli: Run) -> None:
    run = run_cli("find", "Telescope", "--replay", SNAPSHOTS / "toolbar", "--json")
    assert run.returncode == 1
    wire = run.json()
    assert wire["error"] == "not_found" and wire["suggestion"]
    assert run.stderr == ""


@pytest.mark.parametrize("snapshot", ["toolbar_unlabeled", "toolbar_unlabeled_dark"])
@pytest.mark.parametrize(
    ("query", "recognized", "center"),
    [
        ("overflow menu", "overflow", {"x": 1006, "y": 157}),
        ("back", "back", {"x": 73, "y": 157}),
        ("search", "search", {"x": 859, "y": 157}),
    ],
)
def test_unlabeled_icons_resolve_by_local_recognition_with_no_picker(
    run_cli: Run, snapshot: str, query: str, recognized: str, center: dict[str, int]
) -> None:
    run = run_cli("find", query, "--replay", SNAPSHOTS / snapshot, "--json")
    assert run.returncode == 0, run.stderr
    wire = run.json()
    assert (wire["tier"], wire["source"], wire["recognizedAs"]) == (4, "visual", recognized)
    assert wire["elements"][0]["center"] == center and "candidates" not in wire


def test_json_stdout_is_exactly_one_object(run_cli: Run) -> None:
    run = run_cli("find", "Wait", "--replay", SNAPSHOTS / "anr_dialog", "--json")
    assert run.stdout.count("\n") == 1 and run.stdout.startswith("{")


def test_tap_resolves_and_reports_the_tap(run_cli: Run) -> None:
    run = run_cli("tap", "Wait", "--replay", SNAPSHOTS / "anr_dialog", "--json")
    assert run.returncode == 0
    assert run.json()["tapped"] == {"x": 540, "y": 1331}


def test_tap_on_absent_query_exits_1(run_cli: Run) -> None:
    run = run_cli("tap", "Telescope", "--replay", SNAPSHOTS / "anr_dialog", "--json")
    assert run.returncode == 1 and run.json()["error"] == "not_found"


def test_dump(run_cli: Run) -> None:
    run = run_cli("dump", "--replay", SNAPSHOTS / "anr_dialog", "--json")
    assert run.returncode == 0
    texts = [e["text"] for e in run.json()["elements"]]
    assert "Wait" in texts and "Close app" in texts


def test_dump_of_a_failed_dump(run_cli: Run) -> None:
    run = run_cli("dump", "--replay", SNAPSHOTS / "sign_in_null_root", "--json")
    assert run.returncode == 0
    assert run.json() == {
        "elements": [],
        "source": "accessibility",
        "accessibilityUnavailable": True,
    }


def test_human_output(run_cli: Run) -> None:
    run = run_cli("find", "Wait", "--replay", SNAPSHOTS / "anr_dialog")
    assert run.returncode == 0
    assert "tier 1" in run.stdout and "center=(540,1331)" in run.stdout


def test_python_dash_m_and_help(run_cli: Run) -> None:
    run = run_cli("--help")
    assert run.returncode == 0 and "find" in run.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "give a command"),
        (("find",), "usage:"),
        (("find", "x"), "no screen given"),
        (("find", "x", "--replay"), "usage:"),
        (("fly", "x"), "usage:"),
        (("find", "x", "--replay", "/nonexistent/snap"), "not a snapshot directory"),
        (("find", "", "--replay", str(SNAPSHOTS / "toolbar")), "empty query"),
        (("find", "x", "--replay", str(SNAPSHOTS / "toolbar"), "--budget", "-1"), "budget"),
    ],
)
def test_usage_errors_exit_2_with_one_line(
    run_cli: Run, args: tuple[str, ...], message: str
) -> None:
    run = run_cli(*args)
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("iconfind: ")
    assert message in lines[0]
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (
            lambda p: (p / "screenshot.png").write_bytes((p / "screenshot.png").read_bytes()[:500]),
            "not a readable image",
        ),
        (lambda p: (p / "screenshot.png").unlink(), "missing"),
        (lambda p: (p / "meta.json").write_text("{oops"), "not valid JSON"),
    ],
)
def test_unreadable_snapshots_exit_2_without_traceback(
    run_cli: Run, tmp_path: Path, damage, message: str
) -> None:  # type: ignore[no-untyped-def]
    snapshot = tmp_path / "snap"
    shutil.copytree(SNAPSHOTS / "anr_dialog", snapshot)
    damage(snapshot)
    run = run_cli("find", "Wait", "--replay", snapshot, "--json")
    assert run.returncode == 2 and run.stdout == ""
    assert message in run.stderr and "Traceback" not in run.stderr


def test_malformed_xml_is_accessibility_unavailable_not_a_crash(
    run_cli: Run, tmp_path: Path
) -> None:
    snapshot = tmp_path / "snap"
    shutil.copytree(SNAPSHOTS / "anr_dialog", snapshot)
    (snapshot / "hierarchy.xml").write_text("<hierarchy><node text='Wait' bounds='[0,0][1,1]'>")
    run = run_cli("find", "Wait", "--replay", snapshot, "--json")
    assert "Traceback" not in run.stderr
    assert run.json()["accessibilityUnavailable"] is True
