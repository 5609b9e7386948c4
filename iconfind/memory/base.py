"""What a memory store is: a small, storage-agnostic protocol, like httpx's transport.

:class:`~iconfind.memory.SQLiteMemory` is the embedded default; a PostgreSQL store implements the
same eight methods. Callers (the strategy, the learner, the Locator's tap feedback) only use
these. Rules every implementation keeps:

- :meth:`Memory.record_action` and :meth:`Memory.observe` are atomic read-modify-writes: two
  processes recording hits on one target lose none (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL:
  ``SELECT ... FOR UPDATE``). They also append their audit entries in the same transaction.
- :meth:`Memory.learn` is how callers write back what they learned about a target they read
  earlier (teach, relocation, a tapped element seen for the first time): one atomic upsert that
  never overwrites the hit / miss counts or ``first_seen`` with the caller's stale copy.
- :meth:`Memory.upsert` writes all of its targets or none (it replaces whole rows: for seeding
  and imports, not for read-modify-write).
- The audit log is append-only.
- A store that cannot be used raises :class:`~iconfind.MemoryStoreError`; it never wipes data.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from iconfind.memory.audit import AuditEntry
from iconfind.memory.learning import ActionOutcome, Observation
from iconfind.memory.models import DesktopTarget, Role

DEFAULT_QUERY_LIMIT = 50


@runtime_checkable
class Memory(Protocol):
    """A persistent store of learned :class:`~iconfind.memory.DesktopTarget` and an audit log."""

    def get(self, target_id: str) -> DesktopTarget | None:
        """The target with this id, or ``None``."""
        ...

    def upsert(self, targets: Iterable[DesktopTarget]) -> int:
        """Insert or replace targets (by id), all in one transaction; returns how many."""
        ...

    def query(
        self,
        app: str,
        window: str | None = None,
        *,
        role: Role | None = None,
        label: str | None = None,
        limit: int = DEFAULT_QUERY_LIMIT,
    ) -> list[DesktopTarget]:
        """Targets of ``app`` (and ``window`` when given), best first.

        ``role`` matches exactly; ``label`` is a case-insensitive substring of the label. Order:
        confidence, then hit count, then most recently seen.
        """
        ...

    def observe(
        self,
        app: str,
        window: str,
        seen: Sequence[DesktopTarget],
        *,
        now: float | None = None,
    ) -> Observation:
        """Passive learning for one capture of one window, atomically: reads the window's stored
        targets, applies :func:`~iconfind.memory.learning.observe`, writes the changes and an
        audit entry ``capture``."""
        ...

    def record_action(
        self,
        target_id: str,
        success: bool,
        *,
        feedback: str | None = None,
        now: float | None = None,
    ) -> ActionOutcome | None:
        """Active learning, atomically: applies
        :func:`~iconfind.memory.learning.record_action_result` to the stored target, writes it
        and an audit entry ``hit`` / ``miss`` (with ``feedback``). ``None`` for an unknown id."""
        ...

    def learn(
        self,
        target: DesktopTarget,
        entry: AuditEntry | None = None,
        *,
        keep_confidence: bool = False,
    ) -> DesktopTarget:
        """Store what was learned about ``target``, atomically, and append ``entry``.

        New: inserted as is. Stored: every field is updated from ``target`` except the hit and
        miss counts and ``first_seen`` (the store's own), and ``confidence`` when
        ``keep_confidence``. Returns the target as stored."""
        ...

    def forget(self, app: str, window: str | None = None) -> int:
        """Delete the targets of an app (or one of its windows); returns how many. Audited."""
        ...

    def log(self, entry: AuditEntry) -> AuditEntry:
        """Append an entry to the audit log; returns it with its ``seq``."""
        ...

    def audit(self, *, since_seq: int = 0, limit: int | None = None) -> list[AuditEntry]:
        """Audit entries with ``seq > since_seq``, oldest first."""
        ...

    def close(self) -> None:
        """Release the store; further calls raise :class:`~iconfind.MemoryStoreError`."""
        ...


__all__ = ["DEFAULT_QUERY_LIMIT", "Memory"]
