"""Tier 4 with the open icon vocabulary: any everyday icon resolves locally, "menu" follows the
screen, absent text stays not_found, and words on tree-less screens are never icons."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from iconfind import Bounds, Element, Locator, ReplayBackend
from iconfind.recognition.blobs import find_icon_blobs, looks_like_text
from iconfind.recognition.references import GlyphTable, render_glyph
from tests.conftest import SNAPSHOTS
from tests.visual_support import MemoryBackend

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def material(name: str) -> Image.Image:
    table = GlyphTable.default()
    glyph = next(g for g in table.glyphs if g.font.id == "material" and g.name == name)
    return render_glyph(glyph, 72, pad=0.5, ink=(60, 60, 60))


def toolbar(icons: list[str], *, tree: bool = True) -> MemoryBackend:
    """A 1080x600 screen with the named Material glyphs left to right on a toolbar."""
    image = Image.new("RGB", (1080, 600), "white")
    elements = []
    for i, name in enumerate(icons):
        x = 40 + i * 200
        image.paste(material(name), (x, 40))
        elements.append(Element(bounds=f"[{x},40][{x + 144},184]", clickable=True, index=i + 1))
    root = Element(bounds="[0,0][1080,600]", index=0)
    return MemoryBackend(image, [root, *elements] if tree else None)


def test_shuffle_on_the_player_resolves_without_a_picker() -> None:
    result = Locator(ReplayBackend(SNAPSHOTS / "player_unlabeled"), budget_s=600).find("shuffle")
    assert result.recognized_as == "shuffle" and result.tier == 4
    assert result.element.bounds == Bounds(60, 1826, 186, 1952)


def test_next_track_is_a_synonym() -> None:
    result = Locator(ReplayBackend(SNAPSHOTS / "player_unlabeled"), budget_s=600).find("next track")
    assert result.recognized_as == "skip_next"


def test_plain_absent_text_stays_not_found() -> None:
    result = Locator(ReplayBackend(SNAPSHOTS / "toolbar_unlabeled"), budget_s=600).find("Telescope")
    assert result.error is not None and result.error.value == "not_found"


def test_an_icon_word_reaches_tier_4_with_hints() -> None:
    result = Locator(ReplayBackend(SNAPSHOTS / "toolbar_unlabeled"), budget_s=600).find(
        "telescope icon"
    )
    assert result.tier == 4 and result.candidates
    assert all(c.hints for c in result.candidates)


def test_menu_with_only_the_hamburger_is_the_hamburger() -> None:
    result = Locator(toolbar(["menu", "search"]), budget_s=600).find("menu")
    assert result.recognized_as == "hamburger"
    assert result.element.bounds.x1 == 40


def test_menu_with_only_the_overflow_is_the_overflow() -> None:
    result = Locator(toolbar(["search", "more_vert"]), budget_s=600).find("menu")
    assert result.recognized_as == "overflow"
    assert result.element.bounds.x1 == 240


def test_menu_with_both_is_ambiguous_naming_both() -> None:
    result = Locator(toolbar(["menu", "search", "more_vert"]), budget_s=600).find("menu")
    assert result.error is not None and result.error.value == "ambiguous_query"
    assert result.suggestion is not None
    assert "hamburger" in result.suggestion and "overflow" in result.suggestion
    named = Locator(toolbar(["menu", "search", "more_vert"]), budget_s=600).find("hamburger menu")
    assert named.recognized_as == "hamburger"


def words_screen() -> tuple[MemoryBackend, list[tuple[int, int, int, int]]]:
    """A tree-less screen: the clock "9:41" in the status bar, the word "trip" on a card, and a
    ⋮ icon. Returns the backend and the text boxes."""
    image = Image.new("RGB", (1080, 1200), "white")
    draw = ImageDraw.Draw(image)
    boxes = []
    for text, (x, y), size in (("9:41", (40, 20), 40), ("trip", (120, 500), 56)):
        font = ImageFont.truetype(DEJAVU, size)
        draw.text((x, y), text, font=font, fill=(30, 30, 30))
        boxes.append(draw.textbbox((x, y), text, font=font))
    image.paste(material("more_vert"), (900, 480))
    return MemoryBackend(image, None), boxes  # type: ignore[return-value]


def test_words_on_a_treeless_screen_are_never_icons() -> None:
    backend, boxes = words_screen()
    blobs = find_icon_blobs(backend.image)
    for x1, y1, x2, y2 in boxes:
        assert not any(b.contains((x1 + x2) // 2, (y1 + y2) // 2) for b in blobs), (x1, y1)
    for query in ("overflow menu", "share", "menu", "settings", "more"):
        result = Locator(backend, budget_s=600).find(query)
        shown = [*result.elements, *(c.element for c in result.candidates if c.element)]
        for element in shown:
            assert element.class_name != "blob.Icon" or element.center.x > 800, (query, element)


def test_text_shape_rule() -> None:
    import numpy as np

    for text in ("trip", "9:41", "12:30", "share"):
        image = Image.new("RGB", (400, 120), "white")
        ImageDraw.Draw(image).text((10, 20), text, font=ImageFont.truetype(DEJAVU, 56), fill=0)
        ink = np.asarray(image)
        ys, xs = np.where(ink.min(axis=2) < 200)
        assert looks_like_text(ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]), text
    for name in ("more_horiz", "more_vert", "menu", "pause", "skip_next", "sort"):
        assert not looks_like_text(np.asarray(material(name))), name
