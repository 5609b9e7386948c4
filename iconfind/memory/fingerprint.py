"""Visual fingerprints: find a learned target again after the layout changed.

A target's ``visual_hash`` is the 64-bit perceptual hash (``imagehash.phash``, DCT of a 32 x 32
grayscale thumbnail) of its crop, as 16 hex digits. Two crops are "the same element" when their
hashes differ in at most :data:`MATCH_THRESHOLD` of 64 bits (Hamming distance). 10 bits is the
usual phash cut-off for near-duplicates: it tolerates anti-aliasing, a changed background shade
and a pixel or two of offset, and still tells apart icons of one toolbar.

Flat crops (a blank area, a plain bar) have no fingerprint: their hash would match every other
flat area.

:func:`relocate` looks for a target's fingerprint on a new screenshot: at its stored place first,
then at candidate boxes (the tree's elements, a detector's boxes), then by scanning the screen
with boxes of the target's size, coarse to fine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import imagehash
from attrs import frozen
from PIL import Image, ImageStat

from iconfind._models import Bounds

HASH_SIZE = 8
"""phash side: 8 x 8 = 64 bits."""
MATCH_THRESHOLD = 10
"""Maximum Hamming distance (of 64 bits) between two crops of the same element."""
MIN_SIDE = 8
"""Crops smaller than this (either side) are not fingerprinted."""
MIN_STDDEV = 6.0
"""Crops whose grayscale standard deviation is below this are flat: no fingerprint."""
SCAN_STEPS = 4
"""The coarse scan moves by a quarter of the target's smaller side."""


def _gray_crop(image: Image.Image, bounds: Bounds) -> Image.Image | None:
    box = (
        max(0, bounds.x1),
        max(0, bounds.y1),
        min(image.width, bounds.x2),
        min(image.height, bounds.y2),
    )
    if box[2] - box[0] < MIN_SIDE or box[3] - box[1] < MIN_SIDE:
        return None
    crop = image.crop(box)
    return crop if crop.mode == "L" else crop.convert("L")


def _hash(crop: Image.Image) -> str | None:
    if ImageStat.Stat(crop).stddev[0] < MIN_STDDEV:
        return None
    return str(imagehash.phash(crop, hash_size=HASH_SIZE))


def visual_hash(image: Image.Image, bounds: Bounds) -> str | None:
    """The fingerprint of ``bounds`` on ``image``; ``None`` for a tiny or flat crop."""
    crop = _gray_crop(image, bounds)
    return None if crop is None else _hash(crop)


def hamming(a: str, b: str) -> int:
    """Bits that differ between two fingerprints."""
    return int(imagehash.hex_to_hash(a) - imagehash.hex_to_hash(b))


def matches(a: str | None, b: str | None, threshold: int = MATCH_THRESHOLD) -> bool:
    """Whether two fingerprints belong to the same element (both present, distance <= threshold)."""
    return a is not None and b is not None and hamming(a, b) <= threshold


@frozen
class Relocation:
    """Where a fingerprint was found, and how far (in bits) the best crop was from it."""

    bounds: Bounds
    distance: int


def relocate(
    fingerprint: str,
    size: tuple[int, int],
    screenshot: Image.Image,
    *,
    near: Bounds | None = None,
    candidates: Iterable[Bounds] = (),
    threshold: int = MATCH_THRESHOLD,
    scan: bool = True,
) -> Relocation | None:
    """Find ``fingerprint`` (of a ``size`` = (width, height) crop) on ``screenshot``.

    Tries ``near`` (the stored place), then each of ``candidates``, then, with ``scan``, boxes of
    ``size`` over the whole screen: a coarse pass every quarter side, a finer pass around the
    three best coarse boxes, and a pixel-exact pass around the best of those. Returns the best
    box within ``threshold`` bits, or ``None``.
    """
    gray = screenshot.convert("L")
    target = imagehash.hex_to_hash(fingerprint)
    best: Relocation | None = None

    def consider(box: Bounds) -> int | None:
        nonlocal best
        crop = _gray_crop(gray, box)
        if crop is None or ImageStat.Stat(crop).stddev[0] < MIN_STDDEV:
            return None
        distance = int(imagehash.phash(crop, hash_size=HASH_SIZE) - target)
        if best is None or distance < best.distance:
            best = Relocation(box, distance)
        return distance

    if near is not None and consider(near) == 0:
        return best
    for box in candidates:
        consider(box)
    if best is not None and best.distance <= threshold // 2:
        return best
    if scan:
        _scan(consider, size, gray.size)
    return best if best is not None and best.distance <= threshold else None


def _scan(
    check: Callable[[Bounds], int | None], size: tuple[int, int], screen: tuple[int, int]
) -> None:
    width, height = size
    screen_w, screen_h = screen
    if width <= 0 or height <= 0 or width > screen_w or height > screen_h:
        return
    step = max(2, min(width, height) // SCAN_STEPS)
    coarse: list[tuple[int, int, int]] = []
    for y in range(0, screen_h - height + 1, step):
        for x in range(0, screen_w - width + 1, step):
            distance = check(Bounds(x, y, x + width, y + height))
            if distance is not None:
                coarse.append((distance, x, y))
    coarse.sort()
    best = _refine(check, coarse[:3], step, size, screen)
    if best is not None:
        _refine(check, [best], max(1, step // 4), size, screen, fine=1)


def _refine(
    check: Callable[[Bounds], int | None],
    seeds: list[tuple[int, int, int]],
    radius: int,
    size: tuple[int, int],
    screen: tuple[int, int],
    fine: int | None = None,
) -> tuple[int, int, int] | None:
    """Try boxes within ``radius`` of each seed, every ``fine`` px; the best (distance, x, y)."""
    width, height = size
    screen_w, screen_h = screen
    stride = fine if fine is not None else max(1, radius // 4)
    best: tuple[int, int, int] | None = None
    for _, sx, sy in seeds:
        for dy in range(-radius, radius + 1, stride):
            for dx in range(-radius, radius + 1, stride):
                x, y = sx + dx, sy + dy
                if 0 <= x <= screen_w - width and 0 <= y <= screen_h - height:
                    distance = check(Bounds(x, y, x + width, y + height))
                    if distance is not None and (best is None or distance < best[0]):
                        best = (distance, x, y)
    return best


__all__ = [
    "HASH_SIZE",
    "MATCH_THRESHOLD",
    "Relocation",
    "hamming",
    "matches",
    "relocate",
    "visual_hash",
]
