"""find_icon_blobs on screenshots without an accessibility tree."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from iconfind import Bounds
from iconfind.recognition import find_icon_blobs

SNAPSHOTS = Path(__file__).resolve().parents[2] / "examples" / "snapshots"
TOOLBAR = [Bounds.parse(b) for b in ("[0,84][147,231]", "[786,84][933,231]", "[933,84][1080,231]")]


@pytest.mark.parametrize("snapshot", ["toolbar_unlabeled", "toolbar_unlabeled_dark"])
def test_finds_the_three_toolbar_icons(snapshot: str) -> None:
    blobs = find_icon_blobs(Image.open(SNAPSHOTS / snapshot / "screenshot.png"))
    for icon in TOOLBAR:
        inside = [b for b in blobs if icon.contains(b.center.x, b.center.y)]
        assert len(inside) == 1, (icon, blobs)
        assert icon.contains_bounds(inside[0]) or inside[0].area <= 2 * icon.area
    assert len(blobs) <= 8  # the text lines and cards are not offered as icons


def test_blank_screen_has_no_blobs() -> None:
    assert find_icon_blobs(Image.open(SNAPSHOTS / "blank_canvas" / "screenshot.png")) == []
