"""The strategy chain: one module per tier, cheapest evidence first.

``default_chain()`` returns a plain list. Reorder it, drop a tier, or append your own object with a
``name`` and a ``find(query, screen)`` method; the :class:`~iconfind.Locator` runs whatever list it
is given. Each tier's module (and what it needs: Tesseract's wrapper, OpenCV, NumPy) is imported
when the chain is built or the name is first used, not by ``import iconfind.strategies``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from iconfind._lazy import attach
from iconfind.patterns import IconPatterns

if TYPE_CHECKING:
    from iconfind.strategies.accessibility import AccessibilityText
    from iconfind.strategies.base import Query, Strategy
    from iconfind.strategies.grid import Grid
    from iconfind.strategies.icon_blobs import IconBlobs
    from iconfind.strategies.icon_first import RecognizedIcon
    from iconfind.strategies.ocr import OcrText
    from iconfind.strategies.resource_id import ResourceIdPatterns
    from iconfind.strategies.visual import Recognizer, VisualCandidates


def default_chain(
    *, patterns: IconPatterns | None = None, recognition: bool = True
) -> list[Strategy]:
    """Tiers 1-5, cheapest evidence first:

    1. accessibility text; 2. resource-id patterns;
    then, for a query that names an icon class only, :class:`RecognizedIcon` (tier 4's tree
    candidates or icon blobs with local recognition, settling only on a confident recognition:
    milliseconds, where OCR would spend about a second missing);
    3. OCR; 4. visual (unlabeled clickables, then icon blobs of a tree-less screen, both with
    local icon recognition, offering candidates when no icon is recognized for sure); 5. grid.

    The query decides the order: a text query ("Wait") passes the icon step without reading a
    pixel, an icon query ("overflow menu") is answered before OCR when recognition is sure.

    ``recognition=False`` leaves local icon recognition out (and the icon step with it): tier 4
    then always offers its candidates for a picker (or the caller) to choose, and tree-less
    screens go to the grid.
    """
    from iconfind.recognition.lazy import LazyRecognizer
    from iconfind.strategies.accessibility import AccessibilityText
    from iconfind.strategies.grid import Grid
    from iconfind.strategies.icon_blobs import IconBlobs
    from iconfind.strategies.icon_first import RecognizedIcon
    from iconfind.strategies.ocr import OcrText
    from iconfind.strategies.resource_id import ResourceIdPatterns
    from iconfind.strategies.visual import VisualCandidates

    patterns = patterns if patterns is not None else IconPatterns.default()
    recognizer = LazyRecognizer() if recognition else None
    chain: list[Strategy] = [AccessibilityText(), ResourceIdPatterns(patterns=patterns)]
    if recognizer is not None:
        chain.append(RecognizedIcon(recognizer=recognizer, patterns=patterns))
    chain.append(OcrText())
    chain.append(VisualCandidates(patterns=patterns, recognizer=recognizer))
    if recognizer is not None:
        chain.append(IconBlobs(recognizer=recognizer, patterns=patterns))
    chain.append(Grid())
    return chain


_LAZY = {
    "AccessibilityText": "iconfind.strategies.accessibility",
    "Grid": "iconfind.strategies.grid",
    "IconBlobs": "iconfind.strategies.icon_blobs",
    "OcrText": "iconfind.strategies.ocr",
    "Query": "iconfind.strategies.base",
    "Recognizer": "iconfind.strategies.visual",
    "RecognizedIcon": "iconfind.strategies.icon_first",
    "ResourceIdPatterns": "iconfind.strategies.resource_id",
    "Strategy": "iconfind.strategies.base",
    "VisualCandidates": "iconfind.strategies.visual",
}
__getattr__, __dir__ = attach(__name__, _LAZY)

__all__ = [
    "AccessibilityText",
    "Grid",
    "IconBlobs",
    "OcrText",
    "Query",
    "RecognizedIcon",
    "Recognizer",
    "ResourceIdPatterns",
    "Strategy",
    "VisualCandidates",
    "default_chain",
]
