"""MemoryStrategy in a Locator chain, and the Locator's tap feedback, on replayed screens."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from iconfind import (
    Bounds,
    Locator,
    Point,
    ReplayBackend,
    Scaling,
    default_chain,
)
from iconfind.memory import AppBlocklist, DesktopLearner, MemoryStrategy, SQLiteMemory
from tests.delegating import DelegatingBackend
from tests.memory.conftest import APP, SNAPSHOTS, WINDOW
from tests.memory.layouts import (
    NAV_UP,
    OVERFLOW,
    SEARCH,
    moved_icons,
    toolbar_tree,
)

UNLABELED = SNAPSHOTS / "toolbar_unlabeled"


def chain(memory: SQLiteMemory, **kw: object) -> list:  # type: ignore[type-arg]
    return [MemoryStrategy(memory, **kw), *default_chain()]  # type: ignore[arg-type]


def teach_overflow(memory: SQLiteMemory) -> str:
    learner = DesktopLearner(ReplayBackend(UNLABELED), memory)
    taught = learner.teach_target("overflow menu", 1006, 157)
    assert taught.bounds == OVERFLOW, "refined to the icon under the point"
    return taught.id


def test_memory_answers_a_name_no_tier_knows(memory: SQLiteMemory) -> None:
    backend = ReplayBackend(UNLABELED)
    without = Locator(backend).find("note tools")
    assert not without.ok, "no label, no id, no icon class: the tiers cannot resolve it"
    learner = DesktopLearner(backend, memory)
    target_id = learner.teach_target("note tools", 1006, 157).id
    locator = Locator(backend, chain(memory), memory=memory)
    result = locator.find("tools")
    assert result.ok
    assert result.source == "memory"
    assert result.tier is None
    assert result.confidence == "medium"  # taught at 0.8
    assert result.element.center == Point(1006, 157)
    assert result.to_dict()["source"] == "memory"
    tapped = locator.tap("note tools")
    assert backend.taps == [Point(1006, 157)]
    assert f"memory: hit recorded for {target_id}" in tapped.notes
    stored = memory.get(target_id)
    assert stored is not None and stored.hit_count == 1
    assert stored.confidence == 0.85


def test_memory_follows_the_icon_after_a_layout_change(
    memory: SQLiteMemory, snapshot_writer: Callable[..., Path]
) -> None:
    target_id = teach_overflow(memory)
    # A new release: the overflow icon moved left, a new icon took its place... and no labels.
    image = moved_icons({SEARCH: (639, 84), OVERFLOW: (786, 84)})
    new_place = Bounds(786, 84, 933, 231)
    moved = snapshot_writer(
        "moved", image, toolbar_tree([NAV_UP, Bounds(639, 84, 786, 231), new_place])
    )
    locator = Locator(ReplayBackend(moved), chain(memory), memory=memory)
    result = locator.find("overflow menu")
    assert result.source == "memory"
    assert result.element.bounds == new_place
    unchanged = memory.get(target_id)
    assert unchanged is not None and unchanged.bounds == OVERFLOW, "finding never writes"
    assert not [e for e in memory.audit() if e.action == "relocate"]
    locator.tap(result)  # the tap writes what the find learned
    stored = memory.get(target_id)
    assert stored is not None and stored.bounds == new_place
    assert stored.confidence == 0.85, "moved: new position, confidence kept, then the tap's hit"
    relocations = [e for e in memory.audit() if e.action == "relocate"]
    assert relocations[-1].detail == {"from": OVERFLOW.to_list(), "to": new_place.to_list()}


def test_relocation_without_an_accessibility_tree(
    memory: SQLiteMemory, snapshot_writer: Callable[..., Path]
) -> None:
    teach_overflow(memory)
    no_tree = snapshot_writer("no_tree", moved_icons({OVERFLOW: (600, 1200)}), None)
    result = Locator(ReplayBackend(no_tree), chain(memory)).find("overflow menu")
    assert result.source == "memory"
    assert result.element.center == Point(673, 1273)
    assert result.accessibility_unavailable, "found from memory with no tree at all"


def test_a_target_that_is_gone_is_a_miss_and_the_chain_rescans(
    memory: SQLiteMemory, snapshot_writer: Callable[..., Path]
) -> None:
    target_id = teach_overflow(memory)
    gone = snapshot_writer("gone", moved_icons({OVERFLOW: None}), toolbar_tree([NAV_UP, SEARCH]))
    locator = Locator(ReplayBackend(gone), chain(memory))
    result = locator.find("overflow menu")
    assert result.source != "memory", "the other tiers had their turn"
    before = memory.get(target_id)
    assert before is not None and before.miss_count == 0, "finding never writes"
    if result.ok:
        locator.tap(result, first=True)
    else:
        for write in result.on_tap:  # what a tap would write
            write()
    stored = memory.get(target_id)
    assert stored is not None
    assert stored.miss_count == 1
    assert round(stored.confidence, 6) == 0.65
    miss = memory.audit()[-1] if memory.audit()[-1].action == "miss" else None
    assert any(e.action == "miss" and e.target_id == target_id for e in memory.audit()), miss


def test_memory_is_skipped_for_blocklisted_apps(memory: SQLiteMemory) -> None:
    teach_overflow(memory)
    blocked = AppBlocklist([APP])
    locator = Locator(ReplayBackend(UNLABELED), chain(memory, blocklist=blocked))
    assert locator.find("overflow menu").source != "memory"


def test_memory_is_skipped_for_backends_that_cannot_name_the_window(
    memory: SQLiteMemory,
) -> None:
    teach_overflow(memory)
    anonymous = DelegatingBackend(ReplayBackend(UNLABELED))  # no active_window()
    assert Locator(anonymous, chain(memory)).find("overflow menu").source != "memory"


def test_finding_never_writes_passive_learning_is_written_by_the_tap(
    memory: SQLiteMemory,
) -> None:
    locator = Locator(ReplayBackend(SNAPSHOTS / "toolbar"), chain(memory))
    result = locator.find("New note")
    assert result.source == "accessibility", "seen but never used: memory does not answer yet"
    assert memory.count() == 0, "a find alone leaves memory as it was"
    assert memory.audit() == []
    locator.tap(result)
    [new_note] = memory.query(APP, WINDOW, label="New note")
    assert new_note.confidence == 0.95 and new_note.hit_count == 0
    locator.tap("New note")
    again = memory.get(new_note.id)
    assert again is not None and again.confidence == 0.99


def test_every_tap_teaches_memory(memory: SQLiteMemory) -> None:
    backend = ReplayBackend(SNAPSHOTS / "toolbar")
    locator = Locator(backend, memory=memory)
    first = locator.tap("New note")
    [target] = memory.query(APP, WINDOW, label="New note")
    assert target.hit_count == 1
    assert target.click_point == Point(964, 2116)
    assert first.notes == (f"memory: hit recorded for {target.id}",)
    locator.tap("New note")
    again = memory.get(target.id)
    assert again is not None and again.hit_count == 2
    # Now memory answers first, and the id is the one passive learning gives the element.
    with_memory = Locator(backend, chain(memory), memory=memory)
    assert with_memory.find("New note").source == "memory"
    assert memory.get(target.id) is not None


def test_tap_feedback_is_recorded_in_device_pixels(memory: SQLiteMemory) -> None:
    backend = ReplayBackend(SNAPSHOTS / "toolbar")
    scaled = Locator(backend, memory=memory, scaling=Scaling())
    result = scaled.tap("New note")
    assert result.scale_factor is not None
    [target] = memory.query(APP, WINDOW, label="New note")
    # results hold device pixels whatever the scale: memory learns exactly what is on screen
    device = Bounds(891, 2043, 1038, 2190)
    assert target.bounds == device == result.element.bounds
    # passive learning in the chain puts the tree's exact bounds on the same target
    exact = Locator(backend, chain(memory), memory=memory, scaling=Scaling())
    exact.tap("New note")
    [learned] = memory.query(APP, WINDOW, label="New note")
    assert learned.bounds == device
    assert learned.hit_count == 2


def test_point_taps_teach_nothing_and_a_broken_store_never_blocks_a_tap(
    db_path: Path,
) -> None:
    memory = SQLiteMemory(db_path)
    backend = ReplayBackend(SNAPSHOTS / "anr_dialog")
    locator = Locator(backend, memory=memory)
    locator.tap((10, 10))
    assert memory.count() == 0
    memory.close()
    result = locator.tap("Wait")
    assert backend.taps[-1] == Point(540, 1331)
    assert result.notes and result.notes[0].startswith("memory: tap not recorded")


def test_backends_that_only_offer_snapshot_metadata_are_scoped_too(memory: SQLiteMemory) -> None:
    teach_overflow(memory)
    replay = ReplayBackend(UNLABELED)

    class LiveLike(DelegatingBackend):
        """Like the web and X11 backends: no active_window(), but info()."""

        def info(self):  # type: ignore[no-untyped-def]
            return replay.info()

    assert Locator(LiveLike(replay), chain(memory)).find("overflow menu").source == "memory"
