"""merge_detections (docs/memory.md, "Merge"), number by number."""

from __future__ import annotations

import pytest

from iconfind.memory import merge_detections
from tests.memory.conftest import make_target


def test_a11y_is_ground_truth_at_095() -> None:
    [merged] = merge_detections([make_target("a", confidence=0.3, source="vision")], [], [])
    assert merged.source == "a11y"
    assert merged.confidence == pytest.approx(0.95)


def test_vision_within_50px_corroborates() -> None:
    a11y = make_target("a", x=100, y=100, label="")
    vision = make_target("v", x=130, y=139, label="Submit", confidence=0.6)  # 49.4 px away
    [merged] = merge_detections([a11y], [vision], [])
    assert merged.id == "a"
    assert merged.source == "a11y+vision"
    assert merged.confidence == pytest.approx(0.99)  # 0.95 + 0.1, capped
    assert merged.label == "Submit", "vision fills a missing label"


def test_vision_keeps_an_existing_label() -> None:
    [merged] = merge_detections(
        [make_target("a", label="OK")], [make_target("v", label="Okay")], []
    )
    assert merged.label == "OK"


def test_vision_beyond_50px_is_new_at_08_of_its_confidence() -> None:
    merged = merge_detections(
        [make_target("a", x=100)], [make_target("v", x=151, confidence=0.6)], []
    )
    vision = next(t for t in merged if t.id == "v")
    assert vision.source == "vision"
    assert vision.confidence == pytest.approx(0.48)


def test_memory_within_30px_transfers_learned_metadata() -> None:
    remembered = make_target(
        "m", x=129, confidence=0.93, hit_count=7, first_seen=10.0, miss_count=2
    )
    [merged] = merge_detections([make_target("a", x=100)], [], [remembered])
    assert merged.id == "a"
    assert merged.hit_count == 7
    assert merged.first_seen == 10.0
    assert merged.learned, "memory confidence above 0.9 marks it learned"
    assert merged.miss_count == 0, "the merge transfers hit count and first seen only"
    assert merged.confidence == pytest.approx(0.95)


def test_memory_at_09_does_not_mark_learned() -> None:
    [merged] = merge_detections([make_target("a")], [], [make_target("m", confidence=0.9)])
    assert not merged.learned


@pytest.mark.parametrize(
    ("hits", "confidence", "comes_back"),
    [(4, 0.71, True), (3, 0.95, False), (10, 0.7, False), (10, 0.9, True)],
)
def test_absent_reliable_targets_come_back_learned_and_stale(
    hits: int, confidence: float, comes_back: bool
) -> None:
    remembered = make_target("m", x=500, hit_count=hits, confidence=confidence)
    merged = merge_detections([make_target("a", x=100)], [], [remembered])
    back = [t for t in merged if t.id == "m"]
    assert bool(back) is comes_back
    if back:
        assert back[0].source == "learned"
        assert back[0].stale
        assert back[0].confidence == pytest.approx(confidence)


def test_memory_beyond_30px_is_not_nearby() -> None:
    remembered = make_target("m", x=131, hit_count=9, confidence=0.95)
    merged = merge_detections([make_target("a", x=100)], [], [remembered])
    assert {t.id for t in merged} == {"a", "m"}
    assert next(t for t in merged if t.id == "a").hit_count == 0


def test_sorted_by_confidence() -> None:
    merged = merge_detections(
        [make_target("a", x=100)],
        [make_target("v1", x=400, confidence=0.5), make_target("v2", x=700, confidence=0.9)],
        [make_target("m", x=1000, hit_count=5, confidence=0.8)],
    )
    assert [t.id for t in merged] == ["a", "m", "v2", "v1"]
    assert [t.confidence for t in merged] == pytest.approx([0.95, 0.8, 0.72, 0.4])


def test_live_target_is_not_replaced_by_its_stale_memory() -> None:
    live = make_target("same", x=100)
    remembered = make_target("same", x=400, hit_count=9, confidence=0.95)
    [merged] = merge_detections([live], [], [remembered])
    assert merged.click_point.x == 100
    assert not merged.stale
