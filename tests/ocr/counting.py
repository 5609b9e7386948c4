"""An engine wrapper that counts OCR runs: how the cache tests see that no OCR happened."""

from __future__ import annotations

import attrs
from PIL import Image

from iconfind.ocr import OcrEngine, OcrWord, TesseractEngine


@attrs.define
class CountingEngine:
    """Delegates to a real engine (Tesseract by default) and counts the calls."""

    inner: OcrEngine = attrs.field(factory=TesseractEngine)
    calls: int = 0

    def read(self, image: Image.Image) -> list[OcrWord]:
        self.calls += 1
        return self.inner.read(image)
