"""The two memory stores as test subjects: a real SQLite file, and a real PostgreSQL database in a
throw-away cluster that the tests start themselves.

The cluster: Debian's PostgreSQL binaries (``initdb``, ``pg_ctl``; found on ``PATH``, in
``$ICONFIND_PG_BIN`` or in ``/usr/lib/postgresql/<version>/bin``) run ``initdb`` into a temporary
directory and start a server that listens only on a unix socket in that directory (no TCP, no
system service). PostgreSQL refuses to run as root, so as root the server runs as the
``postgres`` user (or ``nobody``). One cluster per test session (or xdist worker); each test gets
an emptied database in it. ``fsync=off``: nothing here survives a power cut, and a killed process
(client or server) loses nothing it committed either way.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import os
import pwd
import shutil
import socket
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from iconfind.memory import AuditEntry, SQLiteMemory
from iconfind.memory.postgres import PostgresMemory

KINDS = ("sqlite", "postgres")


def pg_bin(name: str) -> str:
    """Path of a PostgreSQL server program (``initdb``, ``pg_ctl``)."""
    override = os.environ.get("ICONFIND_PG_BIN")
    if override:
        return str(Path(override) / name)
    found = shutil.which(name)
    if found:
        return found
    for directory in sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda d: int(Path(d).parent.name) if Path(d).parent.name.isdigit() else 0,
        reverse=True,
    ):
        candidate = Path(directory) / name
        if candidate.exists():
            return str(candidate)
    raise RuntimeError(
        f"PostgreSQL's {name} not found: apt-get install -y postgresql (or set ICONFIND_PG_BIN)"
    )


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresCluster:
    """A throw-away PostgreSQL cluster on a unix socket; :meth:`create_database` gives DSNs."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="icf-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.superuser = "iconfind"
        self._user: dict[str, Any] = {}
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                with contextlib.suppress(KeyError):
                    entry = pwd.getpwnam(name)
                    self._user = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
                    os.chown(self.root, entry.pw_uid, entry.pw_gid)
                    break
        self.started = False

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            args, capture_output=True, text=True, timeout=60, check=False, **self._user
        )
        if done.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}\n{tail}")

    def start(self) -> None:
        self._run(
            pg_bin("initdb"),
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            self.superuser,
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        options = (
            f"-k {self.root} -p {self.port} -c listen_addresses='' -c fsync=off "
            "-c max_connections=40 -c shared_buffers=16MB"
        )
        self._run(
            pg_bin("pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.root / "server.log"),
            "-w",
            "-t",
            "60",
            "-o",
            options,
            "start",
        )
        self.started = True

    def stop(self) -> None:
        if self.started:
            with contextlib.suppress(RuntimeError):
                self._run(pg_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)

    def dsn(self, dbname: str = "postgres") -> str:
        return f"host={self.root} port={self.port} user={self.superuser} dbname={dbname}"

    def admin(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.dsn(), autocommit=True)

    def fresh_database(self) -> str:
        """The DSN of database ``memory``, emptied: no other sessions, only an empty ``public``.

        (Resetting one database is several times faster than ``CREATE DATABASE`` per test.)
        """
        with self.admin() as conn:
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname = 'memory'").fetchone():
                conn.execute("CREATE DATABASE memory")
        dsn = self.dsn("memory")
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = 'memory' AND pid <> pg_backend_pid()"
            )
            schemas = conn.execute(
                "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' "
                "AND nspname <> 'information_schema'"
            ).fetchall()
            for (schema,) in schemas:
                conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
            conn.execute("CREATE SCHEMA public")
        return dsn

    def data_bytes(self) -> bytes:
        """Every byte the cluster has on disk (tables, indexes, WAL), after a checkpoint."""
        with self.admin() as conn:
            conn.execute("CHECKPOINT")
        chunks = []
        for path in sorted(self.data.rglob("*")):
            if path.is_file():
                with contextlib.suppress(OSError):
                    chunks.append(path.read_bytes())
        return b"".join(chunks)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    """One throw-away PostgreSQL cluster for the session (per xdist worker)."""
    cluster = PostgresCluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


class StoreKind:
    """One store under test, with the few things the tests do outside the Memory protocol.

    ``location`` is what the store is opened with (a file path or a DSN); ``argv`` passes the
    kind and location to a child process, where ``open_store(sys.argv[1], sys.argv[2])`` in
    :data:`CHILD_PRELUDE` opens the same store.
    """

    name: str
    location: str

    def open(self, **kw: Any) -> SQLiteMemory | PostgresMemory:
        raise NotImplementedError

    @property
    def argv(self) -> tuple[str, str]:
        return (self.name, self.location)

    def stored_bytes(self) -> bytes:
        """Everything the store has written to disk (the password tests grep it)."""
        raise NotImplementedError

    def assert_writes_in_flight(self) -> None:
        """A child process holds an open transaction that has already written data."""
        raise NotImplementedError

    def assert_sound(self) -> None:
        """The store's own consistency check, outside iconfind."""
        raise NotImplementedError

    def make_foreign(self) -> None:
        """Put another program's data where the store would go."""
        raise NotImplementedError

    def make_newer(self) -> None:
        """A store written by a future iconfind (schema version 99)."""
        raise NotImplementedError

    def make_damaged(self) -> None:
        """A store of ours that has been damaged."""
        raise NotImplementedError

    def fingerprint(self) -> str:
        """A digest of everything stored, to show a refused store was left untouched."""
        raise NotImplementedError


class SQLiteKind(StoreKind):
    name = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.location = str(path)

    def open(self, **kw: Any) -> SQLiteMemory:
        return SQLiteMemory(self.path, **kw)

    def stored_bytes(self) -> bytes:
        return b"".join(
            p.read_bytes()
            for p in sorted(self.path.parent.glob(self.path.name + "*"))
            if p.is_file()
        )

    def assert_writes_in_flight(self) -> None:
        wal = Path(f"{self.path}-wal")
        assert wal.stat().st_size > 1_000_000, "the open transaction has written to the WAL"

    def assert_sound(self) -> None:
        with contextlib.closing(sqlite3.connect(self.path)) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

    def make_foreign(self) -> None:
        with contextlib.closing(sqlite3.connect(self.path)) as raw:
            raw.execute("CREATE TABLE users (name TEXT)")
            raw.execute("INSERT INTO users VALUES ('ada')")
            raw.commit()

    def make_newer(self) -> None:
        self.open().close()
        with contextlib.closing(sqlite3.connect(self.path)) as raw:
            raw.execute("PRAGMA user_version = 99")

    def make_damaged(self) -> None:
        with self.open() as memory:
            memory.log(AuditEntry("tap", 1.0, "App", "Win"))
        data = bytearray(self.path.read_bytes())
        data[16:] = os.urandom(len(data) - 16)  # keep the magic header, ruin everything else
        self.path.write_bytes(bytes(data))

    def fingerprint(self) -> str:
        files = sorted(self.path.parent.glob(self.path.name + "*"))
        return hashlib.sha256(
            b"".join(p.name.encode() + p.read_bytes() for p in files if p.is_file())
        ).hexdigest()


class PostgresKind(StoreKind):
    name = "postgres"

    def __init__(self, cluster: PostgresCluster, dsn: str) -> None:
        self.cluster = cluster
        self.location = dsn

    def open(self, **kw: Any) -> PostgresMemory:
        return PostgresMemory(self.location, **kw)

    def stored_bytes(self) -> bytes:
        """The memory tables' contents as text, then every file of the cluster (heap, WAL)."""
        with psycopg.connect(self.location, autocommit=True) as conn:
            rows = [
                str(row[0]).encode()
                for table in ("targets", "audit", "iconfind_meta")
                for row in conn.execute(f"SELECT t::text FROM iconfind.{table} t").fetchall()
            ]
        return b"\n".join(rows) + self.cluster.data_bytes()

    def assert_writes_in_flight(self) -> None:
        with psycopg.connect(self.location, autocommit=True) as conn:
            rows = conn.execute(
                "SELECT state FROM pg_stat_activity WHERE datname = current_database() "
                "AND application_name = 'iconfind' AND backend_xid IS NOT NULL"
            ).fetchall()
        assert rows == [("idle in transaction",)], "a transaction holding writes is open"

    def assert_sound(self) -> None:
        with psycopg.connect(self.location, autocommit=True) as conn:
            conn.execute("SELECT count(*) FROM iconfind.targets").fetchone()
            conn.execute("SELECT count(*) FROM iconfind.audit").fetchone()

    def _admin(self, *statements: str) -> None:
        with psycopg.connect(self.location, autocommit=True) as conn:
            for statement in statements:
                conn.execute(statement)

    def make_foreign(self) -> None:
        self._admin(
            "CREATE SCHEMA iconfind",
            "CREATE TABLE iconfind.users (name TEXT)",
            "INSERT INTO iconfind.users VALUES ('ada')",
        )

    def make_newer(self) -> None:
        self.open().close()
        self._admin("UPDATE iconfind.iconfind_meta SET value = '99' WHERE key = 'schema_version'")

    def make_damaged(self) -> None:
        with self.open() as memory:
            memory.log(AuditEntry("tap", 1.0, "App", "Win"))
        self._admin("ALTER TABLE iconfind.targets DROP COLUMN visual_hash")

    def fingerprint(self) -> str:
        """Every user table's columns and rows, in every schema of the database."""
        digest = hashlib.sha256()
        with psycopg.connect(self.location, autocommit=True) as conn:
            tables = conn.execute(
                "SELECT table_schema, table_name FROM information_schema.tables "
                "WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2"
            ).fetchall()
            for schema, table in tables:
                columns = conn.execute(
                    "SELECT column_name, data_type FROM information_schema.columns "
                    "WHERE table_schema = %s AND table_name = %s ORDER BY ordinal_position",
                    (schema, table),
                ).fetchall()
                rows = conn.execute(
                    f'SELECT t::text FROM "{schema}"."{table}" t ORDER BY 1'
                ).fetchall()
                digest.update(repr((schema, table, columns, rows)).encode())
        return digest.hexdigest()


@pytest.fixture(params=KINDS)
def memory_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreKind]:
    """Each store in turn: a fresh SQLite file, then a fresh PostgreSQL database."""
    yield from _store(request, request.param, tmp_path)


def _store(request: pytest.FixtureRequest, kind: str, tmp_path: Path) -> Iterator[StoreKind]:
    if kind == "sqlite":
        yield SQLiteKind(tmp_path / "memory.sqlite3")
        return
    cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
    yield PostgresKind(cluster, cluster.fresh_database())


def open_memory_store(
    request: pytest.FixtureRequest, kind: str, db_path: Path
) -> Iterator[SQLiteMemory | PostgresMemory]:
    """An open store of ``kind`` (SQLite at ``db_path``); closed, its database dropped, after."""
    for store in _store(request, kind, db_path.parent):
        with store.open() as memory:
            yield memory


CHILD_PRELUDE = """
import sys

def open_store(kind, location, **kw):
    if kind == "postgres":
        from iconfind.memory.postgres import PostgresMemory
        return PostgresMemory(location, **kw)
    from iconfind.memory import AuditEntry, SQLiteMemory
    return SQLiteMemory(location, **kw)
"""
"""Child-process code: ``open_store(sys.argv[1], sys.argv[2])`` opens the store under test."""

__all__ = [
    "CHILD_PRELUDE",
    "KINDS",
    "PostgresCluster",
    "PostgresKind",
    "SQLiteKind",
    "StoreKind",
    "memory_store",
    "open_memory_store",
    "pg_bin",
    "postgres_cluster",
]
