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
(``tools/calibrate_acceptance.py``: 60,000 crops of four font families' everyday concepts) and
every icon of the eleven held-out sets of ``bench/heldout.py`` in all 36 renders (98,000 crops);
``tests/recognition/test_structure.py`` keeps the look-alikes out (☰, a list, a lamp over its
base, a download tray, an arrow beside equal bars).

A structure is added only where no other concept shares it: two upright bars (pause) were
tried and left out, because Phosphor's and Octicons' "columns" are two upright boxes with the
same proportions and gaps as several families' pause icons.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import pairwise

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
"""Its widest row (the head) is at least this many times its median row (the shaft)."""
SHAFT_ROWS = 0.6
"""At least this share of its rows are one run of ink (a lamp's outline has two per row)."""
BAR_RATIO = 2.5
"""A bar is at least this many times as wide as tall (the last of a graded stack may be a dot)."""
GRADED = 1.1
"""The longest bar is at least this many times the shortest."""
ALIGN = 2
"""Bars share their left or their right edge within this many pixels."""

Part = tuple[int, int, int, int, int, int]
"""``(x, y, width, height, area, label)`` of one connected piece of ink."""


def parts_of(mask: BoolArray) -> tuple[list[Part], npt.NDArray[np.int32]]:
    """The connected pieces of ``mask`` (8-connected) and the label image they index."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    pieces = [
        (int(x), int(y), int(w), int(h), int(a), k)
        for k, (x, y, w, h, a) in enumerate(stats[1:, :5], start=1)
    ]
    return pieces, labels.astype(np.int32)


def arrow_beside_bars(mask: BoolArray) -> bool:
    """Whether the drawing is one vertical arrow beside two or more stacked, graded, aligned
    horizontal bars (a sort icon in any of its layouts)."""
    found, labels = parts_of(mask)
    pieces = [p for p in found if p[4] >= MIN_PART]
    if not 3 <= len(pieces) <= 6:
        return False
    height = max(p[1] + p[3] for p in pieces) - min(p[1] for p in pieces)
    upright = [p for p in pieces if p[3] >= ARROW_HEIGHT * height and p[3] >= 0.9 * p[2]]
    if len(upright) != 1 or not _is_arrow(upright[0], labels):
        return False
    arrow = upright[0]
    bars = sorted((p for p in pieces if p is not arrow), key=lambda p: p[1])
    if any(p[2] < p[3] for p in bars) or sum(p[2] >= BAR_RATIO * p[3] for p in bars) < 2:
        return False
    middle = arrow[0] + arrow[2] / 2
    centres = [p[0] + p[2] / 2 for p in bars]
    if not (all(c < middle for c in centres) or all(c > middle for c in centres)):
        return False  # the bars lie on one side of the arrow
    if any(below[1] < above[1] + above[3] for above, below in pairwise(bars)):
        return False  # stacked, one under the other
    widths = [p[2] for p in bars]
    if max(widths) < GRADED * min(widths):
        return False
    lefts = [p[0] for p in bars]
    rights = [p[0] + p[2] for p in bars]
    return max(lefts) - min(lefts) <= ALIGN or max(rights) - min(rights) <= ALIGN


def _is_arrow(piece: Part, labels: npt.NDArray[np.int32]) -> bool:
    """A head much wider than the shaft, and a shaft of one narrow run of ink per row."""
    x, y, w, h, _, label = piece
    own = (labels[y : y + h, x : x + w] == label).astype(np.int8)
    widths = own.sum(axis=1)
    if widths.max() < ARROW_HEAD * max(float(np.median(widths)), 1.0):
        return False
    runs = (np.diff(np.pad(own, ((0, 0), (1, 0))), axis=1) == 1).sum(axis=1)
    return float(np.mean(runs == 1)) >= SHAFT_ROWS


STRUCTURES: Mapping[str, Callable[[BoolArray], bool]] = {"sort": arrow_beside_bars}
"""Concept -> the check of its structure on a 32x32 shape mask."""


def structural_concepts(mask: BoolArray) -> list[str]:
    """The concepts whose structure ``mask`` (a normalised 32x32 shape mask) shows."""
    if not mask.any():
        return []
    return [concept for concept, check in STRUCTURES.items() if check(mask)]


__all__ = [
    "STRUCTURES",
    "STRUCTURE_SCORE",
    "arrow_beside_bars",
    "parts_of",
    "structural_concepts",
]
