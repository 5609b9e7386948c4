"""Crops to small base64 JPEGs, within a byte budget, and their token cost."""

from __future__ import annotations

import base64
import io
import math

from attrs import frozen
from PIL import Image

from iconfind.geometry import Bounds

TOKENS_PER_KB = 330
"""The vision-token estimate: ~330 tokens per KB of JPEG."""
CROP_MAX_SIDE = 128
CROP_QUALITY = 70
FALLBACK_SIDES = (128, 96, 64, 48, 32)
FALLBACK_QUALITIES = (70, 55, 40, 30)


@frozen
class EncodedImage:
    """A base64 JPEG and what it costs: ``nbytes`` of JPEG, ``size`` in pixels."""

    data: str
    nbytes: int
    size: tuple[int, int]

    @property
    def estimated_tokens(self) -> int:
        return estimate_tokens(self.nbytes)


def estimate_tokens(nbytes: int) -> int:
    """Vision tokens for ``nbytes`` of JPEG at :data:`TOKENS_PER_KB` (rounded up)."""
    return math.ceil(nbytes / 1024 * TOKENS_PER_KB)


def fit_within(image: Image.Image, max_side: int) -> Image.Image:
    """``image`` scaled down (never up) so its longest side is at most ``max_side``."""
    width, height = image.size
    longest = max(width, height)
    if longest <= max_side:
        return image
    scale = max_side / longest
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return image.resize(size, Image.Resampling.LANCZOS)


def encode_jpeg(image: Image.Image, quality: int = CROP_QUALITY) -> EncodedImage:
    """``image`` as a base64 JPEG (RGB, optimized) at ``quality``."""
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="JPEG", quality=quality, optimize=True)
    raw = buffer.getvalue()
    return EncodedImage(base64.b64encode(raw).decode("ascii"), len(raw), image.size)


def clip_to(bounds: Bounds, width: int, height: int) -> Bounds | None:
    """``bounds`` cut to the screen, or ``None`` when nothing of it is on screen."""
    x1, y1 = max(0, bounds.x1), max(0, bounds.y1)
    x2, y2 = min(width, bounds.x2), min(height, bounds.y2)
    if x2 <= x1 or y2 <= y1:
        return None
    return Bounds(x1, y1, x2, y2)


def encode_crop(
    screenshot: Image.Image,
    bounds: Bounds,
    *,
    max_side: int = CROP_MAX_SIDE,
    quality: int = CROP_QUALITY,
    max_b64_chars: int | None = None,
) -> EncodedImage:
    """The ``bounds`` region of ``screenshot``, at most ``max_side`` px, as a base64 JPEG.

    With ``max_b64_chars``, a crop whose base64 would be longer is re-encoded at lower quality,
    then smaller, until it fits (a photo-like crop); the smallest attempt is returned if none fits.
    Raises :class:`ValueError` when the bounds lie entirely off the screenshot.
    """
    clipped = clip_to(bounds, *screenshot.size)
    if clipped is None:
        raise ValueError(f"bounds {bounds.format()} lie outside the {screenshot.size} screenshot")
    crop = screenshot.crop((clipped.x1, clipped.y1, clipped.x2, clipped.y2))
    encoded = encode_jpeg(fit_within(crop, max_side), quality)
    if max_b64_chars is None or len(encoded.data) <= max_b64_chars:
        return encoded
    for side in (s for s in FALLBACK_SIDES if s <= max_side):
        small = fit_within(crop, side)
        for q in (q for q in FALLBACK_QUALITIES if q <= quality):
            encoded = encode_jpeg(small, q)
            if len(encoded.data) <= max_b64_chars:
                return encoded
    return encoded
