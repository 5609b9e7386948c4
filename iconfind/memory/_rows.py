"""What every SQL memory store shares, independent of the database: the column order of a target
row, target <-> row mapping, the ``label`` substring pattern, and the audit entries that the
read-modify-writes append. :mod:`~iconfind.memory.sqlite` and :mod:`~iconfind.memory.postgres`
both use these, so the two stores store and log exactly the same things.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from iconfind.memory.audit import AuditEntry
from iconfind.memory.learning import ActionOutcome, Observation
from iconfind.memory.models import DesktopTarget
from iconfind.models import Bounds, Point

TARGET_COLUMNS: tuple[str, ...] = (
    "id",
    "app_name",
    "window_title",
    "role",
    "label",
    "x1",
    "y1",
    "x2",
    "y2",
    "click_x",
    "click_y",
    "confidence",
    "source",
    "first_seen",
    "last_seen",
    "hit_count",
    "miss_count",
    "parent_id",
    "depth",
    "visual_hash",
    "stale",
)
"""The ``targets`` columns in the order of :func:`target_row` / :func:`row_target`."""

COUNTER_COLUMNS = frozenset({"first_seen", "hit_count", "miss_count"})
"""Columns only the store's own read-modify-writes change (:meth:`Memory.record_action`, the
first insert): :meth:`Memory.learn` never overwrites them with a caller's stale copy."""


def learn_columns(*, keep_confidence: bool) -> tuple[str, ...]:
    """The columns :meth:`Memory.learn` sets on a stored target (all but the id and counters,
    and ``confidence`` unless the caller decides it)."""
    kept = COUNTER_COLUMNS | ({"confidence"} if keep_confidence else set())
    return tuple(c for c in TARGET_COLUMNS[1:] if c not in kept)


AUDIT_COLUMNS: tuple[str, ...] = (
    "seq",
    "at",
    "action",
    "app_name",
    "window_title",
    "target_id",
    "detail",
)
"""The ``audit`` columns in the order :func:`row_entry` reads."""

LIKE_ESCAPE = "\\"


def target_row(target: DesktopTarget) -> tuple[Any, ...]:
    """The row values of ``target``, in :data:`TARGET_COLUMNS` order (``stale`` as a bool)."""
    b = target.bounds
    return (
        target.id,
        target.app_name,
        target.window_title,
        target.role,
        target.label,
        b.x1,
        b.y1,
        b.x2,
        b.y2,
        target.click_point.x,
        target.click_point.y,
        target.confidence,
        target.source,
        target.first_seen,
        target.last_seen,
        target.hit_count,
        target.miss_count,
        target.parent_id,
        target.depth,
        target.visual_hash,
        bool(target.stale),
    )


def row_target(row: Sequence[Any]) -> DesktopTarget:
    """The target stored in ``row`` (columns in :data:`TARGET_COLUMNS` order)."""
    return DesktopTarget(
        id=row[0],
        app_name=row[1],
        window_title=row[2],
        role=row[3],
        label=row[4],
        bounds=Bounds(row[5], row[6], row[7], row[8]),
        click_point=Point(row[9], row[10]),
        confidence=row[11],
        source=row[12],
        first_seen=row[13],
        last_seen=row[14],
        hit_count=row[15],
        miss_count=row[16],
        parent_id=row[17],
        depth=row[18],
        visual_hash=row[19],
        stale=bool(row[20]),
    )


def like_substring(label: str) -> str:
    """A ``LIKE ... ESCAPE '\\'`` pattern matching ``label`` anywhere (``%`` and ``_`` literal)."""
    escaped = (
        label.replace(LIKE_ESCAPE, LIKE_ESCAPE * 2)
        .replace("%", LIKE_ESCAPE + "%")
        .replace("_", LIKE_ESCAPE + "_")
    )
    return f"%{escaped}%"


def target_filter(
    app: str,
    window: str | None,
    role: str | None,
    label: str | None,
    *,
    mark: str,
    label_match: str,
) -> tuple[str, list[Any]]:
    """The ``WHERE`` clause and parameters of :meth:`Memory.query`, for both stores.

    ``mark`` is the driver's placeholder (``?`` or ``%s``); ``label_match`` the store's
    case-insensitive ``LIKE`` test with ``{mark}`` where the pattern goes.
    """
    clauses = [f"app_name = {mark}"]
    params: list[Any] = [app]
    for column, value in (("window_title", window), ("role", role)):
        if value is not None:
            clauses.append(f"{column} = {mark}")
            params.append(value)
    if label:
        clauses.append(label_match.format(mark=mark) + " ESCAPE '\\'")
        params.append(like_substring(label))
    return " WHERE " + " AND ".join(clauses), params


def detail_json(detail: Mapping[str, Any]) -> str:
    """An audit entry's ``detail`` as stored: JSON text, keys sorted."""
    return json.dumps(dict(detail), ensure_ascii=False, sort_keys=True)


def row_entry(row: Sequence[Any]) -> AuditEntry:
    """The audit entry stored in ``row`` (columns in :data:`AUDIT_COLUMNS` order); ``detail`` may
    be JSON text or an already decoded mapping."""
    detail = row[6]
    return AuditEntry(
        action=row[2],
        at=row[1],
        app=row[3],
        window=row[4],
        target_id=row[5],
        detail=json.loads(detail) if isinstance(detail, (str, bytes)) else detail,
        seq=row[0],
    )


def capture_entry(
    app: str, window: str, seen: Sequence[DesktopTarget], outcome: Observation, when: float
) -> AuditEntry:
    """The ``capture`` entry :meth:`~iconfind.memory.Memory.observe` appends."""
    return AuditEntry(
        "capture",
        when,
        app,
        window,
        detail={"seen": len(seen), "new": len(outcome.new_ids), "gone": len(outcome.gone_ids)},
    )


def action_entry(
    target_id: str, success: bool, outcome: ActionOutcome, feedback: str | None, when: float
) -> AuditEntry:
    """The ``hit`` / ``miss`` entry :meth:`~iconfind.memory.Memory.record_action` appends."""
    detail: dict[str, Any] = {"confidence": outcome.target.confidence}
    if feedback:
        detail["feedback"] = feedback
    return AuditEntry(
        "hit" if success else "miss",
        when,
        outcome.target.app_name,
        outcome.target.window_title,
        target_id,
        detail,
    )


def forget_entry(app: str, window: str | None, deleted: int, when: float) -> AuditEntry:
    """The ``forget`` entry :meth:`~iconfind.memory.Memory.forget` appends."""
    return AuditEntry("forget", when, app, window or "", detail={"deleted": deleted})


def with_seq(entry: AuditEntry, seq: int) -> AuditEntry:
    """``entry`` as stored, with its sequence number."""
    return AuditEntry(
        entry.action, entry.at, entry.app, entry.window, entry.target_id, entry.detail, seq
    )


__all__ = [
    "AUDIT_COLUMNS",
    "TARGET_COLUMNS",
    "action_entry",
    "capture_entry",
    "detail_json",
    "forget_entry",
    "like_substring",
    "row_entry",
    "row_target",
    "target_row",
    "with_seq",
]
