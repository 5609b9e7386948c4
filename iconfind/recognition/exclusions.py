"""Concepts a drawing's parts rule out, whatever its templates score.

A template match says how much a crop looks like a reference; it cannot tell that a part the
concept always has is missing. Some concepts differ from an everyday icon by one such part, and
their references then come within the lead an answer needs:

* **sort** -- :func:`two_plain_bars`: two upright bars of even width have no arrowhead (the thin
  shafts of ⇅ sort references matched thin pause bars better than pause's own thick bars).
* **zoom in / zoom out** -- :func:`empty_round_holes`: a magnifier with nothing in its lens has no
  plus or minus (a plain search icon led zoom out by 0.03-0.08 in four of eleven held-out
  families; zoom references are the same magnifier with a mark inside).
* **search** -- :func:`mark_in_the_lens`: a plus or a minus at the centre of a lens makes a
  zoom icon (Material's ``zoom_out`` was accepted as search with Material left out; 117 zoom
  crops of the calibration and test rows ranked search first).
* **list view** -- :func:`bars_without_bullets`: stacked lines of one length and nothing else
  have no bullets (the pair check sided with list references on three families' ☰).
* **settings** -- :func:`petals_round_a_centre`: a drawing whose holes are petals round its
  centre is a flower, not a gear (Ionicons' outlined flower scored 0.85 as settings, 0.33 ahead
  of anything else: Codicons' gear is drawn with long looped teeth, and matched it).
* **hamburger** -- :func:`centred_uneven_lines`: centred lines of different lengths are a text
  alignment icon (Lucide's ``text-align-center`` was accepted as ☰ at 24 and 48 px after the
  references were rebuilt in the twenty-fourth pass; every pair check sided with hamburger);
  :func:`holes_in_every_bar`: stacked bars each with a hole in it are a server rack (Material's
  ``storage`` was accepted as ☰ in 24 of its 36 calibration crops with Material left out).
* **open in new** -- :func:`no_corner_arrowhead`: a stroke leaving a box with no arrowhead in
  the top right corner is no open-in-new icon (Ionicons' one-stroke pencil out of a box,
  ``create-outline``, was accepted as open-in-new in 3 of 36 calibration renders).
* **add** -- :func:`nothing_at_the_centre`: a plus's bars cross at its centre; a drawing with no
  ink there is no plus -- a crosshair's arms never meet (boxicons' ``bx-cross`` was accepted as
  add at 24 and 48 px), an outlined four-pointed sparkle is hollow (Lucide's and Tabler's
  scored 0.69-0.70 as add, 0.15-0.17 ahead of anything else).
* **wifi, cloud, camera, filter, microphone, visibility, notification, volume, phone** --
  :func:`struck_through`: a slash across the drawing makes it the "off" form, a concept of its
  own (:data:`SLASHED`; Bootstrap's and Carbon's slashed wifi ranked wifi first, a lead away
  from being tapped as wifi); :func:`x_beside`: so does an X beside it (Phosphor's ``wifi-x``
  was accepted as wifi in 56 of 144 leave-one-family-out crops).
* **volume down** -- :func:`loud_speaker`: a speaker with two waves or more is loud (Phosphor's
  loud speakers were accepted as volume down in 57 leave-one-family-out crops).
* **profile** -- :func:`shackle_on_a_box`: an arch standing on the top edge of a wider box is a
  padlock (Iconoir's outlined padlock scored 0.72-0.75 as profile, about 0.12 ahead: a head over
  shoulders, to a template).
* **play** -- :func:`fold_from_the_back`: a triangle with a fold line, or a slit, running in
  from its back edge along its axis is a paper plane (Remix's ``send-plane-2`` was accepted as
  play in 34 of 36 leave-one-family-out crops, Phosphor's thin ``paper-plane-right`` in 9).
* **warning** -- :func:`fold_from_the_base`: the same plane pointing up, its fold rising from
  its base, is no warning sign, whose "!" stands apart from the triangle (Phosphor's
  ``paper-plane`` was accepted as warning in 34 of 36 leave-one-family-out crops).
* **home** -- :func:`flap_in_the_body`: a V inside a pentagon, a stroke apart from its outline
  or a slit cut into it, is an open envelope's flap (Font Awesome's ``envelope-open`` glyphs
  ranked home first in 46 of its 144 leave-one-family-out mail crops; 10 were accepted).
* **fullscreen** -- :func:`barcode_bars`: three or more upright bars side by side make a
  barcode, a chart or a battery, not corner brackets round an empty middle (Phosphor's
  ``barcode`` was accepted as fullscreen in 28 of 108 leave-one-family-out crops).
* **cancel** -- :func:`split_by_one_bar`: a ring split in two by one bar is a ban sign, not an
  X in a circle (Phosphor's ``prohibit`` was accepted as cancel in 24 leave-one-family-out
  crops).

Most checks claim that a part is *absent*, so they read the crop's :class:`Ink` at
:data:`TRACE_THRESHOLD`, far below the threshold of the shape mask: a faint mark (a thin minus
anti-aliased into the background at 24 px) still counts as there. Where two parts a pixel apart
merge at that threshold (a bullet and its line), the check reads the shape mask too. The petals
are holes, which the trace's thicker strokes close: that check reads the shape mask, and so
does the shackle's (a hole too). A slash is a part that *is* there, so a faint smear must not
pass for one: that check reads the shape mask as well, and so does the waves' check (waves are
parts that are there, and apart), and so does the flap's (a stroke apart from the outline, or
a slit the trace's thicker strokes close), and so does the X's (a part that is there, whose
notches the trace's thicker strokes fill), and so do the bars' (parts that are there, and
apart). The fold's check reads the shape mask first (a slit), then the trace (a thin plane's
faint fold line); turned to the base, the shape mask only (the trace joins a small warning's
"!" to its base). A ruled-out concept scores 0 in the recognizer, and the pair check against
it sides with the asked concept without comparing
(:meth:`~iconfind.recognition.recognizer.IconRecognizer.pair_checks`). No check rules out any
reference of its concept, any calibration crop of it (``tools/calibrate_acceptance.py``) or any
icon of it among the eleven held-out sets of ``bench/heldout.py`` in all 36 renders -- but 2 of
Phosphor's 108 open-in-new calibration crops, renders that lost the arrowhead altogether, and
MDI's ``cancel`` reference, a ban sign filed by its name, which the ban sign's check rightly
rules cancel out for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import groupby, pairwise
from math import ceil, floor, pi
from typing import Any, NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

from iconfind.recognition.features import FINE_THRESHOLD
from iconfind.recognition.structure import (
    MIN_PART,
    BoolArray,
    Part,
    ellipse_overlap,
    filled_outline,
    holes_of,
    parts_of,
    pieces_top_down,
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

# not search: a mark in the lens
MARK_SMALLEST = 8
"""Fewest pixels of a mark in a lens, one piece (a zoom icon's plus or minus has 11 or more in
every calibration and test row; a duotone lens's faint fill leaves specks)."""
LENS_CENTRED = 0.1
"""Farthest a mark's box's centre lies from its lens's centre, in shares of the lens's width
(across) and height (down): a zoom icon's plus or minus lies within 0.06 in every calibration
and test row; a glint drawn along the rim lies 0.11 or more out."""
MINUS_FILL = 0.8
"""Least share of its box a minus fills, level or upright (0.85 or more in the calibration and
test rows)."""
MINUS_LONG = 2.0
"""Least length of a minus in thicknesses, level or upright (a review's real search icons'
lens marks came to 1.33)."""
ARM_SPAN = 0.8
"""A row of a plus with ink across at least this share of its width is its level arm's (and a
column likewise its upright arm's): an arm's rows hold ink across the whole width."""
ARM_THICK = 0.5
"""Most share of the plus's rows (or columns) its arm spans: the calibration and test rows'
pluses 0.1-0.4. It does not tell a disc apart (its middle rows, 0.4-0.65 of them, hold ink
across it): :data:`PLUS_SOLID` and :data:`PLUS_DENT` do."""
PLUS_STRAY = 0.3
"""Most share of a plus's ink off its two arms (rounded ends, anti-aliasing: up to 0.26 in the
calibration and test rows)."""
PLUS_SOLID = 0.88
"""Most share of its convex hull a plus fills: the calibration and test rows' pluses 0.70 in
the median, 0.87 in 99 %. A disc, its middle rows spanning it as a plus's arm does, fills 0.83
or more; real search icons' lens discs came to 0.889 in a review's renders. Neither this nor
:data:`PLUS_DENT` alone keeps every disc out; together they did in all of its renders."""
PLUS_DENT = 1.2
"""Least depth, in its convex hull, of the deepest pixel a plus leaves out (:func:`_dent`; the
distances step 1.0, 1.4, 2.0, 2.2): its inner corners lie 1.4 deep or more in every calibration and
test row's plus; a disc leaves out pixels 1.0 deep, or 1.4 where its edge has a notch."""


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

# not hamburger: centred lines of different lengths
ALIGN_LINES = (3, 5)
"""How many stacked lines a text-alignment icon draws (fewest, most)."""
ALIGN_LONG = 3.0
"""A line is at least this many times as wide as tall (the trace thickens a 2 px line to 4)."""
ALIGN_SPREAD = 5
"""Lines whose left ends spread over at least this many pixels, and whose right ends do too,
are of different lengths at both ends: centred text. A ☰'s lines are one length, or one is
shorter at one end only. The margin is a pixel: a thin middle line fading at both ends at
small sizes spreads a ☰ by up to 4 (Phosphor's ``list``, Codicons' ``three-bars``); no
hamburger reference, calibration crop or held-out render in 36 renders, nor a review's 3,780
renders of held-out and font ☰ at 12-39 px, reaches 5. Centred text spreads 3-8: Phosphor's
``text-align-center`` (3-4) is not caught."""

# not settings: petals round a centre
PETALS = 4
"""Fewest petals of a flower (or lobes of the hole round its centre)."""
PETAL_AREA = 8
"""A hole of fewer pixels is no petal: the bold renders of a thin gear close small pockets off
between its strokes."""
PETAL_OFF_CENTRE = 0.3
"""A petal's hole lies at least this far from the drawing's centre, in half-sizes."""
PETAL_ALONG = 1.3
"""A petal's hole runs along the radius: at least this many times as long as it is wide across
it (the pockets of a bold gear run round its hub)."""
PETAL_LONG = 0.25
"""A petal's hole is at least this long along the radius, in half-sizes."""
CENTRE_HOLE = 0.15
"""A hole whose centre lies within this many half-sizes of the drawing's is the hole round its
centre (petal loops open into each other at their base: one hole, lobed)."""
LOBE_BINS = 48
"""Directions the lobes of the hole round the centre are read in."""
LOBE_REACH = 0.7
"""The hole round the centre reaches at least this far out, in half-sizes (a gear's hub does
not)."""
LOBE_PEAK = 0.85
"""A lobe reaches at least this share of the hole's farthest reach."""
LOBE_DEEP = 0.5
"""Between two lobes the hole reaches at most this share of its farthest reach: a petal's
neighbour starts near the centre, a gear's next tooth on its body ring (long-toothed gears come
down to 0.55 at small sizes: Codicons' gear at 20 px, drawn gears with teeth a third of their
radius long)."""


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
    lenses = 0
    for inside, box in _holes_filled(trace):
        if (inside & trace).any():
            return False  # ink inside the hole: a mark in the lens
        if not _is_round(inside, box):
            return False
        if int(inside.sum()) < LENS_CONVEX * int(_hull(inside).sum()):
            return False  # a notch: a mark touching the ring
        lenses += 1
    return lenses > 0


def mark_in_the_lens(ink: Ink) -> bool:
    """Whether a hole holds a plus or a minus at its centre (:func:`_plus_or_minus_at_centre`):
    a zoom icon's lens, not a plain magnifier's, so no search icon. A glint along the rim, a
    duotone lens's disc or specks, a magnifier drawn in a ring or knocked out of a disc are no
    such mark. Read in the trace: a faint mark counts, and a mark merged with the ring in the
    trace is no mark (the check stays silent). The hole need not be round: a bold ring's trace
    leaves the lens an octagon (Material's zoom glyphs at 96 px)."""
    trace = np.asarray(ink.trace, bool)
    if trace.ndim != 2 or trace.sum() < MIN_PART:
        return False
    return any(
        _plus_or_minus_at_centre(inside & trace, box) for inside, box in _holes_filled(trace)
    )


def _plus_or_minus_at_centre(mark: BoolArray, box: tuple[int, int, int, int]) -> bool:
    """Whether ``mark`` (the ink inside a hole of box ``box``) is one piece of
    :data:`MARK_SMALLEST` pixels or more, a plus or a minus (:func:`_plus_or_minus`), whose box's
    centre lies within :data:`LENS_CENTRED` of the hole's width and height of the hole's
    centre."""
    pieces, _ = parts_of(mark)
    if len(pieces) != 1 or pieces[0].area < MARK_SMALLEST:
        return False  # specks beside a mark, or a mark in two pieces: left to the templates
    left, top, width, height, *_ = pieces[0]
    x, y, w, h = box
    across = abs(left + width / 2 - (x + w / 2)) / w
    down = abs(top + height / 2 - (y + h / 2)) / h
    if max(across, down) > LENS_CENTRED:
        return False
    return _plus_or_minus(mark[top : top + height, left : left + width])


def _plus_or_minus(mark: BoolArray) -> bool:
    """Whether ``mark`` (cropped to its box) is a minus -- a bar filling :data:`MINUS_FILL` of
    its box, :data:`MINUS_LONG` times as long as thick -- or a plus: the rows with ink across
    :data:`ARM_SPAN` of the width one run through the middle row, at most :data:`ARM_THICK`
    of them, the columns likewise, at most :data:`PLUS_STRAY` of the ink off both bands, at
    most :data:`PLUS_SOLID` of its convex hull filled, its inner corners :data:`PLUS_DENT`
    deep in that hull, and no hole in it. A disc is too solid and has no such corners, an
    inner ring collapsed into a blob keeps a hole, a glint's arc or a ring's broken arcs span
    no row through the middle."""
    height, width = mark.shape
    if mark.mean() >= MINUS_FILL and max(width, height) >= MINUS_LONG * min(width, height):
        return True
    rows = mark.sum(axis=1) >= ARM_SPAN * width
    columns = mark.sum(axis=0) >= ARM_SPAN * height
    if not (_one_middle_run(rows) and _one_middle_run(columns)):
        return False
    bands = rows[:, None] | columns[None, :]
    ink = int(mark.sum())
    return (
        int((mark & ~bands).sum()) / ink <= PLUS_STRAY
        and ink / int(_hull(mark).sum()) <= PLUS_SOLID
        and _dent(mark) >= PLUS_DENT
        and not holes_of(mark)[0]
    )


def _one_middle_run(lines: BoolArray) -> bool:
    """Whether ``lines`` are one run holding the middle line (both middle lines of an even
    count: an arm drawn through the centre does), at most :data:`ARM_THICK` of them: a plus's
    arm across the other."""
    runs = _runs(lines)
    return (
        len(runs) == 1
        and bool(lines[_centre(len(lines))].all())
        and runs[0][1] <= ARM_THICK * len(lines)
    )


def _holes_filled(trace: BoolArray) -> Iterator[tuple[BoolArray, tuple[int, int, int, int]]]:
    """Each hole of :data:`LENS_AREA` pixels or more in ``trace``: its inside (the hole with the
    ink it encloses, as a region) and its box (x, y, width, height)."""
    holes, labels = holes_of(trace)
    for x, y, w, h, area, label in holes:
        if area >= LENS_AREA:
            inside = filled_outline((labels == label).astype(np.uint8)).astype(bool)
            yield inside, (x, y, w, h)


def _is_round(inside: BoolArray, box: tuple[int, int, int, int]) -> bool:
    """Whether a hole's ``inside`` (box ``box``) is round: :data:`LENS_ASPECT` wide for tall and
    overlapping its box's inscribed ellipse by :data:`LENS_ROUND`. A mark knocked out of a
    filled lens is a hole of its own, not round."""
    x, y, w, h = box
    return (
        LENS_ASPECT[0] <= w / h <= LENS_ASPECT[1]
        and ellipse_overlap(inside.astype(np.uint8), x, y, w, h) >= LENS_ROUND
    )


def _hull(region: npt.NDArray[Any]) -> BoolArray:
    """The pixels of ``region``'s convex hull (``region``, non-zero: ink, holds some)."""
    hull = np.zeros(region.shape, np.uint8)
    cv2.fillConvexPoly(hull, cv2.convexHull(cv2.findNonZero(region.astype(np.uint8))), 1)
    filled: BoolArray = hull.astype(bool)
    return filled


def bars_without_bullets(ink: Ink) -> bool:
    """Whether the drawing is two to five lines of one length stacked one under another and
    nothing else (☰): no bullets, so no list icon. Read at both thresholds: a faint bullet
    shows in the trace, a bullet a pixel from its line may merge with it there but not in the
    mask."""
    return _lines_only(ink.mask) and _lines_only(ink.trace)


def _lines_only(mask: BoolArray) -> bool:
    spreads = _end_spreads(mask, BARS, BAR_LONG)
    return spreads is not None and max(spreads) <= BAR_SAME


def _end_spreads(mask: BoolArray, count: tuple[int, int], long: float) -> tuple[int, int] | None:
    """How far the left ends, and the right ends, of ``mask``'s lines spread (pixels), when it
    is ``count`` lines (fewest, most), each ``long`` times as wide as tall or more, stacked one
    under another, and nothing else (specks aside); else None."""
    pieces = _stacked_bars(mask, count, long)
    if pieces is None:
        return None
    lefts = [p.x for p in pieces]
    rights = [p.x + p.width for p in pieces]
    return max(lefts) - min(lefts), max(rights) - min(rights)


def _stacked_bars(mask: BoolArray, count: tuple[int, int], long: float) -> list[Part] | None:
    """``mask``'s pieces from the top down, when it is ``count`` bars (fewest, most), each
    ``long`` times as wide as tall or more, stacked one under another, and nothing else (specks
    aside); else None."""
    pieces = pieces_top_down(mask, count, STRAY_PIXELS)
    if pieces is None or any(p.width < long * p.height for p in pieces):
        return None
    if not all(below.y >= above.y + above.height for above, below in pairwise(pieces)):
        return None
    return pieces


def centred_uneven_lines(ink: Ink) -> bool:
    """Whether the drawing is three to five lines stacked one under another and nothing else,
    their left ends and their right ends each spread over :data:`ALIGN_SPREAD` or more: lines
    of different lengths at both ends -- centred text (an align-center icon) or a stack
    narrowing to its middle (a filter, a tornado), no ☰ (Lucide's align-center led hamburger
    by 0.22, with every pair check siding with it). Both thresholds must show it: the claim is
    that the lines differ, which a faint part could not undo."""
    return _uneven_at_both_ends(ink.mask) and _uneven_at_both_ends(ink.trace)


def _uneven_at_both_ends(mask: BoolArray) -> bool:
    spreads = _end_spreads(mask, ALIGN_LINES, ALIGN_LONG)
    return spreads is not None and min(spreads) >= ALIGN_SPREAD


RACK_LONG = 2.0
"""A rack unit is at least this many times as wide as tall (a ☰'s lines are wider still)."""
RACK_HOLE = 2
"""Fewest pixels of a unit's hole (its light or slot): a pinhole is no part."""
MERGED_GAP = 0.6
"""A hole at least this share of its bar's width, no taller than the ink above and below it,
is the gap between two lines of a ☰ that a small render merged at their rounded ends: no
light."""


def holes_in_every_bar(ink: Ink) -> bool:
    """Whether the drawing is two to five bars (:data:`BARS`, :data:`RACK_LONG`) stacked one
    under another and nothing else, each with a hole of its own (:data:`RACK_HOLE`; not the gap
    between two merged lines, :data:`MERGED_GAP`): the units of a server rack, each with a
    light or a slot knocked out of it, or drawn hollow. A ☰'s lines are strokes with nothing in
    them, so no hamburger (a ☰ drawn with hollow bars is lost: no icon set here draws one).
    Read in the shape mask: holes, which the trace's thicker strokes close (a render that
    closes a unit's light is not caught)."""
    mask = np.asarray(ink.mask, bool)
    if mask.ndim != 2 or mask.sum() < MIN_PART:
        return False
    pieces = _stacked_bars(mask, BARS, RACK_LONG)
    if pieces is None:
        return False
    _, labels = parts_of(mask)
    return all(_has_a_light(piece.cut_from(labels)) for piece in pieces)


def _has_a_light(bar: BoolArray) -> bool:
    """Whether ``bar`` (one piece, cut to its box) holds a hole of :data:`RACK_HOLE` pixels or
    more that is no gap between two merged lines (:data:`MERGED_GAP`)."""
    width = bar.shape[1]
    for hole in holes_of(bar)[0]:
        if hole.area < RACK_HOLE:
            continue
        column = bar[:, hole.x + hole.width // 2]
        above = _ink_run(column[: hole.y][::-1])
        below = _ink_run(column[hole.y + hole.height :])
        if hole.width >= MERGED_GAP * width and hole.height <= min(above, below):
            continue  # two lines merged at their ends, the gap between them
        return True
    return False


def _ink_run(line: BoolArray) -> int:
    """How many pixels of ink ``line`` starts with."""
    gaps = np.flatnonzero(~np.asarray(line, bool))
    return int(gaps[0]) if len(gaps) else len(line)


def petals_round_a_centre(ink: Ink) -> bool:
    """Whether the drawing's holes are petals round its centre: at least :data:`PETALS` holes
    off the centre, each running along the radius (petals drawn as loops), or one hole round
    the centre reaching out in as many lobes, cut deep apart (the loops open into each other at
    their base): a flower, no gear. A gear's teeth stand on a body ring: the hole inside a
    drawn gear reaches into them no deeper than the ring, and a filled gear's one hole is its
    hub. Read in the shape mask: holes, which the trace's thicker strokes close."""
    mask = np.asarray(ink.mask, bool)
    if mask.ndim != 2 or mask.sum() < MIN_PART:
        return False
    ys, xs = np.nonzero(mask)
    centre = ((ys.min() + ys.max()) / 2, (xs.min() + xs.max()) / 2)
    half = max(ys.max() - ys.min(), xs.max() - xs.min()) / 2 + 0.5
    holes, labels = holes_of(mask)
    petals = 0
    for hole in holes:
        if hole.area < PETAL_AREA:
            continue
        hy, hx = np.nonzero(labels == hole.label)
        dy, dx = hy - centre[0], hx - centre[1]
        offset = float(np.hypot(dy.mean(), dx.mean()))
        if offset <= CENTRE_HOLE * half and _deep_lobes(dy, dx, half) >= PETALS:
            return True
        if offset >= PETAL_OFF_CENTRE * half:
            uy, ux = dy.mean() / offset, dx.mean() / offset
            along = np.ptp(dy * uy + dx * ux) + 1
            across = np.ptp(dx * uy - dy * ux) + 1
            petals += along >= PETAL_ALONG * across and along >= PETAL_LONG * half
    return petals >= PETALS


def _deep_lobes(dy: npt.NDArray[np.float64], dx: npt.NDArray[np.float64], half: float) -> int:
    """How many lobes a hole round the centre (its pixels' offsets ``dy``, ``dx`` from it)
    reaches out in, cut at least :data:`LOBE_DEEP` apart: its farthest reach in each of
    :data:`LOBE_BINS` directions, counted round the circle."""
    reach = np.zeros(LOBE_BINS)
    direction = ((np.arctan2(dy, dx) + pi) / (2 * pi) * LOBE_BINS).astype(np.int64) % LOBE_BINS
    np.maximum.at(reach, direction, np.hypot(dy, dx))
    if reach.max() < LOBE_REACH * half:
        return 0
    reach = np.roll(reach / reach.max(), -int(np.argmax(reach)))
    lobes, apart = 0, False
    for share in reach:
        if share < LOBE_DEEP and not apart:
            lobes, apart = lobes + 1, True
        elif share >= LOBE_PEAK:
            apart = False
    return lobes


# not open in new: no arrowhead in the top right corner
CORNER_ROWS = 3
"""An arrowhead's arms are looked for in this many rows from the drawing's top and columns from
its right edge..."""
CORNER_SLACK = 2
"""...ending within this many pixels of the right edge (the top arm) or starting within this
many of the top (the right arm)..."""
CORNER_ARM = 0.2
"""...each at least this share of the drawing's width (height) long. Open-in-new's arrowhead,
an L or a solid corner, spans 0.32-0.5 in every reference and every held-out render; the cap of
Ionicons' one-stroke pencil out of a box (``create-outline``) 0.04-0.1."""


def no_corner_arrowhead(ink: Ink) -> bool:
    """Whether the drawing has no arrowhead in its top right corner: no run of ink along its
    top rows to its right edge together with one down its right columns from its top, each
    :data:`CORNER_ARM` of the drawing long. Open-in-new's arrow leaves its box there and ends in
    such a head; a pencil leaving a box (an edit icon) ends in a cap or a point. Read in the
    trace: a faint arm still counts."""
    trace = np.asarray(ink.trace, bool)
    if trace.ndim != 2 or trace.sum() < MIN_PART:
        return False
    ys, xs = np.nonzero(trace)
    top, bottom, left, right = int(ys.min()), int(ys.max()), int(xs.min()), int(xs.max())
    width, height = right - left + 1, bottom - top + 1
    along = max(
        (
            length
            for row in trace[top : top + CORNER_ROWS, left : right + 1]
            for start, length in _runs(row)
            if start + length >= width - CORNER_SLACK
        ),
        default=0,
    )
    down = max(
        (
            length
            for column in trace[top : bottom + 1, max(left, right - CORNER_ROWS + 1) : right + 1].T
            for start, length in _runs(column)
            if start <= CORNER_SLACK
        ),
        default=0,
    )
    return along < CORNER_ARM * width or down < CORNER_ARM * height


def _runs(line: BoolArray) -> list[tuple[int, int]]:
    """``(start, length)`` of each run of ink along ``line``."""
    padded = np.r_[False, np.asarray(line, bool), False].astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return [(int(a), int(b - a)) for a, b in zip(edges[::2], edges[1::2], strict=True)]


# not add: nothing at the centre
CENTRE_REACH = 1
"""The centre of a drawing is the pixels within this many pixels of the middle of its box (2x2
when the middle falls between pixels, 3x3 when on one): a gap of a pixel where a plus's bars
cross still leaves ink there."""


def nothing_at_the_centre(ink: Ink) -> bool:
    """Whether the drawing has no ink at its centre (:data:`CENTRE_REACH`) -- no plus, whose
    bars cross there: a crosshair's four arms round an empty middle (boxicons' ``bx-cross``,
    accepted as add at 24 and 48 px: a template sees the plus in it), an outlined four-pointed
    sparkle (Lucide's and Tabler's scored 0.69-0.70 as add). Read in the trace: a faint
    crossing is still a crossing."""
    ys, xs = np.nonzero(ink.trace)
    if not len(ys):
        return False
    middle_y, middle_x = (ys.min() + ys.max()) / 2, (xs.min() + xs.max()) / 2
    rows = _around(middle_y)
    columns = _around(middle_x)
    return not ink.trace[rows, columns].any()


def _around(middle: float) -> slice:
    """The pixels within :data:`CENTRE_REACH` of ``middle`` along one axis."""
    return slice(max(0, floor(middle - CENTRE_REACH + 0.5)), ceil(middle + CENTRE_REACH - 0.5) + 1)


# not the plain concept: a slash across the drawing
SLASH_ANGLE = (35.0, 50.0)
"""Degrees from the horizontal of a slash, from one end to the other. Most slashes read 43-48;
Octicons' ``eye-closed`` 35-37 (a wide eye, struck from corner to corner of its box). Plain
drawings read outside: a camera's corners 32-34, a funnel's side from the corner of its top to
the foot of its spout 53-59."""
SLASH_END = 1
"""The ink within this many steps (pixels along x + y) of the farthest along the diagonal is a
slash's end -- its cap; the end is its middle, so the line between the ends runs down the
stroke's middle, not along one of its edges."""
SLASH_LONG = 0.75
"""A slash is at least this share of the drawing's diagonal long: it crosses the drawing. With
:data:`SLASH_ANGLE`, its ends lie near opposite corners (only drawings up to about 1.6 times as
wide as tall, or as tall as wide, can hold one)."""
SLASH_SAMPLES = 48
"""Points a slash is read at along its length."""
SLASH_COVERED = 0.9
"""Least share of the points with ink within a pixel: one stroke (a break of about 3 px, where
a render thins it crossing a gutter, still passes)."""
SLASH_THIN = 0.15
"""A slash's width (the median run of ink across it at the points on ink) is at most this share
of its length: a line, not a band."""
SLASH_BARE = 0.7
"""Least share of the points where the stroke is bare -- its run across no wider than
:data:`SLASH_WIDER` its width plus :data:`SLASH_SLACK`, and centred within
:data:`SLASH_OFF_CENTRE` of the line: a straight stroke of its own (where it crosses another
stroke, runs under a body, or bows away from the line between its ends, as a handset does, it
is not)."""
SLASH_WIDER = 1.5
"""How much wider than the slash's width its run across may be where it is bare."""
SLASH_SLACK = 1.0
"""Pixels a bare run across may exceed :data:`SLASH_WIDER` times the width by: runs are read in
half-pixel steps rounded to the grid, so at 45 degrees they move in jumps of 1.5 px."""
SLASH_OFF_CENTRE = 1.0
"""Pixels the middle of a bare run across may lie off the line between the slash's ends."""

SLASHED: Mapping[str, str] = {
    "wifi": "wifi_off",
    "cloud": "cloud_off",
    "camera": "camera_off",
    "filter": "filter_off",
    "microphone": "microphone_off",
    "visibility": "visibility_off",
    "notification": "bell_off",
    "volume_up": "volume_off",
    "volume_down": "volume_off",
    "phone": "phone_slash",
}
"""Concept -> its struck-through concept: a slash across the drawing makes it the other."""


def struck_through(ink: Ink) -> bool:
    """Whether a slash crosses the drawing: one straight, thin stroke from near one corner of the
    drawing to near the opposite one (:data:`SLASH_ANGLE`, :data:`SLASH_LONG`), crossing
    whatever is drawn under it. A struck-through drawing is the "off" form of a concept (wifi
    off, a muted microphone, a crossed-out eye), which the vocabulary names apart
    (:data:`SLASHED`): the plain concept is ruled out. Any long bare diagonal counts (a cross's
    stroke, a diagonal arrow's shaft); only the concepts of :data:`SLASHED` are ruled out by
    it, and none of them is drawn with one. Read in the shape mask: a slash is a part that is
    there, and a faint smear must not pass for one."""
    mask = np.asarray(ink.mask, bool)
    if mask.ndim != 2 or mask.sum() < MIN_PART:
        return False
    return _slash_down_right(mask) or _slash_down_right(mask[:, ::-1])


def _slash_down_right(mask: BoolArray) -> bool:
    """:func:`struck_through` for a slash running down to the right: from the ink farthest up
    and left along the diagonal (x + y least) to the ink farthest down and right."""
    ys, xs = np.nonzero(mask)
    along = xs + ys
    first, last = along <= along.min() + SLASH_END, along >= along.max() - SLASH_END
    start = np.array([xs[first].mean(), ys[first].mean()])
    run = np.array([xs[last].mean(), ys[last].mean()]) - start
    length = float(np.hypot(*run))
    diagonal = float(np.hypot(np.ptp(xs) + 1, np.ptp(ys) + 1))
    if length < SLASH_LONG * diagonal:
        return False
    if not SLASH_ANGLE[0] <= np.degrees(np.arctan2(run[1], run[0])) <= SLASH_ANGLE[1]:
        return False
    points = start + np.outer((np.arange(SLASH_SAMPLES) + 0.5) / SLASH_SAMPLES, run)
    near = cv2.dilate(mask.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    if _ink_at(near, points).mean() < SLASH_COVERED:
        return False
    on = _ink_at(mask, points)
    if not on.any():
        return False
    across = np.array([-run[1], run[0]]) / length
    left, right = (_run_across(mask, points, side * across, length) for side in (1, -1))
    widths = np.where(on, left + right + 0.5, 0.0)  # the point's own half pixel
    width = float(np.median(widths[on]))
    if width > SLASH_THIN * length:
        return False
    bare = (
        on
        & (widths <= SLASH_WIDER * width + SLASH_SLACK)
        & (np.abs(left - right) / 2 <= SLASH_OFF_CENTRE)
    )
    return bool(bare.mean() >= SLASH_BARE)


def _run_across(
    mask: BoolArray,
    points: npt.NDArray[np.float64],
    direction: npt.NDArray[np.float64],
    reach: float,
) -> npt.NDArray[np.float64]:
    """How far the ink runs from each of ``points`` towards ``direction`` (a unit vector), read
    half a pixel at a time as far as ``reach``: in pixels, the half-steps still on ink before
    the first off it."""
    steps = np.arange(1, int(2 * reach) + 1) / 2
    inked = _ink_at(mask, points[:, None, :] + steps[None, :, None] * direction)
    runs: npt.NDArray[np.float64] = np.cumprod(inked, axis=1).sum(axis=1) / 2
    return runs


def _ink_at(mask: BoolArray, points: npt.NDArray[np.float64]) -> BoolArray:
    """Whether ``mask`` has ink at each of ``points`` (x, y in the last axis), rounded to the
    nearest pixel; points off the mask have none."""
    x = np.rint(points[..., 0]).astype(np.int64)
    y = np.rint(points[..., 1]).astype(np.int64)
    height, width = mask.shape
    inside = (x >= 0) & (x < width) & (y >= 0) & (y < height)
    found: BoolArray = inside & mask[np.clip(y, 0, height - 1), np.clip(x, 0, width - 1)]
    return found


# not volume down: a speaker with two waves or more
WAVE_SPEAKER = 0.8
"""Along a row, the speaker is the first piece crossed that spans at least this share of the
drawing's height: a speaker's cone spans the drawing (an outlined speaker's box may come off its
cone at small sizes; it is crossed before the cone). Where the outer wave is taller than the
cone, the wave passes for the speaker and none is counted."""
WAVE_ROWS = 1
"""Rows within this many of the drawing's centre are read (two or three): waves are arcs round
the cone, so each crosses the rows at its middle once."""
WAVE_UPRIGHT = 1.5
"""A wave is at least this many times as tall as wide (a plus or minus beside a speaker is not:
its waves are arcs or upright bars)."""
WAVE_SHORTEST = 0.2
"""A wave spans at least this share of the drawing's height."""
WAVE_SLACK = 1
"""Pixels a wave may be shorter than the wave inside it: waves grow outwards."""
LOUD = 2
"""Fewest waves of a loud speaker: a quiet one (volume down, 🔉) draws one wave or none."""


def loud_speaker(ink: Ink) -> bool:
    """Whether the drawing is a speaker with :data:`LOUD` or more waves beside it, in every row
    within :data:`WAVE_ROWS` of its centre: after the speaker (:data:`WAVE_SPEAKER`), pieces
    wholly to the right of its columns, each upright (:data:`WAVE_UPRIGHT`,
    :data:`WAVE_SHORTEST`) and no more than :data:`WAVE_SLACK` shorter than the one inside it.
    That is volume up; volume down draws one wave or none. Read in the shape mask: the waves are
    parts that are there, and apart."""
    mask = np.asarray(ink.mask, bool)
    if mask.ndim != 2 or mask.sum() < MIN_PART:
        return False
    pieces, labels = parts_of(mask)
    inked = np.flatnonzero(mask.any(axis=1))
    top, bottom = int(inked[0]), int(inked[-1])
    centre = (top + bottom) / 2
    rows_read = range(
        max(top, ceil(centre - WAVE_ROWS)), min(bottom, floor(centre + WAVE_ROWS)) + 1
    )
    height = bottom - top + 1
    return len(rows_read) > 0 and all(
        _waves_along(labels[y], pieces, height) >= LOUD for y in rows_read
    )


def _waves_along(row: npt.NDArray[np.int32], pieces: list[Part], height: int) -> int:
    """How many waves follow the speaker along ``row`` of the label image ``pieces`` index
    (:func:`loud_speaker`); 0 when no speaker is crossed or a piece after it is no wave."""
    crossed = [pieces[int(label) - 1] for label, _ in groupby(row) if label]
    speaker = next((p for p in crossed if p.height >= WAVE_SPEAKER * height), None)
    if speaker is None:
        return 0
    # a bit of the speaker's outline broken off at a small size lies within its columns
    beyond = speaker.x + speaker.width
    waves = list(dict.fromkeys(p for p in crossed if p.x >= beyond and p.area >= MIN_PART))
    if any(w.height < WAVE_UPRIGHT * w.width or w.height < WAVE_SHORTEST * height for w in waves):
        return 0
    if any(outer.height + WAVE_SLACK < inner.height for inner, outer in pairwise(waves)):
        return 0
    return len(waves)


# not profile: a shackle on a box
SHACKLE_TALL = 0.2
"""A shackle's hole is at least this share of the drawing's height (the sliver knocked out
between a filled bust's head and shoulders is not)."""
SHACKLE_SQUARE = 0.75
"""The hole's bottom row is at least this share of its widest row: a shackle's legs stand
square on the box, where a head's ring closes round under its hole (Font Awesome's ``user-o``
is a ring on a box: its hole's bottom row is a third of its widest at 32 px, but 0.73 at 22 px
shifted by a fraction of a pixel, as is MingCute's thickened ``user_5_line`` at 16 px, 0.71)."""
SHACKLE_HIGH = 0.6
"""The hole ends within this share of the drawing's height from its top: the box is below."""
BOX_EDGE_ROWS = 0.15
"""The box's top edge is looked for in the rows under the hole, down to this share of the
drawing's height (at least two rows): a rounded corner shortens the first of them."""
BOX_WIDE = 0.75
"""The top edge is a run of ink spanning at least this share of the drawing's width (a padlock's
box is the drawing's width; drawn with round corners, its top row still spans 0.8)..."""
BOX_SHOULDER = 0.08
"""...and reaching at least this share of the width beyond all ink in the hole's rows, on each
side: the box is wider than its shackle (a filled disc with a head knocked out of it is as wide
beside the head as under it). A run that does lies under the whole hole."""


def shackle_on_a_box(ink: Ink) -> bool:
    """Whether the drawing is a padlock: a hole in its upper part (:data:`SHACKLE_HIGH`,
    :data:`SHACKLE_TALL`) with square bottom corners (:data:`SHACKLE_SQUARE`), standing on the
    top edge of a box below it (:data:`BOX_EDGE_ROWS`) -- a run of ink, wide (:data:`BOX_WIDE`),
    reaching beyond the shackle on both sides (:data:`BOX_SHOULDER`). A bust's head is a ring
    closing round under its hole, or a disc with none; so no profile icon. Read in the shape
    mask: the hole, which the trace's thicker strokes may close."""
    mask = np.asarray(ink.mask, bool)
    if mask.ndim != 2 or mask.sum() < MIN_PART:
        return False
    ys, xs = np.nonzero(mask)
    top, bottom = int(ys.min()), int(ys.max())
    height, width = bottom - top + 1, int(np.ptp(xs)) + 1
    holes, labels = holes_of(mask)
    edge_rows = max(2, ceil(BOX_EDGE_ROWS * height))
    for hole in holes:
        last = hole.y + hole.height - 1
        if hole.height < SHACKLE_TALL * height or last - top + 1 > SHACKLE_HIGH * height:
            continue
        inside = labels[hole.y : last + 1] == hole.label
        widths = inside.sum(axis=1)
        if widths[-1] < SHACKLE_SQUARE * widths.max():
            continue
        # the shackle: all ink in the hole's rows (a piece beside it only makes it wider)
        beside = np.flatnonzero(mask[hole.y : last + 1].any(axis=0))
        shackle = (int(beside[0]), int(beside[-1]))
        rows = mask[last + 1 : min(bottom, last + edge_rows) + 1]
        if any(_box_edge(row, shackle, width) for row in rows):
            return True
    return False


def _box_edge(row: BoolArray, shackle: tuple[int, int], width: int) -> bool:
    """Whether ``row`` holds a box's top edge (:func:`shackle_on_a_box`): a run of ink
    :data:`BOX_WIDE` of ``width`` long, reaching :data:`BOX_SHOULDER` of it beyond ``shackle``
    (the columns of all ink in the hole's rows) on each side -- so under the whole hole."""
    shoulder = BOX_SHOULDER * width
    return any(
        length >= BOX_WIDE * width
        and shackle[0] - start >= shoulder
        and start + length - 1 - shackle[1] >= shoulder
        for start, length in _runs(row)
    )


# not play: a fold from the back
FOLD_ONE_PIECE = 0.95
"""The drawing's largest piece holds at least this share of its ink: a thin render that broke
into strokes leaves gaps between them that no fold made, and a triangle apart from the ring
round it leaves a hole round a mark (a play circle's ring holds 0.7 of its ink)."""
FOLD_GAP = 0.34
"""A column crosses a region at least twice, its narrowest gap at most this share of its span
(from its first run's start to its last's end): a fold line or a slit is narrow."""
FOLD_LEVEL = 1
"""Along the fold, the gap's top row and its bottom row each wander by at most this many pixels:
a fold line, or a slit, runs straight along the axis."""
FOLD_LONG = 0.2
"""The fold runs along at least this share of the drawing's width (Remix's is 0.23-0.29 of it
in the hole, its slit 0.3-0.32 of the silhouette)..."""
FOLD_BACK = 1
"""...from within this many columns of the region's back (left) edge: a fold line leaves the
plane's back edge, a slit is cut into it. A play triangle's tip, joined at a small size to the
ring round it, leaves a level band in the ring's hole too, but far from its back (and at most
5 columns long in a review's renders: :data:`FOLD_LONG` stops those too)..."""
FOLD_CLEAR = 0.08
"""...or further in, from a notch in the back (Phosphor's planes: their wings reach further back
than the fold's root; :func:`_from_a_notch`), when the region's back column keeps clear of the
fold by at least this share of the region's height: from the gap's edge to the centre of the
nearest row of that column, so a row right beside the gap is half a pixel clear (Phosphor's
planes: 0.25 at least in the calibration rows, 0.11 in a review's renders). A small render may
join a warning's "!" to its base by a dot wider than its stem, which then stands in for a
notch, but the base runs right beside the fold (Phosphor's ``warning-bold`` at 17 px:
0.02)."""


def fold_from_the_back(ink: Ink) -> bool:
    """Whether the drawing is one piece (:data:`FOLD_ONE_PIECE`) with a straight fold running in
    from its back, its edge or a notch in it (:func:`_fold_from_the_left`): a paper plane
    pointing right, not play.
    The hole of a triangle wraps round a fold line along its axis; a slit cut there notches the
    silhouette (Remix's ``send-plane-2-line`` and ``-fill``, a play triangle with a fold line
    or a slit, were accepted as play in 34 of 36 crops with Remix left out). A play triangle
    crosses its silhouette and its hole once in every column.

    Read in the shape mask -- a slit is background the trace's thicker strokes may close --
    and, failing that, a fold line from a notch in a hole of the trace: a thin plane's fold is
    too faint for the shape mask, which then breaks into strokes (Phosphor's
    ``paper-plane-right-thin``, accepted as play in 9 of its 36 crops with Phosphor left out).
    Only that: at small sizes the trace joins a play triangle to the frame round it, leaving a
    level band from the edge (Boxicons' ``bxs-movie-play`` at 10 px), and closes a slideshow's
    screen over its stand, leaving a slit (Remix's ``slideshow-2-fill`` at 21 px; a review's
    renders)."""
    return _fold_from_the_left(ink.mask) or _fold_from_the_left(
        ink.trace, from_the_edge=False, slits=False
    )


def fold_from_the_base(ink: Ink) -> bool:
    """Whether the drawing turned a quarter, its base to the left, has a fold line from a notch
    in the back of a hole (:func:`_fold_from_the_left`): a paper plane pointing up, its fold
    rising from the notch in its base, not a warning sign (Phosphor's ``paper-plane`` ranked
    warning first in all 36 of its crops with Phosphor left out: a triangle with a bar up its
    middle). A warning's "!" stands apart from the base; a small render may join it to the
    base, but a straight one, and a filled warning's knocked-out "!" may break through the
    base as a slit (Ant Design's filled ``alert`` at 11 px, a review's render). Read in the
    shape mask only: the trace joins a small "!" to its base, once from a notch the dot leaves
    (Phosphor's thin ``warning-circle`` at 12 px, a review's render)."""
    mask = np.rot90(ink.mask, -1)
    return _fold_from_the_left(mask, from_the_edge=False, slits=False)


def _fold_from_the_left(mask: BoolArray, *, from_the_edge: bool = True, slits: bool = True) -> bool:
    """Whether ``mask`` is one piece (:data:`FOLD_ONE_PIECE`) with a straight fold running in
    from the left, its back: consecutive columns (:data:`FOLD_LONG`) crossing one of its holes
    (or, with ``slits``, its silhouette) at least twice, across a narrow (:data:`FOLD_GAP`),
    level (:data:`FOLD_LEVEL`) gap, starting at the region's back -- within
    :data:`FOLD_BACK` columns of its back edge (with ``from_the_edge``), or at a notch in it
    further in (:func:`_from_a_notch`)."""
    mask = np.asarray(mask, bool)
    if mask.ndim != 2 or mask.sum() < MIN_PART:
        return False
    pieces, labels = parts_of(mask)
    largest = max(pieces, key=lambda p: p.area)
    if largest.area < FOLD_ONE_PIECE * mask.sum():
        return False
    inked = np.flatnonzero(mask.any(axis=0))
    long = FOLD_LONG * (int(inked[-1]) - int(inked[0]) + 1)
    holes, hole_labels = holes_of(mask)
    regions = [hole_labels == hole.label for hole in holes]
    if slits:
        regions.append(filled_outline(labels == largest.label).astype(bool))
    for region in regions:
        back = int(np.flatnonzero(region.any(axis=0))[0])
        for start, length in _level_gaps(region):
            if length < long:
                continue
            if start - back <= FOLD_BACK:
                if from_the_edge:
                    return True
            elif _from_a_notch(region, start, back):
                return True
    return False


def _from_a_notch(region: BoolArray, start: int, back: int) -> bool:
    """Whether a level gap whose first column is ``start`` (more than :data:`FOLD_BACK` columns
    from ``region``'s ``back`` column) leaves a notch in its back (:func:`_fold_from_the_left`):
    in the column behind it, the region lies above the gap and below it -- the notch's sides,
    a V, reach further back -- and not across it; and the back column keeps clear of the gap
    (:data:`FOLD_CLEAR`). A band of background under a slideshow's screen, beside its stand,
    has the screen on one side only."""
    gap = _narrowest_gap(region[:, start])
    assert gap is not None  # a level gap's columns all have one
    first, last = gap
    behind = region[:, start - 1]
    if behind[first : last + 1].any() or not (behind[:first].any() and behind[last + 1 :].any()):
        return False
    rows = np.flatnonzero(region.any(axis=1))
    height = int(rows[-1]) - int(rows[0]) + 1
    at_back = np.flatnonzero(region[:, back])
    clear = np.min(np.abs(at_back - (first + last) / 2)) - (last - first + 1) / 2
    return bool(clear >= FOLD_CLEAR * height)


def _level_gaps(region: BoolArray) -> list[tuple[int, int]]:
    """``(first column, length)`` of each run of consecutive columns crossing ``region`` twice
    across a narrow gap (:data:`FOLD_GAP`) whose top and bottom rows stay level
    (:data:`FOLD_LEVEL`): a straight horizontal bar of ink inside the region, or of background
    cut into it."""
    found: list[tuple[int, int]] = []
    start: int | None = None
    tops: list[int] = []
    bottoms: list[int] = []
    width = region.shape[1]
    # runs per column, counted at once: a column crossed once or not at all has no gap, and
    # most are (this runs on every crop the recognizer ranks)
    runs = region[0].astype(np.int64) + (region[1:] & ~region[:-1]).sum(axis=0)
    for x in range(width + 1):
        gap = _narrowest_gap(region[:, x]) if x < width and runs[x] >= 2 else None
        if gap is not None and start is not None:
            top, bottom = [*tops, gap[0]], [*bottoms, gap[1]]
            if max(top) - min(top) <= FOLD_LEVEL and max(bottom) - min(bottom) <= FOLD_LEVEL:
                tops, bottoms = top, bottom
                continue
        if start is not None:
            found.append((start, x - start))
        start, tops, bottoms = (x, [gap[0]], [gap[1]]) if gap is not None else (None, [], [])
    return found


def _narrowest_gap(column: BoolArray) -> tuple[int, int] | None:
    """The first and last row of the narrowest gap between runs along ``column``, when it is
    at most :data:`FOLD_GAP` of their span; ``None`` for a column crossed once or not at all."""
    runs = _runs(column)
    if len(runs) < 2:
        return None
    span = runs[-1][0] + runs[-1][1] - runs[0][0]
    size, first, last = min(
        (b[0] - (a[0] + a[1]), a[0] + a[1], b[0] - 1) for a, b in pairwise(runs)
    )
    return (first, last) if size <= FOLD_GAP * span else None


# not home: an envelope's flap
FLAP_WIDE = 0.6
"""The flap spans at least this share of the drawing's width, wall to wall (Font Awesome's open
envelopes': 0.63-0.86 in nineteen renders of twenty, 0.54 at least; a smile or a shield inside a
house reached 0.57 in a review's renders)."""
FLAP_DROP = 0.15
"""From each of its ends to its lowest point, the flap's top falls at least this share of its
width (Font Awesome's: 0.19-0.35): a V, not a level bar."""
FLAP_MIDDLE = 0.15
"""Its lowest point lies within this share of its width of its middle (Font Awesome's: 0.09 at
most): a flap folds along the envelope's axis."""
FLAP_SLACK = 1
"""Falling to its point, and rising from it to either end, its top never climbs back more than
this many rows above its lowest so far (a jagged diagonal)."""
FLAP_STEEP = 2
"""...and step at most this many rows from one column to the next: a flap's arms slope gently
(Font Awesome's step 1-2 rows, 3 in a few small renders); a gap round a door or a shield that a
bold render joins to the wall above it drops straight down."""
FLAP_POINT = 0.5
"""Round its lowest point, the columns whose top lies within :data:`FLAP_FLAT` of the lowest
row span at most this share of its width: a V comes to a point (Font Awesome's: 0.4 at most in
nineteen renders of twenty, 0.5 at most); a smile's or a cup's bottom is flat."""
FLAP_FLAT = 1
"""A bottom is flat where its top stays within this many rows of the lowest (a flat bottom
drawn jagged, or tilted a little, is still flat)."""
FLAP_THIN = 0.7
"""It is a band: its median column is at most this share of its drop thick. A filled wedge's
top is level, a heart's rises again at its ends; a flap's two arms are strokes or slits."""


def flap_in_the_body(ink: Ink) -> bool:
    """Whether the drawing holds an envelope's flap inside its body: a V -- a band whose top
    falls gently from both ends to a point in its middle (:data:`FLAP_DROP` to
    :data:`FLAP_THIN`) -- spanning :data:`FLAP_WIDE` of the drawing: an island of ink within
    the box of its largest piece (an outlined envelope's flap) or an enclosed piece of
    background, one that does not reach the mask's border (a filled envelope's flap is a slit,
    read 8-connected: :func:`~.structure.holes_of`). A house's parts are other shapes: a roof
    rises to its ridge, a door's or a window's top is level or arched, a smile in a house is
    about half its width and flat at the bottom."""
    mask = np.asarray(ink.mask, bool)
    pieces, piece_labels = parts_of(mask)
    if not pieces:
        return False
    columns = np.flatnonzero(mask.any(axis=0))
    least = FLAP_WIDE * (columns[-1] - columns[0] + 1)
    body = max(pieces, key=lambda p: p.area)
    islands = [
        p.cut_from(piece_labels)
        for p in pieces
        if p is not body and p.width >= least and _inside_the_box(p, body)
    ]
    slits, slit_labels = holes_of(mask, connectivity=8)
    cuts = [s.cut_from(slit_labels) for s in slits if s.width >= least]
    return any(_is_a_vee(region) for region in islands + cuts)


def _inside_the_box(part: Part, body: Part) -> bool:
    """Whether ``part`` lies within ``body``'s box, touching none of its edges."""
    return (
        body.x < part.x
        and part.x + part.width < body.x + body.width
        and body.y < part.y
        and part.y + part.height < body.y + body.height
    )


def _is_a_vee(region: BoolArray) -> bool:
    """Whether ``region`` (one piece, cut to its box: every column holds some of it) is a V
    band (:func:`flap_in_the_body`)."""
    height, width = region.shape
    if width < 3:
        return False
    top = region.argmax(axis=0)
    bottom = height - 1 - region[::-1].argmax(axis=0)
    lowest = np.flatnonzero(top == top.max())
    middle = int(lowest[len(lowest) // 2])
    if abs(middle - (width - 1) / 2) > FLAP_MIDDLE * width:
        return False
    drop = int(top.max()) - max(int(top[0]), int(top[-1]))
    if drop < FLAP_DROP * width:
        return False
    left, right = top[: middle + 1], top[middle:][::-1]
    falls = left >= np.maximum.accumulate(left) - FLAP_SLACK
    rises = right >= np.maximum.accumulate(right) - FLAP_SLACK
    thickness = bottom - top + 1
    return bool(
        falls.all()
        and rises.all()
        and np.abs(np.diff(top)).max() <= FLAP_STEEP
        and _bottom_run(top, middle) <= FLAP_POINT * width
        and np.median(thickness) <= FLAP_THIN * drop
    )


def _bottom_run(top: npt.NDArray[np.int64], middle: int) -> int:
    """How many columns round ``middle`` (a lowest one) in a row have their ``top`` within
    :data:`FLAP_FLAT` rows of the lowest."""
    near = top >= top.max() - FLAP_FLAT
    return next(length for start, length in _runs(near) if start <= middle < start + length)


# not wifi, volume, ... (SLASHED): an X beside the drawing
X_SMALLEST = 6
"""An X's box is at least this many pixels on each side (of the 32-pixel mask): smaller, two
strokes crossing cannot be told from a blot (a handset's sound wave, 5 px in a 12 px render,
passed for one)."""
X_ASPECT = (0.6, 1.67)
"""Width over height of an X's box (real X badges: 0.7-1.33, in a review's 5,847 renders)."""
X_SOLID = 0.75
"""An X fills at most this share of its box: a bold one at a small size fills 0.6-0.7 of it
(Phosphor's bold and filled wifi-x badges; strokes a third of its box wide, 0.7), a blob
more."""
X_NOTCH = 0.1
"""From the middle of each side of its box, background reaches in at least this share of the
box (a pixel at least): the four notches between an X's arms (real X badges: 0.22 of it in
the median render). A plus, a ring or a blot has ink there."""
X_REACH = 1
"""Each of the box's corners has ink within this many pixels: an arm reaches it (a wedge's
corners are bare at the point, a handset's sound wave's at its ends)."""
X_STRAY = 0.1
"""At most this share of its ink lies off both diagonals: farther from each (a line through
the centres of the box's corner pixels) than half its stroke's width and a pixel. The stroke's
width is read as its area over twice the box's diagonal, measured across the corner pixels'
outer edges, as far as the strokes run. Real X badges put at most 0.085 of their ink off
them; a microphone's grille, a handset's curve or a bluetooth rune 0.11-0.21, in a review's
small renders."""


def x_beside(ink: Ink) -> bool:
    """Whether the drawing holds an X: a piece whose box (:data:`X_SMALLEST`, :data:`X_ASPECT`,
    :data:`X_SOLID`) has ink within a pixel of each of its corners and at its centre, little
    of it off the box's diagonals (:data:`X_STRAY`), and background notched into the middle of
    each of its sides (:data:`X_NOTCH`): two strokes crossing, corner to corner. An X beside a
    concept's drawing is its "off" or failed form, as a slash across it is
    (:func:`struck_through`). Any X counts, beside a drawing or alone (a close icon): only the
    concepts of :data:`SLASHED` are ruled out by it, and none of them is drawn with one.
    Phosphor's ``wifi-x`` -- wifi's left arcs and an X where the right ones were -- ranked
    wifi first in 73 of 144 crops with Phosphor left out, 56 accepted; its ``speaker-x``
    ranked volume down first in 90. Read in the shape mask: the X is a part that is there, and
    the trace's thicker strokes fill its notches."""
    mask = np.asarray(ink.mask, bool)
    pieces, labels = parts_of(mask)
    return any(_is_an_x(p.cut_from(labels)) for p in pieces)


def _is_an_x(piece: BoolArray) -> bool:
    """Whether ``piece`` (one piece, cut to its box) is an X (:func:`x_beside`)."""
    height, width = piece.shape
    if min(height, width) < X_SMALLEST or not X_ASPECT[0] <= width / height <= X_ASPECT[1]:
        return False
    if piece.mean() > X_SOLID:
        return False
    reach = np.ones((2 * X_REACH + 1, 2 * X_REACH + 1), np.uint8)
    near = cv2.dilate(piece.astype(np.uint8), reach).astype(bool)
    if not near[[0, 0, -1, -1], [0, -1, 0, -1]].all():
        return False  # an arm reaches each corner
    if not piece[_centre(height), _centre(width)].any():
        return False  # the strokes cross there: arms round a hollow do not
    if _off_the_diagonals(piece) > X_STRAY:
        return False
    column, row = _middle_line(piece), _middle_line(piece.T)
    return all(
        _ink_run(~line) >= max(1, X_NOTCH * len(line))
        for line in (column, column[::-1], row, row[::-1])
    )


def _off_the_diagonals(piece: BoolArray) -> float:
    """The share of ``piece``'s ink (cut to its box) farther from both its box's diagonals than
    half its stroke's width and a pixel (:data:`X_STRAY`)."""
    height, width = piece.shape
    ys, xs = np.nonzero(piece)
    length = float(np.hypot(height - 1, width - 1))
    down = np.abs((height - 1) * xs - (width - 1) * ys) / length
    up = np.abs((height - 1) * (width - 1 - xs) - (width - 1) * ys) / length
    stroke = len(ys) / (2 * float(np.hypot(height, width)))
    return float((np.minimum(down, up) > stroke / 2 + 1).mean())


def _middle_line(piece: BoolArray) -> BoolArray:
    """The middle column of ``piece`` (either of the two middle ones having ink, when its width
    is even); of ``piece.T``, its middle row."""
    middle: BoolArray = np.any(piece[:, _centre(piece.shape[1])], axis=1)
    return middle


def _centre(length: int) -> slice:
    """The middle pixel of ``length`` pixels, or the two middle ones when it is even."""
    return slice((length - 1) // 2, length // 2 + 1)


# not cancel: a ring split in two by one bar
SPLIT_HOLE = 0.05
"""A hole counts from this share of the largest one: a smaller one is a gap at a joint of
strokes. An X meeting its ring with all four arms leaves four holes; drawn flat (arms 20
degrees off the level) or in a wide box, two of them are far smaller than the others
(0.12-0.18 of the largest), and still count. Counting from 0.2 let those pass; from 0.05,
2 of an adversarial review's 9,145 ban-sign renders lose a ban sign's reading to a gap."""
SPLIT_EVEN = 0.5
"""The smaller of the two holes is at least this share of the larger (a ban sign's halves:
0.9 or more)."""
SPLIT_DENT = 2.0
"""No pixel of a hole's convex hull that the hole leaves out lies deeper in the hull than this
many pixels: a half-disc's straight side leaves out a pixel's depth at most (1.0-1.4 in the
ban signs of the calibration and test rows); an X's second stroke reaching into it, 4 or
more."""
SPLIT_WHOLE = 0.55
"""The two holes fill at least this share of the convex hull of both: together they are the
ring's inside, cut by a bar (0.77 in the median render of the 9,145 ban-sign renders of an
adversarial review). Two wedges or slivers an X leaves in a wide box, or two specks a bold
render leaves, fill 0.11-0.46 of it."""
SPLIT_INSIDE = 0.15
"""...and at least this share of the drawing's convex hull (ban signs: 0.41 in the median
render; specks: 0.003)."""


def split_by_one_bar(ink: Ink) -> bool:
    """Whether the drawing's holes (:data:`SPLIT_HOLE`) are two, of like size
    (:data:`SPLIT_EVEN`), neither dented (:data:`SPLIT_DENT`), and together the inside of the
    drawing (:data:`SPLIT_WHOLE`, :data:`SPLIT_INSIDE`): a ring split by one bar -- a ban sign,
    or a minus in a ring -- not crossed by two. A cancel icon's X floats in its ring (one
    hole, round an island), is knocked out of a disc (one hole), or meets the ring with all
    four arms (four holes); one whose X meets the ring with one stroke only leaves two holes,
    each dented by an arm of the other stroke. Phosphor's ``prohibit`` was accepted as cancel
    in 24 of its 108 crops with Phosphor left out. Read in the trace: a faint second stroke
    counts."""
    trace = np.asarray(ink.trace, bool)
    if trace.ndim != 2 or trace.sum() < MIN_PART:
        return False
    holes, labels = holes_of(trace)
    if not holes:
        return False
    largest = max(hole.area for hole in holes)
    halves = [hole for hole in holes if hole.area >= SPLIT_HOLE * largest]
    if len(halves) != 2:
        return False
    smaller, larger = sorted(hole.area for hole in halves)
    if smaller < SPLIT_EVEN * larger:
        return False
    regions = [labels == hole.label for hole in halves]
    if any(_dent(region) > SPLIT_DENT for region in regions):
        return False
    inside = smaller + larger
    # shares, not products: 0.55 * 400 is a hair over 220 in floating point
    return bool(
        inside / _hull(regions[0] | regions[1]).sum() >= SPLIT_WHOLE
        and inside / _hull(trace).sum() >= SPLIT_INSIDE
    )


def _dent(region: BoolArray) -> float:
    """How deep in ``region``'s convex hull the deepest pixel the region leaves out lies: its
    distance from the nearest pixel outside the hull (a pixel at most for a convex shape's
    raster, whose hull takes in pixels its edge only grazes)."""
    hull = _hull(region)
    depth = cv2.distanceTransform(np.pad(hull.astype(np.uint8), 1), cv2.DIST_L2, 5)[1:-1, 1:-1]
    left_out = hull & ~region
    return float(depth[left_out].max()) if left_out.any() else 0.0


# not fullscreen: upright bars side by side
BARCODE_COUNT = 3
"""A barcode has at least this many upright bars crossing one row together (Phosphor's: 4; two
are a pause sign's, or a pair of brackets round a screen)..."""
BARCODE_TALL = 0.35
"""...each a piece of the shape mask at least this share of the drawing's height tall
(Phosphor's barcode: its bars about half its height; a corner bracket's arm, drawn apart, is
shorter)..."""
BARCODE_THIN = 2.5
"""...at least this many times as tall as it is wide (a corner bracket is about as wide as it
is tall)..."""
BARCODE_BESIDE = 0.5
"""...sharing at least this share of its rows with the tallest of them: side by side, not
stacked. (In a small render the two corner brackets on one side may merge into one tall bar,
while those on the other side, apart, each share all their rows with it: two bars stacked
beside one, but no row crosses three: :data:`BARCODE_COUNT`.)"""


def barcode_bars(ink: Ink) -> bool:
    """Whether the drawing holds at least :data:`BARCODE_COUNT` upright bars side by side, each
    a piece of its own (:data:`BARCODE_TALL`, :data:`BARCODE_THIN`, :data:`BARCODE_BESIDE`): a
    barcode, a bar chart, a battery's cells -- not fullscreen, whose corner brackets or arrows
    point out from an empty middle (Phosphor's ``barcode``, corner brackets round four bars,
    ranked fullscreen first in all 108 of its crops (regular, thin and filled) with Phosphor
    left out, and was accepted so in 28). Read in the shape mask: bars are parts that are
    there, and apart."""
    mask = np.asarray(ink.mask, bool)
    if mask.ndim != 2 or mask.sum() < MIN_PART:
        return False
    rows = np.flatnonzero(mask.any(axis=1))
    height = int(rows[-1]) - int(rows[0]) + 1
    pieces, _ = parts_of(mask)
    bars = [
        p
        for p in pieces
        if p.height >= BARCODE_TALL * height and p.height >= BARCODE_THIN * p.width
    ]
    if len(bars) < BARCODE_COUNT:
        return False
    tallest = max(bars, key=lambda p: p.height)
    crossing = np.zeros(mask.shape[0], np.int64)  # per row, the bars beside the tallest on it
    for bar in bars:
        if _shared_rows(bar, tallest) >= BARCODE_BESIDE * bar.height:
            crossing[bar.y : bar.y + bar.height] += 1
    return int(crossing.max()) >= BARCODE_COUNT


def _shared_rows(part: Part, other: Part) -> int:
    """How many rows ``part`` and ``other`` both span."""
    return max(0, min(part.y + part.height, other.y + other.height) - max(part.y, other.y))


CHECKS: tuple[tuple[Callable[[Ink], bool], tuple[str, ...]], ...] = (
    (two_plain_bars, ("sort",)),
    (empty_round_holes, ("zoom_in", "zoom_out")),
    (mark_in_the_lens, ("search",)),
    (bars_without_bullets, ("list_view",)),
    (centred_uneven_lines, ("hamburger",)),
    (holes_in_every_bar, ("hamburger",)),
    (petals_round_a_centre, ("settings",)),
    (no_corner_arrowhead, ("open_in_new",)),
    (nothing_at_the_centre, ("add",)),
    (struck_through, tuple(SLASHED)),
    (x_beside, tuple(SLASHED)),
    (split_by_one_bar, ("cancel",)),
    (loud_speaker, ("volume_down",)),
    (shackle_on_a_box, ("profile",)),
    (fold_from_the_back, ("play",)),
    (fold_from_the_base, ("warning",)),
    (flap_in_the_body, ("home",)),
    (barcode_bars, ("fullscreen",)),
)
"""Each check with the concepts it rules out."""

EXCLUSIONS: Mapping[str, tuple[Callable[[Ink], bool], ...]] = {
    concept: tuple(check for check, concepts in CHECKS if concept in concepts)
    for concept in dict.fromkeys(c for _, concepts in CHECKS for c in concepts)
}
"""Concept -> the checks that rule it out (any one does)."""


def rules_out(ink: Ink, concept: str) -> bool:
    """Whether :data:`EXCLUSIONS` rules ``concept`` out for ``ink``; only ``concept``'s own
    checks run."""
    return any(check(ink) for check in EXCLUSIONS.get(concept, ()))


def excluded_concepts(ink: Ink) -> list[str]:
    """The concepts :data:`CHECKS` rule out for ``ink``, each once; each check runs once even
    when it rules out several concepts."""
    out: dict[str, None] = {}
    for check, concepts in CHECKS:
        if check(ink):
            out.update(dict.fromkeys(concepts))
    return list(out)


__all__ = [
    "CHECKS",
    "EXCLUSIONS",
    "SLASHED",
    "TRACE_THRESHOLD",
    "Ink",
    "barcode_bars",
    "bars_without_bullets",
    "centred_uneven_lines",
    "empty_round_holes",
    "excluded_concepts",
    "flap_in_the_body",
    "fold_from_the_back",
    "fold_from_the_base",
    "holes_in_every_bar",
    "loud_speaker",
    "mark_in_the_lens",
    "nothing_at_the_centre",
    "petals_round_a_centre",
    "rules_out",
    "shackle_on_a_box",
    "split_by_one_bar",
    "struck_through",
    "two_plain_bars",
    "x_beside",
]
