"""Concepts a drawing's parts rule out, whatever its templates score.

A template match says how much a crop looks like a reference; it cannot tell that a part the
concept always has is missing. Some concepts differ from an everyday icon by one such part, and
their references then come within the lead an answer needs:

* **sort** -- :func:`two_plain_bars`: two upright bars of even width have no arrowhead (the thin
  shafts of ⇅ sort references matched thin pause bars better than pause's own thick bars).
* **zoom in / zoom out** -- :func:`empty_round_holes`: a magnifier with nothing in its lens has no
  plus or minus (a plain search icon led zoom out by 0.03-0.08 in four of eleven held-out
  families; zoom references are the same magnifier with a mark inside).
* **list view** -- :func:`bars_without_bullets`: stacked lines of one length and nothing else
  have no bullets (the pair check sided with list references on three families' ☰).

Each check claims that a part is *absent*, so it reads the crop's :class:`Ink` at
:data:`TRACE_THRESHOLD`, far below the threshold of the shape mask: a faint mark (a thin minus
anti-aliased into the background at 24 px) still counts as there. Where two parts a pixel apart
merge at that threshold (a bullet and its line), the check reads the shape mask too. A
ruled-out concept scores 0 in the recognizer, and
the pair check against it sides with the asked concept without comparing
(:meth:`~iconfind.recognition.recognizer.IconRecognizer.pair_checks`). No check rules out any
reference of its concept, any calibration crop of it (``tools/calibrate_acceptance.py``) or any
icon of it among the eleven held-out sets of ``bench/heldout.py`` in all 36 renders.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import pairwise
from typing import NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

from iconfind.recognition.features import FINE_THRESHOLD
from iconfind.recognition.structure import (
    MIN_PART,
    BoolArray,
    ellipse_overlap,
    filled_outline,
    holes_of,
    parts_of,
    upright_bar_pair,
)

TRACE_THRESHOLD = 0.25
"""A shape pixel at least this dark is ink for an exclusion (the shape mask takes 0.5): an
exclusion says a part is missing, so any trace of it counts."""


class Ink(NamedTuple):
    """A crop's ink at two thresholds: ``mask`` (the shape mask, 0.5) and ``trace``
    (:data:`TRACE_THRESHOLD`). A faint part shows in the trace only; two parts a pixel apart
    may merge in the trace but not in the mask."""

    mask: BoolArray
    trace: BoolArray

    @classmethod
    def of(cls, shape: npt.NDArray[np.floating]) -> Ink:
        """Both masks of a normalised shape (:func:`~iconfind.recognition.features.shape_of`)."""
        values = np.asarray(shape)
        return cls(values > FINE_THRESHOLD, values > TRACE_THRESHOLD)

    @classmethod
    def drawn(cls, mask: BoolArray) -> Ink:
        """A drawn mask with no faint parts: the same ink at both thresholds."""
        ink = np.asarray(mask, bool)
        return cls(ink, ink)


# not zoom in / out: nothing in the lens
LENS_AREA = 6
"""A hole of fewer pixels is the gap at a joint of strokes, not a lens."""
LENS_ASPECT = (0.75, 1.33)
"""Width over height of a lens's hole."""
LENS_ROUND = 0.8
"""Least overlap (intersection over union) of a lens's hole with its inscribed ellipse: a plus
or minus knocked out of a filled lens is a hole too, but not a round one."""
LENS_CONVEX = 0.94
"""Least share of its convex hull a lens's hole fills: a mark touching the ring
cuts a notch into it (0.82-0.92), a lens has none (0.95-1)."""

# not list view: bars without bullets
BARS = (2, 5)
"""How many stacked bars (fewest, most)."""
BAR_LONG = 5.0
"""A bar is a line, at least this many times as wide as tall (a bullet is not; nor are the
stacked units of a server rack, whose dots a small render can lose)."""
BAR_SAME = 2
"""The bars' left ends, and their right ends, lie within this many pixels of each other: one
length (the lines of a text-alignment icon differ, and list references are no closer to them
than to ☰)."""
STRAY_PIXELS = 2
"""Pixels of specks (pieces under :data:`~iconfind.recognition.structure.MIN_PART`) tolerated."""


def two_plain_bars(ink: Ink) -> bool:
    """Whether the drawing is two upright bars side by side, filled or outlined, of even width
    from end to end, with the same ends and widths (a pause icon, a two-column layout): no
    arrowheads, so no arrow icon
    (:func:`~iconfind.recognition.structure.upright_bar_pair`; pause's own check asks more).
    Read in the trace: a faint head counts."""
    return upright_bar_pair(ink.trace) is not None


def empty_round_holes(ink: Ink) -> bool:
    """Whether the drawing is one piece enclosing at least one hole of some size, every such
    hole round, convex and empty (a magnifier with nothing in its lens, a ring, a pin): no plus
    or minus in a lens, so no zoom icon. A mark drawn inside a lens is ink inside the hole, or,
    touching the ring, a notch in it; knocked out of a filled lens it is a hole of its own,
    not round; drawn beside the lens it is a second piece. Read in the trace: a faint mark
    counts."""
    trace = np.asarray(ink.trace, bool)
    if trace.ndim != 2 or trace.sum() < MIN_PART:
        return False
    if sum(p.area >= MIN_PART for p in parts_of(trace)[0]) != 1:
        return False
    holes, labels = holes_of(trace)
    lenses = 0
    for x, y, w, h, area, label in holes:
        if area < LENS_AREA:
            continue
        hole = (labels == label).astype(np.uint8)
        solid = filled_outline(hole)
        if (solid.astype(bool) & trace).any():
            return False  # ink inside the hole: a mark in the lens
        if not LENS_ASPECT[0] <= w / h <= LENS_ASPECT[1]:
            return False
        if ellipse_overlap(solid, x, y, w, h) < LENS_ROUND:
            return False
        hull = np.zeros_like(hole)
        cv2.fillConvexPoly(hull, cv2.convexHull(cv2.findNonZero(solid)), 1)
        if int(solid.sum()) < LENS_CONVEX * int(hull.sum()):
            return False  # a notch: a mark touching the ring
        lenses += 1
    return lenses > 0


def bars_without_bullets(ink: Ink) -> bool:
    """Whether the drawing is two to five lines of one length stacked one under another and
    nothing else (☰): no bullets, so no list icon. Read at both thresholds: a faint bullet
    shows in the trace, a bullet a pixel from its line may merge with it there but not in the
    mask."""
    return _lines_only(ink.mask) and _lines_only(ink.trace)


def _lines_only(mask: BoolArray) -> bool:
    found, _ = parts_of(mask)
    pieces = sorted((p for p in found if p.area >= MIN_PART), key=lambda p: p.y)
    if not BARS[0] <= len(pieces) <= BARS[1]:
        return False
    if sum(p.area for p in found) - sum(p.area for p in pieces) > STRAY_PIXELS:
        return False
    if any(p.width < BAR_LONG * p.height for p in pieces):
        return False
    lefts = [p.x for p in pieces]
    rights = [p.x + p.width for p in pieces]
    if max(lefts) - min(lefts) > BAR_SAME or max(rights) - min(rights) > BAR_SAME:
        return False
    return all(below.y >= above.y + above.height for above, below in pairwise(pieces))


EXCLUSIONS: Mapping[str, Callable[[Ink], bool]] = {
    "sort": two_plain_bars,
    "zoom_in": empty_round_holes,
    "zoom_out": empty_round_holes,
    "list_view": bars_without_bullets,
}
"""Concept -> a check that rules it out."""


def rules_out(ink: Ink, concept: str) -> bool:
    """Whether :data:`EXCLUSIONS` rules ``concept`` out for ``ink``; only ``concept``'s own
    check runs."""
    check = EXCLUSIONS.get(concept)
    return check is not None and check(ink)


def excluded_concepts(ink: Ink) -> list[str]:
    """The concepts :data:`EXCLUSIONS` rules out for ``ink``; each check runs once even when
    it rules out several concepts."""
    verdicts: dict[Callable[[Ink], bool], bool] = {}
    out = []
    for concept, check in EXCLUSIONS.items():
        if check not in verdicts:
            verdicts[check] = check(ink)
        if verdicts[check]:
            out.append(concept)
    return out


__all__ = [
    "EXCLUSIONS",
    "TRACE_THRESHOLD",
    "Ink",
    "bars_without_bullets",
    "empty_round_holes",
    "excluded_concepts",
    "rules_out",
    "two_plain_bars",
]
