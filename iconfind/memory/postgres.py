"""A team's shared memory store: PostgreSQL through psycopg 3 (extra ``iconfind[postgres]``).

Same :class:`~iconfind.memory.Memory` protocol and semantics as
:class:`~iconfind.memory.SQLiteMemory`, so workers on many machines learn into one database:

- Every read-modify-write is one transaction. :meth:`PostgresMemory.record_action` locks the
  target row (``SELECT ... FOR UPDATE``); :meth:`PostgresMemory.observe` takes a transaction-level
  advisory lock on the app/window and locks its rows, so concurrent writers never lose an update.
  Audit entries go in the same transaction, appended under a short advisory lock so that ``seq``
  order is commit order (``audit(since_seq=last)`` is a reliable tail cursor).
- :meth:`PostgresMemory.upsert` writes all of its targets or none (rows are streamed to the
  server in batches inside the transaction). A deadlock or serialization failure is retried.
- Tables live in their own schema (default ``iconfind``), so memory can share a database with
  other applications. ``<schema>.iconfind_meta`` marks the schema as iconfind's and holds the
  schema version; :data:`MIGRATIONS` upgrades an older schema step by step in one transaction.
  A schema holding another program's tables, a version newer than this iconfind, a damaged
  schema, or an unreachable server raises :class:`~iconfind.MemoryStoreError`; nothing is ever
  dropped or rewritten.
- The audit table refuses ``UPDATE``, ``DELETE`` and ``TRUNCATE`` (triggers).
- ``dsn`` is a libpq connection string or URL; ``None`` reads ``ICONFIND_MEMORY_DSN``, and an
  empty string uses libpq's defaults (``PGHOST``, ``PGDATABASE``, ...). Error messages and
  ``repr`` never show the password.
"""

from __future__ import annotations

import os
import random
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import Any, TypeVar

try:
    import psycopg
    from psycopg import errors as pg_errors
    from psycopg.conninfo import conninfo_to_dict, make_conninfo
    from psycopg.types.json import Jsonb
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("PostgresMemory needs psycopg 3: pip install 'iconfind[postgres]'") from exc

from iconfind.errors import MemoryStoreError
from iconfind.memory._rows import (
    AUDIT_COLUMNS,
    TARGET_COLUMNS,
    action_entry,
    capture_entry,
    forget_entry,
    learn_columns,
    row_entry,
    row_target,
    target_filter,
    target_row,
    with_seq,
)
from iconfind.memory.audit import AuditEntry
from iconfind.memory.base import DEFAULT_QUERY_LIMIT
from iconfind.memory.learning import (
    ActionOutcome,
    Observation,
    now_s,
    observe,
    record_action_result,
)
from iconfind.memory.models import DesktopTarget, Role

T = TypeVar("T")

ENV_DSN = "ICONFIND_MEMORY_DSN"
DEFAULT_SCHEMA = "iconfind"
APPLICATION = "iconfind"
"""``iconfind_meta.application`` of an iconfind schema."""
META_TABLE = "iconfind_meta"

LOCK_CLASS = 0x49434644
"""Advisory lock class ("ICFD"): ``(LOCK_CLASS, hash(schema, app, window))`` serialises
:meth:`PostgresMemory.observe` per window; ``LOCK_CLASS + 1`` the audit tail; ``LOCK_CLASS + 2``
schema creation and migration."""

BATCH = 500
"""Rows sent to the server per ``executemany`` in :meth:`PostgresMemory.upsert`."""

_SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: learned targets, with the lookups memory makes (app/window, label, role).
    (
        """CREATE TABLE {s}.targets (
            id TEXT PRIMARY KEY,
            app_name TEXT NOT NULL,
            window_title TEXT NOT NULL,
            role TEXT NOT NULL,
            label TEXT NOT NULL,
            x1 INTEGER NOT NULL, y1 INTEGER NOT NULL, x2 INTEGER NOT NULL, y2 INTEGER NOT NULL,
            click_x INTEGER NOT NULL, click_y INTEGER NOT NULL,
            confidence DOUBLE PRECISION NOT NULL CHECK (confidence BETWEEN 0 AND 1),
            source TEXT NOT NULL,
            first_seen DOUBLE PRECISION NOT NULL,
            last_seen DOUBLE PRECISION NOT NULL,
            hit_count BIGINT NOT NULL DEFAULT 0 CHECK (hit_count >= 0),
            miss_count BIGINT NOT NULL DEFAULT 0 CHECK (miss_count >= 0),
            parent_id TEXT,
            depth INTEGER NOT NULL DEFAULT 0,
            visual_hash TEXT,
            stale BOOLEAN NOT NULL DEFAULT FALSE
        )""",
        "CREATE INDEX targets_app_window ON {s}.targets (app_name, window_title, confidence DESC)",
        "CREATE INDEX targets_app_label ON {s}.targets (app_name, lower(label))",
        "CREATE INDEX targets_app_role ON {s}.targets (app_name, role)",
    ),
    # 2: the append-only audit log, and a lookup by fingerprint.
    (
        """CREATE TABLE {s}.audit (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            at DOUBLE PRECISION NOT NULL,
            action TEXT NOT NULL,
            app_name TEXT NOT NULL DEFAULT '',
            window_title TEXT NOT NULL DEFAULT '',
            target_id TEXT,
            detail JSONB NOT NULL DEFAULT '{}'
        )""",
        """CREATE FUNCTION {s}.audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$""",
        """CREATE TRIGGER audit_no_change BEFORE UPDATE OR DELETE ON {s}.audit
           FOR EACH ROW EXECUTE FUNCTION {s}.audit_append_only()""",
        """CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON {s}.audit
           FOR EACH STATEMENT EXECUTE FUNCTION {s}.audit_append_only()""",
        "CREATE INDEX targets_visual_hash ON {s}.targets (visual_hash) "
        "WHERE visual_hash IS NOT NULL",
    ),
)
"""Schema steps: ``MIGRATIONS[n]`` takes a schema from version ``n`` to ``n + 1`` (``{s}`` is the
quoted schema name)."""

SCHEMA_VERSION = len(MIGRATIONS)

TABLES_AT: tuple[frozenset[str], ...] = (
    frozenset({META_TABLE}),
    frozenset({META_TABLE, "targets"}),
    frozenset({META_TABLE, "targets", "audit"}),
)
"""Which tables a schema of version ``n`` must hold."""

_COLUMNS = ", ".join(TARGET_COLUMNS)
_RETRYABLE = (pg_errors.DeadlockDetected, pg_errors.SerializationFailure)


def redact_dsn(dsn: str) -> str:
    """``dsn`` as ``key=value`` pairs without the password (for messages and ``repr``)."""
    try:
        params = conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return "<unparsable DSN>"
    params.pop("password", None)
    return make_conninfo("", **params) or "<libpq defaults>"


def _quoted_schema(schema: str) -> str:
    if not _SCHEMA_NAME.fullmatch(schema):
        raise MemoryStoreError(
            f"schema name {schema!r} is not a plain lower-case identifier ([a-z_][a-z0-9_]*)"
        )
    return f'"{schema}"'


class PostgresMemory:
    """Memory in a PostgreSQL schema (see the module docstring). Thread-safe; one connection.

    ``schema`` names the PostgreSQL schema holding the tables (created if missing; needs the
    ``CREATE`` privilege on the database the first time). ``timeout_s`` bounds the connection
    attempt and how long a write waits for another writer's lock before
    :class:`~iconfind.MemoryStoreError`. A connection lost between calls is re-opened by the next
    call (the call that saw it fail raises). Use as a context manager or call :meth:`close`.
    """

    def __init__(
        self,
        dsn: str | None = None,
        *,
        schema: str = DEFAULT_SCHEMA,
        timeout_s: float = 30.0,
    ) -> None:
        self.dsn = os.environ.get(ENV_DSN, "") if dsn is None else dsn
        self.schema = schema
        self.timeout_s = timeout_s
        self._s = _quoted_schema(schema)
        self._where = f"postgresql {redact_dsn(self.dsn)} schema {schema}"
        self._lock = threading.RLock()
        self._closed = False
        self._conn: psycopg.Connection[Any] | None = None
        self._conn = self._open()

    def __repr__(self) -> str:
        return f"PostgresMemory({redact_dsn(self.dsn)!r}, schema={self.schema!r})"

    def __enter__(self) -> PostgresMemory:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- opening ----------------------------------------------------------------------------------

    def _error(self, message: str) -> MemoryStoreError:
        return MemoryStoreError(f"{self._where}: {message}", path=None)

    def _sql(self, statement: str) -> str:
        return statement.replace("{s}", self._s)

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            conn = psycopg.connect(
                self.dsn,
                autocommit=True,
                connect_timeout=max(1, round(self.timeout_s)),
                application_name="iconfind",
            )
        except psycopg.Error as exc:
            raise self._error(f"cannot connect ({_one_line(exc)})") from None
        try:
            conn.execute(f"SET lock_timeout = {max(1, round(self.timeout_s * 1000))}")
        except psycopg.Error as exc:
            conn.close()
            raise self._error(f"cannot configure the session ({_one_line(exc)})") from None
        return conn

    def _open(self) -> psycopg.Connection[Any]:
        conn = self._connect()
        try:
            with conn.transaction():
                conn.execute(
                    "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (LOCK_CLASS + 2, self.schema)
                )
                tables = self._tables(conn)
                version = self._check_identity(conn, tables)
                self._migrate(conn, version)
                self._check_shape(conn)
        except MemoryStoreError:
            conn.close()
            raise
        except pg_errors.InsufficientPrivilege as exc:
            conn.close()
            raise self._error(
                f"not allowed to create or upgrade the memory schema ({_one_line(exc)}); ask the "
                "database owner to run iconfind once, or grant CREATE"
            ) from None
        except psycopg.Error as exc:
            conn.close()
            raise self._error(f"cannot open ({_one_line(exc)}); nothing was changed") from None
        except BaseException:
            conn.close()
            raise
        return conn

    def _tables(self, conn: psycopg.Connection[Any]) -> set[str] | None:
        """The relations in our schema, or ``None`` when the schema does not exist."""
        exists = conn.execute(
            "SELECT 1 FROM pg_namespace WHERE nspname = %s", (self.schema,)
        ).fetchone()
        if exists is None:
            return None
        rows = conn.execute(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = %s AND c.relkind IN ('r', 'p', 'v', 'm', 'f')",
            (self.schema,),
        ).fetchall()
        return {str(row[0]) for row in rows}

    def _check_identity(self, conn: psycopg.Connection[Any], tables: set[str] | None) -> int:
        """The schema version found (0 for a new, empty schema); raises for anything not ours."""
        if not tables:
            return 0
        listed = ", ".join(sorted(tables))
        if META_TABLE not in tables:
            raise self._error(
                f"the schema holds another program's tables ({listed}); iconfind will not touch "
                "it: pass another schema= or database"
            )
        try:
            meta = dict(
                conn.execute(self._sql("SELECT key, value FROM {s}.iconfind_meta")).fetchall()
            )
        except psycopg.Error as exc:
            raise self._error(
                f"another program's {META_TABLE} table ({_one_line(exc)}); iconfind will not "
                "touch it: pass another schema= or database"
            ) from None
        if meta.get("application") != APPLICATION:
            raise self._error(
                f"another program's schema ({META_TABLE} names {meta.get('application')!r}, "
                f"tables: {listed}); iconfind will not touch it: pass another schema= or database"
            )
        raw = meta.get("schema_version")
        try:
            version = int(str(raw))
        except ValueError:
            raise self._error(
                f"damaged memory schema (schema_version {raw!r}); it was left untouched: "
                "restore it from a backup or pass another schema="
            ) from None
        if version > SCHEMA_VERSION:
            raise self._error(
                f"written by a newer iconfind (schema {version}, this one knows up to "
                f"{SCHEMA_VERSION}): upgrade iconfind"
            )
        if version < 0 or not TABLES_AT[version] <= tables:
            missing = ", ".join(sorted(TABLES_AT[max(version, 0)] - tables)) or "?"
            raise self._error(
                f"damaged memory schema (version {version} but missing: {missing}); it was left "
                "untouched: restore it from a backup or pass another schema="
            )
        return version

    def _migrate(self, conn: psycopg.Connection[Any], version: int) -> None:
        if version == SCHEMA_VERSION:
            return
        if version == 0:
            conn.execute(self._sql("CREATE SCHEMA IF NOT EXISTS {s}"))
            conn.execute(
                self._sql(f"CREATE TABLE {{s}}.{META_TABLE} (key TEXT PRIMARY KEY, value TEXT)")
            )
            conn.execute(
                self._sql(f"INSERT INTO {{s}}.{META_TABLE} VALUES ('application', %s)"),
                (APPLICATION,),
            )
        for step in range(version, SCHEMA_VERSION):
            for statement in MIGRATIONS[step]:
                conn.execute(self._sql(statement))
        conn.execute(
            self._sql(
                f"INSERT INTO {{s}}.{META_TABLE} VALUES ('schema_version', %s) "
                "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value"
            ),
            (str(SCHEMA_VERSION),),
        )

    def _check_shape(self, conn: psycopg.Connection[Any]) -> None:
        """The targets table has every column this iconfind reads (a damaged schema does not)."""
        rows = conn.execute(
            "SELECT column_name FROM information_schema.columns "
            "WHERE table_schema = %s AND table_name = 'targets'",
            (self.schema,),
        ).fetchall()
        missing = set(TARGET_COLUMNS) - {str(row[0]) for row in rows}
        if missing:
            raise self._error(
                f"damaged memory schema (targets lacks {', '.join(sorted(missing))}); it was "
                "left untouched: restore it from a backup or pass another schema="
            )

    # -- plumbing ---------------------------------------------------------------------------------

    @property
    def _connection(self) -> psycopg.Connection[Any]:
        if self._closed:
            raise self._error("this memory is closed")
        if self._conn is None or self._conn.broken or self._conn.closed:
            if self._conn is not None:
                self._conn.close()
            self._conn = None
            self._conn = self._connect()
        return self._conn

    def _failure(self, exc: psycopg.Error, what: str) -> MemoryStoreError:
        if isinstance(exc, pg_errors.LockNotAvailable):
            return self._error(f"another writer held the lock for {self.timeout_s:g} s")
        if isinstance(exc, psycopg.OperationalError):
            return self._error(f"connection lost during {what} ({_one_line(exc)})")
        return self._error(f"{what} failed ({_one_line(exc)})")

    @contextmanager
    def _read(self) -> Iterator[psycopg.Connection[Any]]:
        with self._lock:
            try:
                yield self._connection
            except psycopg.Error as exc:
                raise self._failure(exc, "read") from None

    def _write(self, body: Callable[[psycopg.Connection[Any]], T]) -> T:
        """Run ``body`` in one transaction: committed if it returns, rolled back if it raises.

        A deadlock or serialization failure rolls back and runs ``body`` again (until
        ``timeout_s``), so ``body`` must be safe to repeat.
        """
        deadline = time.monotonic() + self.timeout_s
        delay = 0.005
        with self._lock:
            while True:
                conn = self._connection
                try:
                    with conn.transaction():
                        return body(conn)
                except _RETRYABLE as exc:
                    if time.monotonic() >= deadline:
                        raise self._failure(exc, "write") from None
                    time.sleep(delay * (1 + random.random()))
                    delay = min(delay * 2, 0.1)
                except psycopg.Error as exc:
                    raise self._failure(exc, "write") from None

    def _log(self, conn: psycopg.Connection[Any], entry: AuditEntry) -> int:
        # Held to commit: audit rows become visible in seq order.
        conn.execute(
            "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (LOCK_CLASS + 1, self.schema)
        )
        row = conn.execute(
            self._sql(
                "INSERT INTO {s}.audit (at, action, app_name, window_title, target_id, detail) "
                "VALUES (%s, %s, %s, %s, %s, %s) RETURNING seq"
            ),
            (
                entry.at,
                entry.action,
                entry.app,
                entry.window,
                entry.target_id,
                Jsonb(entry.detail),
            ),
        ).fetchone()
        assert row is not None
        return int(row[0])

    def _upsert_rows(self, conn: psycopg.Connection[Any], rows: Sequence[tuple[Any, ...]]) -> None:
        if not rows:
            return
        updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in TARGET_COLUMNS[1:])
        placeholders = ", ".join(["%s"] * len(TARGET_COLUMNS))
        # one lock order for every writer: no deadlocks between overlapping upserts
        ordered = sorted(rows, key=lambda row: str(row[0]))
        with conn.cursor() as cur:
            cur.executemany(
                self._sql(
                    f"INSERT INTO {{s}}.targets ({_COLUMNS}) VALUES ({placeholders}) "
                    f"ON CONFLICT (id) DO UPDATE SET {updates}"
                ),
                ordered,
            )

    # -- the Memory protocol ----------------------------------------------------------------------

    def get(self, target_id: str) -> DesktopTarget | None:
        """The target with this id, or ``None``."""
        with self._read() as conn:
            found = conn.execute(
                self._sql(f"SELECT {_COLUMNS} FROM {{s}}.targets WHERE id = %s"), (target_id,)
            ).fetchone()
        return row_target(found) if found is not None else None

    def upsert(self, targets: Iterable[DesktopTarget]) -> int:
        """Insert or replace targets by id, all in one transaction (none if any fails)."""
        pending = iter(targets)
        sent: list[tuple[Any, ...]] = []

        def body(conn: psycopg.Connection[Any]) -> int:
            self._upsert_rows(conn, sent)  # a retry replays what an earlier attempt sent
            while batch := [target_row(t) for t in islice(pending, BATCH)]:
                sent.extend(batch)
                self._upsert_rows(conn, batch)
            return len(sent)

        return self._write(body)

    def query(
        self,
        app: str,
        window: str | None = None,
        *,
        role: Role | None = None,
        label: str | None = None,
        limit: int = DEFAULT_QUERY_LIMIT,
    ) -> list[DesktopTarget]:
        """Targets of ``app`` (and ``window``), best first; see :meth:`Memory.query`."""
        where, params = target_filter(
            app, window, role, label, mark="%s", label_match="lower(label) LIKE lower({mark})"
        )
        sql = self._sql(f"SELECT {_COLUMNS} FROM {{s}}.targets") + where
        sql += ' ORDER BY confidence DESC, hit_count DESC, last_seen DESC, id COLLATE "C" LIMIT %s'
        params.append(max(0, limit))
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [row_target(row) for row in rows]

    def observe(
        self,
        app: str,
        window: str,
        seen: Sequence[DesktopTarget],
        *,
        now: float | None = None,
    ) -> Observation:
        """Passive learning for one capture, atomically (see :meth:`Memory.observe`)."""
        when = now_s() if now is None else now

        def body(conn: psycopg.Connection[Any]) -> Observation:
            conn.execute(
                "SELECT pg_advisory_xact_lock(%s, hashtext(%s))",
                (LOCK_CLASS, f"{self.schema}\x1f{app}\x1f{window}"),
            )
            rows = conn.execute(
                self._sql(
                    f"SELECT {_COLUMNS} FROM {{s}}.targets "
                    'WHERE app_name = %s AND window_title = %s ORDER BY id COLLATE "C" FOR UPDATE'
                ),
                (app, window),
            ).fetchall()
            outcome = observe([row_target(row) for row in rows], seen, now=when)
            self._upsert_rows(conn, [target_row(t) for t in outcome.changed])
            self._log(conn, capture_entry(app, window, seen, outcome, when))
            return outcome

        return self._write(body)

    def record_action(
        self,
        target_id: str,
        success: bool,
        *,
        feedback: str | None = None,
        now: float | None = None,
    ) -> ActionOutcome | None:
        """Active learning, atomically (see :meth:`Memory.record_action`)."""
        when = now_s() if now is None else now

        def body(conn: psycopg.Connection[Any]) -> ActionOutcome | None:
            row = conn.execute(
                self._sql(f"SELECT {_COLUMNS} FROM {{s}}.targets WHERE id = %s FOR UPDATE"),
                (target_id,),
            ).fetchone()
            if row is None:
                return None
            outcome = record_action_result(row_target(row), success, now=when)
            self._upsert_rows(conn, [target_row(outcome.target)])
            self._log(conn, action_entry(target_id, success, outcome, feedback, when))
            return outcome

        return self._write(body)

    def learn(
        self,
        target: DesktopTarget,
        entry: AuditEntry | None = None,
        *,
        keep_confidence: bool = False,
    ) -> DesktopTarget:
        """One atomic upsert keeping the stored counters (see :meth:`Memory.learn`)."""
        columns = learn_columns(keep_confidence=keep_confidence)
        updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in columns)
        placeholders = ", ".join(["%s"] * len(TARGET_COLUMNS))

        def body(conn: psycopg.Connection[Any]) -> DesktopTarget:
            row = conn.execute(
                self._sql(
                    f"INSERT INTO {{s}}.targets ({_COLUMNS}) VALUES ({placeholders}) "
                    f"ON CONFLICT (id) DO UPDATE SET {updates} RETURNING {_COLUMNS}"
                ),
                target_row(target),
            ).fetchone()
            assert row is not None
            if entry is not None:
                self._log(conn, entry)
            return row_target(row)

        return self._write(body)

    def forget(self, app: str, window: str | None = None) -> int:
        """Delete an app's (or one window's) targets; audited as ``forget``."""

        def body(conn: psycopg.Connection[Any]) -> int:
            if window is None:
                cursor = conn.execute(
                    self._sql("DELETE FROM {s}.targets WHERE app_name = %s"), (app,)
                )
            else:
                cursor = conn.execute(
                    self._sql("DELETE FROM {s}.targets WHERE app_name = %s AND window_title = %s"),
                    (app, window),
                )
            count = cursor.rowcount
            self._log(conn, forget_entry(app, window, count, now_s()))
            return count

        return self._write(body)

    def log(self, entry: AuditEntry) -> AuditEntry:
        """Append ``entry`` to the audit log."""
        return with_seq(entry, self._write(lambda conn: self._log(conn, entry)))

    def audit(self, *, since_seq: int = 0, limit: int | None = None) -> list[AuditEntry]:
        """Audit entries after ``since_seq``, oldest first."""
        sql = self._sql(
            f"SELECT {', '.join(AUDIT_COLUMNS)} FROM {{s}}.audit WHERE seq > %s ORDER BY seq"
        )
        params: list[Any] = [since_seq]
        if limit is not None:
            sql += " LIMIT %s"
            params.append(max(0, limit))
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [row_entry(row) for row in rows]

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            self._closed = True
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    # -- extras beyond the protocol (as SQLiteMemory has them) ------------------------------------

    def count(self, app: str | None = None) -> int:
        """How many targets are stored (for one app, or all)."""
        with self._read() as conn:
            if app is None:
                row = conn.execute(self._sql("SELECT COUNT(*) FROM {s}.targets")).fetchone()
            else:
                row = conn.execute(
                    self._sql("SELECT COUNT(*) FROM {s}.targets WHERE app_name = %s"), (app,)
                ).fetchone()
        return int(row[0]) if row is not None else 0

    def apps(self) -> list[tuple[str, int]]:
        """Which apps are indexed and how many targets each."""
        with self._read() as conn:
            rows = conn.execute(
                self._sql(
                    "SELECT app_name, COUNT(*) FROM {s}.targets GROUP BY app_name "
                    'ORDER BY app_name COLLATE "C"'
                )
            ).fetchall()
        return [(str(name), int(n)) for name, n in rows]

    def integrity_check(self) -> str:
        """``"ok"`` when the schema is iconfind's, current and complete; else what is wrong.

        PostgreSQL itself guarantees the pages and constraints; this checks what iconfind owns.
        """
        try:
            with self._read() as conn, conn.transaction():
                version = self._check_identity(conn, self._tables(conn))
                if version != SCHEMA_VERSION:
                    return f"schema version {version}, expected {SCHEMA_VERSION}"
                self._check_shape(conn)
        except MemoryStoreError as exc:
            return str(exc)
        return "ok"


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


__all__ = [
    "DEFAULT_SCHEMA",
    "ENV_DSN",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "PostgresMemory",
    "redact_dsn",
]
