"""Tier 4: which elements become candidates, in what order, how many, and at what cost."""

from __future__ import annotations

import base64
import io
import json
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from iconfind import (
    Bounds,
    Candidates,
    Element,
    Locator,
    ReplayBackend,
    Selector,
    VisualCandidates,
    default_chain,
)
from iconfind.errors import RecognizerUnavailableError
from iconfind.screen import Screen
from iconfind.strategies.base import Query
from iconfind.strategies.icon_blobs import IconBlobs
from iconfind.strategies.icon_first import RecognizedIcon
from iconfind.strategies.visual import (
    dedupe_nested,
    find_candidates,
    is_icon_sized,
    reading_order,
    unlabeled_icons,
)
from tests.visual_support import ColourRecognizer, MemoryBackend

TOOLBAR_ORDER = ["[0,84][147,231]", "[786,84][933,231]", "[933,84][1080,231]"]


def decode(image_b64: str) -> Image.Image:
    image = Image.open(io.BytesIO(base64.b64decode(image_b64)))
    assert image.format == "JPEG"
    return image


# -- the filter ---------------------------------------------------------------------------------

sides = st.integers(min_value=1, max_value=400)


@given(
    st.lists(
        st.tuples(sides, sides, st.booleans(), st.sampled_from(["", "Back", " "]), st.booleans()),
        max_size=12,
    )
)
def test_filter_is_the_seeds_rule(specs: list[tuple[int, int, bool, str, bool]]) -> None:
    elements = [
        Element(
            bounds=Bounds(10, 10, 10 + w, 10 + h),
            clickable=clickable,
            text=label if in_text else "",
            content_desc="" if in_text else label,
            index=i,
        )
        for i, (w, h, clickable, label, in_text) in enumerate(specs)
    ]
    kept = unlabeled_icons(elements, 1080, 2400)
    expected = [
        e
        for e in elements
        if e.clickable
        and not e.label.strip()
        and 16 <= e.bounds.width <= 200
        and 16 <= e.bounds.height <= 200
        and 0.5 <= e.bounds.width / e.bounds.height <= 2.0
    ]
    assert kept == expected


def test_size_and_aspect_edges() -> None:
    def sized(w: int, h: int) -> bool:
        return is_icon_sized(Element(bounds=Bounds(0, 0, w, h)))

    assert sized(16, 16) and sized(200, 200) and sized(200, 100) and sized(50, 100)
    assert not sized(15, 16) and not sized(201, 150) and not sized(201, 100) and not sized(40, 81)


def test_a_clickable_whose_child_carries_the_label_is_not_unlabeled() -> None:
    frame = Element(bounds=Bounds(0, 0, 147, 147), clickable=True, index=0)
    icon = Element(bounds=Bounds(37, 37, 110, 110), content_desc="Search", index=1, parent=0)
    assert unlabeled_icons([frame, icon], 1080, 2400) == []


def test_off_screen_icons_are_left_out() -> None:
    off = Element(bounds=Bounds(1100, 10, 1200, 110), clickable=True)
    assert unlabeled_icons([off], 1080, 2400) == []


def test_nested_regions_count_once_keeping_the_clickable_one() -> None:
    outer = Element(bounds=Bounds(0, 0, 147, 147), clickable=True, index=0)
    inner = Element(bounds=Bounds(37, 37, 110, 110), clickable=True, index=1, parent=0)
    plain = Element(bounds=Bounds(10, 10, 130, 130), clickable=False, index=2)
    assert dedupe_nested([outer, inner]) == [inner]
    assert dedupe_nested([plain, outer]) == [outer]  # clickable beats non-clickable
    assert dedupe_nested([outer, outer]) == [outer]
    apart = Element(bounds=Bounds(200, 0, 347, 147), clickable=True)
    assert dedupe_nested([outer, apart]) == [outer, apart]


@given(
    st.lists(
        st.lists(st.integers(min_value=16, max_value=120), min_size=1, max_size=5),
        min_size=1,
        max_size=5,
    ),
    st.randoms(use_true_random=False),
)
def test_reading_order_is_rows_then_x(rows: list[list[int]], rnd: random.Random) -> None:
    """Icons of mixed sizes centred on row lines 200 px apart: row by row, left to right."""
    expected: list[Element] = []
    for r, row_sizes in enumerate(rows):
        line = 100 + r * 200
        for c, size in enumerate(row_sizes):
            x = 10 + c * 130
            expected.append(
                Element(bounds=Bounds(x, line - size // 2, x + size, line - size // 2 + size))
            )
    shuffled = expected[:]
    rnd.shuffle(shuffled)
    assert reading_order(shuffled) == expected


def screen_of_icons(count: int) -> MemoryBackend:
    image = Image.new("RGB", (1080, 2400), "white")
    elements = [Element(bounds=Bounds(0, 0, 1080, 2400), index=0)]
    for i in range(count):
        row, column = divmod(i, 6)
        x, y = 20 + column * 170, 100 + row * 170
        elements.append(
            Element(bounds=Bounds(x, y, x + 120, y + 120), clickable=True, index=i + 1, parent=0)
        )
    return MemoryBackend(image, elements)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=20))
def test_truncation_counts(count: int) -> None:
    result = VisualCandidates().find(
        Query(Selector("overflow menu")), Screen(screen_of_icons(count))
    )
    if count == 0:
        assert result is None
        return
    assert result is not None
    assert len(result.candidates) == min(count, 6)
    assert [c.index for c in result.candidates] == list(range(min(count, 6)))
    assert isinstance(result.outcome, Candidates)
    assert result.outcome.truncated is (count > 6)
    assert result.outcome.total_candidates == (count if count > 6 else None)
    wire = result.to_dict()
    assert ("truncated" in wire) == (count > 6) and ("totalCandidates" in wire) == (count > 6)


# -- on the example snapshots -------------------------------------------------------------------


def test_toolbar_icons_in_order_with_small_jpeg_crops(snapshots: Path) -> None:
    result = Locator(
        ReplayBackend(snapshots / "toolbar_unlabeled"), strategies=default_chain(recognition=False)
    ).find("overflow menu")
    assert (result.tier, result.source, result.confidence) == (4, "visual", "medium")
    assert [c.bounds.format() for c in result.candidates] == TOOLBAR_ORDER
    for candidate in result.candidates:
        crop = decode(candidate.image)
        assert max(crop.size) <= 128
    total = sum(len(base64.b64decode(c.image)) for c in result.candidates)
    assert isinstance(result.outcome, Candidates)
    assert result.outcome.image_bytes == total
    assert result.outcome.estimated_tokens == -(-total * 330 // 1024)
    assert not result.outcome.truncated and "truncated" not in result.to_dict()


def test_player_snapshot_truncates_and_dedupes(snapshots: Path) -> None:
    result = Locator(
        ReplayBackend(snapshots / "player_unlabeled"), strategies=default_chain(recognition=False)
    ).find("play button")
    assert isinstance(result.outcome, Candidates)
    assert result.outcome.truncated and result.outcome.total_candidates == 9
    assert [c.bounds.format() for c in result.candidates] == [
        "[0,84][147,231]",
        "[639,84][786,231]",
        "[823,121][896,194]",  # share: the inner icon of the nested pair
        "[933,84][1080,231]",
        "[60,1826][186,1952]",  # shuffle, then previous: the bigger play button waits its turn
        "[246,1826][372,1952]",
    ]
    wire = json.dumps(result.to_dict())
    assert len(wire.encode()) < 24 * 1024


def test_six_photo_like_crops_stay_under_24_kb() -> None:
    rnd = random.Random(7)
    noise = Image.frombytes("RGB", (1080, 2400), rnd.randbytes(1080 * 2400 * 3))
    backend = screen_of_icons(6)
    backend.image = noise
    # No OCR: Tesseract on a screen of noise is slow, and this test is about the payload.
    chain = [s for s in default_chain(recognition=False) if s.name != "ocr"]
    result = Locator(backend, strategies=chain).find("overflow menu")
    assert len(result.candidates) == 6
    assert len(json.dumps(result.to_dict()).encode()) < 24 * 1024


# -- the recognizer hook ------------------------------------------------------------------------

RED, BLUE, GREEN = (220, 30, 30), (30, 30, 220), (30, 200, 30)


def coloured_screen(colours: list[tuple[int, int, int]]) -> MemoryBackend:
    image = Image.new("RGB", (1080, 2400), "white")
    elements = [Element(bounds=Bounds(0, 0, 1080, 2400), index=0)]
    for i, colour in enumerate(colours):
        box = Bounds(100 + i * 200, 100, 247 + i * 200, 247)
        image.paste(colour, (box.x1, box.y1, box.x2, box.y2))
        elements.append(Element(bounds=box, clickable=True, index=i + 1, parent=0))
    return MemoryBackend(image, elements)


def test_a_single_recognized_icon_resolves_the_tier() -> None:
    recognizer = ColourRecognizer({RED: "overflow", BLUE: "search", GREEN: "back"})
    chain = [
        VisualCandidates(recognizer=recognizer) if s.name == "visual" else s
        for s in default_chain()
        if s.name != "ocr"
    ]
    locator = Locator(coloured_screen([GREEN, BLUE, RED]), strategies=chain)
    result = locator.find("overflow menu")
    assert result.recognized_as == "overflow"
    assert (result.tier, result.source, result.confidence) == (4, "visual", "medium")
    assert result.element.bounds.format() == "[500,100][647,247]"
    assert result.to_dict()["recognizedAs"] == "overflow"


def test_recognizer_hints_ride_on_candidates_when_nothing_is_accepted() -> None:
    recognizer = ColourRecognizer({RED: "overflow", BLUE: "search"})
    strategy = VisualCandidates(recognizer=recognizer)
    result = strategy.find(Query(Selector("settings")), Screen(coloured_screen([RED, BLUE])))
    assert result is not None and result.recognized_as is None
    assert result.candidates[0].hints[0] == ("overflow", 1.0)
    assert result.candidates[1].hints[0] == ("search", 1.0)
    assert result.candidates[0].to_dict()["hints"][0] == {"class": "overflow", "score": 1.0}


def test_two_equally_recognized_icons_are_offered_not_guessed() -> None:
    strategy = VisualCandidates(recognizer=ColourRecognizer({RED: "overflow"}))
    result = strategy.find(Query(Selector("overflow")), Screen(coloured_screen([RED, RED])))
    assert result is not None and not result.elements and len(result.candidates) == 2


def test_a_clearly_better_match_wins_among_several_accepted() -> None:
    pale_red = (220, 90, 90)  # scores 0.843 against RED: accepted, but well behind 1.0
    strategy = VisualCandidates(recognizer=ColourRecognizer({RED: "overflow", BLUE: "search"}))
    result = strategy.find(
        Query(Selector("overflow")), Screen(coloured_screen([pale_red, BLUE, RED]))
    )
    assert result is not None and result.recognized_as == "overflow"
    assert result.element.bounds.format() == "[500,100][647,247]"


def test_find_candidates_on_a_real_tree(snapshots: Path) -> None:
    backend = ReplayBackend(snapshots / "toolbar_unlabeled_dark")
    tree = backend.hierarchy()
    assert tree is not None
    assert [e.bounds.format() for e in find_candidates(tree, 1080, 2400)] == TOOLBAR_ORDER


def test_a_query_that_names_no_icon_gets_no_candidates() -> None:
    screen = Screen(screen_of_icons(3))
    assert VisualCandidates().find(Query(Selector("Telescope")), screen) is None
    offered = VisualCandidates(any_query=True).find(Query(Selector("Telescope")), screen)
    assert offered is not None and len(offered.candidates) == 3


class CountingRecognizer(ColourRecognizer):
    """A :class:`ColourRecognizer` that counts the crops it ranks."""

    def __init__(self, colours: dict[tuple[int, int, int], str]) -> None:
        super().__init__(colours)
        self.ranked = 0

    def rank(self, crop: Image.Image, top: int = 3) -> list[tuple[str, float]]:
        self.ranked += 1
        return super().rank(crop, top)


def test_tier_4_ranks_each_candidate_once_per_find() -> None:
    """The recognized-icon strategy and the candidates strategy read the same candidates: with
    no clear winner the second reuses the first's rankings (one pass of the recognizer, not
    two), and the hints it sends are those rankings."""
    recognizer = CountingRecognizer({RED: "overflow", BLUE: "search"})
    chain = [RecognizedIcon(recognizer=recognizer), VisualCandidates(recognizer=recognizer)]
    result = Locator(coloured_screen([RED, BLUE]), strategies=chain).find("settings")
    assert len(result.candidates) == 2
    assert result.candidates[0].hints[0] == ("overflow", 1.0)
    assert recognizer.ranked == 2
    Locator(coloured_screen([RED, BLUE]), strategies=chain).find("settings")
    assert recognizer.ranked == 4  # a new find reads its own screen


def test_tier_4_ranks_each_blob_once_per_find() -> None:
    """Without a tree, the recognized-icon strategy and the blob strategy rank the same blobs
    once between them."""
    image = Image.new("RGB", (1080, 2400), "white")
    for i, colour in enumerate([RED, BLUE]):
        image.paste(colour, (100 + i * 200, 120, 163 + i * 200, 183))
    recognizer = CountingRecognizer({RED: "overflow", BLUE: "search", GREEN: "settings"})
    chain = [RecognizedIcon(recognizer=recognizer), IconBlobs(recognizer=recognizer)]
    result = Locator(MemoryBackend(image, None), strategies=chain).find("settings")
    assert len(result.candidates) >= 1
    assert recognizer.ranked == len(Screen(MemoryBackend(image, None)).icon_blobs) >= 2


class UnavailableRecognizer(CountingRecognizer):
    """A recognizer whose model cannot be loaded: every ``rank`` raises."""

    def rank(self, crop: Image.Image, top: int = 3) -> list[tuple[str, float]]:
        self.ranked += 1
        raise RecognizerUnavailableError("no model here")


def test_an_unavailable_recognizer_leaves_no_rankings_behind() -> None:
    """Ranking that fails keeps nothing for the find: the candidates strategy asks again, notes
    why it has no hints, and offers the candidates without them."""
    recognizer = UnavailableRecognizer({RED: "overflow"})
    chain = [RecognizedIcon(recognizer=recognizer), VisualCandidates(recognizer=recognizer)]
    result = Locator(coloured_screen([RED, BLUE]), strategies=chain).find("settings")
    assert len(result.candidates) == 2
    assert all(candidate.hints == () for candidate in result.candidates)
    assert any("without local icon recognition" in note for note in result.notes)
    assert recognizer.ranked == 2  # once by each strategy: the failure was not cached
