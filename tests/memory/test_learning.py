"""The learning rules (docs/memory.md) with their numbers, and the confidence invariant."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iconfind import Bounds, Point
from iconfind.backends.base import WindowInfo
from iconfind.memory import (
    CONFIDENCE_MAX,
    CONFIDENCE_MIN,
    SQLiteMemory,
    merge_detections,
    observe,
    record_action_result,
    teach_target,
)
from iconfind.memory.learning import gone, seen_again
from tests.memory.conftest import make_target

# -- passive ----------------------------------------------------------------------------------


def test_seen_in_same_position_gains_a_tenth() -> None:
    stored = make_target(confidence=0.5)
    after = seen_again(stored, make_target(confidence=0.95), now=2000.0)
    assert after.confidence == pytest.approx(0.6)
    assert after.last_seen == 2000.0
    assert after.first_seen == 1000.0


def test_seen_again_caps_at_099() -> None:
    assert seen_again(make_target(confidence=0.95), make_target(), 1.0).confidence == 0.99
    assert seen_again(make_target(confidence=0.99), make_target(), 1.0).confidence == 0.99


def test_moved_takes_new_position_and_keeps_confidence() -> None:
    stored = make_target(confidence=0.42)
    after = seen_again(stored, make_target(x=160, y=130), now=5.0)
    assert after.click_point == Point(160, 130)
    assert after.bounds == Bounds(140, 120, 180, 140)
    assert after.confidence == pytest.approx(0.42)


def test_gone_is_stale_and_times_08() -> None:
    after = gone(make_target(confidence=0.5))
    assert after.stale
    assert after.confidence == pytest.approx(0.4)
    assert gone(make_target(confidence=0.11)).confidence == CONFIDENCE_MIN


def test_observe_one_capture() -> None:
    kept = make_target("kept", confidence=0.5)
    shifted = make_target("shifted", x=300, confidence=0.7)
    vanished = make_target("vanished", x=500, confidence=0.5)
    taught = make_target("taught", x=700, source="learned", confidence=0.8)
    fresh = make_target("fresh", x=900, confidence=0.95)
    outcome = observe(
        [kept, shifted, vanished, taught],
        [make_target("kept"), make_target("shifted", x=340), fresh],
        now=9.0,
    )
    by_id = {t.id: t for t in outcome.changed}
    assert by_id["kept"].confidence == pytest.approx(0.6)
    assert by_id["shifted"].click_point == Point(340, 100)
    assert by_id["shifted"].confidence == pytest.approx(0.7)
    assert by_id["vanished"].stale and by_id["vanished"].confidence == pytest.approx(0.4)
    assert "taught" not in by_id, "the tree's silence says nothing about a taught target"
    assert by_id["fresh"].confidence == pytest.approx(0.95)
    assert outcome.new_ids == {"fresh"}
    assert outcome.gone_ids == {"vanished"}


def test_seen_again_clears_stale() -> None:
    stale = make_target(confidence=0.4, stale=True)
    assert not seen_again(stale, make_target(), 1.0).stale


# -- active -----------------------------------------------------------------------------------


def test_hit_counts_and_gains_005() -> None:
    outcome = record_action_result(make_target(confidence=0.5, hit_count=2), True, now=7.0)
    assert outcome.target.hit_count == 3
    assert outcome.target.confidence == pytest.approx(0.55)
    assert outcome.target.last_seen == 7.0
    assert not outcome.rescan
    assert record_action_result(make_target(confidence=0.97), True).target.confidence == 0.99


def test_miss_counts_loses_015_and_asks_for_rescan() -> None:
    outcome = record_action_result(make_target(confidence=0.5), False)
    assert outcome.target.miss_count == 1
    assert outcome.target.confidence == pytest.approx(0.35)
    assert outcome.rescan
    assert record_action_result(make_target(confidence=0.2), False).target.confidence == 0.1


# -- explicit ---------------------------------------------------------------------------------


def test_teach_makes_a_learned_button_around_the_point() -> None:
    window = WindowInfo("Firefox", "Login - MyApp")
    target = teach_target(window, "Save", 842, 567, now=3.0)
    assert target.label == "Save"
    assert target.role == "button"
    assert target.source == "learned"
    assert target.confidence == pytest.approx(0.8)
    assert target.click_point == Point(842, 567)
    assert target.bounds == Bounds(817, 552, 867, 582)
    assert (target.hit_count, target.miss_count, target.depth) == (0, 0, 0)
    again = teach_target(window, "Save", 900, 600)
    assert again.id == target.id, "teaching the same label again corrects, not duplicates"
    assert teach_target(window, "Cancel", 842, 567).id != target.id


# -- the invariant ----------------------------------------------------------------------------

EVENTS = st.lists(
    st.sampled_from(["same", "moved", "gone", "hit", "miss", "vision", "memory"]), max_size=60
)


def _apply(target, event: str):  # type: ignore[no-untyped-def]
    if event == "same":
        return seen_again(target, target, 1.0)
    if event == "moved":
        return seen_again(target, make_target(target.id, x=target.click_point.x + 40), 1.0)
    if event == "gone":
        return gone(target)
    if event == "hit":
        return record_action_result(target, True).target
    if event == "miss":
        return record_action_result(target, False).target
    if event == "vision":
        return merge_detections([], [target], [])[0]
    return merge_detections([target], [target], [target])[0]


@given(start=st.floats(0.0, 1.0), events=EVENTS)
def test_confidence_stays_in_range_under_any_events(start: float, events: list[str]) -> None:
    target = observe([], [make_target(confidence=start)]).changed[0]
    assert CONFIDENCE_MIN <= target.confidence <= CONFIDENCE_MAX
    for event in events:
        target = _apply(target, event)
        assert CONFIDENCE_MIN <= target.confidence <= CONFIDENCE_MAX


@settings(max_examples=25, deadline=None)
@given(outcomes=st.lists(st.booleans(), max_size=40))
def test_confidence_stays_in_range_through_the_store(outcomes: list[bool]) -> None:
    with SQLiteMemory(":memory:") as store:
        store.upsert([make_target(confidence=0.5)])
        for success in outcomes:
            result = store.record_action("t1", success)
            assert result is not None
            assert CONFIDENCE_MIN <= result.target.confidence <= CONFIDENCE_MAX
        stored = store.get("t1")
        assert stored is not None
        assert stored.hit_count == sum(outcomes)
        assert stored.miss_count == len(outcomes) - sum(outcomes)
