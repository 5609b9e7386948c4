"""Tiers 3-5 on real pages: OCR reads a canvas, candidates are picked, the grid reaches a game.

These use the OCR strategy (tier 3), visual candidates and ``Locator.pick`` (tier 4) and the
grid follow-up ``find(grid_cell=, grid_position=)`` (tier 5) from ``default_chain()``. Each taps
through the live backend and asserts on the page's own record of what was clicked.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from iconfind import Locator
from iconfind.backends.web import WebBackend
from tests.live.resources import clicks

pytestmark = pytest.mark.web

OpenPage = Callable[..., WebBackend]


def test_tier3_ocr_taps_continue_drawn_on_a_canvas(open_page: OpenPage) -> None:
    web = open_page("canvas_text.html")
    result = Locator(web).tap("Continue")
    assert (result.tier, result.source) == (3, "ocr")
    assert clicks(web) == ["continue"]


def test_tier4_candidates_cover_the_icons_and_a_pick_taps_the_chosen_one(
    open_page: OpenPage,
) -> None:
    web = open_page("icons.html")
    locator = Locator(web)
    rects = web.evaluate("window.iconRects()")
    star = rects[0]
    star_center = ((star["x1"] + star["x2"]) / 2, (star["y1"] + star["y2"]) / 2)

    result = locator.find("star")
    assert result.tier == 4
    if result.needs_pick:
        # Every icon is offered; the test plays the model and picks the star's crop.
        for rect in rects:
            center = ((rect["x1"] + rect["x2"]) // 2, (rect["y1"] + rect["y2"]) // 2)
            assert any(c.bounds.contains(*center) for c in result.candidates)
        chosen = next(
            c.index
            for c in result.candidates
            if c.bounds.contains(round(star_center[0]), round(star_center[1]))
        )
        result = locator.pick(result, chosen)
    # Resolved by local icon recognition, or by the pick: either way it must be the star.
    assert result.ok
    locator.tap(result)
    assert clicks(web) == ["star"]


def test_tier5_grid_cell_and_position_reach_an_icon_on_a_canvas_only_page(
    open_page: OpenPage,
) -> None:
    web = open_page("canvas_only.html")
    locator = Locator(web)
    offered = locator.find("play button")
    assert offered.needs_pick  # the grid (or candidates), never a silent guess
    result = locator.find("play button", grid_cell=6, grid_position=3)
    assert (result.tier, result.source) == (5, "grid")
    assert result.element.center.to_dict() == {"x": 300, "y": 150}
    locator.tap(result)
    assert clicks(web) == ["play"]
