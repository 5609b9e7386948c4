"""Visual fingerprints: find a learned target again after the layout changed.

A target's ``visual_hash`` is the 256-bit perceptual difference hash of its crop
(``imagehash.dhash`` with ``hash_size=16``: a 17 x 16 grayscale thumbnail, one bit per pair of
neighbouring cells), as 64 hex digits. Two crops are "the same element" when their hashes differ
in at most :data:`MATCH_THRESHOLD` = 16 of 256 bits (Hamming distance, 6 %).

Why dhash and 16: on real toolbar icons (thin white glyphs on a flat bar) the 64-bit ``phash``
flips ~30 bits when the crop shifts by one pixel and matches a *different* icon at 2 bits, so it
cannot tell icons apart. The 256-bit dhash of the same icon stays within 2-16 bits under 1-4 px
shifts and a dark/light theme swap, while different icons of one toolbar are 20-40 bits apart.

Flat crops (a blank area, a plain bar) have no fingerprint: their hash would match every other
flat area.

:func:`relocate` looks for a target's fingerprint on a new screenshot: at its stored place first,
then at candidate boxes (the tree's elements, a detector's boxes), then by scanning the whole
screen (see :func:`_scan`: every box on a third-of-a-cell grid at once with OpenCV, then the best
few checked exactly, pixel by pixel).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from attrs import frozen
from PIL import Image, ImageStat

from iconfind.models import Bounds

if TYPE_CHECKING:
    import imagehash

HASH_SIZE = 16
"""dhash side: 16 x 16 = 256 bits."""
MATCH_THRESHOLD = 16
"""Maximum Hamming distance (of 256 bits) between two crops of the same element."""
MIN_SIDE = 8
"""Crops smaller than this (either side) are not fingerprinted."""
MIN_STDDEV = 6.0
"""Crops whose grayscale standard deviation is below this are flat: no fingerprint."""
SEEDS = 4
"""How many of the best approximate boxes are checked exactly."""


def _dhash(crop: Image.Image) -> imagehash.ImageHash:
    import imagehash  # imported on use: keeps ``import iconfind`` light

    return imagehash.dhash(crop, hash_size=HASH_SIZE)


def _parse(fingerprint: str) -> imagehash.ImageHash:
    import imagehash

    return imagehash.hex_to_hash(fingerprint)


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
    return str(_dhash(crop))


def visual_hash(image: Image.Image, bounds: Bounds) -> str | None:
    """The fingerprint of ``bounds`` on ``image``; ``None`` for a tiny or flat crop."""
    crop = _gray_crop(image, bounds)
    return None if crop is None else _hash(crop)


def hamming(a: str, b: str) -> int:
    """Bits that differ between two fingerprints."""
    return int(_parse(a) - _parse(b))


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
    ``size`` over the whole screen. Returns the best box within ``threshold`` bits, or ``None``.
    """
    gray = screenshot.convert("L")
    target = _parse(fingerprint)
    best: Relocation | None = None

    def consider(box: Bounds) -> int | None:
        nonlocal best
        crop = _gray_crop(gray, box)
        if crop is None or ImageStat.Stat(crop).stddev[0] < MIN_STDDEV:
            return None
        distance = int(_dhash(crop) - target)
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
        _scan(consider, target, size, gray)
    return best if best is not None and best.distance <= threshold else None


def _scan(
    check: Callable[[Bounds], int | None],
    fingerprint: imagehash.ImageHash,
    size: tuple[int, int],
    gray: Image.Image,
) -> None:
    """Approximate the fingerprint of every box of ``size`` at once, then check the best exactly.

    dhash compares neighbouring cells of a 17 x 16 thumbnail. Shrinking the whole screen once
    (box filter) so that a cell is one pixel gives every box on that cell grid as a numpy
    window; a few grid origins cover offsets between cells. The :data:`SEEDS` best boxes are
    then hashed exactly, pixel by pixel, around their place.
    """
    import cv2
    import numpy as np

    width, height = size
    screen_w, screen_h = gray.size
    if width < MIN_SIDE or height < MIN_SIDE or width > screen_w or height > screen_h:
        return
    cell_w, cell_h = width / (HASH_SIZE + 1), height / HASH_SIZE
    bits = np.asarray(fingerprint.hash, dtype=np.float32)
    found: list[tuple[int, int, int]] = []
    for oy in _offsets(cell_h):
        for ox in _offsets(cell_w):
            cols = int((screen_w - ox) / cell_w)
            rows = int((screen_h - oy) / cell_h)
            if cols < HASH_SIZE + 1 or rows < HASH_SIZE:
                continue
            region = gray.crop((ox, oy, ox + round(cols * cell_w), oy + round(rows * cell_h)))
            small = np.asarray(region.resize((cols, rows), Image.Resampling.BOX), dtype=np.int16)
            diff = (small[:, 1:] > small[:, :-1]).astype(np.float32)
            # Hamming distance of every window: |diff| + |bits| - 2 * (diff . bits)
            overlap = cv2.matchTemplate(diff, bits, cv2.TM_CCORR)
            ones = cv2.matchTemplate(diff, np.ones_like(bits), cv2.TM_CCORR)
            distances = np.rint(ones + float(bits.sum()) - 2 * overlap).astype(np.int32)
            flat = distances.ravel()
            for position in np.argsort(flat, kind="stable")[:SEEDS]:
                row, col = divmod(int(position), distances.shape[1])
                x = min(screen_w - width, ox + round(col * cell_w))
                y = min(screen_h - height, oy + round(row * cell_h))
                found.append((int(flat[position]), x, y))
    found.sort()
    radius = max(2, round(max(cell_w, cell_h) / 3))
    for _, x0, y0 in found[:SEEDS]:
        for y in range(max(0, y0 - radius), min(screen_h - height, y0 + radius) + 1):
            for x in range(max(0, x0 - radius), min(screen_w - width, x0 + radius) + 1):
                check(Bounds(x, y, x + width, y + height))


def _offsets(cell: float) -> range:
    """Grid origins a third of a cell apart (at least one)."""
    step = max(1, round(cell / 3))
    return range(0, max(1, int(cell)), step)


__all__ = [
    "HASH_SIZE",
    "MATCH_THRESHOLD",
    "Relocation",
    "hamming",
    "matches",
    "relocate",
    "visual_hash",
]
