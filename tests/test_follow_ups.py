"""The must-show flows through the real CLI and the API: tier 4 then --pick, tier 5 then
--grid-cell / --grid-position, and the errors a wrong or stale follow-up gets."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from iconfind import FollowUpError, Locator, ReplayBackend
from tests.conftest import CliRun
from tests.visual_support import MemoryBackend

RunCli = Callable[..., CliRun]


def test_cli_overflow_menu_on_unlabeled_toolbar_offers_three_candidates(
    run_cli: RunCli, snapshots: Path
) -> None:
    run = run_cli("find", "overflow menu", "--replay", snapshots / "toolbar_unlabeled", "--json")
    assert run.returncode == 0, run.stderr
    out = run.json()
    assert (out["tier"], out["source"], out["confidence"]) == (4, "visual", "medium")
    assert [c["bounds"] for c in out["candidates"]] == [
        [0, 84, 147, 231],  # nav up
        [786, 84, 933, 231],  # search
        [933, 84, 1080, 231],  # more
    ]
    assert [c["index"] for c in out["candidates"]] == [0, 1, 2]
    assert out["elements"] == [] and out["imageBytes"] > 0 and out["estimatedTokens"] > 0
    assert all(c["image"].startswith("/9j/") for c in out["candidates"])  # JPEG


def test_cli_pick_2_gives_the_overflow_center(run_cli: RunCli, snapshots: Path) -> None:
    run = run_cli(
        "find",
        "overflow menu",
        "--replay",
        snapshots / "toolbar_unlabeled",
        "--pick",
        "2",
        "--json",
    )
    assert run.returncode == 0, run.stderr
    out = run.json()
    assert out["elements"][0]["center"] == {"x": 1006, "y": 157}
    assert (out["tier"], out["source"], out["confidence"]) == (4, "visual", "medium")
    assert "candidates" not in out


def test_cli_grid_cell_and_position_give_945_1000(run_cli: RunCli, snapshots: Path) -> None:
    run = run_cli(
        "find", "anything", "--replay", snapshots / "blank_canvas",
        "--grid-cell", "12", "--grid-position", "3", "--json",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    out = run.json()
    assert out["elements"][0]["center"] == {"x": 945, "y": 1000}
    assert (out["tier"], out["source"], out["confidence"]) == (5, "grid", "low")


def test_cli_first_call_on_blank_canvas_offers_the_grid(run_cli: RunCli, snapshots: Path) -> None:
    run = run_cli("find", "anything", "--replay", snapshots / "blank_canvas", "--json")
    assert run.returncode == 0, run.stderr
    out = run.json()
    assert out["tier"] == 5 and out["source"] == "grid" and out["gridImage"]
    assert out["accessibilityUnavailable"] is True and "gridCell" not in out


def test_cli_grid_cell_alone_offers_the_zoom(run_cli: RunCli, snapshots: Path) -> None:
    run = run_cli("find", "x", "--replay", snapshots / "blank_canvas", "--grid-cell", "12")
    assert run.returncode == 0 and "cell 12: choose --grid-position 1-5" in run.stdout


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--pick", "3"], "candidate index 3 is out of range: the result has 3 candidates (0-2)"),
        (["--pick", "-1"], "--pick takes a candidate index from 0"),
        (["--grid-cell", "25"], "--grid-cell must be 1-24"),
        (["--grid-cell", "0", "--grid-position", "1"], "--grid-cell must be 1-24"),
        (["--grid-cell", "3", "--grid-position", "6"], "--grid-position must be 1-5"),
        (["--grid-position", "2"], "--grid-position needs --grid-cell"),
        (["--grid-cell", "3", "--pick", "1"], "give one"),
        (["--grid-cell", "three"], "invalid int value"),
    ],
)
def test_cli_follow_up_errors_are_one_line_exit_2(
    run_cli: RunCli, snapshots: Path, flags: list[str], message: str
) -> None:
    run = run_cli("find", "overflow menu", "--replay", snapshots / "toolbar_unlabeled", *flags)
    assert run.returncode == 2
    assert run.stdout == ""
    assert message in run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr


def test_cli_pick_on_a_resolved_find_says_why(run_cli: RunCli, snapshots: Path) -> None:
    run = run_cli("find", "Notes", "--replay", snapshots / "toolbar_unlabeled", "--pick", "0")
    assert run.returncode == 2
    assert "nothing to pick" in run.stderr and "tier 1" in run.stderr


# -- the API ------------------------------------------------------------------------------------


def test_pick_then_tap_lands_on_the_overflow_icon(snapshots: Path) -> None:
    backend = ReplayBackend(snapshots / "toolbar_unlabeled")
    locator = Locator(backend)
    picked = locator.pick(locator.find("overflow menu"), 2)
    locator.tap(picked)
    assert [(p.x, p.y) for p in backend.taps] == [(1006, 157)]


def test_pick_out_of_range_is_a_follow_up_error(snapshots: Path) -> None:
    locator = Locator(ReplayBackend(snapshots / "toolbar_unlabeled"))
    result = locator.find("overflow menu")
    with pytest.raises(FollowUpError, match="out of range"):
        locator.pick(result, 3)


def test_pick_on_a_changed_screen_is_stale(snapshots: Path) -> None:
    light = ReplayBackend(snapshots / "toolbar_unlabeled")
    backend = MemoryBackend(light.screenshot(), light.hierarchy())
    locator = Locator(backend)
    result = locator.find("overflow menu")
    assert locator.pick(result, 1).element.center.to_dict() == {"x": 859, "y": 157}
    # The app switches to its dark theme: same tree, other pixels.
    backend.image = ReplayBackend(snapshots / "toolbar_unlabeled_dark").screenshot()
    with pytest.raises(FollowUpError, match="stale result"):
        locator.pick(result, 1)
    assert locator.pick(result, 1, check_screen=False).element.center.x == 859
    assert locator.pick(locator.find("overflow menu"), 1).element.center.x == 859


def test_result_keeps_the_screen_id_but_not_on_the_wire(snapshots: Path) -> None:
    result = Locator(ReplayBackend(snapshots / "toolbar_unlabeled")).find("overflow menu")
    assert result.screen_id and "screenId" not in result.to_dict()
    assert isinstance(result.screenshot, Image.Image) and "screenshot" not in result.to_dict()
