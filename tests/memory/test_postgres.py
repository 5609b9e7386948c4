"""PostgresMemory specifics on a real PostgreSQL cluster: the schema it creates, migration, the
append-only audit table, connection failures, locks, and sharing a database."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from iconfind import MemoryStoreError
from iconfind.memory import AuditEntry
from iconfind.memory.postgres import MIGRATIONS, SCHEMA_VERSION, PostgresMemory, redact_dsn
from tests.memory.conftest import APP, WINDOW, make_target
from tests.memory.stores import PostgresCluster


@pytest.fixture
def dsn(postgres_cluster: PostgresCluster) -> str:
    return postgres_cluster.fresh_database()


@pytest.fixture
def raw(dsn: str) -> Iterator[psycopg.Connection[Any]]:
    with psycopg.connect(dsn, autocommit=True) as conn:
        yield conn


def test_new_database_gets_a_versioned_marked_schema_with_indexes(
    dsn: str, raw: psycopg.Connection[Any]
) -> None:
    raw.execute("CREATE TABLE public.users (name TEXT)")
    raw.execute("INSERT INTO public.users VALUES ('ada')")
    PostgresMemory(dsn).close()
    meta = dict(raw.execute("SELECT key, value FROM iconfind.iconfind_meta").fetchall())
    assert meta == {"application": "iconfind", "schema_version": str(SCHEMA_VERSION)}
    indexes = {
        row[0]
        for row in raw.execute("SELECT indexname FROM pg_indexes WHERE schemaname = 'iconfind'")
    }
    assert {"targets_app_window", "targets_app_label", "targets_app_role"} <= indexes
    assert raw.execute("SELECT name FROM public.users").fetchall() == [("ada",)], (
        "memory shares a database with other applications without touching their tables"
    )


def test_migrates_a_version_1_schema_keeping_its_targets(
    dsn: str, raw: psycopg.Connection[Any]
) -> None:
    raw.execute("CREATE SCHEMA iconfind")
    raw.execute("CREATE TABLE iconfind.iconfind_meta (key TEXT PRIMARY KEY, value TEXT)")
    raw.execute(
        "INSERT INTO iconfind.iconfind_meta VALUES ('application', 'iconfind'), "
        "('schema_version', '1')"
    )
    for statement in MIGRATIONS[0]:
        raw.execute(statement.replace("{s}", "iconfind"))
    raw.execute(
        "INSERT INTO iconfind.targets (id, app_name, window_title, role, label, x1, y1, x2, y2, "
        "click_x, click_y, confidence, source, first_seen, last_seen, hit_count) VALUES "
        "('old', %s, %s, 'button', 'Send', 0, 0, 10, 10, 5, 5, 0.9, 'a11y', 1, 2, 3)",
        (APP, WINDOW),
    )
    with PostgresMemory(dsn) as store:
        old = store.get("old")
        assert old is not None and old.label == "Send" and old.hit_count == 3
        store.record_action("old", True)
        assert [e.action for e in store.audit()] == ["hit"], "version 2 brought the audit log"
        assert store.integrity_check() == "ok"
    version = raw.execute(
        "SELECT value FROM iconfind.iconfind_meta WHERE key = 'schema_version'"
    ).fetchone()
    assert version == (str(SCHEMA_VERSION),)


def test_audit_log_is_append_only_and_round_trips_details(
    dsn: str, raw: psycopg.Connection[Any]
) -> None:
    with PostgresMemory(dsn) as memory:
        memory.upsert([make_target("t1")])
        memory.record_action("t1", True, feedback="dialog opened", now=10.0)
        memory.record_action("t1", False, now=11.0)
        logged = memory.log(AuditEntry("tap", 12.0, APP, WINDOW, "t1", {"x": 1, "ok": True}))
        assert logged.seq == 3
        entries = memory.audit()
        assert [e.action for e in entries] == ["hit", "miss", "tap"]
        assert entries[0].detail == {"confidence": 0.55, "feedback": "dialog opened"}
        assert entries[2].detail == {"x": 1, "ok": True}
        assert [e.seq for e in memory.audit(since_seq=1, limit=1)] == [2]
        for statement in (
            "UPDATE iconfind.audit SET action = 'nothing'",
            "DELETE FROM iconfind.audit",
            "TRUNCATE iconfind.audit",
        ):
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                raw.execute(statement)
        assert len(memory.audit()) == 3


def test_unreachable_server_is_a_clear_error_without_the_password(
    postgres_cluster: PostgresCluster,
) -> None:
    dsn = f"host={postgres_cluster.root}/nowhere port=1 user=ada password=s3cret dbname=memory"
    with pytest.raises(MemoryStoreError, match="cannot connect") as caught:
        PostgresMemory(dsn, timeout_s=2)
    assert "s3cret" not in str(caught.value)
    assert caught.value.path is None
    assert "s3cret" not in redact_dsn("postgresql://ada:s3cret@db.example/memory")


def test_unknown_database_is_a_clear_error(postgres_cluster: PostgresCluster) -> None:
    with pytest.raises(MemoryStoreError, match='database "absent" does not exist'):
        PostgresMemory(postgres_cluster.dsn("absent"))


def test_schema_name_must_be_a_plain_identifier(dsn: str) -> None:
    with pytest.raises(MemoryStoreError, match="plain lower-case identifier"):
        PostgresMemory(dsn, schema='x"; DROP TABLE users; --')


def test_schemas_are_separate_memories_in_one_database(dsn: str) -> None:
    with PostgresMemory(dsn, schema="team_a") as a, PostgresMemory(dsn, schema="team_b") as b:
        a.upsert([make_target("t1", label="Alpha")])
        b.upsert([make_target("t1", label="Beta")])
        b.record_action("t1", True)
        found_a, found_b = a.get("t1"), b.get("t1")
        assert found_a is not None and found_a.label == "Alpha" and found_a.hit_count == 0
        assert found_b is not None and found_b.label == "Beta" and found_b.hit_count == 1
        assert a.audit() == [] and len(b.audit()) == 1


def test_a_dropped_connection_fails_one_call_and_the_next_reconnects(
    dsn: str, raw: psycopg.Connection[Any]
) -> None:
    with PostgresMemory(dsn) as memory:
        memory.upsert([make_target("t1")])
        raw.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = 'iconfind' AND datname = current_database()"
        )
        with pytest.raises(MemoryStoreError, match="connection lost"):
            memory.get("t1")
        assert memory.get("t1") == make_target("t1")
        assert memory.record_action("t1", True) is not None


def test_a_writer_blocked_past_its_timeout_gets_a_clear_error(
    dsn: str, raw: psycopg.Connection[Any]
) -> None:
    with PostgresMemory(dsn, timeout_s=0.5) as memory:
        memory.upsert([make_target("t1")])
        with raw.transaction():
            raw.execute("SELECT 1 FROM iconfind.targets WHERE id = 't1' FOR UPDATE")
            with pytest.raises(MemoryStoreError, match="held the lock"):
                memory.record_action("t1", True)
        assert memory.record_action("t1", True) is not None, "usable once the lock is gone"
        stored = memory.get("t1")
        assert stored is not None and stored.hit_count == 1


def test_threads_sharing_one_store_lose_no_updates(dsn: str) -> None:
    with PostgresMemory(dsn) as memory:
        memory.upsert([make_target("t1")])

        def hit() -> None:
            for _ in range(50):
                memory.record_action("t1", True)

        threads = [threading.Thread(target=hit) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        stored = memory.get("t1")
        assert stored is not None and stored.hit_count == 200
        assert [e.seq for e in memory.audit()] == list(range(1, 201))
