"""The test pages' own hit tests, checked with raw taps at known points.

The fallback-tier tests (test_web_fallback_tiers.py) trust these pages to tell a hit from a miss;
this file proves they do, independently of any strategy.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from iconfind.backends.web import WebBackend
from tests.live.resources import clicks

pytestmark = pytest.mark.web

OpenPage = Callable[..., WebBackend]


def test_canvas_text_page_counts_hits_on_continue_only(open_page: OpenPage) -> None:
    web = open_page("canvas_text.html")
    web.tap(400, 420)  # inside the drawn "Continue" box (260-540, 380-460)
    web.tap(100, 100)
    assert clicks(web) == ["continue", "miss@100,100"]


def test_canvas_only_page_counts_hits_on_the_play_icon_only(open_page: OpenPage) -> None:
    web = open_page("canvas_only.html")
    web.tap(300, 150)  # grid cell 6, position 3 of 800x600
    web.tap(250, 125)  # cell 6, position 1: outside the icon
    assert clicks(web) == ["play", "miss@250,125"]


def test_icons_page_tells_its_three_buttons_apart(open_page: OpenPage) -> None:
    web = open_page("icons.html", device_scale_factor=2.0)
    rects = web.evaluate("window.iconRects()")
    for rect in reversed(rects):
        # CSS centre x devicePixelRatio 2 = the CSS edges' sum.
        web.tap(round(rect["x1"] + rect["x2"]), round(rect["y1"] + rect["y2"]))
    assert clicks(web) == ["plus", "trash", "star"]
