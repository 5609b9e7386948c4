"""find_icon_blobs on screenshots without an accessibility tree."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from iconfind import Bounds
from iconfind.recognition import find_icon_blobs

SNAPSHOTS = Path(__file__).resolve().parents[2] / "examples" / "snapshots"
DEJAVU_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
DEJAVU_CONDENSED = "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf"
TOOLBAR = [Bounds.parse(b) for b in ("[0,84][147,231]", "[786,84][933,231]", "[933,84][1080,231]")]


@pytest.mark.parametrize("snapshot", ["toolbar_unlabeled", "toolbar_unlabeled_dark"])
def test_finds_the_three_toolbar_icons(snapshot: str) -> None:
    blobs = find_icon_blobs(Image.open(SNAPSHOTS / snapshot / "screenshot.png"))
    for icon in TOOLBAR:
        inside = [b for b in blobs if icon.contains(b.center.x, b.center.y)]
        assert len(inside) == 1, (icon, blobs)
        assert icon.contains_bounds(inside[0]) or inside[0].area <= 2 * icon.area
    assert len(blobs) <= 8  # the text lines and cards are not offered as icons


def test_an_absurd_density_with_sizes_given_does_not_raise() -> None:
    """The kernel follows the density (pixels per dp) but never outgrows the image: with
    ``min_size`` / ``max_size`` given, a density of 1e9 once asked OpenCV for a kernel it could
    not parse (TypeError) -- the function promises never to raise for a readable image."""
    image = Image.new("RGB", (200, 200), "white")
    ImageDraw.Draw(image).ellipse((90, 90, 110, 110), fill="black")
    assert find_icon_blobs(image, density=1e9) == []  # icons of 1e9 dp: none fits
    assert isinstance(find_icon_blobs(image, min_size=8, max_size=100, density=1e9), list)


def test_blank_screen_has_no_blobs() -> None:
    assert find_icon_blobs(Image.open(SNAPSHOTS / "blank_canvas" / "screenshot.png")) == []


@pytest.mark.parametrize("outline", [2, 3, None], ids=["thin-rings", "rings", "dots"])
def test_a_row_of_dots_is_one_icon_outlined_or_filled(outline: int | None) -> None:
    """A horizontal ⋯ is wider than a word's line allows; it stays an icon when it is three
    separate round parts -- filled dots, or rings (Ionicons' ``ellipsis-horizontal-outline``,
    whose edges have gaps and an inner edge each)."""
    image = Image.new("RGB", (1080, 2400), (250, 250, 250))  # a phone: dots 12 px apart join
    draw = ImageDraw.Draw(image)
    centres = [(520 + 26 * i, 1200) for i in range(3)]  # 14 px dots 12 px apart
    for x, y in centres:
        box = (x - 7, y - 7, x + 7, y + 7)
        if outline is None:
            draw.ellipse(box, fill=(40, 40, 40))
        else:
            draw.ellipse(box, outline=(40, 40, 40), width=outline)
    blobs = find_icon_blobs(image)
    assert len(blobs) == 1, blobs
    assert all(blobs[0].contains(x, y) for x, y in centres)


def test_a_condensed_word_is_text_not_dots() -> None:
    """DejaVu Sans Condensed "Zoo" at 36 px on a phone: its Z is as wide as tall and the three
    letters as large, but they nearly touch, so the word is text (the dots' exception to the
    text rule asks for the same spacing and heights as a row of dots)."""
    font = ImageFont.truetype(DEJAVU_CONDENSED, 36)
    for background, ink in (((250, 250, 250), (30, 30, 30)), ((18, 18, 18), (230, 230, 230))):
        for x, y in ((500, 1200), (1000, 2300)):
            image = Image.new("RGB", (1080, 2400), background)
            ImageDraw.Draw(image).text((x, y), "Zoo", font=font, fill=ink)
            assert find_icon_blobs(image) == [], (x, y, background)


@pytest.mark.parametrize("word", ["ooo", "eee", "oooo", "OOO", "Zoo", "Goo"])
@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_short_word_of_round_letters_is_no_row_of_dots(word: str, dark: bool) -> None:
    """Filled, round letters are round parts as dots are; a word's letters nearly touch and a
    capital stands taller than lower-case letters, so the word is no ``⋯`` (bold "ooo" and
    "eee" were accepted as the overflow icon when the spacing was not checked)."""
    background, ink = ((18, 18, 18), (230, 230, 230)) if dark else ((250, 250, 250), (30, 30, 30))
    for size in (36, 48):
        image = Image.new("RGB", (1080, 600), background)
        font = ImageFont.truetype(DEJAVU_BOLD, size)
        ImageDraw.Draw(image).text((400, 280), word, font=font, fill=ink)
        assert find_icon_blobs(image) == [], (word, size)
