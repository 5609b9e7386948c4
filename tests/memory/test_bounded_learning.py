"""Issue 22 item 7 (second half): learning from one screen is bounded in targets and time."""

from __future__ import annotations

from pathlib import Path

from iconfind import ReplayBackend
from iconfind.memory import AppBlocklist, DesktopLearner, SQLiteMemory, get_screen_context
from iconfind.memory.context import MAX_TARGETS_PER_SCREEN
from tests.hostile.snapshots import many_items


def test_a_huge_screen_is_read_up_to_the_cap_and_not_learned(tmp_path: Path) -> None:
    backend = ReplayBackend(many_items(tmp_path / "big", MAX_TARGETS_PER_SCREEN + 500))
    with SQLiteMemory(tmp_path / "m.sqlite3") as memory:
        context = get_screen_context(backend, memory, blocklist=AppBlocklist([]))
        assert context.truncated
        assert len(context.targets) == MAX_TARGETS_PER_SCREEN
        assert memory.count() == 0  # nothing learned: the database did not grow with the tree
        [entry] = [e for e in memory.audit() if e.action == "capture_truncated"]
        assert entry.detail == {"reason": f"over {MAX_TARGETS_PER_SCREEN} targets"}
        assert context.to_tool_response()["truncated"] is True


def test_a_screen_under_the_cap_is_learned(tmp_path: Path) -> None:
    backend = ReplayBackend(many_items(tmp_path / "small", 50))
    with SQLiteMemory(tmp_path / "m.sqlite3") as memory:
        context = get_screen_context(backend, memory, blocklist=AppBlocklist([]))
        assert not context.truncated
        assert memory.count() == len(context.targets) >= 50


def test_memory_work_stops_at_the_budget(tmp_path: Path) -> None:
    backend = ReplayBackend(many_items(tmp_path / "small", 50))
    with SQLiteMemory(tmp_path / "m.sqlite3") as memory:
        learner = DesktopLearner(backend, memory, blocklist=AppBlocklist([]), budget_s=0.0)
        context = learner.get_screen_context()  # a budget already spent: no learning
        assert context.truncated and memory.count() == 0
        assert [e.detail for e in memory.audit()] == [{"reason": "over the time budget"}]


def test_cli_memory_context_on_a_huge_screen(tmp_path: Path, run_cli: object) -> None:
    snap = many_items(tmp_path / "big", MAX_TARGETS_PER_SCREEN + 10)
    db = tmp_path / "m.sqlite3"
    out = run_cli("memory", "context", "--replay", snap, "--db", db, "--json")  # type: ignore[operator]
    assert out.returncode == 0, out.stderr
    assert out.json()["truncated"] is True
    with SQLiteMemory(db) as memory:
        assert memory.count() == 0
