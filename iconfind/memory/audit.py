"""The audit log: every action memory takes or is told about, for the user to review.

Append-only by construction: :class:`~iconfind.memory.SQLiteMemory` stores it in a table whose
triggers refuse ``UPDATE`` and ``DELETE``. :func:`export_jsonl` writes it as JSON lines, one
entry per line, oldest first.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, TextIO

from attrs import field, frozen


def _detail(value: Mapping[str, Any] | None) -> dict[str, Any]:
    return dict(value or {})


@frozen
class AuditEntry:
    """One logged action.

    ``action`` is a short verb: ``capture``, ``capture_blocked``, ``teach``, ``hit``, ``miss``,
    ``tap``, ``relocate``, ``forget``. ``seq`` is the store's order (0 before it is stored).
    """

    action: str
    at: float
    app: str = ""
    window: str = ""
    target_id: str | None = None
    detail: dict[str, Any] = field(factory=dict, converter=_detail, hash=False)
    seq: int = 0

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seq": self.seq,
            "at": self.at,
            "action": self.action,
            "app": self.app,
            "window": self.window,
        }
        if self.target_id is not None:
            out["targetId"] = self.target_id
        if self.detail:
            out["detail"] = self.detail
        return out


def export_jsonl(entries: Iterable[AuditEntry], out: TextIO) -> int:
    """Write ``entries`` as JSON lines; returns how many were written."""
    count = 0
    for entry in entries:
        out.write(json.dumps(entry.to_dict(), ensure_ascii=False, sort_keys=True) + "\n")
        count += 1
    return count


__all__ = ["AuditEntry", "export_jsonl"]
