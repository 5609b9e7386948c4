"""Tier 5: the numbered grid, for screens whose tree has nothing to offer.

Three calls at most (docs/contract.md section 4):

1. ``find(query)`` -> a :class:`~iconfind.GridStep` whose ``image`` is the screenshot under a
   numbered 4x6 grid (longest side at most 1000 px; it is a picture for a model, coordinates
   stay device pixels);
2. ``find(query, grid_cell=N)`` -> a ``GridStep`` whose ``image`` is cell N zoomed with
   positions 1-5 marked, with ``cell`` and ``positions`` set;
3. ``find(query, grid_cell=N, grid_position=P)`` -> one element, a ``grid.Point`` whose center is
   the point of docs/contract.md section 4.

Step 1 runs only when the tree is unavailable, empty, or has nothing clickable; steps 2 and 3 run
whatever the tree holds (a follow-up always goes to the grid).
"""

from __future__ import annotations

from attrs import frozen

from iconfind.imaging.encode import encode_jpeg
from iconfind.imaging.grid_overlay import GRID_MAX_SIDE, render_cell_zoom, render_grid
from iconfind.models import Bounds, Element, FindResult, Found, GridStep
from iconfind.screen import Screen
from iconfind.strategies import grid_geometry as geo
from iconfind.strategies._matches import visible
from iconfind.strategies.base import Query

GRID_QUALITY = 75
POINT_CLASS = "grid.Point"
PICK_CELL = "Choose the cell (1-24) holding the target and call find again with gridCell"
PICK_POSITION = "Choose the position (1-5) nearest the target and call again with gridPosition"


def point_element(x: int, y: int) -> Element:
    """A 1x1 element at ``(x, y)``: its center is exactly that pixel."""
    return Element(bounds=Bounds(x, y, x + 1, y + 1), class_name=POINT_CLASS)


LOCATING_AREA = 0.5
"""A clickable covering at least this share of the screen (a full-screen canvas, a webview)
says nothing about where to tap, so it does not make a tree useful."""


def tree_is_useless(screen: Screen) -> bool:
    """When the grid runs: no tree, an empty one, or nothing clickable in it that locates
    anything (clickables as large as half the screen, such as a canvas, do not count)."""
    elements = screen.hierarchy
    if elements is None:
        return True
    limit = LOCATING_AREA * screen.width * screen.height
    return not any(e.clickable and e.bounds.area < limit for e in visible(elements))


@frozen
class Grid:
    """Tier 5. Source ``grid``, confidence low. Returns ``None`` when the tree is useful (and the
    query is not a follow-up) or the screen is smaller than the grid."""

    max_side: int = GRID_MAX_SIDE
    name: str = "grid"
    handles_follow_ups: bool = True
    """The Locator sends grid follow-ups (``grid_cell``) only to strategies that say so."""

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        width, height = screen.size
        if width < geo.COLUMNS or height < geo.ROWS:
            return None
        if query.grid_cell is None:
            if not tree_is_useless(screen):
                return None
            encoded = encode_jpeg(render_grid(screen.screenshot, self.max_side), GRID_QUALITY)
            return FindResult(
                GridStep(
                    encoded.data,
                    suggestion=PICK_CELL,
                    image_bytes=encoded.nbytes,
                    estimated_tokens=encoded.estimated_tokens,
                )
            )
        if query.grid_position is None:
            picture, _ = render_cell_zoom(screen.screenshot, query.grid_cell)
            encoded = encode_jpeg(picture, GRID_QUALITY)
            return FindResult(
                GridStep(
                    encoded.data,
                    cell=query.grid_cell,
                    positions=geo.POSITIONS,
                    suggestion=PICK_POSITION,
                    image_bytes=encoded.nbytes,
                    estimated_tokens=encoded.estimated_tokens,
                )
            )
        point = geo.position_point(width, height, query.grid_cell, query.grid_position)
        return FindResult(
            Found(
                [point_element(point.x, point.y)],
                source="grid",
                tier=5,
                confidence="low",
                grid_cell=query.grid_cell,
            )
        )


__all__ = ["Grid", "point_element", "tree_is_useless"]
