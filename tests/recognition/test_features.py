"""Normalisation of a crop into a shape (``features.ink_map`` / ``shape_of``) on hard crops."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from iconfind.recognition import features
from iconfind.recognition.features import drawing_of, merged_parts, shape_of
from iconfind.recognition.references import (
    Glyph,
    GlyphTable,
    ReferenceSet,
    render_glyph,
)


def _dots(table: GlyphTable, name: str) -> Glyph:
    (glyph,) = [g for g in table.glyphs if g.font.id == "phosphor" and g.name == name]
    return glyph


def _blobs(shape: np.ndarray) -> int:
    count, _ = cv2.connectedComponents((shape > 0.5).astype(np.uint8))
    return int(count) - 1


@pytest.mark.parametrize("name", ["dots-three", "dots-three-thin"])
@pytest.mark.parametrize("size", [24, 48, 96])
def test_tiny_dots_in_a_touch_target_are_not_blank(table: GlyphTable, name: str, size: int) -> None:
    """Phosphor's ``⋯`` covers well under 0.5 % of a touch target twice its size; it used to be
    ignored as "stray specks" and the crop read as blank."""
    crop = render_glyph(
        _dots(table, name), size, pad=0.5, ink=(73, 69, 79), background=(255, 251, 254)
    )
    assert _blobs(shape_of(crop)) == 3


@pytest.mark.parametrize("size", [24, 48, 96])
def test_tiny_dots_on_a_plate_are_read_without_the_plate(table: GlyphTable, size: int) -> None:
    """A small ``⋯`` on a big disc (a FAB) covers ~1 % of the disc: still a plate, so the shape
    is the three dots, not a filled circle."""
    glyph = render_glyph(
        _dots(table, "dots-three"), size, pad=0.5, ink=(255, 255, 255), background=(0, 0, 0)
    )
    side = glyph.width
    crop = Image.new("RGB", (side, side), (255, 251, 254))
    disc = Image.new("L", (side, side), 0)
    ImageDraw.Draw(disc).ellipse((1, 1, side - 2, side - 2), fill=255)
    crop.paste((73, 69, 79), mask=disc)
    crop.paste(
        (255, 251, 254),
        mask=Image.composite(glyph.convert("L"), Image.new("L", (side, side), 0), disc),
    )
    assert _blobs(shape_of(crop)) == 3


def test_a_filled_circle_is_still_an_icon() -> None:
    """With nothing drawn inside, a disc is the icon itself (a record button), not a plate."""
    crop = Image.new("RGB", (96, 96), (255, 255, 255))
    ImageDraw.Draw(crop).ellipse((8, 8, 88, 88), fill=(40, 40, 40))
    shape = shape_of(crop)
    assert _blobs(shape) == 1
    assert shape.mean() > 0.5


def _half_filled_disc(side: int, ring: int) -> Image.Image:
    """A contrast icon cut tight: a ring with its left half filled."""
    crop = Image.new("RGB", (side, side), (255, 255, 255))
    draw = ImageDraw.Draw(crop)
    draw.ellipse((0, 0, side - 1, side - 1), outline=(30, 30, 30), width=ring)
    draw.pieslice((0, 0, side - 1, side - 1), 90, 270, fill=(30, 30, 30))
    return crop


@pytest.mark.parametrize("side", [24, 48, 96])
def test_a_drawing_that_is_a_circle_is_no_plate(side: int) -> None:
    """A half-filled ring (a contrast icon, cut tight) is a disc with half of it light, as a
    FAB's glyph is light on its disc; but the light half reaches the rim all along, where a
    plate's glyph stands clear of it. Read as a plate it became a half-disc, which the
    templates took for play (Bootstrap's ``circle-half``) or back (Carbon's ``contrast``)."""
    shape = shape_of(_half_filled_disc(side, max(2, side // 12))) > 0.5
    assert shape[:, : shape.shape[1] // 3].any()  # the filled half is ink
    right = shape[:, 3 * shape.shape[1] // 4 :]
    assert right.any()  # the ring's right half is ink, not background
    rows = np.flatnonzero(shape.any(axis=1))
    assert rows[-1] - rows[0] >= 0.9 * shape.shape[0] - 4


@pytest.mark.parametrize("flip", [False, True], ids=["left-filled", "right-filled"])
def test_a_half_filled_ring_is_not_taken_for_play_or_back(flip: bool) -> None:
    """End to end: the shipped recognizer ranks the drawn contrast icon as contrast, and
    accepts neither play nor back for it."""
    from iconfind.recognition import IconRecognizer

    crop = _half_filled_disc(48, 4)
    if flip:
        crop = crop.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    recognizer = IconRecognizer.default()
    ranking = recognizer.rank(crop, top=3)
    assert ranking[0][0] == "contrast"
    assert not any(recognizer.accepts(ranking, name) for name in ("play", "back", "forward"))


@pytest.mark.parametrize(("inset", "stroke"), [(26, 4), (7, 4)], ids=["short", "long"])
def test_a_plate_glyph_that_stands_clear_of_the_rim_is_read_alone(inset: int, stroke: int) -> None:
    """A plus on a dark disc (a FAB) is still read as the plus, even with arms reaching to 7 px
    of a 96 px disc's edge (0.13 of the rim band): a plate's glyph does not run along its rim."""
    crop = Image.new("RGB", (96, 96), (255, 255, 255))
    draw = ImageDraw.Draw(crop)
    draw.ellipse((0, 0, 95, 95), fill=(40, 40, 40))
    draw.rectangle((48 - stroke, inset, 48 + stroke, 95 - inset), fill=(255, 255, 255))
    draw.rectangle((inset, 48 - stroke, 95 - inset, 48 + stroke), fill=(255, 255, 255))
    shape = shape_of(crop) > 0.5
    assert _blobs(shape.astype(np.float32)) == 1
    assert shape.mean() < 0.4  # the plus, not a disc


def test_one_stray_speck_does_not_set_the_ink_scale() -> None:
    """A few pixels of strong contrast (a speck) beside a faint icon do not make the icon vanish."""
    crop = Image.new("RGB", (96, 96), (255, 255, 255))
    draw = ImageDraw.Draw(crop)
    draw.rectangle((20, 44, 76, 52), fill=(150, 150, 150))  # a faint minus sign
    draw.point([(2, 2), (3, 2)], fill=(0, 0, 0))  # two stray black pixels
    shape = shape_of(crop)
    assert _blobs(shape) == 1
    rows = np.flatnonzero(shape.max(axis=1) > 0.5)
    assert rows.size < 16  # the bar, not a square


def test_a_glyph_in_its_touch_target_has_the_shape_of_the_glyph_cut_tight(
    table: GlyphTable,
) -> None:
    """A tree gives the button (a 56 dp touch target, 147 px at density 2.625) and the blob
    finder gives the glyph cut tight: both must normalise to the same shape. Shrinking the
    button's crop before finding its ink blurred and shifted the glyph by a pixel."""
    glyphs = [g for g in table.glyphs if g.font.id == "material" and g.curated]
    for glyph in glyphs:
        button = render_glyph(glyph, 63, pad=(147 / 63 - 1) / 2)
        tight = render_glyph(glyph, 63, pad=0.1)
        assert button.size == (147, 147)
        assert np.abs(shape_of(button) - shape_of(tight)).mean() < 0.005, glyph.name


def _bars(thickness: int) -> np.ndarray:
    """Three bars 14 px apart (top to top), ``thickness`` px thick, as a normalised shape."""
    image = Image.new("L", (64, 64), 255)
    draw = ImageDraw.Draw(image)
    for top in (12, 26, 40):
        draw.rectangle((8, top, 56, top + thickness - 1), fill=0)
    return shape_of(image.convert("RGB"))


def test_a_drawing_counts_its_pieces_holes_and_solidity() -> None:
    ring = Image.new("L", (64, 64), 255)
    ImageDraw.Draw(ring).ellipse((8, 8, 56, 56), outline=0, width=6)
    circle = drawing_of(shape_of(ring.convert("RGB")))
    assert (circle.parts, circle.holes, circle.smallest_part) == (1, 1, 1.0)
    bars = drawing_of(_bars(6))
    assert (bars.parts, bars.holes) == (3, 0) and 0.4 < bars.solidity < 0.7
    assert 0.25 < bars.smallest_part <= 1 / 3
    block = drawing_of(_bars(14))
    assert (block.parts, block.solidity) == (1, 1.0)


def test_a_heavier_stroke_that_merges_the_bars_is_another_drawing(
    table: GlyphTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three bars grown into one block are not a hamburger: such a bold render is not kept as a
    reference (a blurred grid of blocks used to be accepted as ☰ because of one)."""
    plain = drawing_of(_bars(6))
    assert merged_parts(_bars(14), plain)  # one block
    assert not merged_parts(_bars(10), plain)  # bolder, gaps still open
    (justify,) = [g for g in table.glyphs if g.label == "elusive:el-align-justify"]
    plain = drawing_of(shape_of(render_glyph(justify, 96)))
    assert merged_parts(shape_of(render_glyph(justify, 24, stroke=0.05)), plain)
    kept = len(ReferenceSet.build([justify], learn_projection=False))
    monkeypatch.setattr(features, "merged_parts", lambda *_: False)
    assert kept < len(ReferenceSet.build([justify], learn_projection=False))  # bold ones left out


def test_an_arrow_whose_bar_merged_into_its_head_is_another_drawing(table: GlyphTable) -> None:
    """Phosphor's "arrow up to a bar", bolder, joins bar and arrowhead: a plain thick arrow
    (Font Awesome's ``arrow-up`` was read as upload because of it). Both pieces are main
    parts of the drawing, so the render is left out."""
    (arrow,) = [g for g in table.glyphs if g.label == "phosphor:arrow-line-up-bold"]
    plain = drawing_of(shape_of(render_glyph(arrow, 96)))
    assert plain.parts == 2 and plain.smallest_part >= features.MAIN_PART
    assert merged_parts(shape_of(render_glyph(arrow, 96, stroke=0.05)), plain)


def test_a_bell_whose_clapper_touches_is_still_a_bell(table: GlyphTable) -> None:
    """A bolder outline bell loses a piece (the clapper touches the body), but the clapper is
    a detail, and the bell is no block: the render stays a reference."""
    (bell,) = [g for g in table.glyphs if g.label == "material:notifications_none"]
    plain = drawing_of(shape_of(render_glyph(bell, 96)))
    bold = shape_of(render_glyph(bell, 96, stroke=0.05))
    assert drawing_of(bold).parts < plain.parts and plain.smallest_part < features.MAIN_PART
    assert not merged_parts(bold, plain)
