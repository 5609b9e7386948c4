"""Icons recognised by their parts, where whole-drawing templates fall short.

A sort icon is drawn in as many layouts as there are icon families: the arrow left or right of
the bars, pointing up or down, the bars widening or narrowing, left- or right-aligned, three or
four of them, the last one a dot. Each layout matches a font reference drawn another way poorly
(Bootstrap's ``sort-down`` scored 0.56 against the closest reference, Carbon's
``sort--ascending`` 0.37: below the 0.6 any answer needs), yet the parts are always the same:
**one vertical arrow beside a stack of graded bars**. :func:`arrow_beside_bars` checks exactly
that on the 32x32 shape mask, and :func:`structural_concepts` lets the recognizer raise such a
crop's sort score to :data:`STRUCTURE_SCORE`; acceptance (leads, pair checks) then applies as to
any score.

The rule is strict on purpose (a clear winner must stay clear). It holds for no drawing of any
other concept among the 8,538 shipped reference renders (791 concepts), the calibration rows
(``tools/calibrate_acceptance.py``: 60,444 crops of four font families' everyday concepts) and
every icon of the eleven held-out sets of ``bench/heldout.py`` in all 36 renders (98,000 crops);
``tests/recognition/test_structure.py`` keeps the look-alikes out (☰, a list, a download tray,
an arrow beside equal, ragged or staggered bars, a T beside graded bars).

A structure is added only where no other concept shares it: two upright bars (pause) were
tried and left out, because Phosphor's and Octicons' "columns" are two upright boxes with the
same proportions and gaps as several families' pause icons.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import pairwise
from typing import NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

BoolArray = npt.NDArray[np.bool_]

STRUCTURE_SCORE = 0.9
"""The score a concept gets at least when its structure is in the crop."""

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
    runs = (np.diff(np.pad(own.astype(np.int8), ((0, 0), (1, 0))), axis=1) == 1).sum(axis=1)
    if float(np.mean(runs == 1)) < SHAFT_ROWS:
        return False
    return _tapers(_extents(own))


def _extents(own: BoolArray) -> npt.NDArray[np.int64]:
    """Per row, from the leftmost to the rightmost ink (0 for an empty row)."""
    filled = own.any(axis=1)
    first = own.argmax(axis=1)
    last = own.shape[1] - 1 - own[:, ::-1].argmax(axis=1)
    return np.where(filled, last - first + 1, 0).astype(np.int64)


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


class _Rows(NamedTuple):
    """Per row of a mask: leftmost and rightmost ink, their span (0: empty) and runs of ink."""

    first: npt.NDArray[np.int64]
    last: npt.NDArray[np.int64]
    extent: npt.NDArray[np.int64]
    runs: npt.NDArray[np.int64]

    @classmethod
    def of(cls, ink: BoolArray) -> _Rows:
        starts = np.diff(np.pad(ink.astype(np.int8), ((0, 0), (1, 0))), axis=1) == 1
        return cls(
            ink.argmax(axis=1).astype(np.int64),
            (ink.shape[1] - 1 - ink[:, ::-1].argmax(axis=1)).astype(np.int64),
            _extents(ink),
            starts.sum(axis=1).astype(np.int64),
        )

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

    def lid_row(r: int) -> bool:
        rounding = max(2.0, LID_ROUNDING * width)
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
}
"""Concept -> the check of its structure on a 32x32 shape mask."""


def structural_concepts(mask: BoolArray) -> list[str]:
    """The concepts whose structure ``mask`` (a normalised 32x32 shape mask) shows (none for an
    empty or blank mask: :func:`parts_of` finds no pieces)."""
    return [concept for concept, check in STRUCTURES.items() if check(mask)]


__all__ = [
    "STRUCTURES",
    "STRUCTURE_SCORE",
    "Part",
    "arrow_beside_bars",
    "lid_over_can",
    "parts_of",
    "structural_concepts",
]
