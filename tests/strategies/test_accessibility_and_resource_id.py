"""The rules of tier 1 (accessibility text) and tier 2 (resource-id patterns), and their errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iconfind import (
    AccessibilityText,
    FindError,
    Locator,
    ReplayBackend,
    ResourceIdPatterns,
    Selector,
)
from iconfind.cli import exit_code
from iconfind.strategies.resource_id import is_ambiguous
from tests.conftest import SNAPSHOTS
from tests.screens import el, replay_of


def tree_tiers(backend: ReplayBackend) -> Locator:
    """Tiers 1-2 only: these trees are synthetic and their rules are what is under test (the
    grid would otherwise answer for trees without clickables)."""
    return Locator(backend, strategies=[AccessibilityText(), ResourceIdPatterns()])


def test_wait_on_the_anr_dialog_is_tier_1_with_the_exact_center() -> None:
    result = Locator(ReplayBackend(SNAPSHOTS / "anr_dialog")).find("Wait")
    assert (result.tier, result.source, result.confidence) == (1, "accessibility", "high")
    assert result.element.resource_id == "android:id/aerr_wait"
    assert result.to_dict()["elements"][0]["center"] == {"x": 540, "y": 1331}


@pytest.mark.parametrize("query", ["wait", "  WAIT ", "Wait"])
def test_exact_match_is_case_and_whitespace_insensitive(query: str) -> None:
    result = Locator(ReplayBackend(SNAPSHOTS / "anr_dialog")).find(query)
    assert result.tier == 1 and result.element.text == "Wait"


def test_exact_match_beats_containment(tmp_path: Path) -> None:
    backend = replay_of(
        tmp_path,
        [el("[0,0][100,100]", text="Sign in with Google"), el("[0,200][100,300]", text="Sign in")],
    )
    result = tree_tiers(backend).find("sign in")
    assert [e.text for e in result.elements] == ["Sign in"]


def test_containment_is_by_whole_words(tmp_path: Path) -> None:
    backend = replay_of(
        tmp_path,
        [el("[0,0][100,100]", text="Feedback"), el("[0,200][100,300]", text="Sign in with Google")],
    )
    locator = Locator(backend, strategies=tree_tiers(backend).strategies[:1])
    assert locator.find("back").error is FindError.NOT_FOUND
    assert locator.find("sign in").element.text == "Sign in with Google"


def test_content_desc_matches_like_text(tmp_path: Path) -> None:
    backend = replay_of(tmp_path, [el("[0,0][100,100]", content_desc="Play video", clickable=True)])
    assert tree_tiers(backend).find("play video").element.content_desc == "Play video"


def test_selector_fields_combine(tmp_path: Path) -> None:
    backend = replay_of(
        tmp_path,
        [
            el(
                "[0,0][100,100]",
                text="Edit",
                resource_id="app:id/edit_btn",
                class_name="android.widget.Button",
            ),
            el(
                "[0,200][100,300]",
                text="Edit",
                resource_id="app:id/edit_label",
                class_name="android.widget.TextView",
            ),
        ],
    )
    locator = tree_tiers(backend)
    assert (
        locator.find(Selector(text="Edit", class_name="Button")).element.resource_id
        == "app:id/edit_btn"
    )
    assert (
        locator.find({"resourceId": "EDIT_LABEL"}).element.class_name == "android.widget.TextView"
    )
    assert len(locator.find(Selector(text_contains="di")).elements) == 2
    assert locator.find(Selector(text="Edit", class_name="ImageView")).error is FindError.NOT_FOUND


def test_nearest_to_sorts_by_distance_to_the_anchor(tmp_path: Path) -> None:
    backend = replay_of(
        tmp_path,
        [
            el("[0,100][300,200]", text="John"),
            el("[800,100][1000,200]", text="edit", clickable=True),
            el("[0,900][300,1000]", text="Mary"),
            el("[800,900][1000,1000]", text="edit", clickable=True),
        ],
    )
    locator = tree_tiers(backend)
    near_mary = locator.find({"textContains": "edit", "nearestTo": "Mary"})
    assert [e.center.y for e in near_mary.elements] == [950, 150]
    near_john = locator.find({"textContains": "edit", "nearestTo": "John"})
    assert [e.center.y for e in near_john.elements] == [150, 950]
    missing = locator.find({"textContains": "edit", "nearestTo": "Zed"})
    assert missing.error is FindError.NOT_FOUND and "Zed" in (missing.suggestion or "")


def test_off_screen_match_says_scroll(tmp_path: Path) -> None:
    backend = replay_of(tmp_path, [el("[0,2600][1080,2800]", text="Terms of service")])
    result = tree_tiers(backend).find("Terms of service")
    assert result.error is FindError.ELEMENT_OFF_SCREEN
    assert result.suggestion == "Scroll to bring element into view"
    assert exit_code(result) == 1


def test_zero_sized_nodes_are_not_matches(tmp_path: Path) -> None:
    backend = replay_of(tmp_path, [el("[10,10][10,10]", text="Ghost")])
    assert tree_tiers(backend).find("Ghost").error is FindError.NOT_FOUND


def test_tier_2_overflow_on_the_toolbar() -> None:
    result = Locator(ReplayBackend(SNAPSHOTS / "toolbar")).find("overflow menu")
    assert (result.tier, result.source, result.confidence) == (2, "accessibility", "high")
    assert result.element.resource_id.endswith(":id/iv_more_options")


def test_tier_2_back_finds_toolbar_nav_up_not_feedback() -> None:
    result = Locator(ReplayBackend(SNAPSHOTS / "toolbar")).find("back")
    assert result.tier == 2 and result.element.resource_id.endswith(":id/toolbar_nav_up")


def test_tier_2_content_desc_phrase(tmp_path: Path) -> None:
    backend = replay_of(
        tmp_path, [el("[933,84][1080,231]", content_desc="More options", clickable=True)]
    )
    result = tree_tiers(backend).find("three dots")
    assert result.tier == 2 and result.element.content_desc == "More options"


def test_tier_2_several_matches_in_few_regions_are_returned(tmp_path: Path) -> None:
    backend = replay_of(
        tmp_path,
        [
            el(f"[{x},84][{x + 100},200]", resource_id=f"app:id/share_{i}")
            for i, x in enumerate((600, 750, 900))
        ],
    )
    result = tree_tiers(backend).find("share")
    assert result.error is None and len(result.elements) == 3 and result.match_count == 3


def test_tier_2_more_than_six_matches_is_ambiguous(tmp_path: Path) -> None:
    backend = replay_of(
        tmp_path,
        [
            el(f"[900,{y}][1000,{y + 80}]", resource_id="app:id/btn_delete")
            for y in range(300, 1100, 100)
        ],
    )
    result = tree_tiers(backend).find("delete")
    assert result.error is FindError.AMBIGUOUS_QUERY and result.match_count == 8
    assert "specific" in (result.suggestion or "")


def test_tier_2_matches_in_four_quadrants_are_ambiguous(tmp_path: Path) -> None:
    corners = [
        "[10,10][110,110]",
        "[970,10][1070,110]",
        "[10,2290][110,2390]",
        "[970,2290][1070,2390]",
    ]
    backend = replay_of(tmp_path, [el(b, resource_id="app:id/ic_close") for b in corners])
    result = tree_tiers(backend).find("close")
    assert result.error is FindError.AMBIGUOUS_QUERY and result.match_count == 4


@given(st.integers(0, 100), st.integers(0, 4))
def test_ambiguity_rule(count: int, regions: int) -> None:
    assert is_ambiguous(count, regions) == (count > 6 or regions > 3)


def test_absent_query_is_not_found_with_a_suggestion() -> None:
    result = Locator(ReplayBackend(SNAPSHOTS / "toolbar")).find("Telescope")
    assert result.error is FindError.NOT_FOUND
    assert result.suggestion == "Element may not exist on current screen"



def test_the_visibility_filter_runs_once_per_find() -> None:
    """Tiers 1 and 2 (and the grid's check) read the one tree a find captured: it is filtered
    once, and a different tree is filtered afresh."""
    import iconfind.strategies._matches as matches

    reads: list[int] = []

    class CountingList(list):  # type: ignore[type-arg]
        def __iter__(self):  # type: ignore[no-untyped-def]
            reads.append(1)
            return super().__iter__()

    elements = ReplayBackend(SNAPSHOTS / "toolbar").hierarchy() or []
    tree = CountingList(elements)
    first = matches.visible(tree)
    assert matches.visible(tree) is first and len(reads) == 1
    copy = list(elements)
    assert matches.visible(copy) == first and matches.visible(copy) is not first  # its own pass
