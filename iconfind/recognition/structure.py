"""Icons recognised by their parts, where whole-drawing templates fall short.

A sort icon is drawn in as many layouts as there are icon families: the arrow left or right of
the bars, pointing up or down, the bars widening or narrowing, left- or right-aligned, three or
four of them, the last one a dot. Each layout matches a font reference drawn another way poorly
(Bootstrap's ``sort-down`` scored 0.56 against the closest reference, Carbon's
``sort--ascending`` 0.37: below the 0.6 any answer needs), yet the parts are always the same:
**one vertical arrow beside a stack of graded bars**. Other icons are drawn alike by every
family but come too close to one look-alike for the lead an answer needs:

* **sort** -- :func:`arrow_beside_bars`: one vertical arrow beside graded, aligned bars.
* **delete** -- :func:`lid_over_can`: a bin, a small centred handle over a thin lid wider than
  anything below it, a closed can hanging from it (an upright battery -- a nub *narrower* than
  its body -- came within the lead of most thin-stroke bins).
* **play** -- :func:`triangle_pointing_right`: one triangle, upright left side, apex right at
  mid-height, filled or an empty outline (Carbon's and Remix's paper planes are the same
  triangle with a fold drawn inside or slit into it, and scored as high).

Each check works on the 32x32 shape mask; :func:`structural_concepts` lets the recognizer raise a
crop's score for the concept to :data:`STRUCTURE_SCORE`; acceptance (leads, pair checks) then
applies as to any score.

The rules are strict on purpose (a clear winner must stay clear). Each holds for no drawing of
any other concept among the 8,538 shipped reference renders (791 concepts), the calibration
rows (``tools/calibrate_acceptance.py``: 60,444 crops of four font families' everyday concepts)
and every icon of the eleven held-out sets of ``bench/heldout.py`` in all 36 renders (98,000
crops); ``tests/recognition/test_structure.py`` keeps the look-alikes out (☰, a list, a
download tray, a T beside graded bars; a beaker, a gift, a fire extinguisher, a battery, a
flask, a table, an archive box; a slit or folded paper plane, the Play Store's logo).

A structure is added only where no other concept shares it: two upright bars (pause) were
tried and left out, because Phosphor's and Octicons' "columns" are two upright boxes with the
same proportions and gaps as several families' pause icons. Known gaps, drawn by a review but in
no icon set here: a takeaway cup with a lid, a paint can, a lidded jar have a bin's parts; a
filled triangle with a small round hole, a half-disc or a long-pointed pentagon can pass as play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import pairwise
from typing import Any, NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

BoolArray = npt.NDArray[np.bool_]

STRUCTURE_SCORE = 0.95
"""The score a concept gets at least when its structure is in the crop: above the template
score a look-alike reached on a structured drawing (Carbon's play triangle scored 0.91 as
"send"), and in a band where the structured concepts need only the global lead of 0.03."""

MIN_PART = 3
"""Pieces of fewer pixels (of the 32x32 mask) are specks, not parts."""
ARROW_HEIGHT = 0.55
"""The arrow spans at least this share of the drawing's height."""
ARROW_HEAD = 2.2
"""Its widest row (the head) holds at least this many times the ink of its median row (the
shaft)."""
SHAFT_ROWS = 0.6
"""At least this share of its rows are one run of ink (a lamp's outline has two per row)."""
HEAD_END = 0.45
"""A head lies within this share of the arrow's height from its end."""
TAPER = 0.6
"""From its widest rows the head narrows to a tip (the end row at most this share of the widest:
not the bar of a T), and the shaft is at most this share of it within two rows (abruptly, not
the round bulb of a thermometer or a pin)."""
BAR_RATIO = 2.5
"""A bar is at least this many times as wide as tall (the last of a graded stack may be a dot)."""
GRADED = 2
"""Bar lengths change in one direction down the stack (within a pixel) and the longest is this
many pixels longer than the shortest."""
ALIGN = 2
"""Bars share their left or their right edge within this many pixels."""

SOLID = 0.8
"""A row is solid when ink covers at least this share of it, from its leftmost to its rightmost
ink (a lid line; not the two walls of a box)."""
PORTRAIT = 0.9
"""A bin is at least this many times as tall as wide (an archive box is wider)."""
LID_BAND = 0.3
"""Its lid -- the widest rows, one of them solid -- spans at most this share of its height."""
LID_ROUNDING = 0.1
"""Solid rows narrower than the widest by up to this share of it (at least 2 px) still belong to
the lid: its rounded ends."""
HANDLE_HEIGHT = 0.22
"""The handle above the lid spans at most this share of the height (a star's point is taller)."""
HANDLE_WIDTH = 0.6
"""The handle is at most this share of the lid's width (a gift's bow is wider)."""
CENTRED = 1.5
"""The handle and the can are centred under the lid within this many pixels (or 8 % of its
width, for the handle)."""
CAN_HEIGHT = 0.5
"""The can below the lid spans at least this share of the height."""
LID_GAP = 0.15
"""Empty rows between lid and can span at most this share of the height."""
CAN_SPREAD = 0.2
"""The can's rows (bar its rounded first two and its last fifth) differ in width by at most
this share of the lid's width and are at least half of it wide; they never widen downwards by
more than a pixel from one row to the next nor from first to last (straight or tapering walls:
not a star's legs, a flask or a bell)."""

TRIANGLE_ASPECT = (0.55, 1.15)
"""A play triangle is this many times as wide as tall, at least and at most."""
CONVEX = 0.88
"""Its filled outline covers at least this share of its convex hull (a paper plane's notched back
does not)."""
CORNER_CUT = 0.08
"""Its hull simplifies to three corners at this share of the hull's perimeter (rounded corners
are corners)."""
UPRIGHT_SIDE = 0.2
"""The two left corners are within this share of the width of each other (an upright side)..."""
APEX_REACH = 0.6
"""...and the third lies this share of the width to their right..."""
APEX_LEVEL = 0.15
"""...within this share of the height of their mid-height (pointing right, not up or down)."""
STRAIGHT = 0.08
"""The middle three fifths of the upright side stray at most this share of the width (2 px at
least) from a straight line: no slit into it, as Remix's send-plane-2 has."""
STRAY_INK = 0.03
"""Ink outside the triangle: at most this share of it."""
OUTLINE_HOLE = 0.1
"""A hole this share of the filled triangle or larger is an outline's inside: a triangle too.
(Smaller holes are thick outlines at small sizes, or holes punched in a solid triangle, which
no icon set here draws: a known gap.)"""


class Part(NamedTuple):
    """One connected piece of ink: its box, pixel count and label in the label image."""

    x: int
    y: int
    width: int
    height: int
    area: int
    label: int


def parts_of(mask: BoolArray) -> tuple[list[Part], npt.NDArray[np.int32]]:
    """The connected pieces of ``mask`` (8-connected, any non-zero value is ink) and the label
    image they index."""
    ink = np.asarray(mask, bool)
    if ink.ndim != 2 or not ink.any():
        return [], np.zeros(ink.shape if ink.ndim == 2 else (0, 0), np.int32)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    pieces = [
        Part(int(x), int(y), int(w), int(h), int(a), k)
        for k, (x, y, w, h, a) in enumerate(stats[1:, :5], start=1)
    ]
    return pieces, labels.astype(np.int32)


def arrow_beside_bars(mask: BoolArray) -> bool:
    """Whether the drawing is one vertical arrow beside two to five stacked, graded, aligned
    horizontal bars (a sort icon in any of its layouts)."""
    found, labels = parts_of(mask)
    pieces = [p for p in found if p.area >= MIN_PART]
    if not 3 <= len(pieces) <= 6:
        return False
    height = max(p.y + p.height for p in pieces) - min(p.y for p in pieces)
    upright = [p for p in pieces if p.height >= ARROW_HEIGHT * height and p.height >= 0.9 * p.width]
    if len(upright) != 1 or not _is_arrow(upright[0], labels):
        return False
    arrow = upright[0]
    bars = sorted((p for p in pieces if p.label != arrow.label), key=lambda p: p.y)
    if (
        any(p.width < p.height for p in bars)
        or sum(p.width >= BAR_RATIO * p.height for p in bars) < 2
    ):
        return False
    middle = arrow.x + arrow.width / 2
    centres = [p.x + p.width / 2 for p in bars]
    if not (all(c < middle for c in centres) or all(c > middle for c in centres)):
        return False  # the bars lie on one side of the arrow
    if any(below.y < above.y + above.height for above, below in pairwise(bars)):
        return False  # stacked, one under the other
    if not _graded([p.width for p in bars]):
        return False
    lefts = [p.x for p in bars]
    rights = [p.x + p.width for p in bars]
    return max(lefts) - min(lefts) <= ALIGN or max(rights) - min(rights) <= ALIGN


def _graded(lengths: list[int]) -> bool:
    """Lengths that grow (or shrink) down the stack, by :data:`GRADED` pixels in all."""
    steps = [b - a for a, b in pairwise(lengths)]
    one_way = all(d >= -1 for d in steps) or all(d <= 1 for d in steps)
    return one_way and max(lengths) - min(lengths) >= GRADED


def _is_arrow(piece: Part, labels: npt.NDArray[np.int32]) -> bool:
    """A head much wider than the shaft at one end, tapering to a tip; a shaft of one narrow run
    of ink in most rows."""
    own = labels[piece.y : piece.y + piece.height, piece.x : piece.x + piece.width] == piece.label
    ink = own.sum(axis=1)
    if ink.max() < ARROW_HEAD * max(float(np.median(ink)), 1.0):
        return False
    rows = _Rows.of(own)
    if float(np.mean(rows.runs == 1)) < SHAFT_ROWS:
        return False
    return _tapers(rows.extent)


def _tapers(extent: npt.NDArray[np.int64]) -> bool:
    """Whether one end (or both: ↕) holds a head: its widest rows near that end, narrowing to a
    tip there and dropping abruptly to the shaft on the inner side (:data:`TAPER`)."""
    reach = max(int(np.ceil(HEAD_END * len(extent))), 1)
    for rows in (extent, extent[::-1]):
        head = rows[:reach]
        widest = int(head.max())
        last = int(np.flatnonzero(head >= widest - 1)[-1])
        inner = rows[last + 1 : last + 3]
        if rows[0] <= TAPER * widest and len(inner) and int(inner.min()) <= TAPER * widest:
            return True
    return False


def triangle_pointing_right(mask: BoolArray) -> bool:
    """Whether the drawing is one triangle, filled or outlined, with an upright left side and its
    apex to the right at mid-height (a play icon); nothing inside an outline but empty space
    (a paper plane's fold, the Play Store's seams are not a play triangle)."""
    ink = np.asarray(mask, bool)
    if ink.ndim != 2 or ink.sum() < MIN_PART:
        return False
    outlines, _ = cv2.findContours(ink.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    everything = np.zeros(ink.shape, np.uint8)
    cv2.drawContours(everything, outlines, -1, 1, -1)
    outline = max(outlines, key=cv2.contourArea)
    shape = np.zeros(ink.shape, np.uint8)
    cv2.drawContours(shape, [outline], -1, 1, -1)
    area = int(shape.sum())
    if everything.sum() - area > STRAY_INK * everything.sum():
        return False
    _, _, width, height = cv2.boundingRect(outline)
    low, high = TRIANGLE_ASPECT
    if height < 8 or not low * height <= width <= high * height:
        return False
    hull = cv2.convexHull(outline)
    perimeter = cv2.arcLength(hull, True)
    if area < CONVEX * (cv2.contourArea(hull) + perimeter / 2):  # + half a pixel all round
        return False
    corners = _pointing_right(hull, width, height)
    if corners is None:
        return False
    (_, y0), (_, y1) = corners
    filled = shape.astype(bool)
    return _straight_left_side(filled, min(y0, y1), max(y0, y1), width) and _empty_inside(
        ink, filled
    )


def _pointing_right(
    hull: npt.NDArray[Any], width: int, height: int
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The two left corners of a convex ``hull`` when it simplifies to three corners, the two
    left ones one above the other and the third to their right at mid-height; else None."""
    corners = cv2.approxPolyDP(hull, CORNER_CUT * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(corners) != 3:
        return None
    (x0, y0), (x1, y1), (x2, y2) = sorted((int(x), int(y)) for x, y in corners)
    if (
        abs(x1 - x0) > UPRIGHT_SIDE * width
        or x2 - max(x0, x1) < APEX_REACH * width
        or abs(y2 - (y0 + y1) / 2) > APEX_LEVEL * height
    ):
        return None
    return (x0, y0), (x1, y1)


def _straight_left_side(filled: BoolArray, top: int, bottom: int, width: int) -> bool:
    """The middle three fifths of the left side, rows ``top``-``bottom``, lie on a line."""
    cut = int(0.2 * (bottom - top))
    rows = np.arange(top + cut, bottom - cut + 1)
    if len(rows) < 3:
        return False
    lefts = filled[rows].argmax(axis=1).astype(np.float64)
    line = np.polyval(np.polyfit(rows.astype(np.float64), lefts, 1), rows)
    return bool(np.abs(lefts - line).max() <= max(2.0, STRAIGHT * width))


def _empty_inside(ink: BoolArray, filled: BoolArray) -> bool:
    """Filled, or an outline around one open hole: no seams (several holes, or one made of thin
    lines), a hole of some size itself a triangle pointing right (not a hole punched in a solid
    triangle) and no ink deeper inside than the stroke is wide (a bar drawn inside)."""
    holes = filled & ~ink
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        holes.astype(np.uint8), connectivity=8
    )
    open_holes = [k for k in range(1, count) if stats[k, cv2.CC_STAT_AREA] >= 2]
    if len(open_holes) > 1:
        return False
    if open_holes:
        hole = labels == open_holes[0]
        points = cv2.findNonZero(hole.astype(np.uint8))
        hull = cv2.convexHull(points)
        if hole.sum() < 0.5 * (cv2.contourArea(hull) + 1):
            return False
        if hole.sum() >= OUTLINE_HOLE * filled.sum():
            _, _, width, height = cv2.boundingRect(points)
            if _pointing_right(hull, width, height) is None:
                return False
    if holes.sum() <= STRAY_INK * filled.sum():
        return True  # filled
    stroke = 2 * float(cv2.distanceTransform(ink.astype(np.uint8), cv2.DIST_L2, 3).max())
    depth = cv2.distanceTransform(filled.astype(np.uint8), cv2.DIST_L2, 3)
    return int((ink & (depth > stroke + 1.5)).sum()) <= 3


class _Rows(NamedTuple):
    """Per row of a mask: leftmost and rightmost ink, their span (0: empty) and runs of ink."""

    first: npt.NDArray[np.int64]
    last: npt.NDArray[np.int64]
    extent: npt.NDArray[np.int64]
    runs: npt.NDArray[np.int64]

    @classmethod
    def of(cls, ink: BoolArray) -> _Rows:
        first = ink.argmax(axis=1).astype(np.int64)
        last = (ink.shape[1] - 1 - ink[:, ::-1].argmax(axis=1)).astype(np.int64)
        extent = np.where(ink.any(axis=1), last - first + 1, 0).astype(np.int64)
        starts = np.diff(np.pad(ink.astype(np.int8), ((0, 0), (1, 0))), axis=1) == 1
        return cls(first, last, extent, starts.sum(axis=1).astype(np.int64))

    def centre(self, rows: npt.NDArray[np.int64] | range) -> float:
        return float(np.mean(self.first[rows] + self.last[rows])) / 2


def lid_over_can(mask: BoolArray) -> bool:
    """Whether the drawing is a bin: a small handle, a thin lid wider than anything below it,
    and a closed can hanging from it with straight or tapering walls (a delete icon, filled or
    outlined, slats or none)."""
    ink = np.asarray(mask, bool)
    if ink.ndim != 2 or ink.sum() < MIN_PART:
        return False
    rows = _Rows.of(ink)
    inked = np.flatnonzero(rows.extent)
    top, bottom = int(inked[0]), int(inked[-1])
    height, width = bottom - top + 1, int(rows.extent.max())
    if height < PORTRAIT * width:
        return False

    def solid(r: int) -> bool:
        return bool(ink[r, rows.first[r] : rows.last[r] + 1].mean() >= SOLID)

    rounding = max(2.0, LID_ROUNDING * width)

    def lid_row(r: int) -> bool:
        extent = rows.extent[r]
        return bool(extent >= width - 1 or (extent >= width - rounding and solid(r)))

    lid_top = lid_end = int(np.argmax(rows.extent))
    while lid_top - 1 >= top and lid_row(lid_top - 1):
        lid_top -= 1
    while lid_end + 1 <= bottom and lid_row(lid_end + 1):
        lid_end += 1
    lid = range(lid_top, lid_end + 1)
    if (
        len(lid) > LID_BAND * height
        or not any(rows.extent[r] >= width - 1 and solid(r) for r in lid)
        or (rows.runs[lid] > 2).any()  # a lid is a line or a box, not a bell's rim
    ):
        return False
    if not _handle_over(rows, top, lid, width, height):
        return False
    can_top = lid_end + 1
    while can_top <= bottom and rows.extent[can_top] == 0:
        can_top += 1
    can = np.arange(can_top, bottom + 1)
    if (
        can_top - lid_end - 1 > LID_GAP * height
        or len(can) < CAN_HEIGHT * height
        or (rows.extent[can] == 0).any()
        or (rows.extent[can] > width - 2).any()  # the lid overhangs the can
    ):
        return False
    walls = can[2 : max(round(0.8 * len(can)), 4)]
    spans = rows.extent[walls]
    if (
        len(walls) < 2
        or spans.max() - spans.min() > CAN_SPREAD * width
        or spans.min() < 0.5 * width
        or (np.diff(spans) > 1).any()
        or spans[-1] > spans[0] + 1  # no wider at the bottom than at the top
        or abs(rows.centre(walls) - rows.centre(lid)) > CENTRED
    ):
        return False
    return any(solid(int(r)) for r in can[-3:])  # a closed bottom, not a table's legs


def _handle_over(rows: _Rows, top: int, lid: range, width: int, height: int) -> bool:
    """A handle above the lid: a row or more, no taller than :data:`HANDLE_HEIGHT`, an arch or a
    bar (one run on top, at most two below), narrow and centred over the lid."""
    handle = range(top, lid.start)
    if not 1 <= len(handle) <= HANDLE_HEIGHT * height:
        return False
    if rows.runs[top] != 1 or (rows.runs[handle] > 2).any():
        return False
    # the two rows next to the lid may widen into it (a trapezoid lid)
    if rows.extent[top] > HANDLE_WIDTH * width or any(
        rows.extent[r] > HANDLE_WIDTH * width for r in range(top, lid.start - 2)
    ):
        return False
    offset = abs(rows.centre(range(top, top + 1)) - rows.centre(lid))
    return offset <= max(CENTRED, 0.08 * width)


STRUCTURES: Mapping[str, Callable[[BoolArray], bool]] = {
    "sort": arrow_beside_bars,
    "delete": lid_over_can,
    "play": triangle_pointing_right,
}
"""Concept -> the check of its structure on a 32x32 shape mask."""


def structural_concepts(mask: BoolArray) -> list[str]:
    """The concepts whose structure ``mask`` (a normalised 32x32 shape mask) shows (none for an
    empty, blank or degenerate mask: each check turns those away first)."""
    return [concept for concept, check in STRUCTURES.items() if check(mask)]


__all__ = [
    "STRUCTURES",
    "STRUCTURE_SCORE",
    "Part",
    "arrow_beside_bars",
    "lid_over_can",
    "parts_of",
    "structural_concepts",
    "triangle_pointing_right",
]
