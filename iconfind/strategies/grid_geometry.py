"""Tier-5 grid geometry (docs/contract.md section 4) as pure functions.

6 rows x 4 columns = 24 cells, numbered 1..24 left-to-right, top-to-bottom. Cell edges come from
integer division of the screen (edge ``i`` of ``n`` on a side of length ``L`` is ``i * L // n``).
Positions: 1 top-left, 2 top-right, 3 center, 4 bottom-left, 5 bottom-right — each the center of
that quarter of the cell; position 3 is the cell's center. Right and bottom edges are exclusive,
as in :class:`~iconfind.Bounds`, so every point lies inside its cell and inside the screen.

>>> position_point(1080, 2400, 12, 3)
Point(x=945, y=1000)
"""

from __future__ import annotations

from iconfind.errors import FollowUpError
from iconfind.geometry import Bounds, Point

COLUMNS = 4
ROWS = 6
CELLS = COLUMNS * ROWS
POSITIONS = ("Top-left", "Top-right", "Center", "Bottom-left", "Bottom-right")
"""The names of positions 1-5, as the wire form's ``gridPositions`` lists them."""


def check_screen(width: int, height: int) -> None:
    """Raise :class:`ValueError` for a screen too small to hold one pixel per cell."""
    if width < COLUMNS or height < ROWS:
        raise ValueError(
            f"a {width}x{height} screen is too small for a {COLUMNS}x{ROWS} grid "
            f"(need at least {COLUMNS}x{ROWS} pixels)"
        )


def check_cell(cell: int) -> None:
    """Raise :class:`FollowUpError` unless ``cell`` is 1-24."""
    if isinstance(cell, bool) or not isinstance(cell, int) or not 1 <= cell <= CELLS:
        raise FollowUpError(
            f"grid cell must be a whole number 1-{CELLS} (numbered left-to-right, "
            f"top-to-bottom), got {cell!r}"
        )


def check_position(position: int) -> None:
    """Raise :class:`FollowUpError` unless ``position`` is 1-5."""
    if isinstance(position, bool) or not isinstance(position, int) or not 1 <= position <= 5:
        raise FollowUpError(
            "grid position must be a whole number 1-5 (1 top-left, 2 top-right, 3 center, "
            f"4 bottom-left, 5 bottom-right), got {position!r}"
        )


def cell_bounds(width: int, height: int, cell: int) -> Bounds:
    """The pixels of ``cell`` (1-24) on a ``width`` x ``height`` screen."""
    check_screen(width, height)
    check_cell(cell)
    row, column = divmod(cell - 1, COLUMNS)
    return Bounds(
        column * width // COLUMNS,
        row * height // ROWS,
        (column + 1) * width // COLUMNS,
        (row + 1) * height // ROWS,
    )


def all_cells(width: int, height: int) -> list[Bounds]:
    """The 24 cells in number order (index 0 is cell 1)."""
    return [cell_bounds(width, height, cell) for cell in range(1, CELLS + 1)]


def point_in(bounds: Bounds, position: int) -> Point:
    """Position 1-5 inside any non-empty rectangle: the center of that quarter, 3 the center."""
    check_position(position)
    mid_x = (bounds.x1 + bounds.x2) // 2
    mid_y = (bounds.y1 + bounds.y2) // 2
    if position == 3:
        return Point(mid_x, mid_y)
    left = position in (1, 4)
    top = position in (1, 2)
    x = (bounds.x1 + mid_x) // 2 if left else (mid_x + bounds.x2) // 2
    y = (bounds.y1 + mid_y) // 2 if top else (mid_y + bounds.y2) // 2
    return Point(x, y)


def position_point(width: int, height: int, cell: int, position: int) -> Point:
    """The device pixel for ``cell`` (1-24) and ``position`` (1-5) on a screen of that size."""
    return point_in(cell_bounds(width, height, cell), position)


def cell_at(width: int, height: int, x: int, y: int) -> int:
    """The number of the cell holding pixel ``(x, y)`` (the inverse of :func:`cell_bounds`)."""
    check_screen(width, height)
    if not (0 <= x < width and 0 <= y < height):
        raise ValueError(f"({x}, {y}) is outside the {width}x{height} screen")
    column = next(c for c in range(COLUMNS) if x < (c + 1) * width // COLUMNS)
    row = next(r for r in range(ROWS) if y < (r + 1) * height // ROWS)
    return row * COLUMNS + column + 1


__all__ = [
    "CELLS",
    "COLUMNS",
    "POSITIONS",
    "ROWS",
    "all_cells",
    "cell_at",
    "cell_bounds",
    "check_cell",
    "check_position",
    "check_screen",
    "point_in",
    "position_point",
]
