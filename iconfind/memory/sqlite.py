"""The embedded memory store: one SQLite file, stdlib ``sqlite3``.

- WAL journal (readers never block the writer), ``synchronous=NORMAL`` (a crashed or killed
  process loses nothing it committed; only a power cut may lose the last commits), a busy timeout
  plus retries on ``database is locked``, and ``BEGIN IMMEDIATE`` for every read-modify-write so
  concurrent processes never lose an update.
- Identity and schema: ``PRAGMA application_id`` marks the file as iconfind's and
  ``PRAGMA user_version`` holds the schema version; :data:`MIGRATIONS` upgrades an older file step
  by step, in one transaction. A file that is not SQLite, or is another program's database, or
  comes from a newer iconfind, raises :class:`~iconfind.MemoryStoreError` and is left untouched.
- Default location: ``ICONFIND_MEMORY`` if set, else ``memory.sqlite3`` in the user data
  directory (platformdirs: ``~/.local/share/iconfind`` on Linux, ``~/Library/Application
  Support/iconfind`` on macOS, ``%LOCALAPPDATA%\\iconfind`` on Windows).
"""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from iconfind.backends.base import WindowInfo
from iconfind.errors import MemoryStoreError
from iconfind.memory._rows import (
    TARGET_COLUMNS,
    action_entry,
    capture_entry,
    detail_json,
    forget_entry,
    learn_columns,
    row_entry,
    target_filter,
    with_seq,
)
from iconfind.memory._rows import row_target as _target
from iconfind.memory._rows import target_row as _row
from iconfind.memory.audit import AuditEntry
from iconfind.memory.base import DEFAULT_QUERY_LIMIT
from iconfind.memory.learning import (
    ActionOutcome,
    Observation,
    now_s,
    observe,
    record_action_result,
    teach_target,
)
from iconfind.memory.models import DesktopTarget, Role

T = TypeVar("T")

APPLICATION_ID = 0x49434644
"""``PRAGMA application_id`` of an iconfind memory file ("ICFD")."""
SQLITE_HEADER = b"SQLite format 3\x00"
ENV_PATH = "ICONFIND_MEMORY"
FILENAME = "memory.sqlite3"

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: learned targets, with the lookups memory makes (app/window, label, role).
    (
        """CREATE TABLE targets (
            id TEXT PRIMARY KEY,
            app_name TEXT NOT NULL,
            window_title TEXT NOT NULL,
            role TEXT NOT NULL,
            label TEXT NOT NULL,
            x1 INTEGER NOT NULL, y1 INTEGER NOT NULL, x2 INTEGER NOT NULL, y2 INTEGER NOT NULL,
            click_x INTEGER NOT NULL, click_y INTEGER NOT NULL,
            confidence REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
            source TEXT NOT NULL,
            first_seen REAL NOT NULL,
            last_seen REAL NOT NULL,
            hit_count INTEGER NOT NULL DEFAULT 0 CHECK (hit_count >= 0),
            miss_count INTEGER NOT NULL DEFAULT 0 CHECK (miss_count >= 0),
            parent_id TEXT,
            depth INTEGER NOT NULL DEFAULT 0,
            visual_hash TEXT,
            stale INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX targets_app_window ON targets (app_name, window_title, confidence DESC)",
        "CREATE INDEX targets_app_label ON targets (app_name, label COLLATE NOCASE)",
        "CREATE INDEX targets_app_role ON targets (app_name, role)",
    ),
    # 2: the append-only audit log, and a lookup by fingerprint.
    (
        """CREATE TABLE audit (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            at REAL NOT NULL,
            action TEXT NOT NULL,
            app_name TEXT NOT NULL DEFAULT '',
            window_title TEXT NOT NULL DEFAULT '',
            target_id TEXT,
            detail TEXT NOT NULL DEFAULT '{}'
        )""",
        """CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
           BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END""",
        """CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
           BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END""",
        "CREATE INDEX targets_visual_hash ON targets (visual_hash) WHERE visual_hash IS NOT NULL",
    ),
)
"""Schema steps: ``MIGRATIONS[n]`` takes a file from version ``n`` to ``n + 1``."""

SCHEMA_VERSION = len(MIGRATIONS)

_COLUMNS = ", ".join(TARGET_COLUMNS)
_UPSERT = (
    f"INSERT OR REPLACE INTO targets ({_COLUMNS}) VALUES ({', '.join('?' * len(TARGET_COLUMNS))})"
)


def default_path() -> Path:
    """``$ICONFIND_MEMORY``, else ``memory.sqlite3`` in the user data directory."""
    override = os.environ.get(ENV_PATH)
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path("iconfind", appauthor=False) / FILENAME


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    message = str(exc).lower()
    return "locked" in message or "busy" in message


class SQLiteMemory:
    """Memory in one SQLite file (see the module docstring). Thread-safe; one per process.

    ``path`` defaults to :func:`default_path`; ``":memory:"`` keeps everything in RAM (tests,
    notebooks). ``timeout_s`` bounds how long a write waits for another process's lock before
    :class:`~iconfind.MemoryStoreError`. Use as a context manager or call :meth:`close`.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, timeout_s: float = 30.0):
        self.in_memory = path is not None and str(path) == ":memory:"
        self.path: Path | None = (
            None if self.in_memory else Path(path) if path is not None else default_path()
        )
        self.timeout_s = timeout_s
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = self._open()

    def __repr__(self) -> str:
        return f"SQLiteMemory({str(self.path) if self.path else ':memory:'!r})"

    def __enter__(self) -> SQLiteMemory:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- opening ----------------------------------------------------------------------------------

    def _error(self, message: str) -> MemoryStoreError:
        where = str(self.path) if self.path else ":memory:"
        return MemoryStoreError(f"{where}: {message}", path=str(self.path) if self.path else None)

    def _open(self) -> sqlite3.Connection:
        if self.path is not None:
            self._check_header(self.path)
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise self._error(f"cannot create its directory ({exc})") from None
        target = ":memory:" if self.path is None else str(self.path)
        try:
            conn = sqlite3.connect(
                target, timeout=self.timeout_s, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise self._error(f"cannot open ({exc})") from None
        try:
            self._check_identity(conn)
            if self.path is not None:
                self._retry(lambda: conn.execute("PRAGMA journal_mode=WAL").fetchone())
                conn.execute("PRAGMA synchronous=NORMAL")
            self._migrate(conn)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise self._error(
                f"not a usable iconfind memory database ({exc}); it was left untouched: "
                "move it aside or pass another path"
            ) from None
        except BaseException:
            conn.close()
            raise
        return conn

    def _check_header(self, path: Path) -> None:
        try:
            with path.open("rb") as handle:
                header = handle.read(len(SQLITE_HEADER))
        except FileNotFoundError:
            return
        except OSError as exc:
            raise self._error(f"unreadable ({exc})") from None
        if header and header != SQLITE_HEADER:
            raise self._error(
                "not an SQLite database (corrupted, or another kind of file); it was left "
                "untouched: move it aside or pass another path"
            )

    def _check_identity(self, conn: sqlite3.Connection) -> None:
        # One statement reads one snapshot: read apart, another process's first migration
        # could commit between the reads (no application_id yet, but its tables already).
        app_id, version, names = self._retry(
            lambda: conn.execute(
                "SELECT (SELECT application_id FROM pragma_application_id()),"
                " (SELECT user_version FROM pragma_user_version()),"
                " (SELECT group_concat(name, char(10)) FROM sqlite_master"
                "  WHERE type = 'table' AND name NOT LIKE 'sqlite_%')"
            ).fetchone()
        )
        tables = names.split("\n") if names else []
        if app_id == 0 and version == 0 and not tables:
            return  # a new, empty file
        if app_id != APPLICATION_ID:
            listed = ", ".join(sorted(tables)) or "none"
            raise self._error(
                f"another program's SQLite database (application_id {app_id}, tables: {listed}); "
                "iconfind will not touch it: pass another path"
            )
        if version > SCHEMA_VERSION:
            raise self._error(
                f"written by a newer iconfind (schema {version}, this one knows up to "
                f"{SCHEMA_VERSION}): upgrade iconfind"
            )

    def _migrate(self, conn: sqlite3.Connection) -> None:
        if conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
            return
        self._retry(lambda: conn.execute("BEGIN IMMEDIATE"))
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]:
                    conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    # -- plumbing ---------------------------------------------------------------------------------

    def _retry(self, call: Callable[[], T]) -> T:
        """Run ``call``, retrying while another process holds the lock (up to ``timeout_s``)."""
        deadline = time.monotonic() + self.timeout_s
        delay = 0.005
        while True:
            try:
                return call()
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc):
                    raise
                if time.monotonic() >= deadline:
                    raise self._error(
                        f"database stayed locked for {self.timeout_s:g} s ({exc})"
                    ) from None
                time.sleep(delay * (1 + random.random()))
                delay = min(delay * 2, 0.1)

    @property
    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise self._error("this memory is closed")
        return self._conn

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self._connection
            except sqlite3.DatabaseError as exc:
                if isinstance(exc, sqlite3.OperationalError) and _is_busy(exc):
                    raise self._error(f"database is locked ({exc})") from None
                raise self._error(f"read failed ({exc})") from None

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed on success, rolled back on error."""
        with self._lock:
            conn = self._connection
            self._retry(lambda: conn.execute("BEGIN IMMEDIATE"))
            try:
                yield conn
            except BaseException as exc:
                conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.DatabaseError):
                    raise self._error(f"write failed ({exc})") from None
                raise
            self._retry(lambda: conn.execute("COMMIT"))

    @staticmethod
    def _log(conn: sqlite3.Connection, entry: AuditEntry) -> int:
        cursor = conn.execute(
            "INSERT INTO audit (at, action, app_name, window_title, target_id, detail) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                entry.at,
                entry.action,
                entry.app,
                entry.window,
                entry.target_id,
                detail_json(entry.detail),
            ),
        )
        return int(cursor.lastrowid or 0)

    # -- the Memory protocol ----------------------------------------------------------------------

    def get(self, target_id: str) -> DesktopTarget | None:
        """The target with this id, or ``None``."""
        with self._read() as conn:
            row = conn.execute(f"SELECT {_COLUMNS} FROM targets WHERE id = ?", (target_id,))
            found = row.fetchone()
        return _target(found) if found is not None else None

    def upsert(self, targets: Iterable[DesktopTarget]) -> int:
        """Insert or replace targets by id, all in one transaction (none if any fails)."""
        count = 0
        with self._write() as conn:
            for target in targets:
                conn.execute(_UPSERT, _row(target))
                count += 1
        return count

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
        # SQLite's LIKE is already case-insensitive for ASCII.
        where, params = target_filter(
            app, window, role, label, mark="?", label_match="label LIKE {mark}"
        )
        sql = f"SELECT {_COLUMNS} FROM targets{where}"
        sql += " ORDER BY confidence DESC, hit_count DESC, last_seen DESC, id LIMIT ?"
        params.append(max(0, limit))
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [_target(row) for row in rows]

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
        with self._write() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM targets WHERE app_name = ? AND window_title = ?",
                (app, window),
            ).fetchall()
            outcome = observe([_target(row) for row in rows], seen, now=when)
            conn.executemany(_UPSERT, [_row(t) for t in outcome.changed])
            self._log(conn, capture_entry(app, window, seen, outcome, when))
        return outcome

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
        with self._write() as conn:
            row = conn.execute(
                f"SELECT {_COLUMNS} FROM targets WHERE id = ?", (target_id,)
            ).fetchone()
            if row is None:
                return None
            outcome = record_action_result(_target(row), success, now=when)
            conn.execute(_UPSERT, _row(outcome.target))
            self._log(conn, action_entry(target_id, success, outcome, feedback, when))
        return outcome

    def learn(
        self,
        target: DesktopTarget,
        entry: AuditEntry | None = None,
        *,
        keep_confidence: bool = False,
    ) -> DesktopTarget:
        """One atomic upsert keeping the stored counters (see :meth:`Memory.learn`)."""
        columns = learn_columns(keep_confidence=keep_confidence)
        updates = ", ".join(f"{c} = excluded.{c}" for c in columns)
        with self._write() as conn:
            conn.execute(
                f"INSERT INTO targets ({_COLUMNS}) VALUES ({', '.join('?' * len(TARGET_COLUMNS))}) "
                f"ON CONFLICT (id) DO UPDATE SET {updates}",
                _row(target),
            )
            row = conn.execute(
                f"SELECT {_COLUMNS} FROM targets WHERE id = ?", (target.id,)
            ).fetchone()
            if entry is not None:
                self._log(conn, entry)
        return _target(row)

    def forget(self, app: str, window: str | None = None) -> int:
        """Delete an app's (or one window's) targets; audited as ``forget``."""
        with self._write() as conn:
            if window is None:
                cursor = conn.execute("DELETE FROM targets WHERE app_name = ?", (app,))
            else:
                cursor = conn.execute(
                    "DELETE FROM targets WHERE app_name = ? AND window_title = ?", (app, window)
                )
            count = cursor.rowcount
            self._log(conn, forget_entry(app, window, count, now_s()))
        return count

    def log(self, entry: AuditEntry) -> AuditEntry:
        """Append ``entry`` to the audit log."""
        with self._write() as conn:
            seq = self._log(conn, entry)
        return with_seq(entry, seq)

    def audit(self, *, since_seq: int = 0, limit: int | None = None) -> list[AuditEntry]:
        """Audit entries after ``since_seq``, oldest first."""
        sql = (
            "SELECT seq, at, action, app_name, window_title, target_id, detail FROM audit "
            "WHERE seq > ? ORDER BY seq"
        )
        params: list[Any] = [since_seq]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [row_entry(row) for row in rows]

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    # -- extras beyond the protocol ---------------------------------------------------------------

    def remember(self, app: str, label: str, x: int, y: int, *, window: str = "") -> DesktopTarget:
        """Teach without a device: ``label`` is at ``(x, y)`` in ``app`` (the explicit rule of
        :func:`~iconfind.memory.learning.teach_target`; audited as ``teach``)."""
        when = now_s()
        target = teach_target(WindowInfo(app, window), label, x, y, now=when)
        entry = AuditEntry("teach", when, app, window, target.id, {"label": label})
        return self.learn(target, entry)

    def lookup(self, app: str, label: str, *, window: str | None = None) -> DesktopTarget | None:
        """The most confident target of ``app`` whose label is ``label`` (case-insensitive,
        indexed), or ``None``."""
        sql = f"SELECT {_COLUMNS} FROM targets WHERE app_name = ? AND label = ? COLLATE NOCASE"
        params: list[Any] = [app, label]
        if window is not None:
            sql += " AND window_title = ?"
            params.append(window)
        sql += " ORDER BY confidence DESC, hit_count DESC, last_seen DESC LIMIT 1"
        with self._read() as conn:
            found = conn.execute(sql, params).fetchone()
        return _target(found) if found is not None else None

    def count(self, app: str | None = None) -> int:
        """How many targets are stored (for one app, or all)."""
        with self._read() as conn:
            if app is None:
                return int(conn.execute("SELECT COUNT(*) FROM targets").fetchone()[0])
            return int(
                conn.execute("SELECT COUNT(*) FROM targets WHERE app_name = ?", (app,)).fetchone()[
                    0
                ]
            )

    def apps(self) -> list[tuple[str, int]]:
        """Which apps are indexed and how many targets each (the "user consent" view)."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT app_name, COUNT(*) FROM targets GROUP BY app_name ORDER BY app_name"
            ).fetchall()
        return [(str(name), int(n)) for name, n in rows]

    def integrity_check(self) -> str:
        """``PRAGMA integrity_check``: ``"ok"`` for a sound file."""
        with self._read() as conn:
            return str(conn.execute("PRAGMA integrity_check").fetchone()[0])


__all__ = ["APPLICATION_ID", "MIGRATIONS", "SCHEMA_VERSION", "SQLiteMemory", "default_path"]
