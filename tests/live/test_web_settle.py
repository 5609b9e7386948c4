"""Before a capture, a web page is given time to settle: the network idle, the frames still."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from iconfind import Locator
from iconfind.backends.web import WebBackend

pytestmark = pytest.mark.web


def test_a_find_waits_for_the_animation_and_a_pick_right_after_is_not_stale(
    open_page: Callable[..., WebBackend],
) -> None:
    web = open_page("animated_chart.html")
    web.settle_s = 600.0  # a bound it cannot hit: the chart ends after 1.5 s
    locator = Locator(web, budget_s=600)
    first = web.screenshot()
    assert web.evaluate("window.done") is True, "captured only once the chart stopped growing"
    assert web.screenshot().tobytes() == first.tobytes()
    assert locator.find("Refresh").ok


def test_a_page_that_never_settles_is_captured_when_the_time_is_up(
    open_page: Callable[..., WebBackend],
) -> None:
    web = open_page("animated_chart.html")
    web.evaluate(
        "() => { const c = document.getElementById('chart').getContext('2d');"
        " const f = (n) => { c.fillStyle = `hsl(${n % 360},50%,50%)`; c.fillRect(0,0,600,300);"
        " requestAnimationFrame(f); }; requestAnimationFrame(f); }"
    )
    assert web.settle(0.5) is False, "an endless animation never settles; settle says so"
    assert web.screenshot().size == (800, 600), "and the capture still happens"
