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
* **profile** -- :func:`head_over_shoulders`: a round head centred over wider, rounded
  shoulders, mirror-symmetric, alone or inside a round outline (an avatar). People are drawn
  with heads of every size, necks or none, shoulders closed, open or cut by a ring, and most
  thin-stroke ones scored under the 0.6 any answer needs.
* **home** -- :func:`roof_over_walls`: a roof rising in straight slopes to a centred apex over
  upright walls at least 0.68 as wide as the eaves, nothing in the gable (no mark, no hole),
  and inside the walls nothing, one door standing free on the floor, or (filled) one doorway.
  Homes ranked first by template at 0.63-0.75 but within the lead of a flame, a price tag or
  a person in six of eleven held-out families.
* **edit** -- :func:`pencil_on_a_slant`: a straight band of even width from the top right
  corner to the bottom left, blunt at the top, tapering steadily to a point at the bottom,
  alone, over a line or coming out of an open square, nothing jutting out anywhere. Pencils
  ranked first by template but within the lead of an eyedropper, a brush, a ruler or a
  sparkle in seven of eleven held-out families, and on whole screens edit was deferred in
  45 % of the calls where it was present.
* **refresh** -- :func:`arrows_round_a_circle`: one arc round an empty centre with a gap, or
  two arcs half a turn apart, round and of even width, a head standing across the arc's end
  at one end of each gap. Thin circular arrows scored under the 0.6 any answer needs or
  within the lead of a timer, a water drop or a camera switch, and refresh was the weakest
  class on whole screens (55 %).
* **pause** -- :func:`bars_side_by_side`: two upright bars with plumb sides, the same ends and
  widths, close enough together, filled or an even outline, nothing else. Thin and outlined
  bars came within the lead of a columns layout, a skip-next icon, a grid or a drag handle in
  seven of eleven held-out families, and pause was deferred in 40 % of whole-screen calls
  where it was present.
* **download** -- :func:`arrow_into_tray`: one upright arrow pointing down over or into a tray
  (a bar, a ⊔, a box open round the arrow) centred under it, nothing else. Download icons
  scored under the 0.6 any answer needs (Fluent's, Ionicons' arrow into a box) or within the
  lead of upload, a lock or iOS's share box, and download was deferred in 27 % of
  whole-screen calls where it was present. The arrow's direction is the difference: upload
  and iOS's share are the same parts with the arrow pointing up. An arrow down onto a line is
  download when the line is about as wide as the arrow, an align-bottom icon when it is twice
  as wide; between the two (1.1-1.8 times) Fluent's and Iconoir's downloads and some drawn
  align-bottoms look alike, and read as download, as does Phosphor's ``arrow-line-down``.
* **upload** -- :func:`arrow_out_of_tray`: the download's parts with the arrow pointing up,
  out of a tray at most 0.42 of the drawing's height (a bar, a shallow ⊔; upload trays are
  0.41 deep at most) -- iOS's share box is deeper (0.46 and more), and left to the templates
  -- or up to a bar or a shallow ⊓ over its tip (the download's parts upside down: Material's
  ``publish``, Eva's upload). Upload icons scored under 0.6 or within the lead of share or
  an up arrow, and upload was deferred in 36 % of whole-screen calls where it was present.
* **cloud upload / download** -- :func:`arrow_through_cloud`: a cloud (wide, lobed on top,
  round at its ends) with an upright arrow centred in it or out through its bottom, outlined
  (two pieces) or filled with the arrow knocked out (one piece); the arrow's head, pointing up
  or down, is a triangle (it widens steadily from its tip and drops abruptly to a narrow
  shaft). Such a drawing is also upload or download (:func:`arrow_out_of_tray_or_cloud`,
  :func:`arrow_into_tray_or_cloud`: Ionicons and Codicons file their cloud uploads as upload).
  Clouds with an arrow were accepted in none of the held-out sets' renders: the templates
  ranked a cloud, the other direction or a look-alike within the lead.
* **filter** -- :func:`funnel_or_narrowing_lines`: a funnel -- a flat rim, a cone narrowing in
  straight sides to a narrow, even spout down to the bottom, all centred, filled or outlined
  (:func:`cone_over_spout`) -- or two to four lines stacked, each shorter than the one above at
  both ends, centred (:func:`lines_narrowing_down`: Material's ``filter_list``, Fluent's and
  Octicons' filter). Funnels scored 0.61-0.8 and came within the lead of a chevron, a
  hamburger or a shield, and filter was deferred in 27 % of whole-screen calls where it was
  present.
* **settings** -- :func:`teeth_round_a_hub_or_spokes`: a gear (:func:`teeth_round_a_hub`), a
  rim whose outline rises in 5-10 evenly cut, flat-topped teeth 0.12-0.35 of its radius deep,
  round one centred hole -- empty, with a thick ring round it (a filled gear), or holding a
  round hub (an outlined gear; five teeth only so, as a star has five points and no hub); or a
  cog (:func:`spokes_in_a_toothed_ring`), one piece whose outline rises in 8-20 evenly spaced
  short teeth, a whole number per sector and at least three, round 3-6 like sectors the
  spokes cut evenly round the centre (Lucide's, Heroicons' and MingCute's ``cog``: the
  templates ranked a target or a play button first). Eva's five-toothed gear scored 0.41
  under a star, Carbon's 0.71 within the lead of a nut, and settings was deferred in 27 % of
  whole-screen calls where it was present. A flower drawn as loops has a gear's outline and
  hub at some sizes, and its petals rule settings out (:mod:`~iconfind.recognition.exclusions`).

Each check works on the 32x32 shape mask; :func:`structural_concepts` lets the recognizer raise a
crop's score for the concept to :data:`STRUCTURE_SCORE`; acceptance (leads, pair checks) then
applies as to any score. Parts can also rule a concept out: see
:mod:`~iconfind.recognition.exclusions`.

The rules are strict on purpose (a clear winner must stay clear). Each holds for no drawing of
any other concept among the 8,538 shipped reference renders (791 concepts), the calibration
rows (``tools/calibrate_acceptance.py``: 60,444 crops of four font families' everyday concepts)
and every icon of the eleven held-out sets of ``bench/heldout.py`` in all 36 renders (98,000
crops); ``tests/recognition/test_structure.py`` keeps the look-alikes out (☰, a list, a
download tray, a T beside graded bars; a beaker, a gift, a fire extinguisher, a battery, a
flask, a table, an archive box; a slit or folded paper plane, the Play Store's logo; a chess
pawn, a lock, a microphone, a keyhole, a snowman, a standing figure, a stamp, a network globe,
a person with a badge, two people; a bank's pediment over columns, a price tag's eyelet in a
gable, an upload block arrow, a tree, an eject icon; an eyedropper, a brush, a sword, a
thermometer, a rod, a needle, a diagonal arrow, a pencil with a spark beside it; open-in-new's
arrow out of a square, a rod out of one, a pencil beside a bracket or over a chart's axes).
Arrows round a circle are drawn alike for refresh and for its twins rotate left / right (one
render of MDI's ``restore``, whose clock hands the render lost, too); a review found no other
icon glyph passing, but a letter ``c`` and drawn ones: a spinner arc ending in a dot or a
ball, a ring drawn as a G whose bar stops short of the centre, a bold power icon whose bar
stops short too. The pencil
is the exception: MDI's ``marker`` (one reference render), a felt pen on a slant, has a
pencil's parts (and is an edit tool to most users), and so has Iconoir's ``test-tube`` in 1 of
its 36 renders (a round end as long as a pencil's point); a 32 px mask cannot tell a pencil
from a bullet, a finless rocket, a drumstick or a crayon drawn on the same slant either. A
flower drawn as loops (Ionicons' ``flower-outline``, 9 of its 36 renders) has a gear's outline
round a hub: its petals rule settings out (:mod:`~iconfind.recognition.exclusions`), so the
recognizer never raises settings for it.

A structure is shared with another concept only where some font draws that concept exactly so
(:data:`SHARED_STRUCTURES`): Phosphor's and Octicons' "columns" are two upright boxes with the
proportions and gaps of several families' pause icons (Octicons' columns are wider, but Font
Awesome's and Lucide's pause bars are as close together). Acceptance treats such concepts as
near-duplicates; two bars answer "pause", the everyday meaning. A review of the bars found
other things drawn exactly so, which no mask tells from a pause icon: ``||``, ``‖``, ``∥``,
``ll``, ``II`` and a quotation mark in text fonts (text blobs are no icon candidates), MDI's
``math-norm`` and ``drag-vertical-variant``, two equal bars of a chart, plain pillars, a
tally, a book's pages or split panes drawn without a frame; its batteries, wardrobes, far-apart
dividers and unequal rules are turned away. Known gaps, drawn by a review but in
no icon set here: a takeaway cup with a lid, a paint can, a lidded jar have a bin's parts; a
filled triangle with a small round hole, a half-disc or a long-pointed pentagon can pass as play;
a disc over a dome is a bust whatever it depicts (a kettlebell, a purse with a ring handle, a
snowman with a squat lower ball, a sun over a hill, a globe on a round base, a map pin over its
shadow: the templates rank profile first on most of those drawings too); a block arrow whose
shaft is 0.69 of its head's width, a filled pentagon (a tent with walls), a chevron over a box,
a warehouse with a gate just over half its width, a garage's slats that a small render merges
into one door are a house's parts too; a martini or wine glass without a foot, an up-lighter
lamp, a shuttlecock, a triangle on a post, a flat-topped toadstool or spinning top, a flashlight
head up, a golf tee are a funnel's, and a tornado drawn as centred lines, a ground symbol
without its stem are lines narrowing down (as are the text characters Ogham ``ᚚ``, and ``∇``,
``▿`` in a few renders). A pencil pointing down to the right, or drawn with the thin single
stroke of Ionicons' ``create-outline``, is not recognised as one, nor is Tabler's funnel at
24 px (its cone too short at that size). A gear's teeth and hub, drawn by a review in kinds no
font here draws so, are also those of a filled flower with a hole, a scalloped badge round a
ring, a flat-tipped polygon star or a virus or tyre round a hole (2,819 of 59,640 drawn
renders); the 32x32 mask tells their round bumps or V-shaped roots from a gear's teeth by
about a pixel, and the limits sit that close to real gears (Material's gear's ring is 0.339 of
its radius thick, against :data:`GEAR_BAND`'s 0.33). A cloud with an arrow is told by a
pixel or two too: a review swept every glyph of 65 fonts at 24-64 px (621,464 renders) and
found only cloud uploads and downloads passing, but drew look-alikes that pass in some renders
(181 of 4,032): a dome with a finial, a house with a chimney, a heart, a bush or a brain with a
centred arrow in it, a lollipop or a thermometer in a cloud (a five-pixel ball on a stick is
an arrowhead's size and shape at 32 px).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import pairwise
from typing import Any, Literal, NamedTuple

import cv2
import numpy as np
import numpy.typing as npt

BoolArray = npt.NDArray[np.bool_]
Direction = Literal["up", "down"]

STRUCTURE_SCORE = 0.95
"""The score a concept gets at least when its structure is in the crop: above the template
score a look-alike reached on a structured drawing (Carbon's play triangle scored 0.91 as
"send"), and in a band where the structured concepts need only the global lead of 0.03."""

MIN_PART = 3
"""Pieces of fewer pixels (of the 32x32 mask) are specks, not parts."""
SPECKS = 4
"""A drawing of two parts and "nothing else" (pause's bars, download's arrow and tray) has at
most this many pixels of specks besides: not a pair of ticks in a field of noise."""
MIN_HEIGHT = 8
"""...and spans at least this many rows of the 32x32 mask (a normalised shape fills its box:
a smaller pair is a degenerate mask, not an icon's parts)."""
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


# profile: a head over shoulders
PERSON_ASPECT = (0.85, 1.6)
"""A bust is about as tall as wide: height from 0.85 to 1.6 times the width (a full figure,
legs and all, is taller)."""
NECK_BAND = (0.3, 0.7)
"""The neck, the narrowest row between head and shoulders (empty when they do not touch), lies
in this share of the drawing's height."""
HEAD_ASPECT = (0.75, 1.35)
"""The head is about as tall as wide (a microphone's capsule is taller)."""
HEAD_ROUND = 0.78
"""Its outline, holes filled, overlaps the ellipse of its box by at least this (intersection
over union): a disc or a ring, not an arch (a lock's shackle) or a dome (a bell). A raster
box overlaps its ellipse as much (0.84-0.86 at these sizes), so the corners are checked too."""
HEAD_CORNER = 0.2
"""A corner of the head's box, cut off along the diagonal at this share of its side, is empty
on at least two of the four corners (a disc's are all empty; a box's, a robot's head or a
parcel's, are all inked; where the head meets the neck two may be)."""
SHOULDER_SPAN = (1.25, 3.2)
"""The shoulders are this many times as wide as the head (a keyhole's or a bulb's lower part is
narrower)."""
BODY_HEIGHT = (0.25, 0.6)
"""The shoulders take this share of the drawing's height (a standing figure's body more)."""
BODY_FLAT = 0.8
"""...and are at most this share of their width tall (a snowman's lower ball is round)."""
SHOULDER_TOP = 0.92
"""Their top row is narrower than this share of their width: shoulders are rounded."""
SHOULDER_RISE = 2
"""Two rows below their top, the shoulders are at least this many pixels wider (rounded: a box
on a plinth is as wide in its first rows)."""
SHOULDER_SLOPE = ((0.25, 0.6), (0.5, 0.75))
"""(share of the body's height, share of its width reached by then): the shoulders widen at
once below the neck (a chess pawn's stem and a stand's pole do not)."""
STEM_WIDTH = 0.7
"""Below this share of their width, no three rows of the shoulders are equally wide (a stem)."""
BODY_CONVEX = 0.88
"""The shoulders' row spans fill at least this share of their convex hull (a globe's pole and
cross-bar do not)."""
RINGED_BODY_HEIGHT = (0.2, 0.6)
"""Inside a round outline, the outline cuts the shoulders short: from this share of the height."""
RING_ASPECT = (0.9, 1.1)
"""A round outline is as tall as wide, within this ratio."""
RING_ROUND = 0.85
"""Its filled outline overlaps the ellipse of its box by at least this (intersection over union)."""
RING_RAYS = 24
"""The outline's stroke is measured along this many rays from the centre..."""
RING_STROKE = 25
"""...as this percentile of the inward ink runs (where the head or the shoulders touch the
outline, the run is longer)."""
MIN_RING_CONTENT = 10
"""Fewer pixels inside the outline are no drawing."""
MIRROR = 0.78
"""The drawing mirrored about the head's centre overlaps itself by at least this (a person with
a plus or a tick beside them, two people side by side are not one person)."""

# home: a roof over walls
HOUSE_ASPECT = (0.75, 1.3)
"""Height over width of a house."""
HOUSE_GAPS = 0.1
"""Share of the height that may be empty rows (a roof line drawn apart from the walls)."""
EAVES_SEARCH = 0.7
"""The eaves (the roof's widest row, where its left slope ends) lie in this share of the
height from the top."""
ROOF_HEIGHT = (0.25, 0.65)
"""Share of the height from the apex to the eaves."""
ROOF_PEAK = 0.3
"""The top row is at most this share of the width: a peak, not a flat top."""
ROOF_SPREAD = 0.3
"""The left slope moves out by at least this share of the width from the apex to the eaves."""
ROOF_SLOPE = (-2.5, -0.5)
"""Columns the left slope moves per row (a straight line fitted to its left edge)."""
ROOF_STRAIGHT = 1.0
"""Largest distance (px) of the slope's left edge from that line."""
WALL_ROWS = (0.35, 0.3)
"""Rows under the eaves, and rows of upright walls among them, as shares of the height."""
OVERHANG_ROWS = 4
"""Rows under the eaves where the walls may not have settled yet (a roof's overhang)."""
PLUMB = 1
"""Each wall's outer edge moves by at most this many pixels from row to row range."""
WALL_SPAN = 0.68
"""The walls are at least this share of the widest row apart: a small overhang (a block arrow's
shaft, a tree's trunk are narrower than their heads)."""
APEX_CENTRED = (1.5, 0.1)
"""The apex lies within this many pixels, or this share of the width, of the walls' centre."""
WALL_RUNS = 4
"""Runs of ink per row between the walls, at most (walls and a door's two sides)."""
THIN_WALL = 0.2
"""An outline's wall is at most this share of the house's inner width."""
FILLED_HOUSE = 0.7
"""Share of the walls' box inked when the house is drawn filled."""
DOOR_WIDTH = (0.2, 0.6)
"""A door is this share of the walls' width (a warehouse's gate is wider); one drawn as a
narrower line is short, :data:`LINE_DOOR`."""
LINE_DOOR = 0.7
"""A door drawn as a line is at most this share of the walls' height (a bank's middle column
runs from its pediment to its base)."""
DOOR_CENTRED = (1.5, 0.12)
"""A door's centre lies within this many pixels, or share of the walls' width, of theirs."""
DOOR_EVEN = 2
"""A door's width varies by at most this many pixels along its height (no slats)."""
DOOR_FLOOR = 2
"""A filled house's doorway reaches to within this many pixels of the floor (an outlined door
stands on it)."""
FLOOR_ROWS = 3
"""The floor is looked for in this many bottom rows: no gap in it wider than a door."""
HOUSE_MIRROR = 0.7
"""Least overlap of the drawing with its mirror image about the walls' centre."""

# edit: a pencil on a slant. Widths and lengths are counted in diagonal lines: the mask's pixels
# on one line x - y = const, or across it (x + y, in steps of one pixel).
PENCIL_LENGTH = 30
"""The pencil spans at least this many diagonal lines (of the 63 across the mask): it runs
corner to corner."""
PENCIL_SLIM = 3.5
"""It is at least this many times as long as its body is wide."""
PENCIL_BODY = (0.35, 0.9)
"""Where its body lies, in shares of its length from the tip: there it is as wide as its
median width within :data:`PENCIL_EVEN` and straight within :data:`PENCIL_STRAIGHT`."""
PENCIL_EVEN = 1
"""A body is even: no line of it, and no line of the whole pencil, is wider than the median
by more than this (an eyedropper's bulb, a brush's bristles, a sword's guard, a
screwdriver's handle are)."""
PENCIL_STRAIGHT = 2
"""The body's centre moves across the slant by at most this many half-pixels."""
PENCIL_GAPS = 5
"""Lines without ink in a row, at most: a cap or a tip drawn apart from the body."""
PENCIL_GAP_EDGE = 2
"""Lines this close to a gap may be cut short by a part's end: they are not measured as body."""
PENCIL_BODY_SEEN = 0.6
"""At least this share of the body's lines is measured (not beside a gap)."""
PENCIL_POINT = (2, 0.55)
"""The tip's first line is at most this wide: this many pixels, or this share of the body's
width."""
PENCIL_TIP = 0.5
"""The tip widens to the body over at least this share of the body's width (the round end of
a stroke is shorter)."""
PENCIL_STEM = 3
"""...and widens at least every this many lines: a thin stem that then widens is a
thermometer or a quill, not a tip."""
PENCIL_ON_AXIS = 0.5
"""The point lies on the band's axis, within this share of the band's width (in half-pixels
across the slant): a knife's, a chisel's or a lipstick's point is on one edge."""
PENCIL_DIP = 0.5
"""Between the tip and the body, at most this share of the body's width in lines is
narrower than the body (a tip drawn apart leaves two or three): a brush's bristles, a box
cutter's blade are a wide part, then a waist."""
PENCIL_END = 1.0
"""The other end narrows over at most this share of the body's width: cut or rounded, not
a second point."""
SQUARE_PIECES = 3
"""A pencil in a square is at most this many pieces: the square, the pencil, a cap apart."""
SQUARE_SPAN = 0.65
"""The square spans at least this share of the drawing's width and of its height, from its
bottom left corner."""
SQUARE_STROKE = 3
"""The square's left side and bottom are looked for in this many columns and rows."""
SQUARE_SIDES = 0.75
"""Its left side and its bottom are inked along at least this share of the square."""
SQUARE_OPEN_SIDES = (0.25, 0.85)
"""Its top and right sides are inked along this share of it: part of the way, the corner
left open for the pencil (real ones: 0.32-0.59)."""
PENCIL_IN_SQUARE_LENGTH = 18
"""A pencil in a square spans at least this many diagonal lines (it leaves the square's
corner)."""
SQUARE_PENCIL_WIDTH = 5
"""...and its body is at least this wide: at 3 px a syringe's needle, a screwdriver's shaft, a
brush's handle or an arrow pointing into the square pass the pencil's rules (every real
pencil in a square measured 5-7)."""
SQUARE_TIP_SLACK = 0.5
"""...and its tip may reach the body this many lines sooner than :data:`PENCIL_TIP` asks (an
odd width's half, rounded down): Tabler's edit, 7 px wide at 32-96 px, widens over 3 lines.
A round stroke end that wide reaches its width within 2; no drawing of another concept in a
square passes so (references, held-out renders, calibration crops)."""
BASELINE_HEIGHT = 4
"""A line drawn under the pencil (the written line of an edit icon) is at most this many
rows tall and three times as wide; it is left out before the pencil is measured."""

# refresh: arrows round a circle. Angles are counted in RING_BINS sectors about the fitted
# centre, distances from the fitted circle in pixels (negative: inside it).
RING_BINS = 36
"""Sectors of 10 degrees the circle is read in."""
RING_RADIUS = 8.0
"""The circle's radius is at least this (of the 32 px mask): it is the drawing, not a part."""
RING_FIT = 2.5
"""A pixel this close to the circle is on the ring: the circle is fitted to those pixels
(three rounds, starting from all ink), and a sector with none of them is part of a gap."""
RING_CENTRE = 0.3
"""No ink nearer the centre than this share of the radius: a clock's hands, a power icon's
stroke, a globe's meridians, a mark inside are."""
RING_OUTER = 0.65
"""No ink farther out than this share of the radius beyond the circle (a question mark's dot,
a stopwatch's crown)."""
RING_COVER = 0.55
"""The ring covers at least this share of the sectors."""
RING_GAPS = (1, 2)
"""One arc with one gap, or two arcs with two (then half a turn maps one onto the other)."""
RING_GAP = 0.28
"""No gap is wider than this share of the circle (headphones', a magnet's, an undo's are)."""
RING_HEAD = 5
"""Ink off the ring (an arrowhead) lies within this many sectors of a gap."""
RING_HEAD_PIXELS = 3
"""...and there is at least this much of it: an arc without heads is a spinner or a gauge."""
RING_EDGE = 1.2
"""Away from the gaps, the ring's inner and outer edges stay within this many pixels of their
medians in every sector: round, of even width (a folder's or a heart's outline is not)."""
RING_AWAY = 0.3
"""At least this share of the sectors lies away from the gaps' heads (so roundness is seen)."""
RING_ON = 0.6
"""At least this share of the ink is ring; the rest is heads."""
RING_THICK = 0.45
"""The ring's stroke is at most this share of the radius: a ring, not a disc with a notch."""
RING_TURN = 0.9
"""Two arcs: at least this share of the ink lands within a pixel of ink when turned half a
turn about the centre (a folder with an opening at two corners does not)."""

# settings: a gear, teeth round a hub. Angles are counted in GEAR_RAYS rays from the centre of
# the rim's filled outline; radii in pixels, as shares of the outline's largest radius R.
GEAR_RAYS = 180
"""Rays along which the rim's outer radius is read (every 2 degrees; smoothed over three)."""
GEAR_WHOLE = 0.9
"""The rim -- the largest piece -- spans at least this share of the drawing's width and
height..."""
GEAR_ASPECT = (0.85, 1.18)
"""...and is about as wide as tall (width over height, fewest and most)."""
GEAR_DEPTH = (0.12, 0.35)
"""The teeth stand out from the root this share of R (the radius's 90th percentile less its
10th): a nut's hexagon or a scalloped badge is shallower, a star's points deeper (and MDI's and
Remix's viruses, 0.37-0.39)."""
GEAR_TEETH = (5, 10)
"""Teeth: runs of rays above mid-depth, fewest and most (five only round a hub drawn inside, as
a star has five points and none; no real gear has more than ten, a tyre's treads or a bottle
cap's crimps more)."""
GEAR_EVEN = 0.5
"""The narrowest tooth is at least this share of the widest, and the narrowest gap of the
widest gap: teeth evenly cut."""
GEAR_DUTY = (0.3, 0.7)
"""The teeth take this share of the way round, fewest and most (spikes take less)."""
GEAR_FLAT = 0.45
"""Teeth are flat-topped: the rays within a fifth of the depth of the tips are at least this
share of those above a fifth of it (triangles -- a sunburst's points, a star's -- give a third,
round bumps a half, square teeth up to one)."""
GEAR_CENTRED = 1.5
"""The hole at the centre and the hub in it are centred on the rim within this many pixels."""
GEAR_HOLE = (0.25, 0.5)
"""A filled gear (no hub drawn apart): its one hole, round, has a radius of this share of R..."""
GEAR_FILLED_TEETH = 6
"""...and has at least this many teeth (five only round a drawn hub: a star has five points and
no hub, see :data:`GEAR_TEETH`)..."""
GEAR_BAND = 0.33
"""...and the ring from that hole to the root of the teeth is at least this share of R thick (a
thick-stroked star outline's ring is 0.22-0.28, Material's ``filter_vintage`` flower's 0.323 at
20 px; Material's own gear's 0.339, the closest real one)."""
GEAR_HUB = (0.15, 0.6)
"""An outlined gear: in its one hole a hub -- one round piece, a disc or a ring -- of a radius
of this share of R."""
GEAR_SOLID = 0.97
"""A hub whose ink fills at least this share of its outline is a disc (else a ring)..."""
GEAR_DISC = 0.25
"""...and a disc hub has a radius of at most this share of R, or at most :data:`GEAR_SUN` of
the hole's: a larger disc filling the hole is a sun's (Material's and MDI's ``brightness_7``,
a sunburst ring round a disc of 0.33 R, 0.62 of the hole; real disc hubs are 0.2 R)."""
GEAR_SUN = 0.55
"""See :data:`GEAR_DISC`."""
GEAR_BODY = 0.65
"""A rim whose ink fills at least this share of its outline is a solid body (a filled gear):
what it holds in its hole must be a disc hub (:data:`GEAR_DISC`), not a ring -- filled suns,
flowers and viruses round a ring were drawn so; outlined rims fill at most 0.6."""
ROUND_OVERLAP = 0.5
"""A round hole or hub overlaps the ellipse inscribed in its box by at least this much
(intersection over union; real gears' 0.66 and more, a check mark's 0.27-0.36: Codicons' and
Material's ``verified`` badges hold one)."""
GEAR_HOLE_PIXELS = 3
"""Holes of fewer pixels are joints of strokes, not holes."""
ROUND_ASPECT = (0.8, 1.25)
"""A round hole or hub is this wide for its height, fewest and most."""

# settings, too: a cog, a toothed ring on spokes (Lucide's and Heroicons' ``cog``). The rim is
# read as a gear's (GEAR_WHOLE, GEAR_ASPECT, GEAR_RAYS); the spokes cut the inside into sectors.
COG_TEETH = (8, 20)
"""Teeth round a cog's ring, fewest and most (Lucide's and MingCute's read 12, Heroicons' 18;
a ship's wheel's handles are its spokes' ends, 6-8)..."""
COG_PER_SECTOR = 3
"""...and at least this many per sector: the teeth are not the spokes' ends (a ship's wheel,
a dharmachakra: one handle per spoke; Remix's ``centos`` logo, eight points round four
sectors, and one render of Codicons' ``gear``, whose other renders the gear's check takes).
The teeth also repeat with the spokes, a whole number per sector (a cog is drawn
turn-symmetric; a compass's ticks round its rose, a tyre's treads round its spokes, a seal's
scallops round a mark need not be)."""
COG_DEPTH = (0.09, 0.3)
"""The teeth stand out this share of R (as :data:`GEAR_DEPTH`): short stubs on a ring, 0.11
at the shallowest (Heroicons', 18 read, at 24 px) and 0.23 at the deepest (Lucide's)."""
COG_HARMONIC = 0.45
"""Evenly spaced: the outline's radius, as a wave round the circle, has at least this share
of its power in the harmonic of the tooth count (cogs 0.47-0.89; a cube's hexagon, a bug's
legs, a globe's meridians peak elsewhere)."""
COG_SECTORS = (3, 6)
"""The spokes cut the ring's inside into this many holes, fewest and most, besides a hub's
hole at the centre, smaller than any of them (a ship's wheel has 8, a steering wheel 3 but no
teeth)..."""
COG_SECTOR_AREAS = 0.5
"""...of like size: the smallest at least this share of the largest..."""
COG_SECTOR_RADII = 0.85
"""...as far from the centre (the nearest's centroid at least this share of the farthest's:
a bug's body or a virus's spots lie at unlike distances)..."""
COG_SECTOR_SPREAD = 0.2
"""...and evenly round it: consecutive sectors are a k-th of a turn apart, give or take this
share of that."""


# download: an arrow into a tray
TRAY_WIDTH = 0.6
"""The tray spans at least this share of the drawing's width..."""
TRAY_OVER_HEAD = 1.1
"""...and at least this many times the arrow's width (its head)..."""
TRAY_BAR = (0.9, 1.8)
"""...or, a plain bar (no walls), this many times the arrow's width, fewest and most: a line
much wider than the arrow is the baseline of an align-bottom icon (Material's
``vertical_align_bottom``, MDI's ``format-vertical-align-bottom``); Material's own download
bar is as wide as the head."""
TRAY_FLOOR_ROWS = 2
"""The tray's floor is at most this many times the arrow's shaft, plus a row, thick: a stroke,
not a filled box, disc or diamond under an arrow."""
TIP_ROWS = 4
"""The arrow's head is widest (within a pixel) over at most this many rows..."""
TIP_REACH = 0.6
"""...reached from the tip within this share of that width (a shovel's blade, a key's bit, a
thermometer's bulb are longer)..."""
TIP_FILL = 0.35
"""...and halfway there already this share of it wide: a head widens from its tip (a pin's
needle stays thin up to its flange)."""
TRAY_CENTRED = 1.5
"""The arrow stands centred over the tray within this many pixels."""
TRAY_FLOOR = 0.8
"""The widest of the tray's bottom rows (one run of ink each) reaches at least this share of
its width (the others may be its rounded corners)."""
TRAY_OPEN = 1
"""Above its floor, the tray has no ink within this many pixels either side of its centre
column: it is open where the arrow goes in (walls, or a box's shoulders, at its sides; a
closed box, a lid are not)."""
UPLOAD_TRAY = 0.42
"""An upload's tray (a bar, a ⊔) is at most this share of the drawing's height: iOS's share box
is the same arrow up out of a deeper box (0.46 in Iconoir's, 0.52-0.55 in Feather's and
Lucide's, 0.6-0.76 in Material's, Phosphor's, MDI's, Octicons', Ionicons'), upload trays are
0.41 deep at most (Feather's and Lucide's 0.38-0.41, MingCute's 0.36); the limit sits nearer
the uploads, as a share box is the worse mistake."""
UPLOAD_TIP = 4
"""An upload arrow's top row is at most this many pixels wide: a tip (a lamp's shade over its
stem and base is a flat-topped head)."""

# cloud upload / download: an upright arrow in a cloud or through its bottom
CLOUD_WIDE = 0.85
"""The cloud is the widest piece, at least this share of the drawing's width..."""
CLOUD_ASPECT = 1.15
"""...at least this many times as wide as tall."""
CLOUD_CROWN = 0.1
"""The cloud's highest rows (its top outline within a pixel of its top) lie at least this share
of its width in from either side: a crown, not a shoulder."""
CLOUD_SIDES = 0.3
"""The cloud's end columns start at least this share of its height below its top: it rounds
down at both sides (a box, a banner do not)."""
CLOUD_ENDS = 0.5
"""A cloud's leftmost and rightmost columns are each reached by at most this share of its rows
in a row: its ends are round lobes (real ones 0.45 at most; a briefcase's walls 0.56 and
more)."""
LOBE_DIP = 1.2
"""A cloud's top outline dips between its lobes below its convex hull seen from above by at
least this many pixels at the deepest... (an umbrella's dome, Fluent's at 24 px, dips 1.0)"""
LOBE_MEAN = 0.2
"""...and by at least this many pixels per column on average."""
CLOUD_ARROW_TALL = 0.35
"""The arrow is at least this share of the drawing's height (a filled cloud's: its stub below
left out) and at least 0.9 as tall as wide..."""
CLOUD_ARROW_CENTRED = 0.12
"""...its centre within this share of the cloud's width of the cloud's centre..."""
CLOUD_ARROW_TOP = 0.3
"""...its top at least this share of the cloud's height below the cloud's top (inside it)..."""
CLOUD_ARROW_DOWN = 0.6
"""...and its bottom at least this share of the way down the cloud (in its lower part, or out
through its bottom)."""
KNOCKED_TOP = 0.2
"""A filled cloud's knocked-out arrow's top is at least this share of the cloud's height below
its top (Material's arrow sits higher in its cloud than outlined clouds' arrows)."""
KNOCKED_OTHER = 0.3
"""Any other background knocked out of a filled cloud is under this share of the arrow's area
(specks between lobes; a second arrow is not)."""
KNOCKED_SHARE = 0.22
"""The arrow knocked out of a filled cloud is at most this share of the cloud's silhouette (real
ones 0.08-0.16): an outlined drawing's inside is more (MDI's outlined bold arrow 0.3, a
four-pointed star's ✧ more still)."""
KNOCKED_NARROW = 0.45
"""An arrow knocked out of a filled cloud is at most this share of the cloud's width (real ones
0.29-0.43; MDI's outlined bold arrow's inside 0.48)."""
CLOUD_SOLID = 0.95
"""A filled cloud's silhouette, the arrow left out, is at least this share ink (real ones
0.995 and more; an outlined drawing's inside is background)."""
HEAD_WITHIN = 0.6
"""An arrow's widest row lies within this share of its length from its tip..."""
SHAFT_END = 0.3
"""...and this share of its rows at the other end (at least 2) are a shaft: one run each, at
most :data:`SHAFT_NARROW` of the head's width (3 pixels at least) wide..."""
SHAFT_NARROW = 0.4
"""See :data:`SHAFT_END`."""
HEAD_WIDE = 2.2
"""An arrowhead is at least this many times as wide as its shaft (the median width of the
shaft's rows)..."""
HEAD_LENGTH = 2
"""...its widest row at least this many rows from its tip (a T's bar is at its end)..."""
HEAD_TRIANGLE = (0.7, 0.5)
"""...and halfway there it is at most this share of its widest plus this many pixels: a
triangle widens steadily (half as wide halfway, a stroke more when drawn in thick lines), a
round end (a ball, a bulb, a drop) is 0.87 as wide. A head three rows deep (2, 6, 8 pixels wide)
passes; a ball of five pixels on a stick (2, 4, 5) does too, as at 32 pixels nothing tells it
from such a head."""
HEAD_CENTRED = 1.5
"""...and the head's rows are centred on the shaft within this many pixels (an umbrella's
J-shaped handle hooks to one side)."""

# pause: two upright bars (the "not sort" exclusion reads the same pair, loosely: no arrowhead)
BAR_UPRIGHT = 2.0
"""A bar of a pair is at least this many times as tall as wide."""
BAR_EVEN = 1
"""Along the middle of a bar (ends cut by :data:`BAR_ENDS`), its width varies by at most this
many pixels: no arrowhead, no taper; for pause, so do its left and its right side (plumb: a
chevron of ``< >`` is as even in width, but slanted)."""
BAR_ENDS = 0.1
"""The share of a bar's height at each end that may be rounded or cut."""
BAR_ALIGN = 1
"""The two bars' tops, and their bottoms, are level within this many pixels."""
BAR_WIDTHS = 2
"""The two bars' widths differ by at most this many pixels..."""
BAR_WIDTH_RATIO = 1.3
"""...and, beyond a pixel, the wider is at most this many times the narrower (real pause bars
reach 1.25; a 2 px rule beside a 4 px one is no pause)."""
BAR_GAP = 0.8
"""The gap between pause bars is at most this share of their height (real ones reach 0.65;
two dividers far apart are no pause)."""
BAR_HOLE_EVEN = 2
"""An outlined bar's one hole spans at least half its height and, along its middle, varies in
width by at most this many pixels (a wardrobe's handle slot, a crossbar, a knob do not)."""
BAR_NUB = 3
"""Two equal rows at one end of a bar, at least this many pixels narrower than its middle, and
not at the other, are a nub (a battery's terminal). A bar's rounded ends narrow row by row, or,
drawn small, step in alike at both ends."""


class Part(NamedTuple):
    """One connected piece of ink: its box, pixel count and label in the label image."""

    x: int
    y: int
    width: int
    height: int
    area: int
    label: int

    def cut_from(self, labels: npt.NDArray[np.int32]) -> BoolArray:
        """This piece's own pixels of ``labels`` (the label image it indexes), cut to its box."""
        box = labels[self.y : self.y + self.height, self.x : self.x + self.width]
        return np.asarray(box == self.label)


def _middle(length: int) -> slice:
    """The rows of a bar (or of its hole) ``length`` rows tall past its ends, which may be
    rounded or cut (:data:`BAR_ENDS`, at least a row each)."""
    cut = max(1, round(BAR_ENDS * length))
    return slice(cut, length - cut)


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


def pieces_top_down(mask: BoolArray, count: tuple[int, int], specks: int) -> list[Part] | None:
    """The pieces of ``mask`` (:data:`MIN_PART` pixels or more) from the top down, when there
    are ``count`` of them (fewest, most) and at most ``specks`` pixels of smaller ones."""
    found, _ = parts_of(mask)
    pieces = sorted((p for p in found if p.area >= MIN_PART), key=lambda p: p.y)
    if not count[0] <= len(pieces) <= count[1]:
        return None
    if _speck_area(found, pieces) > specks:
        return None
    return pieces


def _speck_area(found: list[Part], pieces: list[Part]) -> int:
    """Pixels of the ``found`` pieces that are not among ``pieces`` (the specks left out)."""
    return sum(p.area for p in found) - sum(p.area for p in pieces)


def holes_of(
    mask: BoolArray, *, connectivity: Literal[4, 8] = 4
) -> tuple[list[Part], npt.NDArray[np.int32]]:
    """The holes of ``mask``: the pieces of background (4-connected, as 8-connected ink
    encloses them) that do not reach its border, and the label image they index.

    ``connectivity=8`` reads a slit cut into ink instead: a one-pixel slit on a slant runs from
    pixel to pixel through their corners, and 4-connected background splits it into specks."""
    ink = np.asarray(mask, bool)
    if ink.ndim != 2 or ink.all():
        return [], np.zeros(ink.shape if ink.ndim == 2 else (0, 0), np.int32)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(
        (~ink).astype(np.uint8), connectivity=connectivity
    )
    height, width = ink.shape
    holes = [
        Part(int(x), int(y), int(w), int(h), int(a), k)
        for k, (x, y, w, h, a) in enumerate(stats[1:, :5], start=1)
        if x > 0 and y > 0 and x + w < width and y + h < height
    ]
    return holes, labels.astype(np.int32)


def bars_side_by_side(mask: BoolArray) -> bool:
    """Whether the drawing is a pause icon: two upright bars side by side and nothing else
    (specks aside), filled or outlined (:func:`upright_bar_pair`), each with plumb sides along
    its middle (a chevron pair ``< >`` is as even in width, but slanted), widths alike
    (:data:`BAR_WIDTH_RATIO`), the gap at most :data:`BAR_GAP` of their height, no nub at one
    end (:data:`BAR_NUB`) and nothing inside an outlined bar (:data:`BAR_HOLE_EVEN`)."""
    pair = upright_bar_pair(mask)
    if pair is None:
        return False
    left, right, labels = pair
    narrow, wide = sorted((left.width, right.width))
    if wide - narrow > 1 and wide > BAR_WIDTH_RATIO * narrow:
        return False
    if right.x - left.x - left.width > BAR_GAP * max(left.height, right.height):
        return False
    return all(_plain_pause_bar(p.cut_from(labels)) for p in (left, right))


def _span(pieces: list[Part]) -> tuple[int, int]:
    """The width and height of the box round all ``pieces``: the drawing's."""
    left, top = min(p.x for p in pieces), min(p.y for p in pieces)
    return max(p.x + p.width for p in pieces) - left, max(p.y + p.height for p in pieces) - top


def _parts_alone(found: list[Part], pieces: list[Part], count: int) -> bool:
    """``count`` parts (``pieces``, of all ``found``), at most :data:`SPECKS` pixels of specks
    besides, spanning at least :data:`MIN_HEIGHT` rows."""
    if len(pieces) != count or _speck_area(found, pieces) > SPECKS:
        return False
    return _span(pieces)[1] >= MIN_HEIGHT


def upright_bar_pair(mask: BoolArray) -> tuple[Part, Part, npt.NDArray[np.int32]] | None:
    """The two pieces (left, right) and their label image when the drawing is two upright bars
    side by side and nothing else (specks aside), filled or outlined: the same ends
    (:data:`BAR_ALIGN`) and widths (:data:`BAR_WIDTHS`), each at least :data:`BAR_UPRIGHT`
    times as tall as wide, of even width along its middle and no wider at its ends (rounded or
    cut ends are narrower; an arrowhead, however short, is wider). The "not sort" exclusion
    asks no more: such bars have no arrowhead."""
    found, labels = parts_of(mask)
    pieces = sorted((p for p in found if p.area >= MIN_PART), key=lambda p: p.x)
    if not _parts_alone(found, pieces, 2):
        return None
    left, right = pieces
    if (
        left.x + left.width > right.x
        or abs(left.y - right.y) > BAR_ALIGN
        or abs(left.y + left.height - right.y - right.height) > BAR_ALIGN
        or abs(left.width - right.width) > BAR_WIDTHS
    ):
        return None
    if not all(_even_bar(p.cut_from(labels), p) for p in pieces):
        return None
    return left, right, labels


def _even_bar(bar: BoolArray, part: Part) -> bool:
    """Upright, its width even along its middle (:data:`BAR_EVEN`, :func:`_middle`) and no
    wider at its ends."""
    if part.height < BAR_UPRIGHT * part.width:
        return False
    widths = row_extents(bar)
    middle = widths[_middle(part.height)]
    return len(middle) > 0 and bool(
        middle.max() - middle.min() <= BAR_EVEN and widths.max() <= middle.max()
    )


def _plain_pause_bar(bar: BoolArray) -> bool:
    """One bar of :func:`bars_side_by_side`, cut to its box: plumb sides along its middle, no
    nub at one end only, and filled or one even hole at least half its height."""
    rows = _Rows.of(bar)
    height = len(rows.extent)
    middle = _middle(height)
    ends = middle.start + 2  # an end's rows, and two past them
    if np.ptp(rows.first[middle]) > BAR_EVEN or np.ptp(rows.last[middle]) > BAR_EVEN:
        return False
    full = int(rows.extent[middle].min())
    nubs = [
        any(a == b and full - a >= BAR_NUB for a, b in pairwise(end))
        for end in (rows.extent[:ends], rows.extent[::-1][:ends])
    ]
    if nubs[0] != nubs[1]:
        return False  # a terminal at one end; a round end drawn small steps in at both
    holes, labels = holes_of(bar)
    if len(holes) > 1:
        return False
    for hole in holes:
        if hole.height < 0.5 * height:
            return False
        widths = row_extents(hole.cut_from(labels))[_middle(hole.height)]
        if len(widths) and widths.max() - widths.min() > BAR_HOLE_EVEN:
            return False
    return True


def arrow_beside_bars(mask: BoolArray) -> bool:
    """Whether the drawing is one vertical arrow beside two to five stacked, graded, aligned
    horizontal bars (a sort icon in any of its layouts)."""
    found, labels = parts_of(mask)
    pieces = [p for p in found if p.area >= MIN_PART]
    if not 3 <= len(pieces) <= 6:
        return False
    height = _span(pieces)[1]
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
    """A head much wider than the shaft at one end (or both), tapering to a tip; a shaft of one
    narrow run of ink in most rows."""
    return any(_arrow_heads(piece.cut_from(labels)))


def _arrow_heads(own: BoolArray) -> tuple[bool, bool]:
    """Which ends (top, bottom) of a piece (``own``: its pixels cut to its box) hold an
    arrowhead, when it is an arrow: a head much wider than the shaft (:data:`ARROW_HEAD`),
    tapering to a tip (:func:`_heads`); a shaft of one narrow run of ink in most rows
    (:data:`SHAFT_ROWS`). ``(False, False)``: no arrow."""
    ink = own.sum(axis=1)
    if ink.max() < ARROW_HEAD * max(float(np.median(ink)), 1.0):
        return False, False
    rows = _Rows.of(own)
    if float(np.mean(rows.runs == 1)) < SHAFT_ROWS:
        return False, False
    return _heads(rows.extent)


def _heads(extent: npt.NDArray[np.int64]) -> tuple[bool, bool]:
    """Whether the top end, and the bottom end, hold a head: its widest rows near that end,
    narrowing to a tip there and dropping abruptly to the shaft on the inner side
    (:data:`TAPER`)."""
    reach = max(int(np.ceil(HEAD_END * len(extent))), 1)
    found = []
    for rows in (extent, extent[::-1]):
        head = rows[:reach]
        widest = int(head.max())
        last = int(np.flatnonzero(head >= widest - 1)[-1])
        inner = rows[last + 1 : last + 3]
        found.append(
            bool(rows[0] <= TAPER * widest and len(inner) and int(inner.min()) <= TAPER * widest)
        )
    return found[0], found[1]


# filter: a funnel, or lines narrowing down
FUNNEL_ASPECT = (0.75, 1.35)
"""A funnel's width over its height, fewest and most."""
RIM_TOP = 0.1
"""Within this share of its height (at least 2 rows) from the top, a funnel has a row of one
run spanning at least :data:`RIM_WIDE` of its width: a flat rim (a bulb's round top, a heart's
two lobes are not)."""
RIM_WIDE = 0.85
"""See :data:`RIM_TOP`."""
RIM_BAND = 0.9
"""The rim is the rows from there down at least this share of the funnel's width..."""
RIM_TALL = 0.4
"""...and at most this share of its height (a brush's head, a thumb's fist are taller boxes)."""
SPOUT_ROWS = 0.3
"""The spout's width is the median width of this share of the funnel's lowest rows (at least
2, the very last -- often cut -- left out)..."""
SPOUT_WIDE = 0.45
"""...at most this share of the funnel's width, its rim's (real spouts 0.25-0.44; a medal's
disc is 0.5)."""
SPOUT_EVEN = 2
"""The spout is the rows from the bottom up no more than this many pixels wider than that; its
width varies by at most as much (a triangle's tip narrows all the way)."""
SPOUT_LONG = 0.25
"""The spout is at least this share of the funnel's height..."""
SPOUT_END = 0.35
"""...and past its end -- this share of its rows, cut or rounded -- has plumb sides, over at
least 3 rows (a disc's sides curve)."""
CONE_ROWS = 0.2
"""The cone between rim and spout is at least this share of the funnel's height, narrowing row
by row (by a pixel's noise) with straight sides (:data:`STRAIGHT_SIDE`), centred over the spout
and under the rim (:data:`FUNNEL_CENTRED`)."""
STRAIGHT_SIDE = 1.2
"""Each side of the cone lies within this many pixels of a straight line."""
CONE_SHOULDER = 0.78
"""The cone's first row is at least this share of the rim's last: the sides slope on from the
rim (real funnels 0.8-0.96; a push-pin steps in from its cap to its body, 0.2-0.75)."""
SPOUT_SLOPE = 0.33
"""The spout narrows, per row, at most this share of the cone's rate (real funnels up to 0.29;
a triangle's tip, blurred into a short block, narrows on at 0.35-0.81 of it)."""
LINES = (2, 4)
"""Lines narrowing down: how many (fewest, most)..."""
LINE_STEP = 2
"""...each narrower than the one above by at least twice this many pixels (and centred on the
top one, so shorter at both ends)..."""
LINE_LONG = 2.5
"""...each but the last at least this many times as wide as thick, the thickest at most a
pixel thicker than the thinnest, filled (:data:`LINE_FILLED`: an arc of a wifi icon is not),
all centred on the top one (:data:`FUNNEL_CENTRED`)."""
LAST_LINE = 1.25
"""The last line is at least this many times as wide as thick: a line, not a dot (a wifi icon
drawn in straight bars ends in one)."""
LINE_FILLED = 0.8
"""See :data:`LINE_LONG`: the share of its box a line's ink fills."""
FUNNEL_CENTRED = 1.5
"""See :data:`CONE_ROWS`, :data:`LINE_LONG`: in pixels."""


def arrow_into_tray(mask: BoolArray) -> bool:
    """Whether the drawing is a download icon: one upright arrow pointing down (a head at its
    bottom end only, pointed: :func:`_head_from_tip`) over or into a tray below it -- a bar, a ⊔ or
    a box open at the top -- and nothing else (specks aside). The tray is the lowest piece, at
    least :data:`TRAY_WIDTH` of the drawing's width and :data:`TRAY_OVER_HEAD` of the arrow's
    (a plain bar: :data:`TRAY_BAR`), centred under it (:data:`TRAY_CENTRED`); its bottom rows
    are one run each, the widest reaching :data:`TRAY_FLOOR` of its width, a stroke thick
    (:data:`TRAY_FLOOR_ROWS`); above them nothing of it lies in its middle
    (:data:`TRAY_OPEN`): walls, or shoulders, at its sides only."""
    return _arrow_over_tray(mask, down=True) is not None


def arrow_out_of_tray(mask: BoolArray) -> bool:
    """Whether the drawing is an upload icon: :func:`arrow_into_tray`'s parts with the arrow
    pointing up (a head at its top end only, pointed, ending in a tip: :data:`UPLOAD_TIP`), and
    the tray a bar or a shallow ⊔, at most :data:`UPLOAD_TRAY` of the drawing's height: iOS's
    share box, the same arrow up out of a deeper box, is left to the templates. The tray may
    also hang over the arrow's tip -- a bar or a shallow ⊓ above it: the download's parts
    upside down, Material's and MDI's ``publish``, Eva's, Carbon's and Fluent's uploads (a
    bar twice as wide as the head is an align-top icon's, as for download)."""
    return _upload_parts(mask) or _upload_parts(np.asarray(mask, bool)[::-1], flipped=True)


def _upload_parts(mask: BoolArray, *, flipped: bool = False) -> bool:
    """:func:`arrow_out_of_tray` on ``mask`` as drawn, or (``flipped``) turned upside down, its
    arrow then pointing down at the tray the drawing has over it."""
    found = _arrow_over_tray(mask, down=flipped)
    if found is None:
        return False
    _, tray, height, extent = found
    tip = int(extent[-1] if flipped else extent[0])  # the arrow's own top row, not a wall's
    return tray.height <= UPLOAD_TRAY * height and tip <= UPLOAD_TIP


def _arrow_over_tray(
    mask: BoolArray, *, down: bool
) -> tuple[Part, Part, int, npt.NDArray[np.int64]] | None:
    """The arrow, the tray, the drawing's height and the arrow's row widths (top down) when the
    drawing is an upright arrow pointing ``down`` (or up) over or into a tray below it
    (:func:`arrow_into_tray`)."""
    found, labels = parts_of(mask)
    pieces = [p for p in found if p.area >= MIN_PART]
    if not _parts_alone(found, pieces, 2):
        return None
    tray = max(pieces, key=lambda p: (p.y + p.height, p.width))
    arrow = next(p for p in pieces if p.label != tray.label)
    width, height = _span(pieces)
    if arrow.height < ARROW_HEIGHT * height or arrow.height < 0.9 * arrow.width:
        return None
    own = arrow.cut_from(labels)
    if _arrow_heads(own) != (not down, down):
        return None  # no arrow, or one pointing the other way or both ways
    if arrow.y >= tray.y or arrow.y + arrow.height >= tray.y + tray.height:
        return None  # the tray is below the arrow
    if abs((2 * arrow.x + arrow.width) - (2 * tray.x + tray.width)) > 2 * TRAY_CENTRED:
        return None
    extent = _Rows.of(own).extent
    if not _head_from_tip(extent[::-1] if down else extent):
        return None
    body = tray.cut_from(labels)
    rows = _Rows.of(body)
    single = rows.runs[::-1] == 1
    floor = len(single) if single.all() else int(np.argmin(single))
    if floor == 0 or rows.extent[len(single) - floor :].max() < TRAY_FLOOR * tray.width:
        return None
    if floor > TRAY_FLOOR_ROWS * float(np.median(own.sum(axis=1))) + 1:
        return None
    walls = tray.height - floor
    if walls == 0:
        fewest, most = TRAY_BAR
        if not fewest * arrow.width <= tray.width <= most * arrow.width:
            return None
    elif tray.width < TRAY_OVER_HEAD * arrow.width:
        return None
    if tray.width < TRAY_WIDTH * width:
        return None
    centre = tray.width // 2
    if body[:walls, centre - TRAY_OPEN : centre + TRAY_OPEN + 1].any():
        return None
    return arrow, tray, height, extent


def arrow_through_cloud(mask: BoolArray) -> Direction | None:
    """``"up"`` or ``"down"`` when the drawing is a cloud upload or download icon, else ``None``:
    an outlined cloud and an upright arrow in it or out through its bottom
    (:func:`_arrow_in_outlined_cloud`), or a filled cloud with the arrow knocked out of it
    (:func:`_arrow_out_of_filled_cloud`), and nothing else (specks aside). Read once per mask:
    four structures (cloud upload and download, upload and download) ask it."""
    ink = np.asarray(mask, bool)
    return _cloud_arrow(ink.tobytes(), ink.shape) if ink.ndim == 2 else None


@lru_cache(maxsize=16)
def _cloud_arrow(packed: bytes, shape: tuple[int, ...]) -> Direction | None:
    """:func:`arrow_through_cloud` of the mask ``packed`` (its bytes) of ``shape``."""
    mask = np.frombuffer(packed, bool).reshape(shape)
    found, labels = parts_of(mask)
    pieces = [p for p in found if p.area >= MIN_PART]
    if _parts_alone(found, pieces, 2):
        return _arrow_in_outlined_cloud(pieces, labels)
    if _parts_alone(found, pieces, 1):
        return _arrow_out_of_filled_cloud(pieces[0].cut_from(labels))
    return None


def _arrow_in_outlined_cloud(pieces: list[Part], labels: npt.NDArray[np.int32]) -> Direction | None:
    """The arrow's direction when the two ``pieces`` are a cloud -- the widest
    (:data:`CLOUD_WIDE`, :data:`CLOUD_ASPECT`), round at its ends (:func:`_round_ends`), lobed
    (:func:`_lobed`) -- and an upright arrow (:func:`arrow_direction`) standing centred in it
    (:data:`CLOUD_ARROW_TALL`, :data:`CLOUD_ARROW_CENTRED`, :data:`CLOUD_ARROW_TOP`,
    :data:`CLOUD_ARROW_DOWN`), the cloud's ink over it and either side of its top third."""
    cloud = max(pieces, key=lambda p: (p.width, p.area))
    arrow = next(p for p in pieces if p.label != cloud.label)
    width, height = _span(pieces)
    if cloud.width < CLOUD_WIDE * width or cloud.width < CLOUD_ASPECT * cloud.height:
        return None
    body = cloud.cut_from(labels)
    if not _round_ends(body) or not _lobed(body.argmax(axis=0), cloud.height):
        return None
    direction = arrow_direction(arrow.cut_from(labels))
    if direction is None:
        return None
    if arrow.height < CLOUD_ARROW_TALL * height or arrow.height < 0.9 * arrow.width:
        return None
    off_centre = abs((2 * arrow.x + arrow.width) - (2 * cloud.x + cloud.width))
    if off_centre > 2 * CLOUD_ARROW_CENTRED * cloud.width:
        return None
    if arrow.x <= cloud.x or arrow.x + arrow.width >= cloud.x + cloud.width:
        return None  # the cloud's columns hold the arrow's, with cloud either side
    top = arrow.y - cloud.y  # the arrow's top row in the cloud's box
    if top < CLOUD_ARROW_TOP * cloud.height or top + arrow.height < CLOUD_ARROW_DOWN * cloud.height:
        return None
    left, right = arrow.x - cloud.x, arrow.x - cloud.x + arrow.width
    if not body[:top, left:right].any(axis=0).all():
        return None  # the cloud's ink over every column of the arrow
    beside = body[top : top + max(1, arrow.height // 3)]
    if not beside[:, :left].any() or not beside[:, right:].any():
        return None
    return direction


def _arrow_out_of_filled_cloud(body: BoolArray) -> Direction | None:
    """The arrow's direction when one piece (``body``: its pixels cut to its box) is a filled
    cloud with an upright arrow knocked out of it (Material's, MDI's, Font Awesome's, Ionicons'
    clouds): the background between each row's first and last ink is, but for specks
    (:data:`KNOCKED_OTHER`), one arrow (:func:`arrow_direction`), a small part of the cloud
    (:data:`KNOCKED_SHARE`, :data:`KNOCKED_NARROW`: an outlined drawing's inside is not),
    centred and standing in the cloud's lower part (:data:`CLOUD_ARROW_TALL`,
    :data:`CLOUD_ARROW_CENTRED`, :data:`KNOCKED_TOP`, :data:`CLOUD_ARROW_DOWN`), under the
    cloud's ink in every column (a hole, or a notch open at the bottom only); everything else
    of the silhouette is ink (:data:`CLOUD_SOLID`). The cloud is the rows at least half its
    width wide (a shaft's stub below it left out), :data:`CLOUD_ASPECT` as wide as tall, round
    at its ends (:func:`_round_ends`) and lobed (:func:`_lobed`)."""
    rows = _Rows.of(body)
    width = body.shape[1]
    wide = np.flatnonzero(rows.extent >= 0.5 * width)
    if not len(wide):
        return None  # no row half as wide as the piece: a slanted stroke
    cloud_height = int(wide[-1]) + 1
    if width < CLOUD_ASPECT * cloud_height:
        return None
    if not _round_ends(body[:cloud_height]) or not _lobed(body.argmax(axis=0), cloud_height):
        return None
    columns = np.arange(width)
    silhouette = (columns >= rows.first[:, None]) & (columns <= rows.last[:, None])
    knocked = silhouette & ~body
    silhouette_area = int(silhouette.sum())
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        knocked.astype(np.uint8), connectivity=4
    )
    if count < 2:
        return None
    areas = stats[1:, cv2.CC_STAT_AREA]
    label = int(np.argmax(areas)) + 1
    x, y, w, h, area = (int(v) for v in stats[label, :5])
    if (np.delete(areas, label - 1) >= KNOCKED_OTHER * area).any():
        return None  # two things knocked out
    if area > KNOCKED_SHARE * silhouette_area or w > KNOCKED_NARROW * width:
        return None  # an outline round its inside (an outlined arrow, a star), no cloud
    if int(body.sum()) < CLOUD_SOLID * (silhouette_area - area):
        return None  # an outline, not a filled cloud
    arrow = np.asarray(labels[y : y + h, x : x + w] == label)
    direction = arrow_direction(arrow)
    if direction is None:
        return None
    if h < CLOUD_ARROW_TALL * cloud_height or h < 0.9 * w:
        return None
    if abs((2 * x + w) - width) > 2 * CLOUD_ARROW_CENTRED * width:
        return None
    if y < KNOCKED_TOP * cloud_height or y + h < CLOUD_ARROW_DOWN * cloud_height:
        return None
    tops = arrow.argmax(axis=0) + y  # the arrow's first row in each of its columns
    if tops.min() == 0 or not body[tops - 1, np.arange(x, x + w)].all():
        return None  # open above: not knocked out of the cloud
    return direction


def _lobed(outline: npt.NDArray[np.int64], height: int) -> bool:
    """Whether a cloud's top outline (its first ink row per column) has a crown
    (:data:`CLOUD_CROWN`), rounds down at both sides (:data:`CLOUD_SIDES`) and dips between
    lobes below its convex hull seen from above (:data:`LOBE_DIP`, :data:`LOBE_MEAN`)."""
    width = len(outline)
    crown = np.flatnonzero(outline <= outline.min() + 1)
    if crown[0] < CLOUD_CROWN * width or crown[-1] > width - 1 - CLOUD_CROWN * width:
        return False
    if min(outline[0], outline[-1]) < CLOUD_SIDES * height:
        return False
    dips = outline - _hull_from_above(outline)
    return bool(dips.max() >= LOBE_DIP and dips.mean() >= LOBE_MEAN)


def _round_ends(body: BoolArray) -> bool:
    """Whether a cloud (``body``: its pixels cut to its box, so its first and last columns are
    its ends) rounds off at both ends: each end column is inked in at most :data:`CLOUD_ENDS`
    of its rows in a row (a briefcase's, a box's straight walls are inked all the way down)."""
    longest = max(_longest_gap(~body[:, 0]), _longest_gap(~body[:, -1]))
    return longest <= CLOUD_ENDS * len(body)


def _hull_from_above(outline: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """Per column, the row of the convex hull of a top outline (``outline``: the first ink row
    per column, rows counted down) seen from above: the outline with its dips bridged."""
    hull: list[tuple[int, int]] = []
    for point in enumerate(outline.tolist()):
        while len(hull) >= 2:
            (x1, y1), (x2, y2) = hull[-2], hull[-1]
            if (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1) > 0:
                break
            hull.pop()  # the middle point lies on or below the chord: not on the hull
        hull.append(point)
    xs, ys = zip(*hull, strict=True)
    bridged: npt.NDArray[np.float64] = np.interp(np.arange(len(outline)), xs, ys)
    return bridged


def arrow_direction(own: BoolArray) -> Direction | None:
    """``"up"`` or ``"down"``: the end of a piece (``own``: its pixels cut to its box) that holds
    an arrowhead when it is an upright arrow with a head at one end only -- a pointed head
    (:func:`_head_from_tip`) widest near its tip (:data:`HEAD_WITHIN`) and centred on a narrow
    shaft at the other end (:data:`SHAFT_END`, :data:`SHAFT_NARROW`, :data:`HEAD_CENTRED`),
    and a triangle (:func:`_triangular_head`: :data:`HEAD_LENGTH`, :data:`HEAD_WIDE`,
    :data:`TAPER`, :data:`HEAD_TRIANGLE`). Looser than :func:`_arrow_heads` on the shaft's
    length: Lucide's head is nearly half its arrow."""
    ink = np.asarray(own, bool)
    if not ink.any():
        return None
    rows = _Rows.of(ink)
    widest = int(rows.extent.max())
    found: list[Direction] = []
    for up in (True, False):
        step = 1 if up else -1
        extent, first, last = rows.extent[::step], rows.first[::step], rows.last[::step]
        peak = int(np.argmax(extent))
        shaft = slice(len(extent) - max(2, math.ceil(SHAFT_END * len(extent))), None)
        if peak >= HEAD_WITHIN * len(extent) or (rows.runs[::step][shaft] != 1).any():
            continue
        if extent[shaft].max() > max(3, SHAFT_NARROW * widest) or not _head_from_tip(extent):
            continue
        if not _triangular_head(extent, peak, float(np.median(extent[shaft]))):
            continue
        axis = float(np.mean(first[shaft] + last[shaft])) / 2
        centres = (first[: peak + 1] + last[: peak + 1]) / 2
        if np.abs(centres - axis).max() <= HEAD_CENTRED:
            found.append("up" if up else "down")
    return found[0] if len(found) == 1 else None


def _triangular_head(extent: npt.NDArray[np.int64], peak: int, shaft: float) -> bool:
    """Whether an arrowhead read from its tip (``extent``: row widths from the tip on, widest at
    ``peak``) is a triangle: at least :data:`HEAD_LENGTH` rows to its widest, much wider there
    than the ``shaft`` (:data:`HEAD_WIDE`), narrow at the tip and dropping abruptly to the
    shaft after its widest rows (:data:`TAPER`), and widening steadily, not round
    (:data:`HEAD_TRIANGLE`: a ball, a bulb, a drop on a stick are round)."""
    widest = int(extent[peak])
    if peak < HEAD_LENGTH or widest < HEAD_WIDE * shaft or extent[0] > TAPER * widest:
        return False
    band_end = peak + int(np.argmax(np.append(extent[peak:] < widest - 1, True)))
    after = extent[band_end : band_end + 2]
    if not len(after) or int(after.min()) > TAPER * widest:
        return False
    share, slack = HEAD_TRIANGLE
    return bool(extent[peak // 2] <= share * widest + slack)


def arrow_up_through_cloud(mask: BoolArray) -> bool:
    """Whether the drawing is a cloud upload icon (:func:`arrow_through_cloud`)."""
    return arrow_through_cloud(mask) == "up"


def arrow_down_through_cloud(mask: BoolArray) -> bool:
    """Whether the drawing is a cloud download icon (:func:`arrow_through_cloud`)."""
    return arrow_through_cloud(mask) == "down"


def arrow_into_tray_or_cloud(mask: BoolArray) -> bool:
    """Whether the drawing is a download icon: an arrow down into a tray
    (:func:`arrow_into_tray`) or through a cloud (:func:`arrow_down_through_cloud`: Ionicons and
    Codicons file their cloud downloads as download)."""
    return arrow_into_tray(mask) or arrow_down_through_cloud(mask)


def arrow_out_of_tray_or_cloud(mask: BoolArray) -> bool:
    """Whether the drawing is an upload icon: an arrow up out of (or to) a tray
    (:func:`arrow_out_of_tray`) or through a cloud (:func:`arrow_up_through_cloud`: Ionicons'
    and Codicons' uploads are clouds)."""
    return arrow_out_of_tray(mask) or arrow_up_through_cloud(mask)


def _head_from_tip(extent: npt.NDArray[np.int64]) -> bool:
    """Whether an arrowhead, read from its tip (``extent``: row widths from the tip inwards),
    is a pointed head: widest over at most :data:`TIP_ROWS` rows, reached within
    :data:`TIP_REACH` of that width from the tip, and :data:`TIP_FILL` of it wide halfway."""
    widest = int(extent.max())
    band = np.flatnonzero(extent >= widest - 1)
    first = int(band[0])
    if int(band[-1]) - first + 1 > TIP_ROWS or first > TIP_REACH * widest:
        return False
    return first < 2 or int(extent[first // 2]) >= TIP_FILL * widest


def funnel_or_narrowing_lines(mask: BoolArray) -> bool:
    """Whether the drawing is a filter icon: a funnel (:func:`cone_over_spout`) or lines
    narrowing down (:func:`lines_narrowing_down`)."""
    return cone_over_spout(mask) or lines_narrowing_down(mask)


def cone_over_spout(mask: BoolArray) -> bool:
    """Whether the drawing is a funnel, filled or outlined, and nothing else (specks aside): a
    flat rim at the top (:data:`RIM_TOP`, :data:`RIM_TALL`), a cone sloping on from it
    (:data:`CONE_SHOULDER`) with straight sides (:data:`CONE_ROWS`) into a spout that runs down
    to the bottom, narrow, even and plumb (:data:`SPOUT_WIDE`, :data:`SPOUT_EVEN`,
    :data:`SPOUT_LONG`, :data:`SPOUT_END`, :data:`SPOUT_SLOPE`), all centred on one column.
    Read on the piece with its holes filled: an outline's inside counts as the funnel."""
    found, labels = parts_of(mask)
    pieces = [p for p in found if p.area >= MIN_PART]
    if not _parts_alone(found, pieces, 1):
        return False
    (funnel,) = pieces
    height, width = funnel.height, funnel.width
    if not FUNNEL_ASPECT[0] <= width / height <= FUNNEL_ASPECT[1]:
        return False
    rows = _Rows.of(filled_outline(funnel.cut_from(labels)).astype(bool))
    extent = rows.extent
    wide = np.flatnonzero(extent >= RIM_WIDE * width)
    if not len(wide) or wide[0] >= max(2, round(RIM_TOP * height)) or rows.runs[wide[0]] != 1:
        return False
    rim = int(wide[0])
    while rim + 1 < height and extent[rim + 1] >= RIM_BAND * width:
        rim += 1
    if rim + 1 > RIM_TALL * height:
        return False
    spout_width = float(np.median(extent[height - max(2, round(SPOUT_ROWS * height)) : -1]))
    if spout_width > SPOUT_WIDE * width:
        return False
    spout = height
    while spout > 0 and extent[spout - 1] <= spout_width + SPOUT_EVEN:
        spout -= 1
    cone = np.arange(rim + 1, spout)
    if height - spout < SPOUT_LONG * height or len(cone) < CONE_ROWS * height:
        return False
    if (np.diff(extent[rim : spout + 1]) > 1).any():
        return False  # widens somewhere on the way down
    if extent[rim + 1] < CONE_SHOULDER * extent[rim]:
        return False  # steps in from the rim: a cap over a body
    plumb = np.arange(spout, height - max(1, round(SPOUT_END * (height - spout))))
    if len(plumb) < 3 or np.ptp(extent[plumb]) > SPOUT_EVEN:
        return False
    cone_rate = (extent[rim + 1] - extent[spout - 1]) / len(cone)
    if extent[spout] - extent[plumb[-1]] > SPOUT_SLOPE * cone_rate * (len(plumb) - 1):
        return False  # narrows on: a blurred tip, no spout
    if np.ptp(rows.first[plumb]) > 1 or np.ptp(rows.last[plumb]) > 1:
        return False
    centre = rows.centre(range(rim + 1))
    middles = (rows.first + rows.last)[np.concatenate([cone, plumb])] / 2
    if (np.abs(middles - centre) > FUNNEL_CENTRED).any():
        return False
    return all(_straight(cone, side[cone]) for side in (rows.first, rows.last))


def _straight(ys: npt.NDArray[np.int64], xs: npt.NDArray[np.int64]) -> bool:
    """Whether the points (``xs`` against ``ys``) lie within :data:`STRAIGHT_SIDE` of a line."""
    return len(ys) < 3 or _line_fit(ys, xs)[1] <= STRAIGHT_SIDE


def _line_fit(ys: npt.NDArray[Any], xs: npt.NDArray[Any]) -> tuple[float, float]:
    """The slope of the line fitted (least squares) to the points ``xs`` against ``ys``, and how
    far, at most, a point lies off it along ``xs``."""
    slope, offset = np.polyfit(ys.astype(np.float64), xs.astype(np.float64), 1)
    return float(slope), float(np.abs(slope * ys + offset - xs).max())


def lines_narrowing_down(mask: BoolArray) -> bool:
    """Whether the drawing is :data:`LINES` straight lines stacked one under another, each
    shorter than the one above (:data:`LINE_STEP`), centred on the top one, of one
    thickness, the last still a line (:data:`LAST_LINE`), and nothing else (specks aside):
    Material's ``filter_list``, Fluent's and Octicons' filter (lines of one length are ☰;
    aligned at one end, a sort icon)."""
    lines = pieces_top_down(mask, LINES, SPECKS)
    if lines is None:
        return False
    if lines[-1].y + lines[-1].height - lines[0].y < MIN_HEIGHT:
        return False
    for above, below in pairwise(lines):
        if below.y < above.y + above.height or below.width > above.width - 2 * LINE_STEP:
            return False
    top = lines[0]
    if any(abs((2 * p.x + p.width) - (2 * top.x + top.width)) > 2 * FUNNEL_CENTRED for p in lines):
        return False
    if any(p.area < LINE_FILLED * p.width * p.height for p in lines):
        return False
    if max(p.height for p in lines) - min(p.height for p in lines) > 1:
        return False
    if lines[-1].width < LAST_LINE * lines[-1].height:
        return False
    return all(p.width >= LINE_LONG * p.height for p in lines[:-1])


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
    lefts = filled[rows].argmax(axis=1)
    return _line_fit(rows, lefts)[1] <= max(2.0, STRAIGHT * width)


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


def row_extents(ink: BoolArray) -> npt.NDArray[np.int64]:
    """Per row of ``ink``, the span from its leftmost to its rightmost ink (0: an empty row)."""
    return _Rows.of(ink).extent


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


def head_over_shoulders(mask: BoolArray) -> bool:
    """Whether the drawing is one person's bust: a round head (a disc or a ring) centred over
    wider, rounded shoulders, above or touching them at a neck, filled, outlined or an open arc,
    mirror-symmetric; alone or inside a round outline that cuts the shoulders off (a profile
    icon, an avatar)."""
    ink = np.asarray(mask, bool)
    if ink.ndim != 2 or ink.sum() < MIN_PART:
        return False
    if _bust(ink, BODY_HEIGHT):
        return True
    inside = _inside_ring(ink)
    return inside is not None and _bust(inside, RINGED_BODY_HEIGHT)


def _bust(ink: BoolArray, body_height: tuple[float, float]) -> bool:
    """:func:`head_over_shoulders` without a ring; the shoulders take ``body_height`` (a share
    of the drawing's height)."""
    rows = _Rows.of(ink)
    inked = np.flatnonzero(rows.extent)
    columns = np.flatnonzero(ink.any(axis=0))
    top, bottom = int(inked[0]), int(inked[-1])
    height, width = bottom - top + 1, int(columns[-1] - columns[0] + 1)
    low, high = PERSON_ASPECT
    if not low * width <= height <= high * width:
        return False
    neck = _neck(rows, top, height)
    head_rows = np.arange(top, neck + 1)
    body_rows = np.arange(neck + 1, bottom + 1)
    head_rows, body_rows = (
        head_rows[rows.extent[head_rows] > 0],
        body_rows[rows.extent[body_rows] > 0],
    )
    if len(head_rows) < 3 or len(body_rows) < 3:
        return False
    head, body = np.zeros_like(ink), np.zeros_like(ink)
    head[head_rows], body[body_rows] = ink[head_rows], ink[body_rows]
    heads = [p for p in parts_of(head)[0] if p.area >= MIN_PART]
    bodies = [p for p in parts_of(body)[0] if p.area >= MIN_PART]
    if len(heads) != 1 or len(bodies) != 1:
        return False
    (face,), (torso,) = heads, bodies
    low, high = body_height
    span_low, span_high = SHOULDER_SPAN
    if (
        not span_low * face.width <= torso.width <= span_high * face.width
        or not low * height <= torso.height <= high * height
        or torso.height > BODY_FLAT * torso.width
    ):
        return False
    centre = face.x + (face.width - 1) / 2
    return (
        _round_head(head, face, rows.extent[head_rows], int(rows.extent[neck]))
        and _shoulders(rows, body_rows, torso.width, centre)
        and _mirrored(ink, centre) >= MIRROR
    )


def _inside_ring(ink: BoolArray) -> BoolArray | None:
    """The ink inside a round outline, the outline taken away; None when the drawing's outline
    is not round. The outline's stroke is the run of ink inward from its edge along rays from
    the centre (the :data:`RING_STROKE` percentile: the head or the shoulders may touch it)."""
    outlines, _ = cv2.findContours(ink.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    outline = max(outlines, key=cv2.contourArea)
    x, y, width, height = cv2.boundingRect(outline)
    low, high = RING_ASPECT
    if not low * width <= height <= high * width:
        return None
    disc = np.zeros(ink.shape, np.uint8)
    cv2.drawContours(disc, [outline], -1, 1, -1)
    if ellipse_overlap(disc, x, y, width, height) < RING_ROUND:
        return None
    centre = (x + (width - 1) / 2, y + (height - 1) / 2)
    steps = np.arange(max(width, height) / 2 + 1, 0, -0.5)
    runs = []
    for angle in np.linspace(0, 2 * np.pi, RING_RAYS, endpoint=False):
        xs = np.clip(np.round(centre[0] + steps * np.cos(angle)).astype(int), 0, ink.shape[1] - 1)
        ys = np.clip(np.round(centre[1] + steps * np.sin(angle)).astype(int), 0, ink.shape[0] - 1)
        along = ink[ys, xs]
        if not along.any():
            runs.append(0.0)
            continue
        inward = along[int(np.argmax(along)) :]
        runs.append(0.5 * (len(inward) if inward.all() else int(np.argmin(inward))))
    stroke = float(np.percentile(runs, RING_STROKE))
    depth = cv2.distanceTransform(np.pad(disc, 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    inside: BoolArray = ink & (depth > stroke + 1.5)
    return inside if inside.sum() >= MIN_RING_CONTENT else None


def _neck(rows: _Rows, top: int, height: int) -> int:
    """The row between head and shoulders: the first empty row of :data:`NECK_BAND`, else its
    narrowest row (the lowest of equals: a ring's bottom closes the head above it)."""
    start, end = (top + round(share * height) for share in NECK_BAND)
    extents = rows.extent[start : end + 1]
    narrowest = np.flatnonzero(extents == extents.min())
    return start + int(narrowest[0] if extents.min() == 0 else narrowest[-1])


def _round_head(head: BoolArray, face: Part, widths: npt.NDArray[np.int64], neck: int) -> bool:
    """A round, closed head: about as tall as wide, its filled outline close to an ellipse, one
    bulge (widening then narrowing: no collar under a pawn's ball), narrower at the neck."""
    low, high = HEAD_ASPECT
    if not low <= face.height / face.width <= high:
        return False
    peak = int(np.argmax(widths))
    rising, falling = widths[: peak + 1], widths[peak:]
    if (np.maximum.accumulate(rising) - rising > 1).any() or (
        falling - np.minimum.accumulate(falling) > 1
    ).any():
        return False
    if neck > face.width - 2:
        return False
    filled = filled_outline(head)
    overlap = ellipse_overlap(filled, face.x, face.y, face.width, face.height)
    return overlap >= HEAD_ROUND and _inked_corners(filled, face) <= 2


def ellipse_overlap(solid: npt.NDArray[np.uint8], x: int, y: int, width: int, height: int) -> float:
    """Intersection over union of ``solid`` (0/1) with the ellipse inscribed in the box."""
    ellipse = np.zeros(solid.shape, np.uint8)
    centre = (x + (width - 1) / 2, y + (height - 1) / 2)
    cv2.ellipse(ellipse, (centre, (width, height), 0), 1, -1)
    return int((solid & ellipse).sum()) / max(int((solid | ellipse).sum()), 1)


def _inked_corners(filled: npt.NDArray[np.uint8], face: Part) -> int:
    """How many corners of ``face``'s box ``filled`` inks (each cut off along its diagonal at
    :data:`HEAD_CORNER` of the shorter side)."""
    box = filled[face.y : face.y + face.height, face.x : face.x + face.width].astype(bool)
    size = max(1, round(HEAD_CORNER * min(face.width, face.height)))
    down, across = np.indices(box.shape)
    corner = (down + across) < size
    return sum(
        bool((flipped & corner).any())
        for flipped in (box, box[:, ::-1], box[::-1], box[::-1, ::-1])
    )


def _shoulders(rows: _Rows, body: npt.NDArray[np.int64], width: int, centre: float) -> bool:
    """Rounded shoulders under the head: narrower on top, widening at once (no stem), a line or
    two per row (an outline's sides), filling their convex hull, centred under the head."""
    widths = rows.extent[body]
    if widths[0] >= SHOULDER_TOP * width or (rows.runs[body] > 2).any():
        return False
    if widths[min(2, len(widths) - 1)] - widths[0] < SHOULDER_RISE:
        return False
    if any(widths[int(depth * len(widths))] < share * width for depth, share in SHOULDER_SLOPE):
        return False
    narrow = widths[: int(np.argmax(widths >= STEM_WIDTH * width))]
    if ((narrow[1:-1] == narrow[:-2]) & (narrow[2:] == narrow[1:-1])).any():
        return False
    spans = np.zeros((int(body[-1]) + 1, int(rows.last.max()) + 1), np.uint8)
    for r in body:
        spans[r, rows.first[r] : rows.last[r] + 1] = 1
    hull = cv2.convexHull(cv2.findNonZero(spans))
    if spans.sum() < BODY_CONVEX * (cv2.contourArea(hull) + cv2.arcLength(hull, True) / 2 + 1):
        return False
    widest = body[widths >= widths.max() - 1]
    return abs(rows.centre(widest) - centre) <= max(CENTRED, 0.08 * width)


def roof_over_walls(mask: BoolArray) -> bool:
    """Whether the drawing is a house: a roof rising in straight slopes to a centred apex over
    upright walls a little narrower than the eaves, nothing in the gable, and inside the walls
    nothing, one door standing on the floor, or (filled) a door-shaped doorway."""
    ink = np.asarray(mask, bool)
    if ink.ndim != 2 or ink.sum() < MIN_PART:
        return False
    rows = _Rows.of(ink)
    inked = np.flatnonzero(rows.extent)
    columns = np.flatnonzero(ink.any(axis=0))
    top, bottom = int(inked[0]), int(inked[-1])
    height, width = bottom - top + 1, int(columns[-1] - columns[0] + 1)
    if not HOUSE_ASPECT[0] * width <= height <= HOUSE_ASPECT[1] * width:
        return False
    gaps = rows.extent[top : bottom + 1] == 0
    if gaps.sum() > HOUSE_GAPS * height:
        return False
    eaves = _eaves(rows, top, height, width)
    if eaves is None:
        return False
    walls = _walls(rows, eaves, bottom, height, width)
    if walls is None:
        return False
    left, right = int(rows.first[walls].max()), int(rows.last[walls].min())
    centre = (left + right) / 2
    if abs(rows.centre(range(top, top + 1)) - centre) > max(
        APEX_CENTRED[0], APEX_CENTRED[1] * width
    ):
        return False
    if (rows.runs[walls] > WALL_RUNS).any():
        return False
    if not _plain_gable(ink, rows, top, int(walls[0]), bool(gaps.any())):
        return False
    if not _empty_or_a_door(ink, walls, left, right, top, bottom):
        return False
    return _mirrored(ink, centre) >= HOUSE_MIRROR


def _eaves(rows: _Rows, top: int, height: int, width: int) -> int | None:
    """The row of the eaves, when a roof rises from it to a peak in straight slopes."""
    upper = np.arange(top, top + round(EAVES_SEARCH * height))
    lefts = np.where(rows.extent[upper] > 0, rows.first[upper], np.iinfo(np.int64).max)
    eaves = int(upper[np.argmin(lefts)])
    if not ROOF_HEIGHT[0] * height <= eaves - top + 1 <= ROOF_HEIGHT[1] * height:
        return None
    if rows.extent[top] > ROOF_PEAK * width:
        return None
    roof = np.arange(top, eaves + 1)
    roof = roof[rows.extent[roof] > 0]
    left = rows.first[roof].astype(np.float64)
    if left[0] - left[-1] < ROOF_SPREAD * width or (np.diff(left) > 0).any():
        return None
    if (np.diff(rows.last[roof]) < 0).any():
        return None  # the right slope runs down and out too
    slope, off_line = _line_fit(roof, left)
    if off_line > ROOF_STRAIGHT or not ROOF_SLOPE[0] <= slope <= ROOF_SLOPE[1]:
        return None
    return eaves


def _walls(
    rows: _Rows, eaves: int, bottom: int, height: int, width: int
) -> npt.NDArray[np.int64] | None:
    """The rows of upright walls under the eaves (past an overhang's underside, short of the
    floor's rounded corners), when they are tall and wide enough."""
    under = np.arange(eaves + 1, bottom + 1)
    under = under[rows.extent[under] > 0]
    if len(under) < WALL_ROWS[0] * height:
        return None
    lefts, rights = rows.first[under], rows.last[under]
    settled = 0
    while settled < min(OVERHANG_ROWS, len(under) - 1) and (
        abs(int(lefts[settled]) - int(np.median(lefts))) > PLUMB
        or abs(int(rights[settled]) - int(np.median(rights))) > PLUMB
    ):
        settled += 1
    walls = under[settled : len(under) - 2] if len(under) - settled > 4 else under[settled:]
    if len(walls) < WALL_ROWS[1] * height:
        return None
    lefts, rights = rows.first[walls], rows.last[walls]
    if lefts.max() - lefts.min() > PLUMB or rights.max() - rights.min() > PLUMB:
        return None
    if lefts.min() < rows.first[eaves] - 1:
        return None  # walls outside the eaves
    if int(rights.min() - lefts.max() + 1) < WALL_SPAN * width:
        return None
    return walls


def _plain_gable(ink: BoolArray, rows: _Rows, top: int, walls: int, gaps: bool) -> bool:
    """Nothing in the gable: no piece of ink, no hole, wholly between the apex and the first
    row of upright walls (a price tag's eyelet, a birdhouse's entrance, a bank's pediment over
    its columns); no solid triangle over a separate block (an eject icon, a pointed lid)."""
    if gaps and all(runs <= 1 for runs in rows.runs[top:walls]):
        return False
    marks_and_holes = [*parts_of(ink)[0], *holes_of(ink)[0]]
    return not any(p.area >= 2 and p.y > top and p.y + p.height <= walls for p in marks_and_holes)


def _empty_or_a_door(
    ink: BoolArray, walls: npt.NDArray[np.int64], left: int, right: int, top: int, bottom: int
) -> bool:
    """Inside the walls: nothing; or one door standing on the floor, free of the roof; or, in a
    filled house, at most one doorway with nothing in it."""
    inner = right - left + 1
    first = int(walls[0])
    region = np.zeros_like(ink)
    region[first : bottom + 1, left : right + 1] = True
    if (ink & region).sum() >= FILLED_HOUSE * region.sum():
        count, labels, stats, _ = cv2.connectedComponentsWithStats(
            (region & ~ink).astype(np.uint8), connectivity=4
        )
        doorways = [k for k in range(1, count) if stats[k, cv2.CC_STAT_AREA] >= 2]
        if len(doorways) > 1:
            return False
        if not doorways:
            return True
        doorway = (labels == doorways[0]).astype(np.uint8)
        if (filled_outline(doorway) & ink).sum() > 2:
            return False  # something in the doorway
        return _door(
            labels == doorways[0], stats[doorways[0]], left, right, first, bottom, DOOR_FLOOR
        )
    footing: BoolArray = np.asarray(
        ink[bottom - FLOOR_ROWS + 1 : bottom + 1, left : right + 1].any(axis=0), bool
    )
    if _longest_gap(footing) > DOOR_WIDTH[1] * inner:
        return False  # posts without a floor (a pavilion, a carport); a doorway may cut it
    middle = int(walls[len(walls) // 2])
    row = ink[middle, left : right + 1]
    wall = int(np.argmin(row)) if not row.all() else len(row)
    if wall > THIN_WALL * inner:
        return False
    band = wall + 1
    inside = np.zeros_like(ink)
    inside[first : bottom - band + 1, left + band : right - band + 1] = True
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        (ink & inside).astype(np.uint8), connectivity=8
    )
    pieces = [k for k in range(1, count) if stats[k, cv2.CC_STAT_AREA] >= MIN_PART]
    if not pieces:
        return True
    if len(pieces) > 1:
        return False
    x, y, w, _, _ = (int(v) for v in stats[pieces[0], :5])
    if ink[top + 1 : y, x : x + w].any(axis=1).all():
        return False  # it hangs from the roof: a column, not a door
    return _door(labels == pieces[0], stats[pieces[0]], left, right, first, bottom - band, 0)


def _door(
    piece: BoolArray,
    box: npt.NDArray[np.int32],
    left: int,
    right: int,
    first: int,
    floor: int,
    reach: int,
) -> bool:
    """A door: even in width (no slats across it), centred between the walls, at most
    :data:`DOOR_WIDTH` of their width (a warehouse's gate is wider), and if narrower than a
    door (a line) short (:data:`LINE_DOOR`), reaching to within ``reach`` pixels of the floor
    (a round window does not)."""
    x, y, w, h, _ = (int(v) for v in box[:5])
    spans = row_extents(piece[y : y + h, x : x + w])
    if len(spans) > 2 and spans[1:-1].max() - spans[1:-1].min() > DOOR_EVEN:
        return False
    holes = filled_outline(piece.astype(np.uint8)).astype(bool) & ~piece
    count, _, stats, _ = cv2.connectedComponentsWithStats(holes.astype(np.uint8), connectivity=4)
    if sum(int(stats[k, cv2.CC_STAT_AREA]) >= 2 for k in range(1, count)) > 1:
        return False  # slats
    inner = right - left + 1
    if abs(x + (w - 1) / 2 - (left + right) / 2) > max(DOOR_CENTRED[0], DOOR_CENTRED[1] * inner):
        return False
    if w < DOOR_WIDTH[0] * inner and h > LINE_DOOR * (floor - first + 1):
        return False  # a post from the roof down (a bank's column), not a door drawn as a line
    return w <= DOOR_WIDTH[1] * inner and y + h - 1 >= floor - reach


def _longest_gap(line: BoolArray) -> int:
    """The longest run of ``False`` in ``line``."""
    longest = run = 0
    for inked in line:
        run = 0 if inked else run + 1
        longest = max(longest, run)
    return longest


def pencil_on_a_slant(mask: BoolArray) -> bool:
    """Whether the drawing is a pencil on a slant, alone, over a line or in an open square: a
    straight band of even width from the top right corner to the bottom left, blunt or
    rounded at the top, tapering to a point at the bottom, filled or outlined, its cap or tip
    possibly drawn apart; nothing wider anywhere along it."""
    ink = np.asarray(mask, bool)
    if ink.ndim != 2:
        return False
    return _pencil(_without_baseline(ink), PENCIL_LENGTH) or _pencil_in_a_square(ink)


def _pencil_in_a_square(ink: BoolArray) -> bool:
    """Whether ``ink`` is an open square (its left side and bottom drawn, its top right
    corner open) holding a pencil of its own pieces (:func:`_pencil`): the other common edit
    icon. Open-in-new draws an arrow there, whose head is wider than its shaft."""
    found, labels = parts_of(ink)
    pieces = [p for p in found if p.area >= MIN_PART]
    if not 2 <= len(pieces) <= SQUARE_PIECES:
        return False
    ys, xs = np.nonzero(ink)
    left, bottom = int(xs.min()), int(ys.max())
    width, height = int(xs.max()) - left + 1, bottom - int(ys.min()) + 1
    frames = [p for p in pieces if p.x <= left + 1 and p.y + p.height >= bottom]
    if len(frames) != 1:
        return False
    frame = frames[0]
    if frame.width < SQUARE_SPAN * width or frame.height < SQUARE_SPAN * height:
        return False
    square = labels == frame.label
    inside = square[frame.y : frame.y + frame.height, frame.x : frame.x + frame.width]
    left_side = inside[:, :SQUARE_STROKE].any(axis=1).mean()
    bottom_side = inside[-SQUARE_STROKE:, :].any(axis=0).mean()
    if min(left_side, bottom_side) < SQUARE_SIDES:
        return False
    top_side = inside[:SQUARE_STROKE, :].any(axis=0).mean()
    right_side = inside[:, -SQUARE_STROKE:].any(axis=1).mean()
    low, high = SQUARE_OPEN_SIDES
    if not (low <= top_side <= high and low <= right_side <= high):
        return False  # axes of a chart, or a closed box
    return _pencil(
        ink & ~square, PENCIL_IN_SQUARE_LENGTH, SQUARE_PENCIL_WIDTH, tip_slack=SQUARE_TIP_SLACK
    )


def _pencil(
    ink: BoolArray, least_length: int, least_width: int = 3, *, tip_slack: float = 0.0
) -> bool:
    """The pencil's rules (:func:`pencil_on_a_slant`) on ``ink``, at least ``least_length``
    diagonal lines long and its body ``least_width`` wide; the tip may reach the body
    ``tip_slack`` lines sooner than :data:`PENCIL_TIP` asks."""
    if ink.sum() < MIN_PART:
        return False
    raw, centres = _diagonal_profile(ink)
    length = len(raw)
    if length < least_length or _longest_gap(raw > 0) > PENCIL_GAPS:
        return False
    # one line to the next, widths on the diagonal lattice alternate by one: take the wider
    widths = np.maximum(raw, np.r_[raw[1:], raw[-1]])
    lines = np.arange(length)
    in_body = (lines >= PENCIL_BODY[0] * length) & (lines < PENCIL_BODY[1] * length)
    beside = np.ones(2 * PENCIL_GAP_EDGE + 1, int)
    by_gap = np.convolve((raw == 0).astype(int), beside, "same") > 0
    body = in_body & ~by_gap
    if body.sum() < PENCIL_BODY_SEEN * in_body.sum():
        return False
    width = int(np.median(widths[body]))
    if width < least_width or PENCIL_SLIM * width > length:
        return False
    if np.abs(widths[body] - width).max() > PENCIL_EVEN or widths.max() > width + PENCIL_EVEN:
        return False
    axis = float(np.median(centres[body]))
    if np.abs(centres[body] - axis).max() > PENCIL_STRAIGHT:
        return False
    tip = float(np.nanmean(centres[:2]))
    if abs(tip - axis) > PENCIL_ON_AXIS * max(width - 1, 1):
        return False  # a point on one edge: a knife's, a chisel's, a lipstick's
    pointed = _pointed(widths, width, int(np.argmax(body)), tip_slack)
    return pointed and _blunt(widths[::-1], width)


def _pointed(widths: npt.NDArray[np.int64], width: int, body: int, tip_slack: float = 0.0) -> bool:
    """Whether ``widths`` starts with a tip: narrow, widening to ``width`` steadily over a
    length (less ``tip_slack`` lines) and staying that wide up to the ``body`` line
    (:data:`PENCIL_POINT`, :data:`PENCIL_TIP`, :data:`PENCIL_STEM`, :data:`PENCIL_DIP`)."""
    if widths[0] > max(PENCIL_POINT[0], PENCIL_POINT[1] * width):
        return False
    reach = int(np.argmax(widths >= width - 1))
    if reach < PENCIL_TIP * width - tip_slack:
        return False
    level = 0
    drawn = widths[: reach + 1]
    for before, after in pairwise(drawn[drawn > 0]):  # a tip drawn apart leaves a gap
        level = level + 1 if after <= before else 0
        if level >= PENCIL_STEM:
            return False
    return int((widths[reach:body] < width - 1).sum()) <= math.ceil(PENCIL_DIP * width)


def _blunt(widths: npt.NDArray[np.int64], width: int) -> bool:
    """Whether ``widths`` (from the far end) reaches ``width`` within :data:`PENCIL_END` of it."""
    return int(np.argmax(widths >= width - 1)) <= PENCIL_END * width


def _diagonal_profile(ink: BoolArray) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Along the slant from the bottom left corner to the top right, per diagonal line
    (x - y): how wide the ink is across the slant, in pixels (0: none), and where its
    centre lies across it (x + y; NaN where there is no ink)."""
    ys, xs = np.nonzero(ink)
    along, across = xs - ys, xs + ys
    first = int(along.min())
    count = int(along.max()) - first + 1
    low = np.full(count, np.iinfo(np.int64).max)
    high = np.full(count, np.iinfo(np.int64).min)
    np.minimum.at(low, along - first, across)
    np.maximum.at(high, along - first, across)
    inked = high >= low
    widths = np.where(inked, (high - low) // 2 + 1, 0)
    centres = np.where(inked, (high + low) / 2, np.nan)
    return widths.astype(np.int64), centres


def _without_baseline(ink: BoolArray) -> BoolArray:
    """``ink`` without a line drawn under everything else (:data:`BASELINE_HEIGHT`)."""
    found, labels = parts_of(ink)
    pieces = [p for p in found if p.area >= MIN_PART]
    if len(pieces) < 2:
        return ink
    lowest = max(pieces, key=lambda p: p.y + p.height)
    above = max(p.y + p.height for p in pieces if p is not lowest)
    if (
        lowest.height <= BASELINE_HEIGHT
        and lowest.width >= 3 * lowest.height
        and lowest.y >= above - 1
    ):
        return np.asarray(ink & (labels != lowest.label), bool)
    return ink


def arrows_round_a_circle(mask: BoolArray) -> bool:
    """Whether the drawing is one arc round an empty centre, open by one gap, or two arcs
    turned half a turn from each other, with an arrowhead at one end of each gap: a refresh
    (sync, reload) icon. Round and of even width away from the heads, every piece part of the
    ring, the heads at one end of a gap only (headphones' cups, a magnet's poles stand at both
    ends)."""
    ink = np.asarray(mask, bool)
    if ink.ndim != 2 or ink.sum() < MIN_PART:
        return False
    ys, xs = np.nonzero(ink)
    xf, yf = xs + 0.5, ys + 0.5
    ring = _fitted_circle(xf, yf)
    if ring is None or ring[2] < RING_RADIUS:
        return False
    cx, cy, radius = ring
    distance = np.hypot(xf - cx, yf - cy)
    off = distance - radius
    if distance.min() < RING_CENTRE * radius or off.max() > RING_OUTER * radius:
        return False
    if _encloses(ink, cx, cy):
        return False  # a closed outline: a heart, a circle, a clock face
    sector = np.minimum(
        (np.arctan2(yf - cy, xf - cx) % (2 * math.pi)) * RING_BINS / (2 * math.pi), RING_BINS - 1
    ).astype(int)
    covered = np.zeros(RING_BINS, bool)
    covered[sector[np.abs(off) <= RING_FIT]] = True
    gaps = _circular_gaps(covered)
    if (
        covered.mean() < RING_COVER
        or not RING_GAPS[0] <= len(gaps) <= RING_GAPS[1]
        or max(n for _, n in gaps) > RING_GAP * RING_BINS
    ):
        return False
    if len(gaps) == 2 and _half_turn_match(ink, xs, ys, cx, cy) < RING_TURN:
        return False
    from_gap = _sectors_from_gaps(gaps)
    away = from_gap[sector] > RING_HEAD
    inner = np.full(RING_BINS, np.nan)
    outer = np.full(RING_BINS, np.nan)
    np.fmin.at(inner, sector[away], off[away])
    np.fmax.at(outer, sector[away], off[away])
    seen = ~np.isnan(inner)
    if seen.sum() < RING_AWAY * RING_BINS:
        return False
    low, high = float(np.median(inner[seen])), float(np.median(outer[seen]))
    if high - low + 1 > RING_THICK * radius:
        return False
    if (np.abs(inner[seen] - low) > RING_EDGE).any() or (
        np.abs(outer[seen] - high) > RING_EDGE
    ).any():
        return False
    inside, outside = off < low - RING_EDGE, off > high + RING_EDGE
    head = inside | outside
    if head.sum() < RING_HEAD_PIXELS or (head & away).any() or head.mean() > 1 - RING_ON:
        return False
    _, labels = parts_of(ink)
    if set(labels[ink].tolist()) - set(labels[ys[~head], xs[~head]].tolist()):
        return False  # a piece apart from the ring: a bulb's base, a folder's minus
    head_sectors = set(sector[head].tolist())
    for start, length in gaps:
        gap = {(start + j) % RING_BINS for j in range(length)}
        before = {(start - j) % RING_BINS for j in range(1, RING_HEAD + 1)}
        after = {(start + length - 1 + j) % RING_BINS for j in range(1, RING_HEAD + 1)}
        if head_sectors & before and head_sectors & after:
            return False  # heads at both ends: headphones' cups, a magnet's poles
        side = np.isin(sector, list(gap | (before if head_sectors & before else after)))
        if not ((inside & side).any() and (outside & side).any()):
            return False  # a head stands across the arc's end: not a tail, a tick or a dot
    return True


def _fitted_circle(
    xs: npt.NDArray[np.floating[Any]], ys: npt.NDArray[np.floating[Any]]
) -> tuple[float, float, float] | None:
    """The circle through the ring's pixels (algebraic least squares, refitted to the pixels
    within :data:`RING_FIT` of the last fit, three times); None when too few remain."""
    keep = np.ones(len(xs), bool)
    circle = None
    for _ in range(3):
        if keep.sum() < MIN_PART:
            return None
        x, y = xs[keep], ys[keep]
        design = np.c_[x, y, np.ones_like(x)]
        (a, b, c), *_ = np.linalg.lstsq(design, x * x + y * y, rcond=None)
        cx, cy = a / 2, b / 2
        squared = c + cx * cx + cy * cy
        if squared <= 0:
            return None
        circle = (float(cx), float(cy), math.sqrt(squared))
        keep = np.abs(np.hypot(xs - cx, ys - cy) - circle[2]) <= RING_FIT
    return circle


def _encloses(ink: BoolArray, cx: float, cy: float) -> bool:
    """Whether the point (``cx``, ``cy``) is ink or lies in a hole of it (:func:`holes_of`):
    walled off from the mask's border."""
    height, width = ink.shape
    x, y = int(cx), int(cy)
    if not (0 <= x < width and 0 <= y < height) or ink[y, x]:
        return True
    holes, labels = holes_of(ink)
    return any(hole.label == labels[y, x] for hole in holes)


def _circular_gaps(covered: BoolArray) -> list[tuple[int, int]]:
    """``(first sector, length)`` of each run of uncovered sectors, round the circle."""
    count = len(covered)
    if covered.all():
        return []
    if not covered.any():
        return [(0, count)]
    gaps: list[tuple[int, int]] = []
    start = int(np.argmax(covered))
    run = 0
    for step in range(1, count + 1):
        sector = (start + step) % count
        if not covered[sector]:
            run += 1
        elif run:
            gaps.append(((sector - run) % count, run))
            run = 0
    return gaps


def _sectors_from_gaps(gaps: list[tuple[int, int]]) -> npt.NDArray[np.int64]:
    """Per sector, how many sectors it lies from the nearest gap (0 inside one)."""
    far = np.full(RING_BINS, RING_BINS, np.int64)
    for start, length in gaps:
        for step in range(-RING_HEAD, length + RING_HEAD):
            sector = (start + step) % RING_BINS
            apart = 0 if 0 <= step < length else (-step if step < 0 else step - length + 1)
            far[sector] = min(far[sector], apart)
    return far


def _half_turn_match(
    ink: BoolArray, xs: npt.NDArray[np.int64], ys: npt.NDArray[np.int64], cx: float, cy: float
) -> float:
    """The share of ink pixels that land within a pixel of ink when turned half a turn about
    (``cx``, ``cy``)."""
    height, width = ink.shape
    grown = cv2.dilate(ink.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    tx = np.round(2 * cx - xs - 1).astype(int)
    ty = np.round(2 * cy - ys - 1).astype(int)
    inside = (tx >= 0) & (tx < width) & (ty >= 0) & (ty < height)
    hit = np.zeros(len(xs), bool)
    hit[inside] = grown[ty[inside], tx[inside]]
    return float(hit.mean())


def teeth_round_a_hub(mask: BoolArray) -> bool:
    """Whether the drawing is a gear (a settings icon): a rim -- one piece spanning the drawing,
    about as wide as tall (:data:`GEAR_WHOLE`, :data:`GEAR_ASPECT`) -- with one round hole at
    its centre (:data:`GEAR_HOLE_PIXELS`, :data:`GEAR_CENTRED`, :func:`_is_round`), whose
    outline rises in 5-10 evenly cut, flat-topped teeth of moderate depth (:func:`_teeth`); the
    hole either empty, and the rim thick round it (a filled gear, :data:`GEAR_HOLE`,
    :data:`GEAR_BAND`, :data:`GEAR_FILLED_TEETH`), or holding one round hub centred in it and
    nothing else (an outlined gear, :data:`GEAR_HUB`): a ring, or a disc too small to be a
    sun's (:data:`GEAR_DISC`, :data:`GEAR_SUN`), and in a solid rim only a small disc
    (:data:`GEAR_BODY`). Stars and sunbursts fail on their points, nuts and badges on their
    depth, viruses on their thin ring, ship wheels on their spokes' holes, a memory chip and a
    verified badge on their hub; a flower drawn as loops can pass, and its petals rule settings
    out (:mod:`~iconfind.recognition.exclusions`)."""
    found = _round_rim(np.asarray(mask, bool), pieces=2)  # a rim, and at most a hub besides
    return found is not None and _gear_on(found)


def _gear_on(found: _Rim) -> bool:
    """:func:`teeth_round_a_hub` for a drawing whose rim :func:`_round_rim` has read."""
    pieces, labels, rim, outline = found.pieces, found.labels, found.rim, found.outline
    cx, cy, real, hole_labels = found.cx, found.cy, found.holes, found.hole_labels
    if len(real) != 1 or real[0].label != found.centre or not _centred_on(real[0], cx, cy):
        return False  # one hole, at the centre
    (hole,) = real
    teeth = _teeth(_outer_radii(outline.astype(bool), cx, cy))  # the costly part, last
    if teeth is None:
        return False
    count, root, largest = teeth
    if len(pieces) == 1:  # a filled gear: the hole is the hub's
        return (
            count >= GEAR_FILLED_TEETH
            and _is_round((hole_labels == hole.label).astype(np.uint8), hole)
            and GEAR_HOLE[0] <= _radius(hole) / largest <= GEAR_HOLE[1]
            and (root - _radius(hole)) / largest >= GEAR_BAND
        )
    (hub,) = (p for p in pieces if p is not rim)
    hub_ink = labels == hub.label
    hub_outline = filled_outline(hub_ink)
    inside = (
        hole.x <= hub.x
        and hub.x + hub.width <= hole.x + hole.width
        and hole.y <= hub.y
        and hub.y + hub.height <= hole.y + hole.height
    )
    if not (
        inside
        and _centred_on(hub, cx, cy)
        and sum(h.area >= GEAR_HOLE_PIXELS for h in holes_of(hub_ink)[0]) <= 1
        and _is_round(hub_outline, hub)
        and GEAR_HUB[0] <= _radius(hub) / largest <= GEAR_HUB[1]
    ):
        return False
    disc = hub.area >= GEAR_SOLID * int(hub_outline.sum())
    small_disc = _radius(hub) <= GEAR_DISC * largest
    if disc and not (small_disc or _radius(hub) <= GEAR_SUN * _radius(hole)):
        return False  # a sun's disc, filling its ring
    solid_rim = rim.area >= GEAR_BODY * int(outline.sum())
    return not solid_rim or (disc and small_disc)


class _Rim(NamedTuple):
    """A gear's or cog's rim: the drawing's pieces, their label image, the rim (the largest),
    its filled outline (0/1) and that outline's centroid; the rim's holes of
    :data:`GEAR_HOLE_PIXELS` or more, their label image, and the label at the centroid (the
    hole there, if any)."""

    pieces: list[Part]
    labels: npt.NDArray[np.int32]
    rim: Part
    outline: npt.NDArray[np.uint8]
    cx: float
    cy: float
    holes: list[Part]
    hole_labels: npt.NDArray[np.int32]
    centre: int


def _round_rim(ink: BoolArray, *, pieces: int) -> _Rim | None:
    """The rim of a drawing of at most ``pieces`` pieces (and :data:`SPECKS` of specks), when
    the largest spans the drawing (:data:`GEAR_WHOLE`) and is about as wide as tall
    (:data:`GEAR_ASPECT`)."""
    found, labels = parts_of(ink)
    kept = [p for p in found if p.area >= MIN_PART]
    if not 1 <= len(kept) <= pieces or _speck_area(found, kept) > SPECKS:
        return None
    rim = max(kept, key=lambda p: p.area)
    ys, xs = np.nonzero(ink)
    if rim.width < GEAR_WHOLE * (np.ptp(xs) + 1) or rim.height < GEAR_WHOLE * (np.ptp(ys) + 1):
        return None
    if not GEAR_ASPECT[0] <= rim.width / rim.height <= GEAR_ASPECT[1]:
        return None
    own = np.asarray(labels == rim.label)
    outline = filled_outline(own)
    moments = cv2.moments(outline)
    cx, cy = moments["m10"] / moments["m00"], moments["m01"] / moments["m00"]
    holes, hole_labels = holes_of(own)
    height, width = hole_labels.shape
    centre = int(hole_labels[min(round(cy), height - 1), min(round(cx), width - 1)])
    real = [h for h in holes if h.area >= GEAR_HOLE_PIXELS]
    return _Rim(kept, labels, rim, outline, cx, cy, real, hole_labels, centre)


def spokes_in_a_toothed_ring(mask: BoolArray) -> bool:
    """Whether the drawing is a cog (a settings icon drawn as Lucide's, Heroicons' and MingCute's
    ``cog``): one piece spanning the drawing, about as wide as tall (:func:`_round_rim`), whose
    inside spokes cut into 3-6 holes of like size, as far from the centre and evenly round it
    (:func:`_sectors_round`; besides them at most a hub's hole at the centre, smaller than
    any), and whose outline rises in 8-20 evenly spaced teeth a cog's depth deep
    (:func:`_cog_teeth`), a whole number per sector and at least three
    (:data:`COG_PER_SECTOR`). A ship's wheel's or a dharmachakra's handles are its spokes'
    ends (one per sector), a steering wheel or a pie chart has no teeth, a gear with a hub no
    spokes (:func:`teeth_round_a_hub`), a cube's or a bug's holes and outline are not so
    even."""
    found = _round_rim(np.asarray(mask, bool), pieces=1)
    return found is not None and _cog_on(found)


def _cog_on(found: _Rim) -> bool:
    """:func:`spokes_in_a_toothed_ring` for a one-piece drawing whose rim :func:`_round_rim`
    has read."""
    sectors = [h for h in found.holes if h.label != found.centre]
    if not COG_SECTORS[0] <= len(sectors) <= COG_SECTORS[1]:
        return False
    smallest = min(s.area for s in sectors)
    if any(h.label == found.centre and h.area >= smallest for h in found.holes):
        return False  # a hub's hole is smaller than any sector (a reel's or a tyre's middle)
    if not _sectors_round(sectors, found.hole_labels, found.cx, found.cy):
        return False
    radii = _outer_radii(found.outline.astype(bool), found.cx, found.cy)  # the costly part, last
    teeth = _cog_teeth(radii)
    if teeth is None or teeth < COG_PER_SECTOR * len(sectors):
        return False
    return teeth % len(sectors) == 0  # the teeth repeat with the spokes


def _sectors_round(
    sectors: list[Part], labels: npt.NDArray[np.int32], cx: float, cy: float
) -> bool:
    """Whether ``sectors`` (holes, indexing ``labels``) are of like size
    (:data:`COG_SECTOR_AREAS`), their centroids as far from (``cx``, ``cy``)
    (:data:`COG_SECTOR_RADII`) and evenly round it (:data:`COG_SECTOR_SPREAD`)."""
    areas = [s.area for s in sectors]
    if min(areas) < COG_SECTOR_AREAS * max(areas):
        return False
    distances, angles = [], []
    for sector in sectors:
        ys, xs = np.nonzero(labels == sector.label)
        dx, dy = float(xs.mean()) - cx, float(ys.mean()) - cy
        distances.append(math.hypot(dx, dy))
        angles.append(math.atan2(dy, dx) % math.tau)
    if min(distances) < COG_SECTOR_RADII * max(distances):
        return False
    turns = np.diff([*sorted(angles), min(angles) + math.tau]) * len(angles) / math.tau
    return bool(np.abs(turns - 1).max() <= COG_SECTOR_SPREAD)


def _cog_teeth(radii: npt.NDArray[np.float64]) -> int | None:
    """How many teeth ``radii`` (:func:`_outer_radii`) rise in, when they are a cog's: a depth
    of :data:`COG_DEPTH`, :data:`COG_TEETH` runs of rays above mid-depth, spaced evenly
    (:data:`COG_HARMONIC`)."""
    profile = _tooth_profile(radii, COG_DEPTH)
    if profile is None:
        return None
    teeth = len(profile.teeth)
    if not COG_TEETH[0] <= teeth <= COG_TEETH[1]:
        return None
    power = np.abs(np.fft.rfft(radii - radii.mean())) ** 2
    return teeth if power[teeth] >= COG_HARMONIC * power[1:].sum() else None


def teeth_round_a_hub_or_spokes(mask: BoolArray) -> bool:
    """Whether the drawing is a settings icon: a gear, teeth round a hub
    (:func:`teeth_round_a_hub`), or a cog, a toothed ring on spokes
    (:func:`spokes_in_a_toothed_ring`). The rim is read once for both."""
    found = _round_rim(np.asarray(mask, bool), pieces=2)
    if found is None:
        return False
    return _gear_on(found) or (len(found.pieces) == 1 and _cog_on(found))


def _radius(part: Part) -> float:
    """Half the mean of ``part``'s box's sides."""
    return (part.width + part.height) / 4


def _outer_radii(filled: BoolArray, cx: float, cy: float) -> npt.NDArray[np.float64]:
    """Per ray of :data:`GEAR_RAYS` from (``cx``, ``cy``), the radius where ``filled`` ends
    (its last pixel along the ray, in quarter-pixel steps), smoothed by a median over three
    rays."""
    height, width = filled.shape
    angles = np.arange(GEAR_RAYS) * (2 * math.pi / GEAR_RAYS)
    steps = np.arange(0.0, max(height, width), 0.25)
    xs = np.round(cx + np.cos(angles)[:, None] * steps).astype(np.int64)
    ys = np.round(cy + np.sin(angles)[:, None] * steps).astype(np.int64)
    within = (xs >= 0) & (xs < width) & (ys >= 0) & (ys < height)
    hit = np.zeros(xs.shape, bool)
    hit[within] = filled[ys[within], xs[within]]
    last = np.where(hit.any(axis=1), hit.shape[1] - 1 - np.argmax(hit[:, ::-1], axis=1), -1)
    radii = np.where(last >= 0, steps[np.maximum(last, 0)] + 0.5, 0.0)
    return np.asarray(
        np.median(np.stack([np.roll(radii, k) for k in (-1, 0, 1)]), axis=0), np.float64
    )


def _teeth(radii: npt.NDArray[np.float64]) -> tuple[int, float, float] | None:
    """``(teeth, root radius, largest radius)`` when ``radii`` (:func:`_outer_radii`) rise in
    evenly cut, flat-topped teeth of a gear's depth (:data:`GEAR_DEPTH` to :data:`GEAR_FLAT`)."""
    profile = _tooth_profile(radii, GEAR_DEPTH)
    if profile is None:
        return None
    teeth, gaps, tip, root, largest = profile
    depth = tip - root
    if not GEAR_TEETH[0] <= len(teeth) <= GEAR_TEETH[1]:
        return None
    widths, spaces = [n for _, n in teeth], [n for _, n in gaps]
    if min(widths) < GEAR_EVEN * max(widths) or min(spaces) < GEAR_EVEN * max(spaces):
        return None
    if not GEAR_DUTY[0] <= sum(widths) / len(radii) <= GEAR_DUTY[1]:
        return None
    tops = int((radii > tip - depth / 5).sum())
    bases = int((radii > root + depth / 5).sum())
    if tops < GEAR_FLAT * bases:
        return None
    return len(teeth), root, largest


class _Profile(NamedTuple):
    """A rim's outer radii read as teeth: the runs of rays above mid-depth (the teeth) and
    below it (the gaps), each ``(first ray, length)``; the tips' radius (90th percentile), the
    root's (10th) and the largest."""

    teeth: list[tuple[int, int]]
    gaps: list[tuple[int, int]]
    tip: float
    root: float
    largest: float


def _tooth_profile(radii: npt.NDArray[np.float64], depths: tuple[float, float]) -> _Profile | None:
    """``radii`` (:func:`_outer_radii`) read as teeth, when the tips stand out from the root
    ``depths`` (fewest and most, as shares of the largest radius)."""
    largest = float(radii.max())
    if largest <= 0:
        return None
    tip, root = float(np.percentile(radii, 90)), float(np.percentile(radii, 10))
    if not depths[0] <= (tip - root) / largest <= depths[1]:
        return None
    above = radii > root + (tip - root) / 2
    return _Profile(_circular_gaps(~above), _circular_gaps(above), tip, root, largest)


def _centred_on(part: Part, cx: float, cy: float) -> bool:
    """Whether ``part``'s box is centred on (``cx``, ``cy``) within :data:`GEAR_CENTRED`."""
    return (
        abs(part.x + (part.width - 1) / 2 - cx) <= GEAR_CENTRED
        and abs(part.y + (part.height - 1) / 2 - cy) <= GEAR_CENTRED
    )


def _is_round(filled: npt.NDArray[Any], part: Part) -> bool:
    """Whether ``part`` (``filled``: 0/1, its pixels) is a disc or a ring: about as wide as tall
    (:data:`ROUND_ASPECT`), at most one inked corner of its box (:func:`_inked_corners`, corners
    cut as a bust's head's: a memory chip's square core has four) and overlapping the ellipse
    inscribed in its box (:data:`ROUND_OVERLAP`: a check mark does not)."""
    solid = np.asarray(filled, np.uint8)
    return (
        ROUND_ASPECT[0] <= part.width / part.height <= ROUND_ASPECT[1]
        and _inked_corners(solid, part) <= 1
        and ellipse_overlap(solid, part.x, part.y, part.width, part.height) >= ROUND_OVERLAP
    )


def filled_outline(piece: npt.NDArray[Any]) -> npt.NDArray[np.uint8]:
    """``piece`` (non-zero: ink) as 0/1 with everything its outer outlines enclose filled in."""
    outlines, _ = cv2.findContours(
        np.asarray(piece).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE
    )
    filled = np.zeros(np.shape(piece), np.uint8)
    cv2.drawContours(filled, outlines, -1, 1, -1)
    return filled


def _mirrored(ink: BoolArray, centre: float) -> float:
    """How well ``ink`` mirrored about column ``centre`` overlaps itself (intersection over
    union)."""
    ys, xs = np.nonzero(ink)
    flipped = np.round(2 * centre - xs).astype(np.int64)
    inside = (flipped >= 0) & (flipped < ink.shape[1])
    mirror = np.zeros_like(ink)
    mirror[ys[inside], flipped[inside]] = True
    return int((ink & mirror).sum()) / max(int((ink | mirror).sum()), 1)


STRUCTURES: Mapping[str, Callable[[BoolArray], bool]] = {
    "sort": arrow_beside_bars,
    "delete": lid_over_can,
    "play": triangle_pointing_right,
    "profile": head_over_shoulders,
    "home": roof_over_walls,
    "edit": pencil_on_a_slant,
    "refresh": arrows_round_a_circle,
    "pause": bars_side_by_side,
    "download": arrow_into_tray_or_cloud,
    "upload": arrow_out_of_tray_or_cloud,
    "cloud_download": arrow_down_through_cloud,
    "cloud_upload": arrow_up_through_cloud,
    "filter": funnel_or_narrowing_lines,
    "settings": teeth_round_a_hub_or_spokes,
}
"""Concept -> the check of its structure on a 32x32 shape mask."""

SHARED_STRUCTURES: Mapping[str, frozenset[str]] = {
    "pause": frozenset({"columns"}),
}
"""Concept -> the other concepts some icon fonts draw with exactly its structure: Phosphor's and
Octicons' "columns" are two plain upright bars, a pause icon's proportions and gaps (Octicons'
bars are wider than most, Phosphor's are not). No part tells such a drawing's meanings apart, so
acceptance treats them as near-duplicates (``tools/calibrate_acceptance.py`` adds them to the
twins): a drawing of two bars answers "pause", and not "columns" (which ranks below its twin
by more than the tie unless its own template comes within 0.02 of the structure's 0.95)."""


def structural_concepts(mask: BoolArray) -> list[str]:
    """The concepts whose structure ``mask`` (a normalised 32x32 shape mask) shows (none for an
    empty, blank or degenerate mask: each check turns those away first)."""
    return [concept for concept, check in STRUCTURES.items() if check(mask)]


__all__ = [
    "SHARED_STRUCTURES",
    "STRUCTURES",
    "STRUCTURE_SCORE",
    "Part",
    "arrow_beside_bars",
    "arrow_direction",
    "arrow_down_through_cloud",
    "arrow_into_tray",
    "arrow_into_tray_or_cloud",
    "arrow_out_of_tray",
    "arrow_out_of_tray_or_cloud",
    "arrow_through_cloud",
    "arrow_up_through_cloud",
    "arrows_round_a_circle",
    "bars_side_by_side",
    "cone_over_spout",
    "ellipse_overlap",
    "filled_outline",
    "funnel_or_narrowing_lines",
    "head_over_shoulders",
    "holes_of",
    "lid_over_can",
    "lines_narrowing_down",
    "parts_of",
    "pencil_on_a_slant",
    "pieces_top_down",
    "roof_over_walls",
    "row_extents",
    "spokes_in_a_toothed_ring",
    "structural_concepts",
    "teeth_round_a_hub",
    "teeth_round_a_hub_or_spokes",
    "triangle_pointing_right",
    "upright_bar_pair",
]
