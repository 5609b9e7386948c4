"""Real Tesseract on rendered text: several DejaVu fonts, sizes and colours, light and dark.

Each scene is read once (the strategy's cache serves the other queries), so the whole module
runs a handful of small OCR passes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from iconfind import Locator, OcrText
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
