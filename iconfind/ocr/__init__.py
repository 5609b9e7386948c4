"""The OCR engine behind tier 3: Tesseract word boxes, preprocessing, phrase matching, a cache.

The strategy itself is :class:`iconfind.strategies.ocr.OcrText`; these pieces are public so a
caller can swap the engine (any object with ``read(image) -> list[OcrWord]``) or read a screen's
words directly.
"""

from iconfind.ocr.cache import OcrCache
from iconfind.ocr.engine import OcrEngine, OcrWord, TesseractEngine
from iconfind.ocr.phrases import FUZZY_MIN_LENGTH, MIN_CONFIDENCE, Phrase, find_phrases

__all__ = [
    "FUZZY_MIN_LENGTH",
    "MIN_CONFIDENCE",
    "OcrCache",
    "OcrEngine",
    "OcrWord",
    "Phrase",
    "TesseractEngine",
    "find_phrases",
]
