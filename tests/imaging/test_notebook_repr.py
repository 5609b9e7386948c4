"""What a notebook shows for a FindResult: the screenshot with the result drawn on it."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from PIL import Image

from iconfind import Empty, FindResult, Locator, ReplayBackend, Scaling
from iconfind.strategies import default_chain

ACCENT = (255, 64, 129)


def png(result: FindResult) -> Image.Image:
    data = result._repr_png_()
    assert data is not None and data.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(data)).convert("RGB")


def accent_pixels(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    region = np.asarray(image.crop(box))
    return int(np.all(region == ACCENT, axis=-1).sum())


def test_candidates_are_outlined(snapshots: Path) -> None:
    result = Locator(
        ReplayBackend(snapshots / "toolbar_unlabeled"), strategies=default_chain(recognition=False)
    ).find("overflow menu")
    picture = png(result)
    assert max(picture.size) == 800 and picture.size == (360, 800)
    k = 800 / 2400
    # Around the overflow icon [933,84][1080,231] there are accent outlines; mid-screen none.
    assert accent_pixels(picture, (int(933 * k) - 3, int(84 * k) - 3, 360, int(231 * k) + 3)) > 20
    assert accent_pixels(picture, (50, 400, 300, 600)) == 0


def test_found_element_is_marked_in_a_scaled_result(snapshots: Path) -> None:
    locator = Locator(
        ReplayBackend(snapshots / "toolbar_unlabeled"),
        strategies=default_chain(recognition=False),
        scaling=Scaling(),
    )
    result = locator.pick(locator.find("overflow menu"), 2)
    assert result.scale_factor is not None
    picture = png(result)
    c = result.element.center  # device pixels, as the screenshot's
    k = 800 / 2400
    x, y = round(c.x * k), round(c.y * k)
    assert accent_pixels(picture, (x - 4, y - 4, x + 5, y + 5)) > 0


def test_grid_result_draws_the_grid_and_the_html_has_the_picture(snapshots: Path) -> None:
    result = Locator(ReplayBackend(snapshots / "blank_canvas")).find("x")
    picture = png(result).convert("L")
    assert picture.getpixel((90, 200)) > 150  # the light core of the first column edge
    markup = result._repr_html_()
    assert markup is not None
    assert "tier 5" in markup and 'src="data:image/png;base64,' in markup


def test_a_result_without_screenshot_has_no_picture(snapshots: Path) -> None:
    # Tier 1 reads only the tree: no screenshot was taken, so there is nothing to draw on.
    result = Locator(ReplayBackend(snapshots / "anr_dialog")).find("Wait")
    assert result.screenshot is None and result._repr_png_() is None
    markup = result._repr_html_()
    assert markup is not None and "tier 1" in markup and "<img" not in markup
    assert FindResult(Empty())._repr_png_() is None
