"""Shared recognizers: built once per session (cached on disk after the first run)."""

from __future__ import annotations

import pytest
from PIL import Image

from iconfind.recognition import IconRecognizer, load_or_build
from iconfind.recognition.references import Glyph, GlyphTable, render_glyph

HELD_OUT = "material"


@pytest.fixture(scope="session")
def table() -> GlyphTable:
    return GlyphTable.default()


@pytest.fixture(scope="session")
def held_out(table: GlyphTable) -> IconRecognizer:
    """A recognizer that has never seen the Material family (Google Material Icons, MDI)."""
    return IconRecognizer.with_defaults(load_or_build(table.select(exclude_families=[HELD_OUT])))


@pytest.fixture(scope="session")
def material(table: GlyphTable) -> dict[str, Glyph]:
    """The canonical Google Material Icons glyph of each class (the first listed)."""
    out: dict[str, Glyph] = {}
    for glyph in table.glyphs:
        if glyph.font.id == "material" and glyph.curated and glyph.icon_class not in out:
            out[glyph.icon_class] = glyph
    return out


LIGHT = ((73, 69, 79), (255, 251, 254))
DARK = ((230, 225, 229), (28, 27, 31))


def screen_icon(
    glyph: Glyph, size: int = 48, theme: tuple[tuple[int, int, int], ...] = LIGHT, pad: float = 0.5
) -> Image.Image:
    ink, background = theme
    return render_glyph(glyph, size, pad=pad, ink=ink, background=background)
