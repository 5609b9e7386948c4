"""Tier 3: text only the pixels carry, read with Tesseract.

Runs when the accessibility tiers found nothing: a null-root dump, a canvas, a web view, a game
(and, for a query naming an icon, when local recognition was not sure: see
:mod:`iconfind.strategies.icon_first`).
See docs/ocr.md for the passes, thresholds and speed tricks.
"""

from __future__ import annotations

import math

import attrs
from attrs import field, frozen
from PIL import Image

from iconfind.errors import OcrUnavailableError
from iconfind.models import Bounds, Element, FindResult, Found
from iconfind.ocr.cache import OcrCache, Words
from iconfind.ocr.engine import OcrEngine, OcrWord, TesseractEngine
from iconfind.ocr.phrases import MIN_CONFIDENCE, Phrase, find_phrases, tokens
from iconfind.screen import Screen
from iconfind.strategies._matches import said_by_tree
from iconfind.strategies.base import Query

PLAIN, INVERTED, LAYOUT = "plain", "inverted", "layout"
PASSES = (PLAIN, INVERTED, LAYOUT)
"""First the grayscale screen; then, only if that missed, the inverted pass that turns light text
on darker backgrounds into dark text on white; last, the grayscale screen again with Tesseract's
automatic page layout (:data:`LAYOUT_PSM`), which reads labels inside large dark panels (a cookie
banner's buttons) that sparse-text segmentation drops."""
LAYOUT_PSM = 3
OCR_CLASS_NAME = "ocr.Text"


def _region(value: Bounds | str | None) -> Bounds | None:
    if value is None or isinstance(value, Bounds):
        return value
    return Bounds.parse(value)


@frozen
class OcrText:
    """Tier 3. Reads the screenshot's words and matches the query's text against its lines.

    Elements are the matched phrases (device-pixel ``bounds``, OCR ``text``, class
    ``ocr.Text``), best first; confidence high, source ``ocr``. Returns ``None`` (next tier) when
    the query has no text, nothing matches, or Tesseract is missing; the last two leave a note on
    the result.

    - ``engine``: anything with ``read(image) -> list[OcrWord]`` (default
      :class:`~iconfind.ocr.TesseractEngine`).
    - ``cache``: OCR words per screen fingerprint, shared by every find through this object, so a
      second query on an unchanged screen runs no OCR.
    - ``region``: only read this part of the screen (device pixels), e.g. a dialog.
    - ``scale``: working scale for Tesseract; ``None`` measures the text height.
    - ``invert``: run the light-on-dark pass, then the page-layout pass, when the first pass
      misses.
    - ``layout_engine``: the engine of the page-layout pass. ``None``: ``engine`` with
      :data:`LAYOUT_PSM` when it is a :class:`~iconfind.ocr.TesseractEngine`; other engines have
      no layout pass unless one is given here.
    """

    engine: OcrEngine = field(factory=TesseractEngine)
    cache: OcrCache = field(factory=OcrCache, eq=False, repr=False)
    region: Bounds | None = field(default=None, converter=_region)
    scale: float | None = None
    min_confidence: float = MIN_CONFIDENCE
    invert: bool = True
    layout_engine: OcrEngine | None = None
    name: str = "ocr"

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        text = query.selector.words
        if not tokens(text):
            screen.notes.append("tier 3 skipped: OCR needs text in the query")
            return None
        phrases: list[Phrase] = []
        try:
            for pass_name in self._passes:
                screen.deadline.check(self.name)  # between passes: each runs Tesseract
                words = self.read(screen, pass_name)
                phrases = find_phrases(words, text, min_confidence=self.min_confidence)
                phrases = _not_in_tree(phrases, screen)
                if phrases:
                    break
            if not phrases:
                return None
            phrases = self._nearest_first(phrases, query, screen)
        except OcrUnavailableError as exc:
            screen.notes.append(f"tier 3 skipped: {exc}")
            return None
        return FindResult(
            Found(
                [Element(bounds=p.bounds, text=p.text, class_name=OCR_CLASS_NAME) for p in phrases],
                source="ocr",
                tier=3,
                confidence="high",
                match_count=len(phrases) if len(phrases) > 1 else None,
            )
        )

    def read(self, screen: Screen, pass_name: str = PLAIN) -> Words:
        """One pass's words in device pixels, cached per screen. Raises
        :class:`OcrUnavailableError` when the engine cannot run."""
        key = (screen.fingerprint, pass_name, self.region)
        return self.cache.get_or_compute(key, lambda: self._ocr(screen, pass_name))

    def _ocr(self, screen: Screen, pass_name: str) -> Words:
        # OpenCV and NumPy load with the first OCR pass, not with the chain.
        from iconfind.ocr.preprocess import (
            TARGET_GLYPH_HEIGHT,
            glyph_height,
            light_text_inverted,
            resize,
            to_gray,
            working_scale,
        )

        image = screen.screenshot
        width, height = image.size
        dx = dy = 0
        if self.region is not None:
            r = self.region
            box = (
                max(0, r.x1),
                max(0, r.y1),
                min(width, max(r.x2, r.x1 + 1)),
                min(height, max(r.y2, r.y1 + 1)),
            )
            image = image.crop(box)
            dx, dy = box[0], box[1]
        gray = to_gray(image)
        measured = glyph_height(gray)
        scale = self.scale if self.scale is not None else working_scale(gray, measured)
        work = resize(gray, scale)
        if pass_name == INVERTED:
            glyph = measured * scale if measured is not None else TARGET_GLYPH_HEIGHT
            work = light_text_inverted(work, glyph)
        engine = (self._layout_engine if pass_name == LAYOUT else None) or self.engine
        words = engine.read(Image.fromarray(work))
        return tuple(_clamp(w.moved(scale, dx, dy), width, height) for w in words)

    def _nearest_first(self, phrases: list[Phrase], query: Query, screen: Screen) -> list[Phrase]:
        anchor_text = query.selector.nearest_to
        if not anchor_text:
            return phrases
        anchors: list[Phrase] = []
        for pass_name in self._passes:
            anchors = find_phrases(
                self.read(screen, pass_name), anchor_text, min_confidence=self.min_confidence
            )
            if anchors:
                break
        if not anchors:
            screen.notes.append(f"tier 3: the nearestTo anchor {anchor_text!r} was not read")
            return phrases
        anchor = anchors[0].bounds.center
        return sorted(
            phrases,
            key=lambda p: math.hypot(p.bounds.center.x - anchor.x, p.bounds.center.y - anchor.y),
        )

    @property
    def _passes(self) -> tuple[str, ...]:
        if not self.invert:
            return (PLAIN,)
        return PASSES if self._layout_engine is not None else (PLAIN, INVERTED)

    @property
    def _layout_engine(self) -> OcrEngine | None:
        if self.layout_engine is not None:
            return self.layout_engine
        if isinstance(self.engine, TesseractEngine) and self.engine.psm != LAYOUT_PSM:
            return attrs.evolve(self.engine, psm=LAYOUT_PSM)
        return None


def _not_in_tree(phrases: list[Phrase], screen: Screen) -> list[Phrase]:
    """Phrases the tree does not already say at that spot. Tier 1 judged the tree's labels (and
    may have refused one word inside a long snippet as a near miss): reading the same words off
    the pixels must not overturn that. Text only in the pixels (a web view, a canvas) stays."""
    if not phrases or not screen.captured_hierarchy or screen.hierarchy is None:
        return phrases
    tree, size = screen.hierarchy, screen.size
    return [p for p in phrases if not said_by_tree(p.bounds, p.text, tree, size)]


def _clamp(word: OcrWord, width: int, height: int) -> OcrWord:
    b = word.bounds
    x1, y1 = min(max(0, b.x1), width), min(max(0, b.y1), height)
    bounds = Bounds(x1, y1, max(x1, min(b.x2, width)), max(y1, min(b.y2, height)))
    return OcrWord(word.text, bounds, word.confidence, word.line)
