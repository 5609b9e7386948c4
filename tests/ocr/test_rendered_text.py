"""Real Tesseract on rendered text: several DejaVu fonts, sizes and colours, light and dark.

Each scene is read once (the strategy's cache serves the other queries), so the whole module
runs a handful of small OCR passes.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import ImageDraw

from iconfind import Locator, OcrText
from iconfind.ocr import TesseractEngine
from iconfind.ocr.preprocess import without_rules
from iconfind.strategies.ocr import LAYOUT_PSM
from tests.ocr.counting import CountingEngine
from tests.ocr.render import Label, iou, render, replay_image

LIGHT = [
    Label("Settings", (20, 20), "DejaVuSans.ttf", 20, "#202124"),
    Label("Save changes", (300, 16), "DejaVuSerif.ttf", 30, "#1a73e8"),
    Label("Open recent file", (20, 120), "DejaVuSansMono.ttf", 13, "#5f6368"),
    Label("Welcome back", (300, 150), "DejaVuSans-Bold.ttf", 40, "#202124"),
]
DARK = [
    Label("Dark mode", (20, 20), "DejaVuSans.ttf", 24, "#e6e1e5"),
    Label(
        "Continue",
        (70, 140),
        "DejaVuSans-Bold.ttf",
        22,
        "white",
        button=((30, 125, 250, 185), "#1a73e8"),
    ),
    Label(
        "Delete account",
        (360, 140),
        "DejaVuSerif-Bold.ttf",
        20,
        "white",
        button=((330, 125, 620, 185), "#b3261e"),
    ),
]


@pytest.mark.parametrize(
    ("background", "labels"), [("white", LIGHT), ("#121212", DARK)], ids=["light", "dark"]
)
def test_found_boxes_match_where_the_text_was_drawn(
    tmp_path: Path, background: str, labels: list[Label]
) -> None:
    image, ink = render((640, 240), background, labels)
    engine = CountingEngine()
    locator = Locator(replay_image(tmp_path, image), [OcrText(engine=engine)])
    for text, drawn in ink.items():
        result = locator.find(text)
        assert result.ok, f"{text!r} not found: {result}"
        assert (result.source, result.tier, result.confidence) == ("ocr", 3, "high")
        found = result.element
        assert found.class_name == "ocr.Text"
        assert found.text.casefold() == text.casefold()
        assert iou(found.bounds, drawn) >= 0.8, (text, found.bounds, drawn)
        assert drawn.contains(found.center.x, found.center.y)
    # Light text needs the inverted pass; either way, at most two OCR runs for the whole scene.
    assert engine.calls == (1 if background == "white" else 2)


def test_text_absent_from_the_screen_is_not_invented(tmp_path: Path) -> None:
    image, _ = render((400, 120), "white", [Label("Settings", (20, 40), size=24)])
    result = Locator(replay_image(tmp_path, image), [OcrText()]).find("Sittings plus")
    assert result.error is not None
    assert result.error.value == "not_found"


def test_ghost_buttons_in_a_dark_banner_are_read_by_the_later_passes(tmp_path: Path) -> None:
    """A cookie banner: dark text on a yellow button and white text boxed in by a white outline,
    both inside a large dark panel. Sparse-text OCR drops both; the inverted pass (with its
    outline removed) reads the ghost button and the page-layout pass reads the yellow one."""
    image, ink = render(
        (720, 400),
        "#263238",
        [
            Label("Morning news", (30, 30), "DejaVuSans-Bold.ttf", 32, "white"),
            Label(
                "Accept cookies",
                (60, 262),
                "DejaVuSans-Bold.ttf",
                24,
                "#111111",
                button=((30, 240, 350, 310), "#fbc52a"),
            ),
            Label("Reject all", (440, 262), "DejaVuSans-Bold.ttf", 24, "white"),
        ],
    )
    outline = ImageDraw.Draw(image)
    outline.rounded_rectangle((380, 240, 690, 310), radius=10, outline="white", width=3)
    plain, layout = CountingEngine(), CountingEngine(TesseractEngine(psm=LAYOUT_PSM))
    locator = Locator(replay_image(tmp_path, image), [OcrText(engine=plain, layout_engine=layout)])
    for text in ("Reject all", "Accept cookies"):
        result = locator.find(text)
        assert result.ok, f"{text!r} not found: {result}"
        assert ink[text].contains(result.element.center.x, result.element.center.y)
    assert layout.calls <= 1


def test_without_rules_removes_outlines_and_keeps_letters() -> None:
    image, ink = render((400, 120), "white", [Label("Reject all", (60, 40), size=24)])
    ImageDraw.Draw(image).rectangle((30, 20, 370, 100), outline="black", width=3)
    page = np.asarray(image.convert("L"), dtype=np.uint8)
    cleaned = without_rules(page, glyph=18)
    assert (cleaned[20:23, 30:371] == 255).all() and (cleaned[20:101, 30:33] == 255).all()
    drawn = ink["Reject all"]
    letters = cleaned[drawn.y1 : drawn.y2, drawn.x1 : drawn.x2]
    assert (letters < 128).sum() == (page[drawn.y1 : drawn.y2, drawn.x1 : drawn.x2] < 128).sum()
