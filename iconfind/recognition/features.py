"""From a screen crop to a fixed-size shape, and from a shape to a feature vector.

Normalisation (:func:`ink_map`, :func:`normalise`) makes the crop independent of what the icon
is drawn on:

* **Theme and colour.** Ink is the colour *distance* from the background colour (the median of
  the crop's border), not the luminance, so a white icon on a dark toolbar, a black icon on white
  and a purple icon on a pink chip all give the same white-on-black shape. No polarity guess can
  go wrong, and coloured icons need no special case.
* **Ripples and faint backgrounds.** Ink is thresholded softly between 30 % and 70 % of the
  strongest contrast in the crop, so a translucent ripple circle or a pressed-state tint (low
  contrast next to the glyph) vanishes while anti-aliased edges survive.
* **Plates.** A solid disc or rounded square behind the icon (a FAB, a filled-circle button) is
  found as a large, convex, nearly filling component; the glyph is then read as the distance from
  the *plate's* colour, inside the plate only.
* **Padding and size.** The shape is cropped to its ink, padded to a square (aspect kept, so ``⋮``
  stays thin), and resampled to :data:`SIZE` pixels.

:func:`describe` turns the normalised shape into a vector for one of the measured methods (see
``docs/icon-recognition.md``); :func:`similarities` compares one vector to many.
"""

from __future__ import annotations

from typing import Any, Literal

import cv2
import imagehash
import numpy as np
import numpy.typing as npt
from attrs import frozen
from PIL import Image

Method = Literal["hog", "mask", "hog+mask", "phash", "hu"]
METHODS: tuple[Method, ...] = ("hog", "mask", "hog+mask", "phash", "hu")
DEFAULT_METHOD: Method = "hog+mask"

HOG_WEIGHT = 0.3
"""Share of the gradient histogram in ``hog+mask`` (the rest: the blurred mask)."""

SIZE = 32
"""Side of the normalised shape, in pixels."""

MAX_SIDE = 256
"""Larger crops are shrunk to this before anything else (speed). Not less: shrinking a 56 dp
touch target (147 px at density 2.625) by a non-integer factor blurs its glyph by a pixel, which
shifts the shape's ink box and cost right answers on unlabeled buttons of a tree (the same glyph
cut tight by the blob finder was accepted)."""

FloatArray = npt.NDArray[np.float32]

_LOW, _HIGH = 0.3, 0.7
_FLAT = 0.06
"""A crop whose strongest contrast is below this is blank."""
SPECK_PIXELS = 6
"""Pixels of strongest contrast that :func:`ink_map` ignores when it sets the ink scale."""
PLATE_MIN_SHARE = 0.005
"""A disc behind the glyph is a plate when the glyph covers at least this share of it (a tiny
``⋯`` on a FAB covers ~1 %); with less, the disc itself is the icon (a filled circle)."""
PLATE_RIM = 1 / 12
"""Width of a plate's rim band (eroded in from the edge of its inner region with a square
kernel), as a share of that region's height."""
PLATE_RIM_SHARE = 0.2
"""A disc is no plate when what differs from its colour covers more than this share of its rim
band: a plate's glyph stands clear of its edge (FABs and filled-circle buttons of 11 held-out
families cover at most 0.08 of it), while a drawing that *is* a circle -- a half-filled contrast
disc, a globe, a target, a person in a filled circle -- reaches it all round (0.29 and more). Read
as plates, those became a half-disc (a play triangle, a back arrow) or loose arcs; the references
are never read so, as they are rendered with a margin."""
_CELL, _BINS = 8, 9
_CELLS = SIZE // _CELL
_CELL_INDEX = (np.arange(SIZE)[:, None] // _CELL) * _CELLS + (np.arange(SIZE)[None, :] // _CELL)


def ink_map(image: Image.Image) -> FloatArray:
    """Per-pixel ink in [0, 1]: how far each pixel is from the background (or the plate)."""
    rgb = np.asarray(image.convert("RGB"), dtype=np.float32) / 255.0
    height, width = rgb.shape[:2]
    if height == 0 or width == 0:
        return np.zeros((max(height, 1), max(width, 1)), np.float32)
    if max(height, width) > MAX_SIDE:
        scale = MAX_SIDE / max(height, width)
        new_size = (max(1, round(width * scale)), max(1, round(height * scale)))
        rgb = _f32(cv2.resize(rgb, new_size, interpolation=cv2.INTER_AREA))
        height, width = rgb.shape[:2]
    background = np.median(_border(rgb), axis=0)
    distance = _distance(rgb, background)
    peak = _peak(distance)
    if peak < _FLAT:
        return np.zeros_like(distance)
    plate = _plate(rgb, distance, peak)
    if plate is not None:
        region, colour = plate
        distance = np.where(region, _distance(rgb, colour), 0.0).astype(np.float32)
        peak = _peak(distance)
        if peak < _FLAT:
            return np.zeros_like(distance)
    ink = (distance / peak - _LOW) / (_HIGH - _LOW)
    return _f32(np.clip(ink, 0.0, 1.0))


def normalise(ink: FloatArray, size: int = SIZE) -> FloatArray:
    """Crop ``ink`` to its bounding box, pad it to a centred square, resample to ``size``."""
    rows = np.flatnonzero(ink.max(axis=1) > 0.25)
    cols = np.flatnonzero(ink.max(axis=0) > 0.25)
    if rows.size == 0 or cols.size == 0:
        return np.zeros((size, size), np.float32)
    shape = ink[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    height, width = shape.shape
    side = max(height, width)
    margin = max(1, side // 16)
    canvas = np.zeros((side + 2 * margin, side + 2 * margin), np.float32)
    top, left = margin + (side - height) // 2, margin + (side - width) // 2
    canvas[top : top + height, left : left + width] = shape
    interpolation = cv2.INTER_AREA if canvas.shape[0] > size else cv2.INTER_LINEAR
    out = cv2.resize(canvas, (size, size), interpolation=interpolation)
    return np.clip(out, 0.0, 1.0).astype(np.float32)


def shape_of(image: Image.Image) -> FloatArray:
    """:func:`normalise` of :func:`ink_map`: the crop as a ``SIZE`` x ``SIZE`` ink shape."""
    return normalise(ink_map(image))


def describe(shape: FloatArray, method: Method = DEFAULT_METHOD) -> FloatArray:
    """The feature vector of a normalised shape for ``method`` (unit length unless ``hu``)."""
    if method == "hog":
        return _unit(_hog(shape))
    if method == "mask":
        return _unit(_mask(shape))
    if method == "hog+mask":
        return _unit(
            np.concatenate(
                [HOG_WEIGHT * _unit(_hog(shape)), (1 - HOG_WEIGHT) * _unit(_mask(shape))]
            )
        )
    if method == "phash":
        bits = imagehash.phash(Image.fromarray((shape * 255).astype(np.uint8))).hash
        return _unit(np.where(bits.ravel(), 1.0, -1.0).astype(np.float32))
    if method == "hu":
        hu = cv2.HuMoments(cv2.moments(shape)).ravel()
        return (-np.sign(hu) * np.log10(np.abs(hu) + 1e-30)).astype(np.float32)
    raise ValueError(f"unknown method {method!r}; one of {', '.join(METHODS)}")


def similarities(references: FloatArray, vector: FloatArray, method: Method) -> FloatArray:
    """Similarity in [0, 1] of ``vector`` to each row of ``references`` (1 = identical)."""
    if method == "hu":
        distance = np.linalg.norm(references - vector, axis=1)
        return _f32(np.exp(-distance / 4.0))
    # einsum, not BLAS: a multi-threaded gemv is 10x slower on a busy 2-core machine.
    cosine: FloatArray = np.einsum("ij,j->i", references, vector)
    np.clip(cosine, 0.0, 1.0, out=cosine)
    return cosine


FINE_THRESHOLD = 0.5
"""Ink level above which a pixel of the normalised shape counts for the fine check."""


@frozen
class Drawing:
    """What a heavier stroke can destroy in a glyph's plain render (:func:`drawing_of`)."""

    parts: int
    """Separate pieces of ink."""
    holes: int
    """Enclosed background regions."""
    solidity: float
    """Share of the ink's bounding box the ink fills."""
    smallest_part: float
    """The smallest piece's share of the ink (0 when there is no ink)."""


def drawing_of(shape: FloatArray) -> Drawing:
    """The pieces, holes and solidity of a normalised shape's drawing."""
    mask = (shape > FINE_THRESHOLD).astype(np.uint8)
    if not mask.any():
        return Drawing(0, 0, 0.0, 0.0)
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    areas = stats[1:count, cv2.CC_STAT_AREA]
    ground = np.pad(1 - mask, 1, constant_values=1)
    holes = cv2.connectedComponents(ground, connectivity=4)[0] - 2  # minus label 0, outside
    rows, cols = np.nonzero(mask)
    box = (int(rows.max() - rows.min()) + 1) * (int(cols.max() - cols.min()) + 1)
    ink = float(mask.sum())
    return Drawing(count - 1, max(holes, 0), ink / box, float(areas.min()) / ink)


def merged_parts(shape: FloatArray, plain: Drawing) -> bool:
    """Whether ``shape`` (a render with a heavier stroke) grew the pieces of ``plain`` (the
    glyph's plain render) into each other, so that it shows another drawing:

    * into a near-solid block (:data:`BLOCK_SOLIDITY`): three bars become a rectangle, ⋮ a bar,
      a trash can with slots a box; as a reference it would make any blurred block that concept;
    * or joining pieces that each carry :data:`MAIN_PART` of the ink or more: the bar of an
      "arrow up to a bar" merged into the arrowhead is a plain thick arrow.

    A bell whose small clapper touches its bolder body lost a piece too, but is still a bell."""
    bold = drawing_of(shape)
    if bold.parts + bold.holes >= plain.parts + plain.holes:
        return False
    if bold.solidity >= BLOCK_SOLIDITY > plain.solidity:
        return True
    return bold.parts < plain.parts and plain.smallest_part >= MAIN_PART


BLOCK_SOLIDITY = 0.9
"""Solidity from which a shape is a block (a filled rectangle fills all of its box; three bars
with gaps about 0.6)."""
MAIN_PART = 0.15
"""Share of a drawing's ink from which a piece is one of its main parts, not a detail (a bell's
clapper is about 5-8 %; each bar of ☰ a third)."""


def fine_mask(shape: FloatArray) -> npt.NDArray[np.uint8]:
    """The shape as 32x32 bits (``np.packbits``: 128 bytes), for the fine second check."""
    return np.packbits((shape > FINE_THRESHOLD).ravel())


def chamfer_similarity(
    crop_mask: npt.NDArray[np.bool_], crop_distance: FloatArray, packed: npt.NDArray[np.uint8]
) -> FloatArray:
    """Similarity in [0, 1] of a crop's mask to each packed reference mask (rows of ``packed``).

    Symmetric chamfer distance: the mean distance (pixels of the 32 px shape) from each
    reference's ink to the crop's nearest ink, and from the crop's ink to the reference's. A part
    one of them has and the other lacks (the minus of a zoom-out lens, the second arrow of a
    sort icon) costs its distance to the nearest ink; a bolder or thinner stroke of the same
    drawing costs little, unlike a pixel-wise comparison.
    """
    refs = unpack_masks(packed)
    out = np.zeros(len(refs), np.float32)
    crop_ink = max(int(crop_mask.sum()), 1)
    for i, ref in enumerate(refs):
        ref_ink = int(ref.sum())
        if ref_ink == 0:
            continue
        to_crop = float(crop_distance[ref].mean())
        ref_distance = distance_to_ink(ref)
        to_ref = float(ref_distance[crop_mask].sum()) / crop_ink
        out[i] = 1.0 / (1.0 + 0.5 * (to_crop + to_ref))
    return out


def crop_distance_map(shape: FloatArray) -> tuple[npt.NDArray[np.bool_], FloatArray]:
    """The crop's mask and the distance of every pixel to its nearest ink (for the fine check)."""
    mask = shape > FINE_THRESHOLD
    return mask, distance_to_ink(mask)


def unpack_masks(packed: npt.NDArray[np.uint8], side: int = SIZE) -> npt.NDArray[np.bool_]:
    """Rows of :func:`fine_mask` bits back to ``(n, side, side)`` booleans."""
    bits = np.unpackbits(packed, axis=1)[:, : side * side]
    return bits.reshape(-1, side, side).astype(bool)


def distance_to_ink(mask: npt.NDArray[np.bool_]) -> FloatArray:
    """Per pixel, the distance (in pixels) to the nearest ink of ``mask``."""
    return _f32(cv2.distanceTransform((~mask).astype(np.uint8), cv2.DIST_L2, 3))


def _border(rgb: FloatArray) -> FloatArray:
    height, width = rgb.shape[:2]
    ring = max(1, min(height, width) // 16)
    return np.concatenate(
        [
            rgb[:ring].reshape(-1, 3),
            rgb[-ring:].reshape(-1, 3),
            rgb[:, :ring].reshape(-1, 3),
            rgb[:, -ring:].reshape(-1, 3),
        ]
    )


def _distance(rgb: FloatArray, colour: FloatArray) -> FloatArray:
    diff = rgb - colour.astype(np.float32)
    return _f32(np.sqrt(np.einsum("ijk,ijk->ij", diff, diff) / 3.0))


def _peak(distance: FloatArray) -> float:
    """The strongest contrast, ignoring the strongest :data:`SPECK_PIXELS` pixels (at most 0.5 %
    of the crop): a stray speck does not set the scale. No more than that: a thin ``⋯`` in a
    touch target twice its size is itself under 0.5 % of the pixels, and ignoring a share of
    the crop would read it as blank."""
    flat = distance.ravel()
    k = max(0, flat.size - 1 - min(int(flat.size * 0.005), SPECK_PIXELS))
    return float(np.partition(flat, k)[k])


def _plate(
    rgb: FloatArray, distance: FloatArray, peak: float
) -> tuple[npt.NDArray[np.bool_], FloatArray] | None:
    """A solid disc / rounded square behind the glyph: its inner region and its colour."""
    binary = (distance > 0.5 * peak).astype(np.uint8)
    contours, _ = cv2.findContours(binary, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    contour = max(contours, key=cv2.contourArea)
    height, width = distance.shape
    _, _, w, h = cv2.boundingRect(contour)
    if w < 0.7 * min(height, width) or h < 0.7 * min(height, width) or not 0.8 <= w / h <= 1.25:
        return None
    area = cv2.contourArea(contour)
    hull = cv2.contourArea(cv2.convexHull(contour))
    if hull <= 0 or area / hull < 0.95 or area / (w * h) < 0.7:
        return None
    filled = np.zeros_like(binary)
    cv2.drawContours(filled, [contour], -1, 1, thickness=-1)
    edge = max(1, round(min(w, h) / 24))
    inner = cv2.erode(filled, np.ones((2 * edge + 1, 2 * edge + 1), np.uint8)).astype(bool)
    if not inner.any():
        return None
    colour = np.median(rgb[inner & (binary > 0)], axis=0) if (inner & (binary > 0)).any() else None
    if colour is None:
        return None
    content = inner & (_distance(rgb, colour) > 0.5 * peak * 0.5)
    share = content.sum() / inner.sum()
    if not PLATE_MIN_SHARE <= share <= 0.6 or _rim_share(inner, content) > PLATE_RIM_SHARE:
        return None
    return inner, colour.astype(np.float32)


def _rim_share(inner: npt.NDArray[np.bool_], content: npt.NDArray[np.bool_]) -> float:
    """The share of ``inner``'s rim band (:data:`PLATE_RIM` of its height) that ``content``
    covers."""
    band = max(1, round(int(inner.any(axis=1).sum()) * PLATE_RIM))
    core = cv2.erode(inner.astype(np.uint8), np.ones((2 * band + 1, 2 * band + 1), np.uint8))
    rim = inner & ~core.astype(bool)
    return float(content[rim].mean()) if rim.any() else 0.0


def _hog(shape: FloatArray) -> FloatArray:
    """Histogram of oriented gradients: 8 px cells, 9 unsigned bins, 2x2-cell blocks (L2-Hys).

    Written with numpy because OpenCV 5 no longer ships ``cv2.HOGDescriptor`` in the main module.
    """
    gx = cv2.Sobel(shape, cv2.CV_32F, 1, 0, ksize=1)
    gy = cv2.Sobel(shape, cv2.CV_32F, 0, 1, ksize=1)
    magnitude = np.sqrt(gx * gx + gy * gy).ravel()
    position = (np.arctan2(gy, gx).ravel() % np.pi) / (np.pi / _BINS) - 0.5
    low = np.floor(position)
    weight_high = position - low
    low_bin = low.astype(np.int64) % _BINS
    high_bin = (low_bin + 1) % _BINS
    cell = _CELL_INDEX.ravel() * _BINS
    length = _CELLS * _CELLS * _BINS
    hist = np.bincount(cell + low_bin, magnitude * (1 - weight_high), length) + np.bincount(
        cell + high_bin, magnitude * weight_high, length
    )
    cells = hist.reshape(_CELLS, _CELLS, _BINS)
    blocks = np.concatenate(
        [cells[:-1, :-1], cells[1:, :-1], cells[:-1, 1:], cells[1:, 1:]], axis=2
    ).reshape(-1, 4 * _BINS)
    blocks = blocks / (np.linalg.norm(blocks, axis=1, keepdims=True) + 1e-6)
    blocks = np.minimum(blocks, 0.2)
    blocks = blocks / (np.linalg.norm(blocks, axis=1, keepdims=True) + 1e-6)
    return _f32(blocks.ravel())


def _mask(shape: FloatArray) -> FloatArray:
    small = cv2.resize(cv2.GaussianBlur(shape, (5, 5), 1.2), (16, 16), interpolation=cv2.INTER_AREA)
    vector = small.ravel().astype(np.float32)
    return _f32(vector - vector.mean())


def _f32(array: Any) -> FloatArray:
    return np.asarray(array, dtype=np.float32)


def _unit(vector: FloatArray) -> FloatArray:
    norm = float(np.linalg.norm(vector))
    return (vector / norm).astype(np.float32) if norm > 0 else vector.astype(np.float32)
