"""The strategy chain: one module per tier, cheapest first.

``default_chain()`` returns a plain list. Reorder it, drop a tier, or append your own object with a
``name`` and a ``find(query, screen)`` method; the :class:`~iconfind.Locator` runs whatever list it
is given.
"""

from __future__ import annotations

from iconfind.patterns import IconPatterns
from iconfind.recognition.lazy import LazyRecognizer
from iconfind.strategies.accessibility import AccessibilityText
from iconfind.strategies.base import Query, Strategy
from iconfind.strategies.grid import Grid
from iconfind.strategies.icon_blobs import IconBlobs
from iconfind.strategies.ocr import OcrText
from iconfind.strategies.resource_id import ResourceIdPatterns
from iconfind.strategies.visual import Recognizer, VisualCandidates


def default_chain(
    *, patterns: IconPatterns | None = None, recognition: bool = True
) -> list[Strategy]:
    """Tiers 1-5 in order: accessibility text, resource-id patterns, OCR, visual (unlabeled
    clickables, then icon blobs of a tree-less screen, both with local icon recognition), grid.

    ``recognition=False`` leaves local icon recognition out: tier 4 then always offers its
    candidates for a picker (or the caller) to choose, and tree-less screens go to the grid.
    """
    patterns = patterns if patterns is not None else IconPatterns.default()
    recognizer = LazyRecognizer() if recognition else None
    chain: list[Strategy] = [
        AccessibilityText(),
        ResourceIdPatterns(patterns=patterns),
        OcrText(),
        VisualCandidates(patterns=patterns, recognizer=recognizer),
    ]
    if recognizer is not None:
        chain.append(IconBlobs(recognizer=recognizer, patterns=patterns))
    chain.append(Grid())
    return chain


__all__ = [
    "AccessibilityText",
    "Grid",
    "IconBlobs",
    "OcrText",
    "Query",
    "Recognizer",
    "ResourceIdPatterns",
    "Strategy",
    "VisualCandidates",
    "default_chain",
]
