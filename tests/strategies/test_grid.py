"""Tier 5: when the grid runs, what each of its three calls returns."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pytest
from PIL import Image

from iconfind import (
    Bounds,
    Element,
    FollowUpError,
    GridStep,
    Locator,
    Point,
    ReplayBackend,
    Selector,
)
from iconfind.cli import exit_code
from iconfind.screen import Screen
from iconfind.strategies import default_chain
from iconfind.strategies.base import Query
from iconfind.strategies.grid import Grid
from tests.visual_support import MemoryBackend


def decode(image_b64: str) -> Image.Image:
    return Image.open(io.BytesIO(base64.b64decode(image_b64)))


def test_first_call_offers_a_numbered_grid_at_most_1000_px(snapshots: Path) -> None:
    result = Locator(ReplayBackend(snapshots / "blank_canvas")).find("the yellow ball")
    assert (result.tier, result.source, result.confidence) == (5, "grid", "low")
    assert result.needs_pick and exit_code(result) == 0
    grid = result.outcome
    assert isinstance(grid, GridStep) and grid.cell is None and grid.positions == ()
    picture = decode(grid.image)
    assert picture.format == "JPEG" and max(picture.size) == 1000
    assert picture.size == (450, 1000)  # the screen's shape, 1080x2400 scaled
    assert grid.image_bytes == len(base64.b64decode(grid.image))
    assert grid.estimated_tokens == -(-(grid.image_bytes or 0) * 330 // 1024)
    assert result.accessibility_unavailable
    assert "gridCell" not in result.to_dict()


def test_grid_lines_are_drawn_where_the_cells_meet(snapshots: Path) -> None:
    grid = Locator(ReplayBackend(snapshots / "blank_canvas")).find("x").outcome
    assert isinstance(grid, GridStep)
    picture = decode(grid.image).convert("L")
    # The canvas is near-black; the grid's light core shows on the column edge x = 270/2.4.
    assert picture.getpixel((112, 650)) > 150
    assert picture.getpixel((60, 650)) < 60  # the middle of cell 13 is untouched


def test_cell_follow_up_zooms_with_five_positions(snapshots: Path) -> None:
    result = Locator(ReplayBackend(snapshots / "blank_canvas")).find("x", grid_cell=12)
    grid = result.outcome
    assert isinstance(grid, GridStep) and grid.cell == 12
    assert grid.positions == (
        "Top-left",
        "Top-right",
        "Center",
        "Bottom-left",
        "Bottom-right",
    )
    zoom = decode(grid.image)
    assert max(zoom.size) == 480
    assert zoom.size[0] / zoom.size[1] == pytest.approx(270 / 400, abs=0.01)
    assert result.to_dict()["gridPositions"][2] == "Center"
    assert result.suggestion and "gridPosition" in result.suggestion


def test_position_follow_up_is_a_point_element(snapshots: Path) -> None:
    result = Locator(ReplayBackend(snapshots / "blank_canvas")).find(
        "x", grid_cell=12, grid_position=3
    )
    assert result.ok and result.element.center.to_dict() == {"x": 945, "y": 1000}
    assert result.element.class_name == "grid.Point"
    assert (result.tier, result.source, result.confidence) == (5, "grid", "low")


def test_null_root_dump_goes_to_the_grid(snapshots: Path) -> None:
    result = Locator(
        ReplayBackend(snapshots / "sign_in_null_root"), strategies=default_chain(recognition=False)
    ).find("hamburger")
    assert result.tier == 5 and result.kind == "grid"


def test_a_tree_with_nothing_clickable_goes_to_the_grid() -> None:
    tree = [Element(bounds=Bounds(0, 0, 400, 800), text="Ad", index=0)]
    result = Grid().find(
        Query(Selector("close")), Screen(MemoryBackend(Image.new("RGB", (400, 800)), tree))
    )
    assert result is not None and result.tier == 5


def test_a_useful_tree_skips_the_grid(snapshots: Path) -> None:
    screen = Screen(ReplayBackend(snapshots / "anr_dialog"))
    assert Grid().find(Query(Selector("nothing like this")), screen) is None
    result = Locator(ReplayBackend(snapshots / "anr_dialog")).find("nothing like this")
    assert result.error is not None and result.error.value == "not_found"


def test_a_follow_up_goes_to_the_grid_whatever_the_tree(snapshots: Path) -> None:
    # "Notes" is a label of this screen, yet a follow-up answers tier 5, not tier 1.
    backend = ReplayBackend(snapshots / "toolbar_unlabeled")
    result = Locator(backend).find("Notes", grid_cell=4, grid_position=5)
    assert result.tier == 5 and result.element.center.to_dict() == {"x": 1012, "y": 300}


def test_follow_up_without_a_grid_in_the_chain_is_an_error(snapshots: Path) -> None:
    locator = Locator(ReplayBackend(snapshots / "blank_canvas"), strategies=[])
    with pytest.raises(FollowUpError, match="grid strategy"):
        locator.find("x", grid_cell=3)


@pytest.mark.parametrize(
    ("cell", "position", "message"),
    [(0, None, "1-24"), (25, 1, "1-24"), (3, 6, "1-5"), (None, 2, "needs its grid cell")],
)
def test_bad_follow_ups_raise(
    snapshots: Path, cell: int | None, position: int | None, message: str
) -> None:
    with pytest.raises(FollowUpError, match=message):
        Locator(ReplayBackend(snapshots / "blank_canvas")).find(
            "x", grid_cell=cell, grid_position=position
        )


def test_scaled_locator_reports_the_point_in_image_space_on_the_wire(snapshots: Path) -> None:
    from iconfind import Scaling

    backend = ReplayBackend(snapshots / "blank_canvas")
    locator = Locator(backend, scaling=Scaling())
    result = locator.find("x", grid_cell=12, grid_position=3)
    assert result.scale_factor == 2.4
    assert result.element.center.to_dict() == {"x": 945, "y": 1000}  # device pixels
    assert result.to_dict()["elements"][0]["center"] == {"x": 394, "y": 417}
    locator.tap(result)
    assert backend.taps == [Point(945, 1000)]  # the position itself, not a rounded image pixel


def test_a_full_screen_clickable_canvas_does_not_make_the_tree_useful(tmp_path: Path) -> None:
    from tests.screens import el, replay_of

    canvas = replay_of(
        tmp_path / "canvas", [el("[0,0][1080,2400]", class_name="Canvas", clickable=True)]
    )
    assert Locator(canvas).find("x").tier == 5
    button = replay_of(tmp_path / "button", [el("[0,0][300,150]", text="", clickable=True)])
    assert Locator(button).find("x").error is not None
