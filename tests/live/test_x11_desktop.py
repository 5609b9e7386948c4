"""The whole chain on an X11 desktop with no accessibility tree: OCR and the grid carry it.

Needs the OCR strategy (tier 3) and the grid follow-up (tier 5) in ``default_chain()``. The Tk
program logs each click to a file, which is what the assertions read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from iconfind import Locator
from iconfind.backends.x11 import X11Backend
from tests.live.resources import log_lines, wait_for_line

pytestmark = pytest.mark.x11


def test_tap_submit_reads_the_button_with_ocr(xvfb: str, tk_app: Path) -> None:
    with X11Backend(xvfb) as desktop:
        result = Locator(desktop).tap("Submit")
    assert (result.tier, result.source) == (3, "ocr")
    assert result.accessibility_unavailable
    assert wait_for_line(tk_app, "submit")
    assert "icon" not in log_lines(tk_app)


def test_grid_cell_and_position_tap_the_unlabeled_icon(xvfb: str, tk_app: Path) -> None:
    with X11Backend(xvfb) as desktop:
        locator = Locator(desktop)
        # 1024x768 in 4x6 cells of 256x128: cell 4 is the top-right one, and position 4 (the
        # centre of its bottom-left quarter, (832, 96)) lies on the icon at (824-904, 80-160).
        result = locator.find("settings", grid_cell=4, grid_position=4)
        assert (result.tier, result.source) == (5, "grid")
        assert result.element.center.to_dict() == {"x": 832, "y": 96}
        locator.tap(result)
    assert wait_for_line(tk_app, "icon")
    assert "submit" not in log_lines(tk_app)
