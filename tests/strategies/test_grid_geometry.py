"""Tier-5 geometry (docs/contract.md section 4): cells by integer division, 5 positions per cell."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iconfind import FollowUpError, Point
from iconfind.strategies import grid_geometry as geo

widths = st.integers(min_value=4, max_value=8000)
heights = st.integers(min_value=6, max_value=8000)
cells = st.integers(min_value=1, max_value=24)
positions = st.integers(min_value=1, max_value=5)


def test_cell_12_center_on_a_pixel_phone() -> None:
    assert geo.position_point(1080, 2400, 12, 3) == Point(945, 1000)
    assert geo.cell_bounds(1080, 2400, 12).format() == "[810,800][1080,1200]"


def test_positions_are_quarter_centers() -> None:
    # cell 1 of 1080x2400 is [0,0][270,400]: quarters 135x200
    points = [geo.position_point(1080, 2400, 1, p) for p in range(1, 6)]
    assert [(p.x, p.y) for p in points] == [
        (67, 100),
        (202, 100),
        (135, 200),
        (67, 300),
        (202, 300),
    ]


@given(widths, heights, cells, positions)
def test_every_point_lies_inside_its_cell_and_the_screen(
    width: int, height: int, cell: int, position: int
) -> None:
    bounds = geo.cell_bounds(width, height, cell)
    point = geo.position_point(width, height, cell, position)
    assert bounds.contains(point.x, point.y)
    assert 0 <= point.x < width and 0 <= point.y < height
    assert geo.cell_at(width, height, point.x, point.y) == cell


@given(widths, heights)
def test_cells_tile_the_screen_in_reading_order(width: int, height: int) -> None:
    all_cells = geo.all_cells(width, height)
    assert sum(c.area for c in all_cells) == width * height
    assert all_cells[0].x1 == 0 and all_cells[0].y1 == 0
    assert all_cells[-1].x2 == width and all_cells[-1].y2 == height
    for number, cell in enumerate(all_cells, start=1):
        row, column = divmod(number - 1, 4)
        assert cell.x1 == column * width // 4 and cell.y1 == row * height // 6


@pytest.mark.parametrize("cell", [0, 25, -1, True, 3.0])
def test_bad_cells_are_refused_clearly(cell: object) -> None:
    with pytest.raises(FollowUpError, match="grid cell must be a whole number 1-24"):
        geo.cell_bounds(1080, 2400, cell)  # type: ignore[arg-type]


@pytest.mark.parametrize("position", [0, 6])
def test_bad_positions_are_refused_clearly(position: int) -> None:
    with pytest.raises(FollowUpError, match="grid position must be a whole number 1-5"):
        geo.position_point(1080, 2400, 1, position)


def test_a_screen_smaller_than_the_grid_is_refused() -> None:
    with pytest.raises(ValueError, match="too small"):
        geo.cell_bounds(3, 100, 1)
