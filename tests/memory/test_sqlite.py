"""SQLiteMemory on real files: round trips, queries, schema versioning, bad files, audit log."""

from __future__ import annotations

import hashlib
import io
import json
import os
import sqlite3
from pathlib import Path

import pytest

from iconfind import MemoryStoreError
from iconfind.memory import AuditEntry, SQLiteMemory, default_path, export_jsonl
from iconfind.memory.sqlite import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION
from tests.memory.conftest import APP, WINDOW, both_stores, make_target, run_together


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@both_stores
def test_round_trip_every_field(memory: SQLiteMemory) -> None:
    target = make_target(
        "t1",
        confidence=0.77,
        hit_count=4,
        miss_count=1,
        parent_id="p0",
        depth=3,
        visual_hash="cc3333cccc3333cc",
        stale=True,
        first_seen=1.5,
        last_seen=2.5,
    )
    assert memory.upsert([target]) == 1
    assert memory.get("t1") == target
    assert memory.get("nope") is None


@both_stores
def test_upsert_replaces_by_id(memory: SQLiteMemory) -> None:
    memory.upsert([make_target("t1", label="Old")])
    memory.upsert([make_target("t1", label="New")])
    assert memory.count() == 1
    stored = memory.get("t1")
    assert stored is not None and stored.label == "New"


@both_stores
def test_query_filters_and_order(memory: SQLiteMemory) -> None:
    memory.upsert(
        [
            make_target("low", confidence=0.2, label="Save draft"),
            make_target("high", confidence=0.9, label="Save"),
            make_target("mid", confidence=0.5, role="link", label="Help"),
            make_target("other-window", window="Settings", label="Save"),
            make_target("other-app", app="Firefox", label="Save"),
            make_target("percent", confidence=0.3, label="100% zoom"),
        ]
    )
    assert [t.id for t in memory.query(APP, WINDOW)] == ["high", "mid", "percent", "low"]
    assert [t.id for t in memory.query(APP, WINDOW, label="save")] == ["high", "low"]
    assert [t.id for t in memory.query(APP, WINDOW, role="link")] == ["mid"]
    assert {t.id for t in memory.query(APP)} >= {"other-window", "high"}
    assert [t.id for t in memory.query(APP, WINDOW, limit=1)] == ["high"]
    assert [t.id for t in memory.query(APP, WINDOW, label="0%")] == ["percent"]
    assert memory.query("Nobody") == []


@both_stores
def test_upsert_is_all_or_nothing(memory: SQLiteMemory) -> None:
    def targets():  # type: ignore[no-untyped-def]
        yield make_target("a")
        yield make_target("b")
        raise RuntimeError("detector crashed")

    with pytest.raises(RuntimeError):
        memory.upsert(targets())
    assert memory.count() == 0


@both_stores
def test_record_action_unknown_id_is_none(memory: SQLiteMemory) -> None:
    assert memory.record_action("ghost", True) is None


@both_stores
def test_forget_an_app(memory: SQLiteMemory) -> None:
    memory.upsert(
        [make_target("a"), make_target("b", window="Settings"), make_target("c", app="X")]
    )
    assert memory.forget(APP, "Settings") == 1
    assert memory.forget(APP) == 1
    assert memory.apps() == [("X", 1)]
    assert memory.audit()[-1].action == "forget"


def test_new_file_is_wal_versioned_and_marked(db_path: Path) -> None:
    SQLiteMemory(db_path).close()
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert raw.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        indexes = {
            row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type='index'")
        }
    assert {"targets_app_window", "targets_app_label", "targets_app_role"} <= indexes


def test_parent_directories_are_created(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "memory.sqlite3"
    with SQLiteMemory(path) as store:
        store.upsert([make_target()])
    assert path.exists()


def test_default_path_is_user_data_dir_or_env(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("ICONFIND_MEMORY", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "xdg" / "iconfind" / "memory.sqlite3"
    monkeypatch.setenv("ICONFIND_MEMORY", str(tmp_path / "mine.db"))
    with SQLiteMemory() as store:
        assert store.path == tmp_path / "mine.db"
    assert (tmp_path / "mine.db").exists()


def test_migrates_a_version_1_file_keeping_its_targets(db_path: Path) -> None:
    raw = sqlite3.connect(db_path)
    for statement in MIGRATIONS[0]:
        raw.execute(statement)
    raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    raw.execute("PRAGMA user_version = 1")
    raw.execute(
        "INSERT INTO targets (id, app_name, window_title, role, label, x1, y1, x2, y2, click_x, "
        "click_y, confidence, source, first_seen, last_seen, hit_count) VALUES "
        "('old', ?, ?, 'button', 'Send', 0, 0, 10, 10, 5, 5, 0.9, 'a11y', 1, 2, 3)",
        (APP, WINDOW),
    )
    raw.commit()
    raw.close()
    with SQLiteMemory(db_path) as store:
        old = store.get("old")
        assert old is not None and old.label == "Send" and old.hit_count == 3
        store.record_action("old", True)
        assert [e.action for e in store.audit()] == ["hit"], "version 2 brought the audit log"
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_random_bytes_file_is_refused_and_untouched(db_path: Path) -> None:
    db_path.write_bytes(os.urandom(8192))
    before = digest(db_path)
    with pytest.raises(MemoryStoreError, match="not an SQLite database") as caught:
        SQLiteMemory(db_path)
    assert caught.value.path == str(db_path)
    assert digest(db_path) == before
    assert not Path(f"{db_path}-wal").exists()


def test_corrupted_sqlite_file_is_refused_and_untouched(db_path: Path) -> None:
    with SQLiteMemory(db_path) as store:
        store.upsert([make_target()])
    data = bytearray(db_path.read_bytes())
    data[16:] = os.urandom(len(data) - 16)  # keep the magic header, ruin everything else
    db_path.write_bytes(bytes(data))
    before = digest(db_path)
    with pytest.raises(MemoryStoreError, match="left untouched"):
        SQLiteMemory(db_path)
    assert digest(db_path) == before


OPENER = """
import sys
from iconfind.memory import SQLiteMemory
sys.stdin.readline()  # open together
for _ in range(20):
    SQLiteMemory(sys.argv[1]).close()
print("ok")
"""


def test_processes_opening_a_new_file_together_all_see_an_iconfind_file(db_path: Path) -> None:
    """The first opener creates the tables and marks the file in one transaction; another
    process reading the file's identity meanwhile must see it either empty or marked, never
    half way (tables but no mark: "another program's database")."""
    run_together(OPENER, [[str(db_path)]] * 6, printed="ok", timeout=300)
    with SQLiteMemory(db_path) as store:
        assert store.count() == 0 and store.integrity_check() == "ok"


def test_foreign_database_is_refused_and_untouched(db_path: Path) -> None:
    with sqlite3.connect(db_path) as raw:
        raw.execute("CREATE TABLE users (name TEXT)")
        raw.execute("INSERT INTO users VALUES ('ada')")
    raw.close()
    before = digest(db_path)
    with pytest.raises(MemoryStoreError, match=r"another program's SQLite database.*users"):
        SQLiteMemory(db_path)
    assert digest(db_path) == before
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert raw.execute("SELECT name FROM users").fetchall() == [("ada",)]
    raw.close()


def test_newer_schema_is_refused(db_path: Path) -> None:
    SQLiteMemory(db_path).close()
    with sqlite3.connect(db_path) as raw:
        raw.execute("PRAGMA user_version = 99")
    raw.close()
    with pytest.raises(MemoryStoreError, match="newer iconfind"):
        SQLiteMemory(db_path)


def test_closed_memory_raises_typed_error(db_path: Path) -> None:
    store = SQLiteMemory(db_path)
    store.close()
    store.close()
    with pytest.raises(MemoryStoreError, match="closed"):
        store.get("x")


def test_audit_log_is_append_only_and_exports_json_lines(memory: SQLiteMemory) -> None:
    memory.upsert([make_target("t1")])
    memory.record_action("t1", True, feedback="dialog opened", now=10.0)
    memory.record_action("t1", False, now=11.0)
    logged = memory.log(AuditEntry("tap", 12.0, APP, WINDOW, "t1", {"x": 1}))
    assert logged.seq == 3
    entries = memory.audit()
    assert [e.action for e in entries] == ["hit", "miss", "tap"]
    assert entries[0].detail == {"confidence": 0.55, "feedback": "dialog opened"}
    assert [e.seq for e in memory.audit(since_seq=1)] == [2, 3]

    out = io.StringIO()
    assert export_jsonl(entries, out) == 3
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0] == {
        "action": "hit",
        "app": APP,
        "at": 10.0,
        "detail": {"confidence": 0.55, "feedback": "dialog opened"},
        "seq": 1,
        "targetId": "t1",
        "window": WINDOW,
    }

    path = memory.path
    assert path is not None
    with sqlite3.connect(path) as raw:
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            raw.execute("UPDATE audit SET action = 'nothing'")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            raw.execute("DELETE FROM audit")
    raw.close()
    assert len(memory.audit()) == 3


def test_in_memory_store_works_without_a_file() -> None:
    with SQLiteMemory(":memory:") as store:
        store.upsert([make_target()])
        assert store.path is None
        assert store.integrity_check() == "ok"
        assert store.count(APP) == 1


def test_remember_and_lookup_without_a_device(memory: SQLiteMemory) -> None:
    saved = memory.remember("Firefox", "Save", 842, 567, window="Editor")
    assert saved.source == "learned" and saved.confidence == 0.8
    assert memory.lookup("Firefox", "save") == saved
    assert memory.lookup("Firefox", "save", window="Other") is None
    assert memory.lookup("Firefox", "Sav") is None, "exact label, not a substring"
    memory.record_action(saved.id, True)
    moved = memory.remember("Firefox", "Save", 900, 600, window="Editor")
    assert moved.id == saved.id and moved.hit_count == 1, "teaching again keeps the history"
    assert [e.action for e in memory.audit()] == ["teach", "hit", "teach"]
