"""Icons recognised by their parts (iconfind/recognition/structure.py): a sort icon is an arrow
beside graded bars in whatever layout a family draws it, a delete icon a handle, a lid and a
closed can hanging from it, a play icon one triangle pointing right, a profile icon a round
head over wider, rounded shoulders (alone or in a ring), a home icon a roof over upright walls
with nothing in its gable, an edit icon a pencil on a slant, a refresh icon arrows round a
circle, a pause icon two upright bars, a download icon an arrow down into a tray (an upload icon
up out of a shallow one), a filter icon a funnel or lines narrowing down; nothing else is any
of them (refresh's twins, rotate left / right, and pause's, columns drawn as two bars, aside)."""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import product

import cv2
import numpy as np
import pytest

from bench.heldout import families, glyph_images, render_case
from iconfind.recognition.acceptance import default_policy
from iconfind.recognition.exclusions import Ink, excluded_concepts
from iconfind.recognition.features import FINE_THRESHOLD, shape_of, unpack_masks
from iconfind.recognition.recognizer import IconRecognizer
from iconfind.recognition.structure import (
    MIN_PART,
    SHARED_STRUCTURES,
    STRUCTURE_SCORE,
    STRUCTURES,
    Part,
    arrow_beside_bars,
    arrow_direction,
    arrow_into_tray,
    arrow_out_of_tray,
    arrow_through_cloud,
    arrows_round_a_circle,
    bars_side_by_side,
    funnel_or_narrowing_lines,
    head_over_shoulders,
    lid_over_can,
    parts_of,
    pencil_on_a_slant,
    roof_over_walls,
    spokes_in_a_toothed_ring,
    structural_concepts,
    teeth_round_a_hub,
    teeth_round_a_hub_or_spokes,
    triangle_pointing_right,
    upright_bar_pair,
)


def canvas() -> np.ndarray:
    return np.zeros((32, 32), np.uint8)


def arrow(mask: np.ndarray, x: int, up: bool) -> None:
    """A vertical arrow, shaft at column ``x``, head at the top (``up``) or the bottom."""
    top, bottom = 3, 28
    cv2.line(mask, (x, top), (x, bottom), 1, 2)
    tip, back = (top, top + 6) if up else (bottom, bottom - 6)
    cv2.line(mask, (x, tip), (x - 5, back), 1, 2)
    cv2.line(mask, (x, tip), (x + 5, back), 1, 2)


def bars(mask: np.ndarray, lengths: list[int], x: int, *, align_right: bool = False) -> None:
    """Horizontal bars stacked from the top, left edges at ``x`` (or right edges)."""
    for k, length in enumerate(lengths):
        y = 5 + 8 * k
        x1, x2 = (x - length, x) if align_right else (x, x + length)
        cv2.rectangle(mask, (x1, y), (x2, y + 2), 1, -1)


@pytest.mark.parametrize(
    ("arrow_left", "up", "widening", "align_right"),
    list(product([True, False], repeat=4)),
)
def test_an_arrow_beside_graded_bars_is_sort_in_every_layout(
    arrow_left: bool, up: bool, widening: bool, align_right: bool
) -> None:
    """Families put the arrow left or right, pointing up or down, the bars widening or
    narrowing, aligned on either edge: all sixteen layouts are one structure."""
    mask = canvas()
    lengths = [6, 10, 14] if widening else [14, 10, 6]
    if arrow_left:
        arrow(mask, 7, up)
        bars(mask, lengths, 30 if align_right else 15, align_right=align_right)
    else:
        arrow(mask, 24, up)
        bars(mask, lengths, 16 if align_right else 1, align_right=align_right)
    assert arrow_beside_bars(mask.astype(bool))
    assert structural_concepts(mask.astype(bool)) == ["sort"]


def test_the_last_bar_of_a_stack_may_be_a_dot() -> None:
    mask = canvas()
    arrow(mask, 7, up=False)
    bars(mask, [14, 9, 3], 15)
    assert arrow_beside_bars(mask.astype(bool))


def test_a_double_headed_arrow_beside_bars_is_sort() -> None:
    """Iconoir and MDI draw sort as ↕ beside graded bars: a head at each end."""
    mask = canvas()
    arrow(mask, 7, up=True)
    arrow(mask, 7, up=False)
    bars(mask, [6, 10, 14], 15)
    assert arrow_beside_bars(mask.astype(bool))


def sort_icon_but(change: str) -> np.ndarray:
    """An arrow beside three graded bars (a sort icon), with one thing changed."""
    mask = canvas()
    if change == "a T for the arrow":
        cv2.rectangle(mask, (6, 3), (8, 28), 1, -1)
        cv2.rectangle(mask, (2, 3), (12, 5), 1, -1)
    else:
        arrow(mask, 7, up=False)
    if change == "bars long, short, long":
        bars(mask, [14, 6, 14], 15)
    elif change == "bars one pixel apart":
        bars(mask, [10, 10, 11], 15)
    elif change == "bars staggered":
        for k, (x1, x2) in enumerate([(15, 29), (18, 28), (16, 22)]):
            cv2.rectangle(mask, (x1, 5 + 8 * k), (x2, 7 + 8 * k), 1, -1)
    else:
        bars(mask, [14, 10, 6], 15)
    return mask.astype(bool)


@pytest.mark.parametrize(
    "change",
    [
        "a T for the arrow",
        "bars long, short, long",
        "bars one pixel apart",
        "bars staggered",
    ],
)
def test_each_part_of_the_rule_is_needed(change: str) -> None:
    """The unchanged drawing is sort; changing any one part of it makes it something else
    (text beside a T, a ragged paragraph, a list, an outline), so each rule is tested alone."""
    assert arrow_beside_bars(sort_icon_but("nothing"))
    assert not arrow_beside_bars(sort_icon_but(change))


def test_look_alikes_are_not_sort() -> None:
    """Three equal bars (☰), bars with no arrow (a list), an arrow over one bar (a download
    tray: download's structure), a lone arrow, an arrow beside equal bars, an empty or
    degenerate mask: none is sort."""
    hamburger = canvas()
    bars(hamburger, [24, 24, 24], 4)
    arrow_only = canvas()
    arrow(arrow_only, 16, up=True)
    tray = canvas()
    cv2.line(tray, (16, 2), (16, 20), 1, 2)
    cv2.line(tray, (16, 20), (10, 14), 1, 2)
    cv2.line(tray, (16, 20), (22, 14), 1, 2)
    cv2.rectangle(tray, (4, 26), (28, 28), 1, -1)
    equal = canvas()
    arrow(equal, 7, up=True)
    bars(equal, [12, 12, 12], 15)
    listing = canvas()
    for k in range(3):
        cv2.rectangle(listing, (2, 5 + 8 * k), (4, 7 + 8 * k), 1, -1)
    bars(listing, [20, 14, 8], 9)
    for mask in (hamburger, arrow_only, equal, listing, canvas()):
        assert structural_concepts(mask.astype(bool)) == []
    assert structural_concepts(tray.astype(bool)) == ["download"]  # and not sort
    for empty in (np.zeros((0, 0), bool), np.zeros((0, 32), bool)):
        assert structural_concepts(empty) == []
        assert not arrow_beside_bars(empty)


SORT_LAYOUTS = [
    ("bootstrap", "sort-down"),
    ("carbon", "sort--ascending"),
    ("heroicons", "bars-arrow-down"),
    ("iconoir", "sort-down"),
    ("lucide", "arrow-down-wide-narrow"),
    ("octicons", "sort-desc-24"),
    ("tabler", "sort-descending"),
]


@pytest.mark.parametrize(("family", "stem"), SORT_LAYOUTS)
def test_real_sort_icons_of_unseen_families_are_resolved(family: str, stem: str) -> None:
    """Seven real icon sets' arrow-and-bars sort icons, none of which the references contain:
    the template scores were 0.37-0.58 for six of them (below the 0.6 any answer needs) and
    0.78-0.81 for Tabler's; the shipped recognizer now scores each at the structure's score and
    accepts "sort", at 24 and 48 px, light and dark."""
    assert_resolved_by_parts(family, stem, "sort")


def assert_resolved_by_parts(family: str, stem: str, concept: str) -> None:
    """The held-out ``family``'s icon ``stem`` ranks ``concept`` first at the structure's score
    and is accepted as it, at 24 and 48 px, light and dark."""
    recognizer = IconRecognizer.default()
    (mask,) = [m for c, n, m in glyph_images(family) if n == stem]
    for size, theme in product((24, 48), ("light", "dark")):
        ranking = recognizer.rank(render_case(mask, size, theme, "tight"), top=3)
        assert ranking[0] == (concept, pytest.approx(STRUCTURE_SCORE, abs=0.05))
        assert recognizer.accepts(ranking, concept)


@pytest.mark.parametrize("concept", sorted(STRUCTURES))
def test_no_other_icon_of_eleven_real_families_has_the_structure(concept: str) -> None:
    """Every icon of the held-out families that is not drawn as ``concept`` -- about 2,600
    drawings of hundreds of concepts: lists, text alignment, bulbs, trays, bar charts, ↑↓
    arrows, gifts, beakers, batteries, shields, stars -- at 24 and 48 px (tools and the module
    docstring cover every render and every reference)."""
    checked = 0
    twins = default_policy()
    for family in families():
        for truth, name, mask in glyph_images(family):
            if twins.same_drawing(concept, truth):
                continue  # Feather's rotate-cw is drawn as refresh, and is refresh's twin
            for size in (24, 48):
                shape = shape_of(render_case(mask, size, "light", "tight"))
                shown = structural_concepts(shape > FINE_THRESHOLD)
                if concept == "settings" and concept in shown:
                    # Ionicons' flower drawn as loops has a gear's outline round a hub at 48
                    # px; its petals rule settings out (exclusions.petals_round_a_centre)
                    assert (family, name) == ("ionicons", "flower-outline")
                    assert concept in excluded_concepts(Ink.of(shape))
                    continue
                assert concept not in shown, (family, name)
                checked += 1
    assert checked > 5000


def test_no_shipped_reference_of_another_concept_has_a_structure() -> None:
    """The 8,538 reference renders of 791 concepts: only sort drawings have the sort structure,
    only delete drawings the bin's, only play drawings the triangle's, only profile drawings
    the bust's (not a pawn, a lock, a bell, a group of people, a person with a badge), only
    home drawings the house's (not a bank, a store, a tent, a tag, an upload arrow), only edit
    drawings the pencil's (not an eyedropper, a brush, a sword, a thermometer, a quill) -- and
    one render of MDI's marker, a pen on a slant too -- and only refresh drawings (and their
    twins) arrows round a circle, only pause drawings (and Phosphor's columns, its twin) two
    upright bars, only download drawings an arrow down into a tray, only upload drawings an arrow
    up out of a shallow one, only filter drawings a funnel or lines narrowing down, only settings
    drawings teeth round a hub (not a star, a flower, a sun, a nut, a memory chip, a virus)."""
    references = IconRecognizer.default().references
    assert references.masks is not None
    masks = unpack_masks(references.masks)
    found: dict[str, set[str]] = {}
    for i, mask in enumerate(masks):
        for concept in structural_concepts(mask):
            found.setdefault(concept, set()).add(references.classes[int(references.labels[i])])
    assert found == {
        "sort": {"sort"},
        "delete": {"delete"},
        "play": {"play"},
        "profile": {"profile"},
        "home": {"home"},
        "edit": {"edit", "marker"},
        # rotate left / right are refresh's twins; one render of MDI's restore lost its
        # clock hands and is a plain arrow round a circle
        "refresh": {"refresh", "rotate_left", "rotate_right", "history"},
        # Phosphor's columns are two plain bars: pause's twin (SHARED_STRUCTURES)
        "pause": {"pause", "columns"},
        # Codicons file their cloud downloads (and uploads) under download (upload) too
        "download": {"download", "cloud_download"},
        "filter": {"filter"},
        "upload": {"upload", "cloud_upload"},
        "settings": {"settings"},
        "cloud_download": {"cloud_download", "download"},
        "cloud_upload": {"cloud_upload", "upload"},
    }


# --------------------------------------------------------------------------- delete: a bin


def bin_icon(
    *,
    handle: tuple[int, int] | None = (12, 20),
    lid: tuple[int, int] = (5, 27),
    can: tuple[int, int] = (8, 24),
    taper: int = 1,
    bottom: int = 29,
    closed: bool = True,
    filled: bool = False,
    slats: bool = True,
) -> np.ndarray:
    """A bin drawn the way icon sets draw one: a handle over a lid over a can (outlined with
    slats, or filled), each part adjustable so each rule can be tested alone."""
    mask = canvas()
    if handle is not None:
        cv2.rectangle(mask, (handle[0], 2), (handle[1], 5), 1, 2)
    cv2.rectangle(mask, (lid[0], 6), (lid[1], 8), 1, -1)
    left_top, right_top = can
    corners = [
        (left_top, 9),
        (left_top + taper, bottom),
        (right_top - taper, bottom),
        (right_top, 9),
    ]
    if filled:
        cv2.fillPoly(mask, [np.array(corners, np.int32)], 1)
    else:
        cv2.line(mask, corners[0], corners[1], 1, 2)
        cv2.line(mask, corners[2], corners[3], 1, 2)
        if closed:
            cv2.line(mask, corners[1], corners[2], 1, 2)
    if slats and not filled:
        for x in (13, 19):
            cv2.line(mask, (x, 13), (x, bottom - 4), 1, 1)
    return mask.astype(bool)


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"filled": True}, {"slats": False}, {"taper": 0}, {"taper": 2}, {"handle": (14, 18)}],
    ids=["outlined", "filled", "plain", "straight", "tapering", "small handle"],
)
def test_a_handle_a_lid_and_a_closed_can_are_delete(kwargs: dict[str, object]) -> None:
    """Outlined or filled, slats or none, straight or tapering walls: one structure."""
    mask = bin_icon(**kwargs)  # type: ignore[arg-type]
    assert lid_over_can(mask)
    assert structural_concepts(mask) == ["delete"]


@pytest.mark.parametrize(
    ("change", "kwargs"),
    [
        ("no handle (a beaker, a pill bottle)", {"handle": None}),
        ("a handle as wide as a bow (a gift)", {"handle": (8, 24)}),
        ("a handle off to one side (a fire extinguisher)", {"handle": (20, 26)}),
        ("a lid no wider than the can (a battery, a box)", {"lid": (8, 24)}),
        ("a can wider at the bottom (a flask, a bell)", {"taper": -1}),
        ("a can with no bottom (a table)", {"closed": False}),
        ("wider than tall (an archive box)", {"bottom": 18, "lid": (1, 31), "can": (4, 28)}),
    ],
)
def test_each_part_of_the_bin_is_needed(change: str, kwargs: dict[str, object]) -> None:
    """The bin with one part changed is something else; each rule is tested alone."""
    assert lid_over_can(bin_icon())
    assert not lid_over_can(bin_icon(**kwargs)), change  # type: ignore[arg-type]


def degenerate_masks() -> list[np.ndarray]:
    """Empty, specks, all ink, single lines, one-row or one-column masks, a 3x3 pair of ticks
    and two ticks among specks."""
    line_across, line_down = canvas().astype(bool), canvas().astype(bool)
    line_across[16, 2:30] = True
    line_down[2:30, 16] = True
    return [
        np.zeros((0, 0), bool),
        np.zeros((32, 32), bool),
        np.eye(32, dtype=bool)[:2],
        np.ones((32, 32), bool),
        line_across,
        line_down,
        np.ones((1, 32), bool),
        np.ones((32, 1), bool),
        np.array([[1, 0, 1]] * 3, bool),
        ticks_among_specks(),
    ]


def ticks_among_specks() -> np.ndarray:
    """Two short upright ticks in a field of two-pixel specks."""
    mask = canvas().astype(bool)
    mask[5:8, 5] = mask[5:8, 9] = True
    for k in range(6):
        mask[20 + 2 * (k % 3), 4 + 5 * k : 6 + 5 * k] = True
    return mask


@pytest.mark.parametrize("concept", sorted(STRUCTURES))
def test_degenerate_masks_have_no_structure(concept: str) -> None:
    for mask in degenerate_masks():
        assert not STRUCTURES[concept](mask)


BINS = [
    ("bootstrap", "trash-fill"),
    ("carbon", "trash-can"),
    ("eva", "trash-2-outline"),
    ("feather", "trash-2"),
    ("fluent", "delete_24_regular"),
    ("heroicons", "trash"),
    ("ionicons", "trash-outline"),
    ("lucide", "trash"),
    ("octicons", "trash-24"),
    ("tabler", "trash"),
]


# --------------------------------------------------------------------------- play: a triangle

TRIANGLE = [(6, 3), (6, 29), (28, 16)]


def triangle(
    corners: list[tuple[int, int]] = TRIANGLE, *, outlined: bool = False, rounded: bool = False
) -> np.ndarray:
    """A triangle, filled or as an outline of 2 px, corners sharp or rounded."""
    mask = canvas()
    points = np.array(corners, np.int32)
    if outlined:
        cv2.polylines(mask, [points], True, 1, 2)
    else:
        cv2.fillPoly(mask, [points], 1)
    if rounded:
        for x, y in corners:
            mask[max(y - 1, 0) : y + 2, max(x - 1, 0) : x + 2] = 0
    return mask.astype(bool)


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"outlined": True}, {"rounded": True}, {"outlined": True, "rounded": True}],
    ids=["filled", "outlined", "rounded", "outlined rounded"],
)
def test_a_triangle_pointing_right_is_play(kwargs: dict[str, bool]) -> None:
    mask = triangle(**kwargs)
    assert triangle_pointing_right(mask)
    assert structural_concepts(mask) == ["play"]


def edited(base: np.ndarray, edit: Callable[[np.ndarray], object]) -> np.ndarray:
    """``base`` with ``edit`` applied to a uint8 copy of it."""
    mask = base.astype(np.uint8)
    edit(mask)
    return mask.astype(bool)


def carve(mask: np.ndarray, rows: slice, columns: slice, value: int) -> None:
    mask[rows, columns] = value


PLAY_LOOK_ALIKES: dict[str, Callable[[], np.ndarray]] = {
    "pointing up": lambda: triangle([(6, 28), (26, 28), (16, 6)]),
    "pointing down": lambda: triangle([(6, 6), (26, 6), (16, 28)]),
    "pointing left": lambda: triangle([(26, 3), (26, 29), (4, 16)]),
    "apex high (a corner flag, a pennant)": lambda: triangle([(6, 3), (6, 29), (28, 6)]),
    "a notch in its back (a paper plane)": lambda: edited(
        triangle(), lambda m: cv2.fillPoly(m, [np.array([(6, 6), (16, 16), (6, 26)])], 0)
    ),
    "a slit into its back (Remix's send-plane-2)": lambda: edited(
        triangle(), lambda m: carve(m, slice(15, 17), slice(6, 16), 0)
    ),
    "a fold drawn inside the outline (Carbon's send)": lambda: edited(
        triangle(outlined=True), lambda m: carve(m, slice(15, 17), slice(6, 17), 1)
    ),
    "seams across it (the Play Store's logo)": lambda: edited(
        triangle(), lambda m: cv2.polylines(m, [np.array([(6, 3), (18, 16), (6, 29)])], False, 0)
    ),
    "a bar beside it (skip next)": lambda: edited(
        triangle([(3, 3), (3, 29), (22, 16)]), lambda m: carve(m, slice(3, 30), slice(25, 29), 1)
    ),
    "a slot punched in it (a solid triangle with a hole)": lambda: edited(
        triangle(), lambda m: carve(m, slice(11, 21), slice(9, 17), 0)
    ),
    "a ring around it (play in a circle)": lambda: edited(
        triangle([(12, 9), (12, 23), (22, 16)]), lambda m: cv2.circle(m, (16, 16), 14, 1, 2)
    ),
}
"""A play triangle with one thing changed (each a real look-alike); each is turned away by the
rule its name says (aspect for "pointing up", corner count for the ring)."""


@pytest.mark.parametrize("change", list(PLAY_LOOK_ALIKES))
def test_each_part_of_the_triangle_is_needed(change: str) -> None:
    assert not triangle_pointing_right(PLAY_LOOK_ALIKES[change]()), change


PLAYS = [
    ("bootstrap", "play"),
    ("carbon", "play"),
    ("feather", "play"),
    ("fluent", "play_24_regular"),
    ("heroicons", "play"),
    ("iconoir", "play"),
    ("ionicons", "play-outline"),
    ("lucide", "play"),
    ("tabler", "player-play"),
]


BUSTS = [
    ("bootstrap", "person-fill"),
    ("bootstrap", "person"),
    ("carbon", "user"),
    ("carbon", "user--avatar"),
    ("eva", "person-outline"),
    ("feather", "user"),
    ("fluent", "person_24_regular"),
    ("heroicons", "user"),
    ("iconoir", "user"),
    ("iconoir", "user-circle"),
    ("ionicons", "person-outline"),
    ("ionicons", "person"),
    ("lucide", "user"),
    ("lucide", "circle-user"),
    ("octicons", "person-24"),
    ("tabler", "user"),
]

PENCILS = [
    ("heroicons", "pencil-square"),
    ("bootstrap", "pencil"),
    ("carbon", "edit"),
    ("eva", "edit-2-outline"),
    ("eva", "edit-outline"),
    ("feather", "edit-2"),
    ("fluent", "edit_24_regular"),
    ("heroicons", "pencil"),
    ("iconoir", "edit-pencil"),
    ("iconoir", "edit"),
    ("lucide", "pencil"),
    ("lucide", "pen"),
    ("octicons", "pencil-24"),
]

REFRESHES = [
    ("bootstrap", "arrow-clockwise"),
    ("carbon", "renew"),
    ("feather", "refresh-cw"),
    ("fluent", "arrow_sync_24_regular"),
    ("heroicons", "arrow-path"),
    ("iconoir", "refresh"),
    ("ionicons", "refresh"),
    ("octicons", "sync-24"),
    ("tabler", "refresh"),
]

PAUSES = [
    ("bootstrap", "pause"),
    ("feather", "pause"),
    ("fluent", "pause_24_regular"),
    ("heroicons", "pause"),
    ("iconoir", "pause"),
    ("ionicons", "pause-outline"),
    ("lucide", "pause"),
    ("octicons", "pause-24"),
    ("tabler", "player-pause"),
]

DOWNLOADS = [
    ("bootstrap", "download"),
    ("carbon", "download"),
    ("eva", "download-outline"),
    ("feather", "download"),
    ("fluent", "arrow_download_24_regular"),
    ("heroicons", "arrow-down-tray"),
    ("iconoir", "download"),
    ("ionicons", "download-outline"),
    ("lucide", "download"),
    ("octicons", "download-24"),
    ("tabler", "download"),
]

UPLOADS = [
    ("bootstrap", "upload"),
    ("heroicons", "arrow-up-tray"),
    ("iconoir", "upload"),
    ("tabler", "upload"),
    # trays 0.38-0.41 of the drawing deep (UPLOAD_TRAY)
    ("feather", "upload"),
    ("lucide", "upload"),
    # the bar (Carbon's, Fluent's) or a shallow ⊓ (Eva's) over the arrow's tip
    ("carbon", "upload"),
    ("eva", "upload-outline"),
    ("fluent", "arrow_upload_24_regular"),
]

FILTERS = [
    ("bootstrap", "funnel"),
    ("carbon", "filter"),
    ("eva", "funnel-outline"),
    ("feather", "filter"),
    ("fluent", "filter_24_regular"),
    ("heroicons", "funnel"),
    ("iconoir", "filter"),
    ("ionicons", "funnel-outline"),
    ("lucide", "funnel"),
    ("octicons", "filter-24"),
]

GEARS = [
    ("bootstrap", "gear"),
    ("bootstrap", "gear-fill"),
    ("carbon", "settings"),
    ("eva", "settings-outline"),
    ("fluent", "settings_24_regular"),
    ("heroicons", "cog-6-tooth"),
    ("iconoir", "settings"),
    ("ionicons", "settings"),
    ("ionicons", "settings-outline"),
    ("ionicons", "settings-sharp"),
    ("lucide", "settings"),
    ("octicons", "gear-24"),
    ("tabler", "settings"),
]

HOUSES = [
    ("bootstrap", "house"),
    ("carbon", "home"),
    ("eva", "home-outline"),
    ("feather", "home"),
    ("heroicons", "home"),
    ("iconoir", "home"),
    ("lucide", "house"),
    ("octicons", "home-24"),
    ("tabler", "home"),
]


@pytest.mark.parametrize(
    ("concept", "family", "stem"),
    [("delete", f, n) for f, n in BINS]
    + [("play", f, n) for f, n in PLAYS]
    + [("profile", f, n) for f, n in BUSTS]
    + [("home", f, n) for f, n in HOUSES]
    + [("edit", f, n) for f, n in PENCILS]
    + [("refresh", f, n) for f, n in REFRESHES]
    + [("pause", f, n) for f, n in PAUSES]
    + [("download", f, n) for f, n in DOWNLOADS]
    + [("filter", f, n) for f, n in FILTERS]
    + [("upload", f, n) for f, n in UPLOADS]
    + [("settings", f, n) for f, n in GEARS],
)
def test_real_bins_triangles_and_busts_of_unseen_families_are_resolved(
    concept: str, family: str, stem: str
) -> None:
    """Ten real icon sets' bins, nine sets' play triangles and eleven sets' people (three in a
    ring), none of which the references contain. An upright battery came within the lead of
    most thin-stroke bins (267 of 330 deferred crops), a paper plane within that of several
    plays (Carbon's play scored 0.91 as "send", above play itself), and most people scored
    under the 0.6 any answer needs; pencils came within the lead of an eyedropper, a brush or
    a sparkle in seven sets, thin pause bars within that of a columns layout or a skip icon,
    arrows into a tray within that of upload or a lock (or under 0.6), funnels within that of a
    chevron or a hamburger, gears under a star or within the lead of a nut. The structure
    settles each, at 24 and 48 px, light and dark."""
    recognizer = IconRecognizer.default()
    (mask,) = [m for c, n, m in glyph_images(family) if n == stem]
    for size, theme in product((24, 48), ("light", "dark")):
        ranking = recognizer.rank(render_case(mask, size, theme, "tight"), top=3)
        assert ranking[0][0] == concept
        assert ranking[0][1] >= STRUCTURE_SCORE - 1e-6
        assert recognizer.accepts(ranking, concept)


# --------------------------------------------------------------------------- profile: a bust


def bust(
    *,
    filled: bool = False,
    closed: bool = True,
    head: str = "ring",
    body: str = "dome",
    gap: int = 2,
    shoulders: tuple[int, int] = (11, 10),
    ring: bool = False,
    extra: str = "",
) -> np.ndarray:
    """A person's bust drawn at 4x and reduced, as a font is rendered: a head (a ring or disc,
    or a look-alike's ``head``) over shoulders (a dome, closed or an open arc, or a
    look-alike's ``body``), optionally in a ring that cuts the shoulders off."""
    scale = 4
    big = np.zeros((32 * scale, 32 * scale), np.uint8)
    stroke = -1 if filled else 2 * scale

    def at(x: float, y: float) -> tuple[int, int]:
        return round(x * scale), round(y * scale)

    radius, head_y = (4, 10) if ring else (5, 7)
    top = head_y + radius + 1 + gap
    across, down = (9, 9) if ring else shoulders
    if head == "ring":
        cv2.circle(big, at(16, head_y), radius * scale, 1, stroke)
    elif head == "box":
        cv2.rectangle(
            big, at(16 - radius, head_y - radius), at(16 + radius, head_y + radius), 1, stroke
        )
    elif head == "capsule":
        cv2.ellipse(big, at(16, head_y + 1), at(radius - 1, radius + 2), 0, 0, 360, 1, stroke)
    elif head == "arch":  # a shackle: open at the bottom, its legs reaching the body
        cv2.ellipse(big, at(16, head_y), at(radius, radius), 0, 180, 360, 1, 2 * scale)
        for x in (16 - radius, 16 + radius):
            cv2.line(big, at(x, head_y), at(x, top), 1, 2 * scale)
    if gap > 3:  # a stem from the head down to the shoulders
        cv2.rectangle(big, at(14, head_y + radius), at(18, top + 1), 1, -1)
    if body == "dome":
        cv2.ellipse(big, at(16, top + down), at(across, down), 0, 180, 360, 1, stroke)
        if closed and not filled:
            cv2.line(big, at(16 - across, top + down), at(16 + across, top + down), 1, 2 * scale)
    elif body == "ball":
        cv2.ellipse(big, at(16, top + down), at(across, down), 0, 0, 360, 1, stroke)
    elif body == "box":
        cv2.rectangle(big, at(16 - across, top), at(16 + across, top + down), 1, stroke)
    elif body == "pole":  # a globe's pole and cross-bar
        cv2.line(big, at(16, top - 2), at(16, top + down), 1, 2 * scale)
        cv2.line(
            big, at(16 - across, top + down - 3), at(16 + across, top + down - 3), 1, 2 * scale
        )
    if extra == "badge":
        cv2.circle(big, at(24, top + down - 2), 4 * scale, 1, -1)
    elif extra == "second head":
        cv2.circle(big, at(27, head_y + 2), 3 * scale, 1, stroke)
    if ring:
        disc = np.zeros_like(big)
        cv2.circle(disc, at(16, 16), 13 * scale, 1, -1)
        big &= disc
        cv2.circle(big, at(16, 16), 14 * scale, 1, 2 * scale)
    reduced = cv2.resize(big.astype(np.float32), (32, 32), interpolation=cv2.INTER_AREA)
    return np.asarray(reduced >= 0.5)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"filled": True},
        {"closed": False},
        {"gap": 0},
        {"ring": True, "closed": False},
        {"ring": True, "filled": True},
    ],
    ids=["outlined", "filled", "open arc", "touching", "in a ring", "filled in a ring"],
)
def test_a_round_head_over_rounded_shoulders_is_profile(kwargs: dict[str, object]) -> None:
    """Outlined, filled, shoulders an open arc, the head apart or touching them, alone or in
    a ring that cuts the shoulders off: one structure."""
    mask = bust(**kwargs)  # type: ignore[arg-type]
    assert head_over_shoulders(mask)
    assert structural_concepts(mask) == ["profile"]


PROFILE_LOOK_ALIKES: dict[str, dict[str, object]] = {
    "a stem under the head (a chess pawn)": {"filled": True, "gap": 6, "shoulders": (11, 7)},
    "an arch for a head, open into the body (a lock's shackle)": {"head": "arch", "filled": True},
    "a tall head (a microphone's capsule)": {"head": "capsule"},
    "shoulders no wider than the head (a keyhole)": {"filled": True, "shoulders": (5, 9)},
    "a round body (a snowman)": {"body": "ball", "shoulders": (8, 7)},
    "a tall body (a standing figure)": {"filled": True, "shoulders": (8, 16)},
    "square shoulders (a stamp, a box)": {"body": "box", "shoulders": (11, 9)},
    "a pole and a cross-bar under a ball (a network globe)": {"body": "pole"},
    "a badge on the shoulder (add a person, a verified person)": {"extra": "badge"},
    "a second head (two people)": {"extra": "second head"},
    "a box for a head (a robot, a parcel on a hand)": {"head": "box"},
    "a filled box for a head": {"head": "box", "filled": True},
}
"""A bust with one thing changed (each a real look-alike). Most are turned away by the
proportions (the drawing's or the head's aspect), the rest by the rule their name says: the
shackle by the neck (no narrowing under it), square shoulders by their top row, the badge by
the mirror, the second head by the count of heads, a box for a head by its inked corners (a
raster box overlaps its inscribed ellipse as much as a disc does)."""


@pytest.mark.parametrize("change", list(PROFILE_LOOK_ALIKES))
def test_look_alikes_of_a_bust_are_not_profile(change: str) -> None:
    assert head_over_shoulders(bust())
    assert not head_over_shoulders(bust(**PROFILE_LOOK_ALIKES[change])), change  # type: ignore[arg-type]


# --------------------------------------------------------------------------- home: a house

BIG = 128
"""Look-alikes are drawn at 4x (128 px) and reduced, as a font is rendered."""


def reduced(big: np.ndarray) -> np.ndarray:
    small = cv2.resize(big.astype(np.float32), (32, 32), interpolation=cv2.INTER_AREA)
    return np.asarray(small >= 0.5)


def shape(
    points: list[tuple[int, int]], *, filled: bool, big: np.ndarray | None = None
) -> np.ndarray:
    """A closed polygon on the 4x canvas, filled or outlined with a 2 px (at 32) stroke."""
    canvas_ = np.zeros((BIG, BIG), np.uint8) if big is None else big
    polygon = np.array(points, np.int32).reshape(-1, 1, 2)
    if filled:
        cv2.fillPoly(canvas_, [polygon], 1)
    else:
        cv2.polylines(canvas_, [polygon], True, 1, 8)
    return canvas_


def house(*, filled: bool = False, door: bool = True, overhang: int = 0) -> np.ndarray:
    """A house: a gable roof (apex at the top, eaves at 45 %) over walls, a door or none."""
    left, right = 18, 110
    points = [(64, 6), (right + overhang, 58), (right, 58), (right, 122), (left, 122), (left, 58)]
    big = shape([*points, (left - overhang, 58)], filled=filled)
    if door and filled:
        cv2.rectangle(big, (54, 84), (74, 127), 0, -1)
    elif door:
        cv2.rectangle(big, (54, 84), (74, 122), 1, 8)
    return reduced(big)


def bank(filled: bool) -> np.ndarray:
    """A pediment over three columns (a bank, a museum)."""
    big = shape([(64, 6), (120, 44), (8, 44)], filled=filled)
    for x in (22, 64, 106):
        cv2.line(big, (x, 44), (x, 112), 1, 12)
    cv2.line(big, (18, 118), (110, 118), 1, 8)
    return reduced(big)


def tag(filled: bool) -> np.ndarray:
    """A house-shaped price tag pointing up, its eyelet in the gable."""
    big = shape([(64, 6), (110, 52), (110, 122), (18, 122), (18, 52)], filled=filled)
    cv2.circle(big, (64, 40), 9, 0 if filled else 1, -1 if filled else 6)
    return reduced(big)


def block_arrow(filled: bool) -> np.ndarray:
    """A block arrow pointing up: a wide head over a shaft under 0.6 of its width (upload)."""
    return reduced(
        shape(
            [(64, 6), (122, 62), (98, 62), (98, 122), (30, 122), (30, 62), (6, 62)], filled=filled
        )
    )


def tree(filled: bool) -> np.ndarray:
    """A triangle of a crown over a trunk 0.6 of its width."""
    big = shape([(64, 6), (120, 60), (8, 60)], filled=filled)
    return reduced(shape([(30, 60), (98, 60), (98, 122), (30, 122)], filled=filled, big=big))


def eject(filled: bool) -> np.ndarray:
    """A triangle over a separate bar (eject)."""
    big = shape([(64, 6), (120, 70), (8, 70)], filled=filled)
    return reduced(shape([(8, 80), (120, 80), (120, 122), (8, 122)], filled=filled, big=big))


HOME_LOOK_ALIKES: dict[str, Callable[[bool], np.ndarray]] = {
    "a bank's pediment over columns": bank,
    "a tag's eyelet in the gable": tag,
    "an upload block arrow": block_arrow,
    "a tree with a trunk": tree,
    "an eject icon": eject,
}


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"door": False}, {"filled": True}, {"filled": True, "door": False}, {"overhang": 10}],
    ids=["outlined", "no door", "filled", "filled, no door", "overhanging eaves"],
)
def test_a_roof_over_walls_is_home(kwargs: dict[str, object]) -> None:
    mask = house(**kwargs)  # type: ignore[arg-type]
    assert roof_over_walls(mask)
    assert "home" in structural_concepts(mask)


@pytest.mark.parametrize("filled", [False, True], ids=["outlined", "filled"])
@pytest.mark.parametrize("name", list(HOME_LOOK_ALIKES))
def test_look_alikes_of_a_house_are_not_home(name: str, filled: bool) -> None:
    """A review drew these past an earlier version: a bank's middle column passed as a door, a
    hole in the gable went unchecked, and a wide overhang let block arrows and trees through."""
    assert not roof_over_walls(HOME_LOOK_ALIKES[name](filled)), name


# --------------------------------------------------------------------------- edit: a pencil

ALONG = np.array([1.0, -1.0]) / np.sqrt(2)
"""From the bottom left corner of the 4x canvas towards the top right."""
ACROSS = np.array([1.0, 1.0]) / np.sqrt(2)
TIP = np.array([12.0, 116.0])
LENGTH = 146.0
"""The pencil's length on the 4x canvas, tip to end (corner to corner, with a margin)."""


def on_slant(along: float, across: float) -> tuple[int, int]:
    x, y = TIP + along * ALONG + across * ACROSS
    return round(float(x)), round(float(y))


def rod(
    *,
    half: float = 13,
    tip: float = 34,
    end_tip: float = 0,
    filled: bool = True,
    big: np.ndarray | None = None,
) -> np.ndarray:
    """A band on the slant ``half`` wide either side of its axis, narrowing to a point over
    ``tip`` at the bottom left (0: cut square) and over ``end_tip`` at the top right."""
    points = [on_slant(0, 0)] if tip else [on_slant(0, -half), on_slant(0, half)]
    points = [*points, on_slant(tip, half)] if tip else points
    points += [on_slant(LENGTH - end_tip, half)]
    points += (
        [on_slant(LENGTH, 0)] if end_tip else [on_slant(LENGTH, half), on_slant(LENGTH, -half)]
    )
    points += [on_slant(LENGTH - end_tip, -half)]
    points += [on_slant(tip, -half)] if tip else []
    return shape(points, filled=filled, big=big)


def pencil(*, filled: bool = True, baseline: bool = False, cap_apart: bool = False) -> np.ndarray:
    big = rod(filled=filled)
    if cap_apart:  # a line across the band a little below the end, as fonts part the cap
        start, end = on_slant(LENGTH - 30, -20), on_slant(LENGTH - 30, 20)
        cv2.line(big, start, end, 0, 8)
    if baseline:  # the pencil at 3/4 size in the top right, a line under it
        small = cv2.resize(big, (BIG * 3 // 4, BIG * 3 // 4), interpolation=cv2.INTER_NEAREST)
        big = np.zeros_like(big)
        big[: BIG * 3 // 4, BIG // 4 :] = small
        cv2.line(big, (8, 118), (120, 118), 1, 8)
    return reduced(big)


def with_part(draw: Callable[[np.ndarray], object]) -> np.ndarray:
    """A pencil (filled) with something drawn on the 4x canvas."""
    big = rod()
    draw(big)
    return reduced(big)


PENCIL_LOOK_ALIKES: dict[str, Callable[[], np.ndarray]] = {
    "an eyedropper: a bulb at the end": lambda: with_part(
        lambda big: cv2.circle(big, on_slant(LENGTH - 18, 0), 24, 1, -1)
    ),
    "a brush: bristles wider than the handle": lambda: reduced(
        rod(half=8, tip=0)
        | shape(
            [
                on_slant(0, 0),
                on_slant(30, 22),
                on_slant(50, 22),
                on_slant(50, -22),
                on_slant(30, -22),
            ],
            filled=True,
        )
    ),
    "a sword: a guard across the blade": lambda: with_part(
        lambda big: cv2.line(big, on_slant(LENGTH - 36, -30), on_slant(LENGTH - 36, 30), 1, 10)
    ),
    "a thermometer: a thin stem widening into a body": lambda: reduced(
        rod(half=4, tip=0, end_tip=0)
        | shape(
            [
                on_slant(22, 0),
                on_slant(40, 13),
                on_slant(LENGTH, 13),
                on_slant(LENGTH, -13),
                on_slant(40, -13),
            ],
            filled=True,
        )
    ),
    "a rod: no point": lambda: reduced(rod(tip=0)),
    "a needle: pointed at both ends": lambda: reduced(rod(end_tip=34)),
    "an arrow down and left: a head wider than the shaft": lambda: reduced(
        rod(half=10, tip=0)
        | shape([on_slant(0, 0), on_slant(40, 30), on_slant(40, -30)], filled=True)
    ),
    "a pencil with a spark beside it": lambda: with_part(
        lambda big: cv2.circle(big, (24, 24), 10, 1, -1)
    ),
    "a pencil pointing the other way": lambda: pencil()[:, ::-1].copy(),
}


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"filled": False},
        {"baseline": True},
        {"cap_apart": True},
        {"filled": False, "baseline": True},
    ],
    ids=["filled", "outlined", "over a line", "cap drawn apart", "outlined, over a line"],
)
def test_a_pencil_on_a_slant_is_edit(kwargs: dict[str, bool]) -> None:
    mask = pencil(**kwargs)
    assert pencil_on_a_slant(mask)
    assert "edit" in structural_concepts(mask)


@pytest.mark.parametrize("name", list(PENCIL_LOOK_ALIKES))
def test_look_alikes_of_a_pencil_are_not_edit(name: str) -> None:
    """Diagonal things a template puts near a pencil: each lacks one part of the rule (an even
    body nothing juts out of, a point that widens steadily, a blunt end, the slant)."""
    assert not pencil_on_a_slant(PENCIL_LOOK_ALIKES[name]()), name


def test_a_real_sword_ranked_edit_is_not_accepted_as_edit() -> None:
    """Lucide's sword (the references' swords point the other way) ranks edit first by 0.19-0.21
    over a screwdriver, and the pair checks against edit's known look-alikes (brush, sparkle)
    side with edit decisively; that used to let the band's lead suffice. The sword fails the
    pencil's structure (its guard juts out), so edit needs its own, larger lead."""
    recognizer = IconRecognizer.default()
    (sword,) = [m for c, n, m in glyph_images("lucide") if n == "sword"]
    (pencil,) = [m for c, n, m in glyph_images("lucide") if n == "pencil"]
    for size, theme in product((24, 48, 63), ("light", "dark")):
        ranking = recognizer.rank(render_case(sword, size, theme, "tight"), top=3)
        assert ranking[0][0] == "edit", ranking  # what made it dangerous
        assert not recognizer.accepts(ranking, "edit"), (size, theme, ranking)
        assert recognizer.accepts(
            recognizer.rank(render_case(pencil, size, theme, "tight")), "edit"
        )


def in_a_square(draw: Callable[[np.ndarray], object]) -> np.ndarray:
    """An open square (its top right corner left open) with something drawn on the 4x
    canvas, stroke 2 px at 32."""
    big = np.zeros((BIG, BIG), np.uint8)
    cv2.polylines(
        big, [np.array([(70, 14), (8, 14), (8, 120), (114, 120), (114, 58)])], False, 1, 8
    )
    draw(big)
    return reduced(big)


def small_pencil(big: np.ndarray, *, tip: float = 30, half: float = 14) -> None:
    """A pencil from the square's middle out of its open corner."""
    start, length = np.array([44.0, 84.0]), 100.0
    along, across = ALONG, ACROSS

    def at(a: float, c: float) -> tuple[int, int]:
        x, y = start + a * along + c * across
        return round(float(x)), round(float(y))

    points = [at(0, 0), at(tip, half), at(length, half), at(length, -half), at(tip, -half)]
    cv2.fillPoly(big, [np.array(points, np.int32).reshape(-1, 1, 2)], 1)


def test_a_pencil_in_an_open_square_is_edit() -> None:
    mask = in_a_square(small_pencil)
    assert pencil_on_a_slant(mask)
    assert "edit" in structural_concepts(mask)


@pytest.mark.parametrize("size", [32, 63])
def test_a_pencil_in_a_square_may_widen_over_fewer_lines(
    size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tabler's edit, a pencil out of an open square 7 px wide at 32-96 px, widens from its
    point over 3 diagonal lines where a pencil alone needs 3.5 (``PENCIL_TIP``): in a square
    the tip may reach the body half a line sooner (``SQUARE_TIP_SLACK``)."""
    from iconfind.recognition import structure

    (mask,) = [m for c, n, m in glyph_images("tabler") if n == "edit"]
    crops = [
        shape_of(render_case(mask, size, theme, "tight")) > FINE_THRESHOLD
        for theme in ("light", "dark")
    ]
    assert all(pencil_on_a_slant(crop) for crop in crops)
    monkeypatch.setattr(structure, "SQUARE_TIP_SLACK", 0.0)
    assert not any(pencil_on_a_slant(crop) for crop in crops)


def bracket_and_pencil() -> np.ndarray:
    big = np.zeros((BIG, BIG), np.uint8)
    cv2.polylines(big, [np.array([(80, 14), (8, 14), (8, 120)])], False, 1, 8)
    small_pencil(big)
    return reduced(big)


def axes_and_pencil() -> np.ndarray:
    big = np.zeros((BIG, BIG), np.uint8)
    cv2.polylines(big, [np.array([(8, 14), (8, 120), (114, 120)])], False, 1, 8)
    small_pencil(big)
    return reduced(big)


SQUARE_LOOK_ALIKES: dict[str, Callable[[], np.ndarray]] = {
    "open in new: an arrow out of the corner": lambda: in_a_square(
        lambda big: (
            cv2.line(big, (44, 84), (112, 16), 1, 8),
            cv2.polylines(big, [np.array([(84, 16), (114, 16), (114, 46)])], False, 1, 8),
        )
    ),
    "a rod with no point out of the corner": lambda: in_a_square(
        lambda big: cv2.line(big, (44, 84), (112, 16), 1, 16)
    ),
    "a pencil beside a bracket with no bottom": lambda: bracket_and_pencil(),
    "a pencil over a chart's axes": lambda: axes_and_pencil(),
}


@pytest.mark.parametrize("name", list(SQUARE_LOOK_ALIKES))
def test_look_alikes_of_a_pencil_in_a_square_are_not_edit(name: str) -> None:
    """Open-in-new's arrow has a head wider than its shaft; a rod has no point; a bracket with
    no bottom, or a chart's axes with no top and right side, are no open square (and the
    pencil alone is too short)."""
    assert not pencil_on_a_slant(SQUARE_LOOK_ALIKES[name]()), name


# --------------------------------------------------------------------------- refresh: arrows


def at(angle: float, radius: float) -> tuple[int, int]:
    """A point of the 4x canvas at ``angle`` degrees (clockwise from 3 o'clock) and
    ``radius`` from its centre."""
    a = math.radians(angle)
    return round(64 + radius * math.cos(a)), round(64 + radius * math.sin(a))


def circular_arrow(
    *,
    start: float = 40.0,
    sweep: float = 290.0,
    stroke: int = 10,
    head: str | None = "triangle",
    arcs: int = 1,
    both_ends: bool = False,
    bar_in_gap: bool = False,
    mark_inside: bool = False,
) -> np.ndarray:
    """``arcs`` arcs of a circle (radius 46 of 128) turned evenly apart, each ``sweep`` degrees
    long with a ``head`` at its end ("triangle" across the end, "chevron", "dot", "tail"
    straight out, or none), drawn at 4x and reduced."""
    big = np.zeros((BIG, BIG), np.uint8)
    radius = 46
    for k in range(arcs):
        first = start + k * 360.0 / arcs
        cv2.ellipse(big, (64, 64), (radius, radius), 0, first, first + sweep, 1, stroke)
        for end in [first + sweep] + ([first] if both_ends else []):
            if head == "triangle":
                tip, inner, outer = at(end + 14, radius), at(end, radius - 16), at(end, radius + 16)
                cv2.fillPoly(big, [np.array([tip, inner, outer], np.int32)], 1)
            elif head == "chevron":
                arms = [at(end - 10, radius - 16), at(end + 4, radius), at(end - 10, radius + 16)]
                cv2.polylines(big, [np.array(arms, np.int32)], False, 1, stroke)
            elif head == "dot":
                cv2.circle(big, at(end, radius), stroke + 6, 1, -1)
            elif head == "tail":
                cv2.line(big, at(end, radius), at(end, radius + 22), 1, stroke)
    if bar_in_gap:
        cv2.line(big, at(start - 30, radius + 4), at(start - 30, 14), 1, stroke)
    if mark_inside:
        cv2.line(big, (64, 44), (64, 70), 1, stroke)
    return reduced(big)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"stroke": 6},
        {"head": "chevron"},
        {"arcs": 2, "sweep": 140, "start": 20},
        {"arcs": 2, "sweep": 140, "start": 20, "head": "chevron"},
    ],
)
def test_arrows_round_a_circle_are_refresh(kwargs: dict[str, object]) -> None:
    """One arc with a gap and a head across its end, thin or not, triangle or chevron; or two
    arcs half a turn apart, each with its head."""
    assert arrows_round_a_circle(circular_arrow(**kwargs))  # type: ignore[arg-type]


REFRESH_LOOK_ALIKES: dict[str, dict[str, object]] = {
    "a spinner (no head)": {"head": None},
    "a tail straight out of the arc's end": {"head": "tail"},
    "heads at both ends of the gap (headphones, a magnet)": {"both_ends": True, "sweep": 260},
    "a power icon (a bar into the gap)": {
        "head": None,
        "bar_in_gap": True,
        "start": -60,
        "sweep": 300,
    },
    "a mark inside the ring": {"mark_inside": True},
    "a closed ring with a head": {"sweep": 360},
    "a half circle with a head (undo)": {"sweep": 190},
}


@pytest.mark.parametrize("name", list(REFRESH_LOOK_ALIKES))
def test_look_alikes_of_arrows_round_a_circle_are_not_refresh(name: str) -> None:
    """Each lacks one part: a head, a head standing across the arc (not a tail), one head per
    gap, an empty centre, a gap, or a circle's worth of arc."""
    assert not arrows_round_a_circle(circular_arrow(**REFRESH_LOOK_ALIKES[name])), name  # type: ignore[arg-type]


# --------------------------------------------------------------------------- pause: two bars


def two_bars(
    *,
    width: int = 28,
    gap: int = 24,
    height: int = 104,
    filled: bool = True,
    rounded: bool = False,
    slant: int = 0,
    right_height: int | None = None,
    right_width: int | None = None,
    head: bool = False,
    ring: bool = False,
    dot_inside: bool = False,
    nubs: bool = False,
    crossbar: bool = False,
) -> np.ndarray:
    """Two upright bars (``width`` x ``height`` of 128, ``gap`` apart, centred), filled or
    outlined, drawn at 4x and reduced. ``slant``: the bars' tops move this far right (italic);
    ``right_*``: the right bar's own size (bottoms level); ``head``: an arrowhead on top of the
    left bar; ``ring``: a circle round both; ``dot_inside``: a dot in the right bar; ``nubs``: a
    battery's terminal on top of each bar; ``crossbar``: a rung across each outlined bar."""
    big = np.zeros((BIG, BIG), np.uint8)
    left = 64 - gap // 2 - width
    bottom = 64 + height // 2
    for x, w, h in [
        (left, width, height),
        (64 + gap // 2, right_width or width, right_height or height),
    ]:
        top = bottom - h
        corners = [(x + slant, top), (x + w + slant, top), (x + w, bottom), (x, bottom)]
        polygon = np.array(corners, np.int32).reshape(-1, 1, 2)
        if rounded:
            cv2.rectangle(big, (x, top + w // 2), (x + w, bottom - w // 2), 1, -1)
            cv2.circle(big, (x + w // 2, top + w // 2), w // 2, 1, -1)
            cv2.circle(big, (x + w // 2, bottom - w // 2), w // 2, 1, -1)
        elif filled:
            cv2.fillPoly(big, [polygon], 1)
        else:
            cv2.polylines(big, [polygon], True, 1, 8)
    if head:
        cx = left + width // 2
        cv2.fillPoly(big, [np.array([(cx - 26, 40), (cx + 26, 40), (cx, 8)], np.int32)], 1)
    if ring:
        cv2.circle(big, (64, 64), 62, 1, 8)
    for x, w in [(left, width), (64 + gap // 2, right_width or width)]:
        if nubs:
            cv2.rectangle(
                big, (x + w // 4, bottom - height - 10), (x + w - w // 4, bottom - height), 1, -1
            )
        if crossbar:
            cv2.line(big, (x, 64), (x + w, 64), 1, 8)
    if dot_inside:
        cv2.circle(big, (64 + gap // 2 + width // 2, 64), 6, 0 if filled else 1, -1)
    return reduced(big)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"filled": False, "width": 36, "gap": 16},
        {"rounded": True, "width": 16, "gap": 40},
        {"width": 12, "gap": 56, "height": 96},
        {"width": 40, "gap": 10, "height": 120},
    ],
)
def test_two_upright_bars_are_pause(kwargs: dict[str, object]) -> None:
    """Filled or outlined, square or rounded ends, thin bars far apart or wide ones close."""
    assert bars_side_by_side(two_bars(**kwargs))  # type: ignore[arg-type]
    assert structural_concepts(two_bars(**kwargs)) == ["pause"]  # type: ignore[arg-type]


PAUSE_LOOK_ALIKES: dict[str, dict[str, object]] = {
    "slanted bars (a chevron pair, italic bars)": {"slant": 16},
    "bars of two heights (a bar chart)": {"right_height": 70},
    "bars of two widths": {"right_width": 48},
    "an arrowhead on a bar (a sort arrow)": {"head": True},
    "bars in a ring (pause in a circle: another concept)": {"ring": True},
    "a mark inside a bar": {"dot_inside": True, "filled": False, "width": 36, "gap": 16},
    "squat bars (two squares)": {"height": 40, "width": 36},
    "a thin rule beside a thick one": {"width": 12, "right_width": 20, "gap": 40},
    "two dividers far apart": {"width": 8, "height": 60, "gap": 60},
    "battery cells (a nub on each)": {"height": 92, "nubs": True},
    "a rung across each outlined bar (a ladder, a wardrobe)": {
        "filled": False,
        "width": 36,
        "gap": 16,
        "crossbar": True,
    },
}


@pytest.mark.parametrize("name", list(PAUSE_LOOK_ALIKES))
def test_look_alikes_of_two_bars_are_not_pause(name: str) -> None:
    """Each lacks one part of the rule: plumb sides, level ends, widths alike, even width, two
    pieces and nothing else, bars at least twice as tall as wide, a gap under 0.8 of their
    height, ends that narrow row by row (no nub), nothing inside an outlined bar."""
    assert not bars_side_by_side(two_bars(**PAUSE_LOOK_ALIKES[name])), name  # type: ignore[arg-type]


def test_the_not_sort_exclusion_reads_the_same_bars_without_plumb_sides() -> None:
    """``< >`` has two pieces of even width, slanted: not pause, but no arrowhead either (the
    "not sort" exclusion, :func:`~iconfind.recognition.exclusions.two_plain_bars`, reads
    :func:`~iconfind.recognition.structure.upright_bar_pair`)."""
    slanted = two_bars(slant=16)
    assert not bars_side_by_side(slanted)
    assert upright_bar_pair(slanted) is not None


def test_two_bars_answer_pause_not_columns() -> None:
    """Octicons' columns are two plain upright boxes: no part tells them from a pause icon, and
    the two concepts are twins (SHARED_STRUCTURES). The drawing answers "pause", the everyday
    meaning, and not "columns" (pause ranks above it by more than the tie)."""
    recognizer = IconRecognizer.default()
    assert default_policy().same_drawing("pause", "columns")
    (mask,) = [m for c, n, m in glyph_images("octicons") if n == "columns-24"]
    for size, theme in product((24, 48), ("light", "dark")):
        ranking = recognizer.rank(render_case(mask, size, theme, "tight"), top=3)
        assert recognizer.accepts(ranking, "pause")
        assert not recognizer.accepts(ranking, "columns")


# --------------------------------------------------------------------------- download: a tray


def arrow_and_tray(
    *,
    tray: str = "cup",
    head: str = "chevron",
    up: bool = False,
    both: bool = False,
    shaft: bool = True,
    tray_width: int = 100,
    offset: int = 0,
    stroke: int = 8,
    span: tuple[int, int] = (8, 84),
    rim: int | None = None,
) -> np.ndarray:
    """An upright arrow (a ``head``: "chevron" or "triangle"; pointing down unless ``up``;
    ``both`` ends; no ``shaft``: a bare chevron; "blade": a shovel's) over a ``tray``: "bar",
    "cup" (⊔), "box" (walls to 70 % of the height with shoulders, open round the arrow),
    "closed" (a box with a lid) or "filled" (a solid block),
    ``tray_width`` of 128 wide, the arrow ``offset`` to the right, from ``span[0]`` to its tip at
    ``span[1]``, the walls up to ``rim``; drawn at 4x and reduced."""
    big = np.zeros((BIG, BIG), np.uint8)
    cx = 64 + offset
    top, tip = span
    left, right = 64 - tray_width // 2, 64 + tray_width // 2
    if shaft:
        cv2.line(big, (cx, top), (cx, tip), 1, stroke)
    ends = [(tip, -1), (top, 1)] if both else [(top, 1)] if up else [(tip, -1)]
    for end, way in ends:
        if head == "chevron":
            arms = [(cx - 26, end + way * 26), (cx, end), (cx + 26, end + way * 26)]
            cv2.polylines(big, [np.array(arms, np.int32)], False, 1, stroke)
        elif head == "triangle":
            points = [(cx - 22, end + way * 26), (cx, end), (cx + 22, end + way * 26)]
            cv2.fillPoly(big, [np.array(points, np.int32)], 1)
        else:  # a shovel's blade: long straight sides, pointed
            blade = [(cx - 16, end + way * 40), (cx - 16, end + way * 12), (cx, end)]
            blade += [(cx + 16, end + way * 12), (cx + 16, end + way * 40)]
            cv2.fillPoly(big, [np.array(blade, np.int32)], 1)
    floor = 120
    if tray == "bar":
        cv2.line(big, (left, floor), (right, floor), 1, stroke)
    elif tray == "filled":
        cv2.rectangle(big, (left, 96), (right, floor), 1, -1)
    else:
        rim = rim or {"cup": 92, "box": 36, "closed": 36}[tray]
        cv2.polylines(
            big,
            [np.array([(left, rim), (left, floor), (right, floor), (right, rim)], np.int32)],
            False,
            1,
            stroke,
        )
        if tray == "box":
            cv2.line(big, (left, rim), (64 - 20, rim), 1, stroke)
            cv2.line(big, (64 + 20, rim), (right, rim), 1, stroke)
        elif tray == "closed":
            cv2.line(big, (left, rim), (right, rim), 1, stroke)
    return reduced(big)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"tray": "bar"},
        {"tray": "box"},
        {"head": "triangle", "tray": "bar", "tray_width": 60},
        {"tray_width": 72},
    ],
)
def test_an_arrow_down_into_a_tray_is_download(kwargs: dict[str, object]) -> None:
    """A chevron or a solid head, over a bar, into a ⊔ or into a box open round the arrow."""
    assert arrow_into_tray(arrow_and_tray(**kwargs))  # type: ignore[arg-type]
    assert structural_concepts(arrow_and_tray(**kwargs)) == ["download"]  # type: ignore[arg-type]


DOWNLOAD_LOOK_ALIKES: dict[str, dict[str, object]] = {
    "an arrow up out of a tray (upload)": {"up": True},
    "an arrow up out of a box (share)": {"up": True, "tray": "box"},
    "an arrow with a head at both ends": {"both": True, "head": "triangle"},
    "a chevron over a line, no shaft": {"shaft": False, "tray": "bar"},
    "an arrow down into a closed box (a lid over it)": {"tray": "closed"},
    "an arrow beside the tray's middle": {"offset": 24},
    "a tray no wider than the head": {"tray_width": 48},
    "a line twice as wide as the arrow (align bottom)": {
        "tray": "bar",
        "head": "triangle",
        "tray_width": 110,
    },
    "an arrow onto a solid block": {"tray": "filled"},
    "a shovel's blade into a tray": {"head": "blade"},
}


@pytest.mark.parametrize("name", list(DOWNLOAD_LOOK_ALIKES))
def test_look_alikes_of_an_arrow_into_a_tray_are_not_download(name: str) -> None:
    """Each lacks one part: a head at the bottom end only, pointed, a shaft, a tray open at its
    middle, a stroke thick, centred under the arrow and wider than its head (a plain line at
    most 1.8 times as wide)."""
    assert not arrow_into_tray(arrow_and_tray(**DOWNLOAD_LOOK_ALIKES[name])), name  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"up": True},
        {"up": True, "tray": "bar"},
        {"up": True, "head": "triangle", "tray": "bar", "tray_width": 60},
    ],
)
def test_an_arrow_up_out_of_a_shallow_tray_is_upload(kwargs: dict[str, object]) -> None:
    """A chevron or a solid head pointing up, over a ⊔ a quarter of the height or a bar."""
    assert arrow_out_of_tray(arrow_and_tray(**kwargs))  # type: ignore[arg-type]
    assert structural_concepts(arrow_and_tray(**kwargs)) == ["upload"]  # type: ignore[arg-type]


UPLOAD_LOOK_ALIKES: dict[str, dict[str, object]] = {
    "an arrow up out of a box (iOS's share)": {"up": True, "tray": "box", "rim": 48},
    "an arrow up out of a ⊔ 0.43 of the drawing deep (share)": {"up": True, "rim": 76},
    "an arrow up into a closed box": {"up": True, "tray": "closed", "rim": 48},
    "an arrow down into a tray (download)": {},
    "an arrow with a head at both ends": {"up": True, "both": True, "head": "triangle"},
    "a chevron over a line, no shaft": {"up": True, "shaft": False, "tray": "bar"},
    "an arrow up from a solid block": {"up": True, "tray": "filled"},
}


@pytest.mark.parametrize("name", list(UPLOAD_LOOK_ALIKES))
def test_look_alikes_of_an_arrow_out_of_a_tray_are_not_upload(name: str) -> None:
    """Each lacks one part: a head at the top end only, pointed, a shaft, a tray open at its
    middle, a stroke thick, at most 0.42 of the drawing's height (iOS's share box is deeper)."""
    assert not arrow_out_of_tray(arrow_and_tray(**UPLOAD_LOOK_ALIKES[name])), name  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"tray": "bar"},
        {"head": "triangle", "tray": "bar", "tray_width": 60},
    ],
)
def test_an_arrow_up_to_a_bar_over_it_is_upload(kwargs: dict[str, object]) -> None:
    """The download's parts upside down -- an arrow pointing up to a bar or a shallow ⊓ over its
    tip -- is upload (Material's and MDI's ``publish``, Eva's, Carbon's, Fluent's uploads)."""
    mask = arrow_and_tray(**kwargs)[::-1]  # type: ignore[arg-type]
    assert arrow_out_of_tray(mask)
    assert structural_concepts(mask) == ["upload"]


UPLOAD_UNDER_A_BAR_LOOK_ALIKES: dict[str, dict[str, object]] = {
    "a line twice as wide as the arrow (align top)": {
        "tray": "bar",
        "head": "triangle",
        "tray_width": 110,
    },
    "an arrow up into a deep ⊓": {"rim": 76},
    "an arrow up under a closed box": {"tray": "closed", "rim": 48},
    "an arrow with a head at both ends": {"both": True, "head": "triangle"},
    "a chevron under a line, no shaft": {"shaft": False, "tray": "bar"},
    "an arrow up to a solid block": {"tray": "filled"},
    "a shovel's blade up to a line": {"head": "blade"},
    "an arrow beside the bar's middle": {"offset": 24},
    "a bar no wider than the head": {"tray_width": 48},
}


@pytest.mark.parametrize("name", list(UPLOAD_UNDER_A_BAR_LOOK_ALIKES))
def test_look_alikes_of_an_arrow_up_to_a_bar_are_not_upload(name: str) -> None:
    """Upside down, the download's look-alikes stay turned away: each lacks one part."""
    mask = arrow_and_tray(**UPLOAD_UNDER_A_BAR_LOOK_ALIKES[name])[::-1]  # type: ignore[arg-type]
    assert not arrow_out_of_tray(mask), name
    assert "upload" not in structural_concepts(mask), name


def test_an_upload_arrow_ends_in_a_tip() -> None:
    """A lamp -- a flat-topped shade on a stem over its base -- has every other part of an arrow
    up over a bar (a review drew 13 such lamps passing at 20-96 px): its top row, 6 px wide, is
    no tip."""
    big = np.zeros((BIG, BIG), np.uint8)
    cv2.fillPoly(big, [np.array([(54, 8), (74, 8), (92, 40), (36, 40)], np.int32)], 1)
    cv2.line(big, (64, 40), (64, 100), 1, 8)
    cv2.line(big, (30, 118), (98, 118), 1, 8)
    lamp = reduced(big)
    assert int(lamp[2].sum()) == 6  # the shade's top row
    assert not arrow_out_of_tray(lamp)


def test_an_upload_arrow_under_a_bar_ends_in_a_tip() -> None:
    """Upside down too: a lamp's flat-bottomed shade on a stem hanging from a bar, turned over,
    points up to the bar with a 6 px wide top row -- no tip (read on the arrow's own pixels)."""
    big = np.zeros((BIG, BIG), np.uint8)
    cv2.line(big, (64, 8), (64, 60), 1, 8)
    cv2.fillPoly(big, [np.array([(36, 60), (92, 60), (74, 92), (54, 92)], np.int32)], 1)
    cv2.line(big, (30, 118), (98, 118), 1, 8)
    turned = reduced(big)[::-1]
    assert not arrow_out_of_tray(turned)
    assert "upload" not in structural_concepts(turned)


def test_a_tray_must_be_open_where_the_arrow_goes_in() -> None:
    """An arrow down onto a shallow box, touching nothing: with a lid the box is closed (a
    drive, an archive), without one it is a tray."""
    onto = {"rim": 92, "span": (8, 76)}
    assert arrow_into_tray(arrow_and_tray(tray="cup", **onto))  # type: ignore[arg-type]
    assert not arrow_into_tray(arrow_and_tray(tray="closed", **onto))  # type: ignore[arg-type]


def test_pause_bars_read_only_one_even_hole() -> None:
    """An outlined bar is a frame round one hole; a notch into that hole (a handle, a slot's
    edge) makes it uneven."""
    plain = two_bars(filled=False, width=36, gap=16)
    assert bars_side_by_side(plain)
    notched = plain.copy()
    notched[14:18, 6:9] = True  # a notch from the left bar's outer wall into its hole
    assert upright_bar_pair(notched) is not None
    assert not bars_side_by_side(notched)


# --------------------------------------------------------------------------- clouds with an arrow


def cloud_with_arrow(
    *,
    filled: bool = False,
    up: bool = True,
    through: bool = False,
    head: str = "chevron",
    shape: str = "cloud",
    mark: str = "arrow",
    offset: int = 0,
    stroke: int = 6,
    head_width: int = 16,
    rise: int = 0,
) -> np.ndarray:
    """A "cloud" (three round lobes over a flat base; a look-alike's "dome": one smooth arc, a
    "box": straight walls under a lobed top)
    drawn at 4x and reduced, outlined or ``filled``, with a ``mark`` standing in it: an upright
    "arrow" (a "chevron" or "triangle" head pointing ``up`` or down, its shaft out
    ``through`` the cloud's bottom), or a look-alike's "tee" (a flat bar for a head), "bolt",
    "both" (two heads) or "pair" (two arrows); ``offset`` to the right, its head
    ``head_width`` either side of the shaft, ``rise`` higher (at 4x). Filled, the mark is knocked out of the
    cloud."""
    silhouette = np.zeros((BIG, BIG), np.uint8)
    if shape == "cloud":
        cv2.circle(silhouette, (64, 44), 30, 1, -1)
        cv2.circle(silhouette, (30, 76), 24, 1, -1)
        cv2.circle(silhouette, (98, 72), 26, 1, -1)
        cv2.rectangle(silhouette, (30, 60), (98, 100), 1, -1)
    elif shape == "box":
        cv2.circle(silhouette, (64, 44), 30, 1, -1)
        cv2.circle(silhouette, (30, 76), 24, 1, -1)
        cv2.circle(silhouette, (98, 72), 26, 1, -1)
        cv2.rectangle(silhouette, (6, 76), (124, 118), 1, -1)
    else:
        cv2.ellipse(silhouette, (64, 100), (62, 86), 0, 180, 360, 1, -1)
    marks = np.zeros_like(silhouette)
    top, bottom = (60, 126) if through else (50 - rise, 90 - rise)

    def one_arrow(x: int, pointing_up: bool) -> None:
        cv2.line(marks, (x, top), (x, bottom), 1, stroke)
        tip, way = (top, 1) if pointing_up else (bottom, -1)
        half = head_width
        points = np.array(
            [(x - half, tip + way * 16), (x, tip), (x + half, tip + way * 16)], np.int32
        )
        if head == "chevron":
            cv2.polylines(marks, [points], False, 1, stroke)
        else:
            cv2.fillPoly(marks, [points], 1)

    x = 64 + offset
    if mark == "arrow":
        one_arrow(x, up)
    elif mark == "both":
        one_arrow(x, True)
        one_arrow(x, False)
    elif mark == "pair":
        one_arrow(x - 14, True)
        one_arrow(x + 14, False)
    elif mark == "tee":
        cv2.line(marks, (x, top), (x, bottom), 1, stroke)
        cv2.line(marks, (x - head_width, top), (x + head_width, top), 1, stroke)
    else:  # a lightning bolt
        bolt = np.array([(x + 8, top), (x - 10, 76), (x + 10, 76), (x - 8, bottom)], np.int32)
        cv2.polylines(marks, [bolt], False, 1, stroke)
    if filled:
        big = silhouette & (1 - cv2.dilate(marks, np.ones((stroke + 1, stroke + 1), np.uint8)))
    else:
        outline = silhouette & (
            1 - cv2.erode(silhouette, np.ones((2 * stroke, 2 * stroke), np.uint8))
        )
        if through:  # a gap in the cloud's bottom where the shaft goes out
            room = cv2.dilate(marks, np.ones((3 * stroke, 3 * stroke), np.uint8))
            room[:96] = 0
            outline &= 1 - room
        big = outline | marks
    return reduced(big)


def pieces(mask: np.ndarray) -> list[Part]:
    """The pieces of ``mask`` a structure reads (specks left out)."""
    return [p for p in parts_of(mask)[0] if p.area >= MIN_PART]


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"head": "triangle"},
        {"through": True},
        {"through": True, "head": "triangle"},
        {"up": False},
        {"up": False, "through": True},
        {"filled": True},
        {"filled": True, "head": "triangle"},
        {"filled": True, "up": False},
        {"filled": True, "up": False, "head": "triangle"},
    ],
)
def test_an_arrow_through_a_cloud_is_cloud_upload_or_download(kwargs: dict[str, object]) -> None:
    """An outlined cloud with an upright arrow in it or out through its bottom, and a filled
    cloud with the arrow knocked out of it, are cloud upload (and upload, its twin: Ionicons
    and Codicons file their cloud uploads as upload) or, pointing down, cloud download (and
    download)."""
    mask = cloud_with_arrow(**kwargs)  # type: ignore[arg-type]
    assert len(pieces(mask)) == (1 if kwargs.get("filled") else 2)
    up = kwargs.get("up", True)
    assert arrow_through_cloud(mask) == ("up" if up else "down")
    expected = ["upload", "cloud_upload"] if up else ["download", "cloud_download"]
    assert structural_concepts(mask) == expected


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [
        ("a dome (one smooth arc, no lobes)", {"shape": "dome"}),
        ("a filled dome", {"shape": "dome", "filled": True}),
        ("a T (a flat bar for a head)", {"mark": "tee", "head_width": 10}),
        ("a T knocked out", {"mark": "tee", "filled": True}),
        ("a lightning bolt", {"mark": "bolt"}),
        ("a lightning bolt knocked out", {"mark": "bolt", "filled": True}),
        ("a double-headed arrow", {"mark": "both"}),
        ("two arrows knocked out (sync)", {"mark": "pair", "head_width": 8, "filled": True}),
        ("an arrow off-centre", {"offset": 16, "filled": True}),
        ("an arrow high in the cloud", {"rise": 24, "filled": True}),
        ("a box with a lobed top (straight walls)", {"shape": "box"}),
    ],
)
def test_look_alikes_of_an_arrow_through_a_cloud_are_not_clouds(
    name: str, kwargs: dict[str, object]
) -> None:
    """Each is drawn with a cloud's pieces (two outlined, one filled), so that the rules of the
    cloud and its arrow turn it away, not a count of pieces (the off-centre arrow, the arrow
    high in the cloud and the dome pass once their rule is lifted)."""
    mask = cloud_with_arrow(**kwargs)  # type: ignore[arg-type]
    assert len(pieces(mask)) == (1 if kwargs.get("filled") else 2), name
    assert arrow_through_cloud(mask) is None, name
    assert not {"upload", "download", "cloud_upload", "cloud_download"} & set(
        structural_concepts(mask)
    ), name


def test_a_ball_or_a_flat_end_on_a_stick_is_no_arrowhead() -> None:
    """An arrowhead widens steadily from its tip and drops abruptly to the shaft; a round end
    (a lollipop, a thermometer's bulb) is as wide halfway to its widest row, a T's bar is
    widest at its very end."""
    stick = np.zeros((16, 9), bool)
    stick[:, 4] = True
    head = stick.copy()
    for row, width in enumerate((1, 3, 5, 7, 9)):
        head[row, 4 - width // 2 : 5 + width // 2] = True
    assert arrow_direction(head) == "up"
    assert arrow_direction(head[::-1]) == "down"
    ball = stick.copy()
    for row, width in enumerate((3, 7, 9, 9, 9, 7, 3)):
        ball[row, 4 - width // 2 : 5 + width // 2] = True
    assert arrow_direction(ball) is None
    tee = stick.copy()
    tee[:2] = True
    assert arrow_direction(tee) is None
    hooked = head.copy()  # a head whose shaft hooks off to one side (an umbrella's handle)
    hooked[11:, 4] = False
    hooked[11:, 7] = True
    hooked[10, 4:8] = True
    assert arrow_direction(hooked) is None
    assert arrow_direction(np.zeros((0, 5), bool)) is None
    assert arrow_direction(np.zeros((5, 5), bool)) is None


CLOUDS = [
    (family, stem, direction)
    for family, stems in {
        "bootstrap": ("cloud-upload", "cloud-download"),
        "carbon": ("cloud--upload", "cloud--download"),
        "eva": ("cloud-upload-outline", "cloud-download-outline"),
        "feather": ("upload-cloud", "download-cloud"),
        "heroicons": ("cloud-arrow-up", "cloud-arrow-down"),
        "iconoir": ("cloud-upload", "cloud-download"),
        "ionicons": ("cloud-upload-outline", "cloud-download-outline"),
        "lucide": ("cloud-upload", "cloud-download"),
        "tabler": ("cloud-upload", "cloud-download"),
    }.items()
    for stem, direction in zip(stems, ("upload", "download"), strict=True)
]


@pytest.mark.parametrize(("family", "stem", "concept"), CLOUDS)
def test_real_clouds_with_an_arrow_of_unseen_families_are_resolved(
    family: str, stem: str, concept: str
) -> None:
    """Nine real icon sets' cloud uploads and downloads, none of which the references contain,
    were accepted as upload, download or their cloud twins in 0 of 12 renders each (templates
    ranked a cloud, the other direction or a look-alike within the lead). The structure
    settles each, at 24 and 48 px, light and dark: asked for "upload" (or "download") or for
    its cloud twin, the crop answers."""
    recognizer = IconRecognizer.default()
    (mask,) = [m for c, n, m in glyph_images(family) if n == stem]
    for size, theme in product((24, 48), ("light", "dark")):
        ranking = recognizer.rank(render_case(mask, size, theme, "tight"), top=3)
        assert ranking[0][0] in {concept, f"cloud_{concept}"}
        assert ranking[0][1] >= STRUCTURE_SCORE - 1e-6
        assert recognizer.accepts(ranking, concept)
        assert recognizer.accepts(ranking, f"cloud_{concept}")


def test_filled_cloud_uploads_of_ionicons_are_resolved() -> None:
    """Ionicons' filled cloud upload, the arrow knocked out of it and its shaft's stub below:
    the filled branch of the structure, at 48 px."""
    recognizer = IconRecognizer.default()
    for stem in ("cloud-upload", "cloud-upload-sharp"):
        (mask,) = [m for c, n, m in glyph_images("ionicons") if n == stem]
        for theme in ("light", "dark"):
            ranking = recognizer.rank(render_case(mask, 48, theme, "tight"), top=3)
            assert recognizer.accepts(ranking, "upload"), (stem, theme)


def test_shared_structures_are_twins_in_the_shipped_data() -> None:
    """Every concept that shares a structure (SHARED_STRUCTURES) is its twin both ways in
    data/lookalikes.toml, as tools/calibrate_acceptance.py writes it."""
    policy = default_policy()
    for concept, others in SHARED_STRUCTURES.items():
        for other in others:
            assert policy.same_drawing(concept, other) and policy.same_drawing(other, concept)


# --------------------------------------------------------------------------- filter: a funnel


def funnel(
    *,
    filled: bool = False,
    rim: int = 12,
    spout: int = 36,
    spout_width: int = 28,
    round_top: bool = False,
    spout_end: str = "cut",
) -> np.ndarray:
    """A funnel, drawn at 4x and reduced: a rim ``rim`` rows tall (a ``round_top``: a bulb's),
    a cone down to a spout ``spout_width`` wide and ``spout`` rows long, its end "cut" on a
    slant, "disc" (a medal's) or "point" (a triangle's tip); filled or outlined."""
    left, right, top, bottom = 8, 120, 8, 120
    neck, half = bottom - spout, spout_width // 2
    if round_top:
        arc = np.linspace(math.pi, 0, 17)
        points = [(round(64 + 56 * math.cos(a)), round(top + 40 - 40 * math.sin(a))) for a in arc]
    else:
        points = [(left, top + rim), (left, top), (right, top), (right, top + rim)]
    points.append((64 + half, neck))
    if spout_end == "disc":
        arc = np.linspace(-math.pi / 2, 1.5 * math.pi, 25)
        points += [(round(64 + 22 * math.cos(a)), round(neck + 10 + 10 * math.sin(a))) for a in arc]
    elif spout_end == "point":
        points.append((64, bottom))
    else:
        points += [(64 + half, bottom - 6), (64 - half, bottom)]
    points.append((64 - half, neck))
    return reduced(shape(points, filled=filled))


def narrowing_lines(lengths: tuple[int, ...] = (28, 18, 8), *, align: str = "centre") -> np.ndarray:
    """Lines 2 px thick stacked 8 px apart, ``lengths`` long, centred (or aligned "left")."""
    mask = canvas()
    for k, length in enumerate(lengths):
        x = 2 if align == "left" else 16 - length // 2
        cv2.rectangle(mask, (x, 6 + 8 * k), (x + length - 1, 7 + 8 * k), 1, -1)
    return mask.astype(bool)


@pytest.mark.parametrize(
    "mask",
    [
        funnel(),
        funnel(filled=True),
        funnel(spout_width=40),
        narrowing_lines(),
        narrowing_lines((28, 20, 12, 4)),
        narrowing_lines((28, 12)),
    ],
    ids=[
        "outlined funnel",
        "filled funnel",
        "wide spout",
        "three lines",
        "four lines",
        "two lines",
    ],
)
def test_a_funnel_or_lines_narrowing_down_are_filter(mask: np.ndarray) -> None:
    assert funnel_or_narrowing_lines(mask)
    assert structural_concepts(mask) == ["filter"]


FILTER_LOOK_ALIKES: dict[str, np.ndarray] = {
    "a round top (a bulb)": funnel(round_top=True),
    "a tall box over a handle (a brush)": funnel(rim=56, spout=40),
    "no cone (a T, a hammer)": funnel(rim=12, spout=100),
    "a disc at the bottom (a medal)": funnel(spout_end="disc", spout=20),
    "a point at the bottom (a caret, a heart)": funnel(spout_end="point", filled=True),
    "a cap stepping in to a body, then a needle (a push-pin)": reduced(
        shape(
            [
                (12, 8),
                (116, 8),
                (116, 30),
                (84, 30),
                (80, 74),
                (68, 78),
                (68, 120),
                (60, 120),
                (60, 78),
                (48, 74),
                (44, 30),
                (12, 30),
            ],
            filled=True,
        )
    ),
    "lines of one length (☰)": narrowing_lines((24, 24, 24)),
    "a line over a dot": narrowing_lines((24, 2)),
    "lines aligned left (sort)": narrowing_lines((28, 18, 8), align="left"),
    "lines widening down": narrowing_lines((8, 18, 28)),
    "one line": narrowing_lines((28,)),
}


@pytest.mark.parametrize("name", list(FILTER_LOOK_ALIKES))
def test_look_alikes_of_a_funnel_or_of_narrowing_lines_are_not_filter(name: str) -> None:
    """Each lacks one part: a flat rim, not too tall; a straight cone sloping on from it; a
    narrow, even, plumb spout down to the bottom; lines narrowing down, centred, the last a
    line."""
    assert not funnel_or_narrowing_lines(FILTER_LOOK_ALIKES[name]), name


# --------------------------------------------------------------------------- settings: a gear


def gear(
    *,
    teeth: int = 8,
    depth: float = 0.22,
    duty: float = 0.45,
    top: float = 0.7,
    filled: bool = False,
    hole: float = 0.35,
    hub: str = "ring",
    hub_size: float = 0.3,
    hub_shift: int = 0,
    hub_aspect: float = 1.0,
    missing: int = 0,
    shrink: bool = False,
) -> np.ndarray:
    """A gear drawn at 4x and reduced: ``teeth`` trapezoid teeth (``top``: the flat share of a
    tooth, ``duty``: the share of the way round the teeth take, ``depth``: their height as a
    share of the radius, ``missing``: teeth left out); outlined (2 px at 32) or ``filled``
    round a round ``hole``; in the middle a ``hub`` -- a ring, a disc, a square, a check mark
    or none (a filled gear: a disc or none), ``hub_shift`` px (at 4x) to the right,
    ``hub_aspect`` times as tall as wide; ``shrink``: the gear in the top left 3/4 of the
    canvas, a 1 px speck in the bottom right corner."""
    centre, radius = BIG / 2, 60
    period = 2 * math.pi / teeth
    flank = (1 - top) * duty / 2
    points = []
    for i in range(720):
        angle = 2 * math.pi * i / 720
        phase = (angle % period) / period
        rise = min(phase / flank, 1.0, (duty - phase) / flank) if flank else 1.0
        up = max(rise, 0.0) if phase < duty and int(angle // period) >= missing else 0.0
        r = radius * (1 - depth + depth * up)
        points.append((centre + r * math.cos(angle), centre + r * math.sin(angle)))
    outline = np.array(points, np.int32).reshape(-1, 1, 2)
    big = np.zeros((BIG, BIG), np.uint8)
    middle = (BIG // 2 + hub_shift, BIG // 2)
    size = int(hub_size * radius)
    axes = (size, int(size * hub_aspect))
    if filled:
        cv2.fillPoly(big, [outline], 1)
        cv2.circle(big, (BIG // 2, BIG // 2), int(hole * radius), 0, -1)
    else:
        cv2.polylines(big, [outline], True, 1, 8)
    if hub == "ring" and not filled:
        cv2.ellipse(big, (middle, (2 * axes[0], 2 * axes[1]), 0), 1, 8)
    elif hub == "disc":
        cv2.ellipse(big, (middle, (2 * axes[0], 2 * axes[1]), 0), 1, -1)
    elif hub == "square":
        cv2.rectangle(big, (64 - size, 64 - size), (64 + size, 64 + size), 1, 8)
    elif hub == "check":
        tick = [(64 - size, 64), (64 - size // 4, 64 + size * 3 // 4), (64 + size, 64 - size)]
        cv2.polylines(big, [np.array(tick, np.int32)], False, 1, 8)
    if shrink:
        whole = big
        big = np.zeros((BIG, BIG), np.uint8)
        big[:96, :96] = cv2.resize(whole, (96, 96), interpolation=cv2.INTER_NEAREST)
        big[-4:, -4:] = 1
    return reduced(big)


def star(points: int, inner: float, *, filled: bool, hub: bool = False) -> np.ndarray:
    """A star of ``points`` points (inner radius ``inner`` of the outer), a circle inside."""
    corners = star_outline(points, inner, flat=False, start=-math.pi / 2)
    big = shape([tuple(c) for c in corners.reshape(-1, 2).tolist()], filled=filled)
    if hub:
        cv2.circle(big, (64, 64), 14, 0 if filled else 1, -1 if filled else 8)
    return reduced(big)


def nut(*, filled: bool) -> np.ndarray:
    """A hexagon round a round hole."""
    corners = [
        (int(64 + 60 * math.cos(math.pi * i / 3)), int(64 + 60 * math.sin(math.pi * i / 3)))
        for i in range(6)
    ]
    big = shape(corners, filled=filled)
    cv2.circle(big, (64, 64), 22, 0 if filled else 1, -1 if filled else 8)
    return reduced(big)


def virus() -> np.ndarray:
    """A ring with eight spikes ending in knobs."""
    big = np.zeros((BIG, BIG), np.uint8)
    cv2.circle(big, (64, 64), 34, 1, 8)
    for i in range(8):
        angle = math.pi * i / 4
        end = (int(64 + 52 * math.cos(angle)), int(64 + 52 * math.sin(angle)))
        cv2.line(big, (int(64 + 34 * math.cos(angle)), int(64 + 34 * math.sin(angle))), end, 1, 8)
        cv2.circle(big, end, 8, 1, -1)
    return reduced(big)


def ship_wheel() -> np.ndarray:
    """A rim on eight spokes from a hub, the spokes' ends standing out as handles."""
    big = np.zeros((BIG, BIG), np.uint8)
    cv2.circle(big, (64, 64), 40, 1, 8)
    cv2.circle(big, (64, 64), 10, 1, -1)
    for i in range(8):
        angle = math.pi * i / 4
        end = (int(64 + 60 * math.cos(angle)), int(64 + 60 * math.sin(angle)))
        cv2.line(big, (64, 64), end, 1, 10)
    return reduced(big)


def solid_star_holding(inner: float, hole: int, hub: int, stroke: int) -> np.ndarray:
    """A filled eight-point flat-tipped star (inner radius ``inner``) round a hole of radius
    ``hole`` holding a circle of radius ``hub`` (``stroke``: its line at 4x, -1 a disc)."""
    big = np.zeros((BIG, BIG), np.uint8)
    cv2.fillPoly(big, [star_outline(8, inner)], 1)
    cv2.circle(big, (64, 64), hole, 0, -1)
    cv2.circle(big, (64, 64), hub, 1, stroke)
    return reduced(big)


def star_outline(points: int, inner: float, *, flat: bool = True, start: float = 0.0) -> np.ndarray:
    """The corners of a ``points``-point star (inner radius ``inner`` of 60, the first point at
    angle ``start``), ``flat``-tipped by doubling each outer corner."""
    corners = []
    for i in range(2 * points):
        angle = math.pi * i / points + start
        r = 60 if i % 2 == 0 else 60 * inner
        for turn in (-0.12, 0.12) if i % 2 == 0 and flat else (0.0,):
            corners.append((64 + r * math.cos(angle + turn), 64 + r * math.sin(angle + turn)))
    return np.array(corners, np.int32).reshape(-1, 1, 2)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"filled": True},
        {"teeth": 6},
        {"teeth": 6, "filled": True},
        {"teeth": 10},
        {"teeth": 10, "depth": 0.18},
        {"hub": "disc", "hub_size": 0.2},
        {"teeth": 5},
        {"top": 0.5, "filled": True},
    ],
)
def test_teeth_round_a_hub_are_settings(kwargs: dict[str, object]) -> None:
    """Outlined round a ring or a small disc, or filled round a hole; 6-10 teeth (5 with a hub
    drawn in, as Eva's gear)."""
    assert teeth_round_a_hub(gear(**kwargs))  # type: ignore[arg-type]
    assert structural_concepts(gear(**kwargs)) == ["settings"]  # type: ignore[arg-type]


GEAR_LOOK_ALIKES: dict[str, np.ndarray] = {
    "five teeth, filled (no hub drawn: a star's count)": gear(teeth=5, filled=True),
    "a square in the middle (a memory chip)": gear(hub="square"),
    "nothing in the middle (a scalloped badge, a star's outline)": gear(hub="none"),
    "deep teeth (0.45: a flower's petals, a star's points)": gear(depth=0.45),
    "shallow teeth (0.08: a badge's scallops)": gear(depth=0.08),
    "a pin-hole in a filled gear (not round at this size, and too small)": gear(
        filled=True, hole=0.15
    ),
    "a big hole in a filled gear (a thin toothed ring)": gear(filled=True, hole=0.62),
    "a tooth missing (teeth unevenly cut)": gear(missing=1),
    "thin spikes, filled": gear(duty=0.15, filled=True),
    "a five-point star outline": star(5, 0.5, filled=False),
    "a five-point star with a circle inside": star(5, 0.5, filled=False, hub=True),
    "a six-point star round a hole": star(6, 0.6, filled=True, hub=True),
    "an eight-point sunburst round a hole": star(8, 0.7, filled=True, hub=True),
    "a nut (a hexagon round a hole), filled": nut(filled=True),
    "a nut, outlined": nut(filled=False),
    "twelve teeth (a tyre's treads, a bottle cap's crimps)": gear(teeth=12, depth=0.18),
    "a sun round a disc filling its ring (Material's brightness_7)": solid_star_holding(
        0.78, 34, 20, -1
    ),
    "a toothed badge holding a check mark (not round: verified)": gear(hub="check"),
    "a solid toothed body round a ring (a filled sun or flower)": solid_star_holding(
        0.8, 30, 16, 8
    ),
    "a virus (spikes ending in knobs round a thin ring)": virus(),
    "a ship's wheel (its hub fills the centre)": ship_wheel(),
}


GEAR_RULES: dict[str, tuple[np.ndarray, str, object]] = {
    # look-alike, the one rule that turns it away, that rule's constant relaxed
    "a speck far off: the rim does not span the drawing": (
        gear(shrink=True),
        "GEAR_WHOLE",
        0.5,
    ),
    "teeth 0.36 deep (a star's points)": (gear(depth=0.38), "GEAR_DEPTH", (0.12, 1.0)),
    "narrow spikes (a virus's, a crown's)": (
        gear(filled=True, duty=0.22, top=1.0),
        "GEAR_DUTY",
        (0.0, 1.0),
    ),
    "a hub off centre": (gear(hub_shift=12), "GEAR_CENTRED", 10.0),
    "an oval hub": (gear(hub_aspect=1.45), "ROUND_ASPECT", (0.5, 2.0)),
    "a dot for a hub (a target's, a badge's)": (
        gear(hub="disc", hub_size=0.12),
        "GEAR_HUB",
        (0.0, 0.6),
    ),
    "a big disc filling the hole (a sun's)": (
        gear(hub="disc", hub_size=0.55),
        "GEAR_SUN",
        2.0,
    ),
    "a solid rim round a disc that is no dot": (
        gear(filled=True, hole=0.5, hub="disc", hub_size=0.27),
        "GEAR_BODY",
        1.1,
    ),
}


@pytest.mark.parametrize(
    "kwargs",
    [
        {"hub": "disc", "hub_size": 0.3},  # larger than a small disc, but not filling its hole
        {"filled": True, "hole": 0.5, "hub": "disc", "hub_size": 0.2},  # a solid rim, a dot
    ],
)
def test_a_disc_hub_is_a_gears_when_it_leaves_room(kwargs: dict[str, object]) -> None:
    """A disc hub of 0.3 of the radius in an outlined gear's wide hole (at most 0.55 of the
    hole's radius), or a small dot in a solid rim's hole: a gear, not a sun."""
    assert teeth_round_a_hub(gear(**kwargs))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(GEAR_LOOK_ALIKES))
def test_look_alikes_of_a_gear_are_not_settings(name: str) -> None:
    """Each lacks one part: 5-10 even, flat-topped teeth a gear's depth deep, taking 0.3-0.7 of
    the way round; one round hole at the centre, empty with a thick ring round it or holding a
    round hub centred in it -- a ring, or a disc too small to be a sun's, and in a solid rim
    only a disc; five teeth only round a hub."""
    assert not teeth_round_a_hub(GEAR_LOOK_ALIKES[name]), name
    assert not teeth_round_a_hub_or_spokes(GEAR_LOOK_ALIKES[name]), name  # nor a cog


def cog(
    *,
    teeth: int = 12,
    spokes: int = 3,
    spoke_at: tuple[float, ...] = (),
    tooth_at: tuple[float, ...] = (),
    tooth: int = 14,
    ring: int = 44,
    hub: int = 6,
    turn: float = 0.0,
    spoke_ends: bool = False,
    blob: tuple[int, int] = (0, 0),
    filled: bool = False,
    holes_at: tuple[float, ...] = (),
) -> np.ndarray:
    """A cog drawn at 4x and reduced, as Lucide's: a ring (radius ``ring``, a 2 px stroke at 32),
    ``teeth`` stubs ``tooth`` long standing out of it evenly (or at the angles ``tooth_at``),
    ``spokes`` spokes from a hub ring of radius ``hub`` (none at 0) between the teeth (or at
    ``spoke_at``), all turned by ``turn``; ``spoke_ends``: the spokes run on through the ring as
    handles; ``blob``: a disc of radius ``blob[1]`` at ``blob[0]`` from the centre in the middle
    of a sector; ``filled``: a solid disc inside the ring, with round holes at ``holes_at``."""
    big = np.zeros((BIG, BIG), np.uint8)

    def point(angle: float, radius: float) -> tuple[int, int]:
        return (round(64 + radius * math.cos(angle)), round(64 + radius * math.sin(angle)))

    cv2.circle(big, (64, 64), ring, 1, -1 if filled else 8)
    for angle in tooth_at or [turn + math.tau * i / teeth for i in range(teeth)]:
        cv2.line(big, point(angle, ring), point(angle, ring + tooth), 1, 8)
    middle = turn + math.pi / teeth  # spokes between teeth
    for angle in spoke_at or [middle + math.tau * i / spokes for i in range(spokes)]:
        cv2.line(big, point(angle, hub), point(angle, ring + (tooth if spoke_ends else 0)), 1, 8)
    if hub:
        cv2.circle(big, (64, 64), hub, 1, 8)
    if blob[1]:
        cv2.circle(big, point(middle + math.pi / spokes, blob[0]), blob[1], 1, -1)
    for angle in holes_at:
        cv2.circle(big, point(angle, 24), 9, 0, -1)
    return reduced(big)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"teeth": 18},  # Heroicons'
        {"spokes": 4},
        {"spokes": 4, "teeth": 16},
        {"spokes": 5, "teeth": 15},
        {"spokes": 6, "teeth": 18},  # the most sectors
        {"hub": 0},  # spokes meeting at a point (Heroicons')
        {"turn": 0.3},
        {"teeth": 9},  # three per sector, the fewest
        {"filled": True, "holes_at": (0.0, 2.1, 4.2)},  # a filled cog with round holes
    ],
)
def test_spokes_in_a_toothed_ring_are_settings(kwargs: dict[str, object]) -> None:
    """A ring with 9-18 even stubs standing out of it, a whole number per sector, 3-6 spokes
    inside meeting at a hub or a point (Lucide's, Heroicons' and MingCute's ``cog``): settings,
    and only settings."""
    mask = cog(**kwargs)  # type: ignore[arg-type]
    assert spokes_in_a_toothed_ring(mask)
    assert structural_concepts(mask) == ["settings"]


def handles(count: int) -> tuple[float, ...]:
    """The angles of ``count`` spokes evenly round, from 0."""
    return tuple(math.tau * i / count for i in range(count))


COG_LOOK_ALIKES: dict[str, np.ndarray] = {
    "a ship's wheel (eight spokes standing out as its only handles)": cog(
        tooth_at=handles(8), spoke_at=handles(8), spoke_ends=True, hub=10
    ),
    "a helm of six": cog(tooth_at=handles(6), spoke_at=handles(6), spoke_ends=True, hub=10),
    "a steering wheel (no teeth)": cog(tooth=0),
    "a toothed ring with nothing inside (a tyre's treads, a bottle cap)": cog(spokes=0, hub=0),
    "a toothed ring round a hub, no spokes (two pieces)": cog(spokes=0, hub=16),
    "six teeth on three spokes": cog(teeth=6),
    "thirteen teeth round three sectors (treads or ticks, not repeating with the spokes)": cog(
        teeth=13
    ),
    "fourteen round four": cog(teeth=14, spokes=4),
    "teeth too short to read (a coin's milled edge)": cog(tooth=4),
    "a wide middle among the sectors (a film reel's, a tyre's rim)": cog(hub=22),
}


@pytest.mark.parametrize("name", list(COG_LOOK_ALIKES))
def test_look_alikes_of_a_cog_are_not_settings(name: str) -> None:
    """A ship's wheel's handles are its spokes' ends (one per sector, six to eight sectors), a
    steering wheel has no teeth, a tyre or a bottle cap no sectors; teeth that do not repeat
    with the spokes, or too short to read, are no cog's, nor is a hole at the centre as large
    as a sector a hub's (a cog's hub of radius 20 at 4x is still taken)."""
    assert spokes_in_a_toothed_ring(cog(hub=20))
    assert not teeth_round_a_hub_or_spokes(COG_LOOK_ALIKES[name]), name
    assert "settings" not in structural_concepts(COG_LOOK_ALIKES[name]), name


COG_RULES: dict[str, tuple[np.ndarray, str, object]] = {
    # look-alike, the one rule that turns it away, that rule's constant relaxed; each drawing
    # sits close to its rule's limit, so that tightening the limit a little breaks no cog and
    # loosening it a little takes the look-alike
    "two sectors": (cog(spokes=2), "COG_SECTORS", (2, 6)),
    "eight teeth round four sectors": (cog(teeth=8, spokes=4), "COG_PER_SECTOR", 2),
    "21 teeth": (cog(teeth=21), "COG_TEETH", (8, 21)),
    "teeth 0.31 deep (rays)": (cog(ring=36, tooth=22), "COG_DEPTH", (0.09, 0.32)),
    "teeth in pairs (every other one 0.05 of a radian off: 0.42 of the power)": (
        cog(tooth_at=tuple(math.tau * i / 12 + (-0.05, 0.05)[i % 2] for i in range(12))),
        "COG_HARMONIC",
        0.4,
    ),
    "a sector half filled at the hub (0.46 of the others' size)": (
        cog(blob=(12, 22)),
        "COG_SECTOR_AREAS",
        0.4,
    ),
    "a sector filled at its rim (its centre 0.81 as far out)": (
        cog(blob=(35, 16)),
        "COG_SECTOR_RADII",
        0.8,
    ),
    "three holes bunched on one side (0.26 off even)": (
        cog(filled=True, holes_at=(0.0, 1.8, 3.6)),
        "COG_SECTOR_SPREAD",
        0.3,
    ),
}


SETTINGS_RULES: dict[
    str, tuple[Callable[[np.ndarray], bool], dict[str, tuple[np.ndarray, str, object]]]
] = {
    "gear": (teeth_round_a_hub, GEAR_RULES),
    "cog": (spokes_in_a_toothed_ring, COG_RULES),
}


@pytest.mark.parametrize(
    ("kind", "name"),
    [(kind, name) for kind, (_, rules) in SETTINGS_RULES.items() for name in rules],
)
def test_each_rule_of_a_gear_and_a_cog_is_needed(
    kind: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each drawing is a gear (a cog) but for one rule: turned away by it, taken with it
    relaxed."""
    from iconfind.recognition import structure

    check, rules = SETTINGS_RULES[kind]
    mask, constant, relaxed = rules[name]
    assert not check(mask), name
    monkeypatch.setattr(structure, constant, relaxed)
    assert check(mask), name


@pytest.mark.parametrize(("family", "stem"), [("lucide", "cog"), ("heroicons", "cog")])
def test_real_cogs_of_unseen_families_are_settings(family: str, stem: str) -> None:
    """Lucide's and Heroicons' ``cog`` (neither in the references): the templates ranked a
    target or a play button first (settings third or lower, 0.43-0.51), so settings was
    deferred on every Lucide screen that showed it; the cog's structure now raises settings,
    accepted at 24 and 48 px, light and dark."""
    assert_resolved_by_parts(family, stem, "settings")
