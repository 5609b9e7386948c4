"""Decoding untrusted screenshots with a pixel cap checked before any pixel is decoded.

A 493 KB PNG can claim 13000 x 13000 pixels and cost 1.7 GB once decoded. Pillow's own guard
warns (two lines on stderr) from about 89 MP and refuses only from 179 MP. iconfind refuses every
image over :data:`MAX_SCREEN_PIXELS` from its header alone, with one typed error, and never lets
Pillow's ``DecompressionBombWarning`` reach stderr.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

from PIL import Image

from iconfind.errors import ImageTooLargeError

MAX_SCREEN_PIXELS = 100_000_000
"""The largest screenshot iconfind decodes: 100 megapixels. Real screens stay far below it: one
8K monitor is 33.2 MP, three 8K monitors side by side 99.5 MP, a 1080 x 2400 phone 2.6 MP."""


def check_pixels(size: tuple[int, int], what: str) -> None:
    """Raise :class:`~iconfind.ImageTooLargeError` when ``size`` is over the cap."""
    width, height = size
    if width * height > MAX_SCREEN_PIXELS:
        raise ImageTooLargeError(
            f"{what}: refused, too large to decode: {width}x{height} is "
            f"{width * height / 1e6:.0f} MP, over the {MAX_SCREEN_PIXELS // 1_000_000} MP "
            "screenshot cap"
        )


def open_rgb(source: str | Path | bytes, what: str) -> Image.Image:
    """Decode ``source`` (a path or the file's bytes) to RGB, refusing it by its header size
    first. Pillow's decoding errors (``OSError``, ``SyntaxError``, ``ValueError``...) pass
    through for the caller to word; Pillow's bomb warning is silenced (the cap is lower)."""
    handle = io.BytesIO(source) if isinstance(source, bytes) else source
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            opened = Image.open(handle)
        except Image.DecompressionBombError as exc:  # over twice Pillow's limit, so over ours
            raise ImageTooLargeError(
                f"{what}: refused, too large to decode: over the "
                f"{MAX_SCREEN_PIXELS // 1_000_000} MP screenshot cap ({exc})"
            ) from None
        with opened as image:
            check_pixels(image.size, what)
            image.load()
            rgb: Image.Image = image.convert("RGB")
            return rgb


__all__ = ["MAX_SCREEN_PIXELS", "check_pixels", "open_rgb"]
