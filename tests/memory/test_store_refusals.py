"""Both stores refuse what they cannot use with one clear error, and leave it exactly as it was."""

from __future__ import annotations

import pytest

from iconfind import MemoryStoreError
from tests.memory.conftest import make_target
from tests.memory.stores import StoreKind


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("foreign", "another program's"),
        ("newer", r"newer iconfind \(schema 99"),
        ("damaged", "left untouched"),
    ],
)
def test_unusable_store_is_refused_and_left_untouched(
    memory_store: StoreKind, damage: str, message: str
) -> None:
    getattr(memory_store, f"make_{damage}")()
    before = memory_store.fingerprint()
    with pytest.raises(MemoryStoreError, match=message):
        memory_store.open()
    assert memory_store.fingerprint() == before


def test_closed_store_raises_typed_error(memory_store: StoreKind) -> None:
    store = memory_store.open()
    store.upsert([make_target()])
    store.close()
    store.close()
    with pytest.raises(MemoryStoreError, match="closed"):
        store.get("t1")
    with memory_store.open() as again:
        assert again.get("t1") == make_target()


def test_reopening_keeps_everything_and_adds_nothing(memory_store: StoreKind) -> None:
    with memory_store.open() as memory:
        memory.upsert([make_target("a"), make_target("b")])
        memory.record_action("a", True, now=5.0)
    before = memory_store.fingerprint()
    with memory_store.open() as memory:
        assert memory.count() == 2
        assert [e.action for e in memory.audit()] == ["hit"]
    assert memory_store.fingerprint() == before, "opening a current store writes nothing"
