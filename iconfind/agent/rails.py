"""Safety rails for agent actions (docs/agent.md, "Safety rails").

- **Rate limit**: at most ``max_actions_per_minute`` actions (taps, typing, clicks) in any 60
  seconds. Past that an action runs only if the injected ``confirm(action)`` callback returns
  true; without a callback it is refused.
- **App blocklist**: every tool call (reads too: a blocked app is not indexed or captured) is
  refused while the screen's current app matches an entry: the app name or bundle id, compared
  case-insensitively, shell wildcards allowed (``"com.mybank.*"``). Confirmation cannot override it.
- **Audit log**: every action, whether it ran, was confirmed or was refused, becomes a frozen
  :class:`AuditRecord` in :attr:`Rails.audit`, and one JSON line in ``audit_path`` when given.
  Typed text is redacted unless ``redact_text=False``. The file is write-ahead: before an
  admitted action runs, a ``"started"`` line is written and fsynced; when that write fails the
  action does not run (``audit_unavailable``). An audit path that cannot be opened for appending
  is refused when the rails are created (:class:`~iconfind.AuditLogError`).
"""

from __future__ import annotations

import collections
import fnmatch
import json
import os
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import IO, Any, Literal

from attrs import field, frozen

from iconfind._apps import app_key, app_keys
from iconfind.errors import AuditLogError, InvalidArgumentError

Outcome = Literal["started", "performed", "confirmed", "refused", "failed"]

DEFAULT_MAX_ACTIONS_PER_MINUTE = 10
WINDOW_S = 60.0
REDACTED_KEYS = frozenset({"text", "typed"})


def _plain(value: Mapping[str, Any]) -> dict[str, Any]:
    return dict(value)


@frozen
class Action:
    """An action about to be performed, as shown to the ``confirm`` callback."""

    tool: str
    """The tool called (``"ui"``, ``"click_element"``, ...)."""
    kind: str
    """What it does: ``"tap"``, ``"input"``, ``"click_element"``, ``"type_in_element"``."""
    arguments: dict[str, Any] = field(converter=_plain)
    app: str | None = None
    """The app in front when the action was requested (``None``: the backend cannot tell)."""

    def describe(self) -> str:
        where = f" in {self.app}" if self.app else ""
        args = ", ".join(f"{key}={value!r}" for key, value in self.arguments.items())
        return f"{self.kind}({args}){where}"


@frozen
class FrontApp:
    """The app and window in front, read from a backend's optional ``active_window()`` (duck-typed:
    anything with ``app``, ``window``, ``bundle_id``) or a snapshot's ``meta``."""

    app: str = ""
    window: str = ""
    bundle_id: str = ""


@frozen
class AuditRecord:
    """One line of the audit log."""

    time: float
    """Seconds since the epoch (the rails' clock)."""
    tool: str
    kind: str
    arguments: dict[str, Any] = field(converter=_plain)
    app: str | None
    outcome: Outcome
    reason: str | None = None
    """Why it was refused or failed: ``"rate_limited"``, ``"blocked_app"``, ``"declined"``, or
    the error of a failed action."""
    result: dict[str, Any] | None = None
    """A short summary of what happened (e.g. ``{"tapped": {"x": 1017, "y": 147}}``)."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "time": self.time,
            "tool": self.tool,
            "kind": self.kind,
            "arguments": dict(self.arguments),
            "app": self.app,
            "outcome": self.outcome,
        }
        if self.reason is not None:
            out["reason"] = self.reason
        if self.result is not None:
            out["result"] = dict(self.result)
        return out


@frozen
class Refusal:
    """Why the rails refused a call; :meth:`to_dict` is the tool's error object."""

    error: Literal["rate_limited", "blocked_app", "declined", "audit_unavailable"]
    message: str
    app: str | None = None
    retry_after_s: float | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.error, "message": self.message}
        if self.app is not None:
            out["app"] = self.app
        if self.retry_after_s is not None:
            out["retryAfter"] = round(self.retry_after_s, 1)
        return out


@frozen
class Permit:
    """An action the rails let through; hand it back to :meth:`Rails.record`."""

    action: Action
    confirmed: bool
    time: float


class Rails:
    """Rate limit, app blocklist and audit log, shared by every tool call of a ToolBox.

    ``confirm(action) -> bool`` is asked only once the rate limit is reached. ``clock`` returns
    seconds (default :func:`time.time`); tests inject their own.
    """

    def __init__(
        self,
        *,
        max_actions_per_minute: int = DEFAULT_MAX_ACTIONS_PER_MINUTE,
        confirm: Callable[[Action], bool] | None = None,
        blocklist: Iterable[str] = (),
        audit_path: str | Path | None = None,
        redact_text: bool = True,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if (
            not isinstance(max_actions_per_minute, int)
            or isinstance(max_actions_per_minute, bool)
            or max_actions_per_minute < 0
        ):
            raise InvalidArgumentError(
                "max_actions_per_minute must be a whole number >= 0, "
                f"got {max_actions_per_minute!r}"
            )
        self.max_actions_per_minute = max_actions_per_minute
        self.confirm = confirm
        self.blocklist: tuple[str, ...] = app_keys(blocklist)
        """The blocked apps, normalised as memory's are (``strip()`` and ``casefold()``)."""
        self.audit_path = Path(audit_path) if audit_path is not None else None
        self._audit_file = _open_audit(self.audit_path) if self.audit_path is not None else None
        self.redact_text = redact_text
        self.clock = clock
        self.audit: list[AuditRecord] = []
        """Every action, in order."""
        self.audit_error: str | None = None
        """Why the outcome of the last recorded action could not be written, else ``None``."""
        self._recent: collections.deque[float] = collections.deque()
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return (
            f"Rails(max_actions_per_minute={self.max_actions_per_minute}, "
            f"blocklist={list(self.blocklist)!r}, confirm={'yes' if self.confirm else 'no'})"
        )

    # -- blocklist --------------------------------------------------------------------------------

    def blocked(self, window: FrontApp | None) -> Refusal | None:
        """A refusal when the app in front matches the blocklist, else ``None``."""
        if window is None or not self.blocklist:
            return None
        names = [name for name in (window.app, window.bundle_id) if app_key(name)]
        for pattern in self.blocklist:
            for name in names:
                if fnmatch.fnmatchcase(app_key(name), pattern):
                    return Refusal(
                        "blocked_app",
                        f"{name!r} is on the app blocklist ({pattern!r}): iconfind will not "
                        "read or act on it",
                        app=window.app or name,
                    )
        return None

    # -- rate limit and audit ---------------------------------------------------------------------

    def admit(self, action: Action, window: FrontApp | None = None) -> Permit | Refusal:
        """Decide whether ``action`` may run now; refusals are written to the audit log."""
        refusal = self.blocked(window)
        if refusal is not None:
            self._log_refusal(action, refusal)
            return refusal
        with self._lock:
            now = self.clock()
            while self._recent and now - self._recent[0] >= WINDOW_S:
                self._recent.popleft()
            over = len(self._recent) >= self.max_actions_per_minute
            retry = WINDOW_S - (now - self._recent[0]) if over and self._recent else None
        confirmed = False
        if over:
            if self.confirm is None:
                refusal = Refusal(
                    "rate_limited",
                    f"at most {self.max_actions_per_minute} actions per minute without "
                    "confirmation; wait or ask the user",
                    app=action.app,
                    retry_after_s=retry,
                )
                self._log_refusal(action, refusal)
                return refusal
            if not self.confirm(action):
                refusal = Refusal(
                    "declined",
                    "the user did not confirm this action (rate limit reached)",
                    app=action.app,
                )
                self._log_refusal(action, refusal)
                return refusal
            confirmed = True
        try:  # write-ahead: no action without its durable audit line
            self._log(action, "started", at=now, keep=False)
        except AuditLogError as exc:
            return Refusal(
                "audit_unavailable",
                f"the audit log cannot be written ({exc}); the action was not performed",
                app=action.app,
            )
        with self._lock:
            self._recent.append(now)
        return Permit(action, confirmed, now)

    def _log_refusal(self, action: Action, refusal: Refusal) -> None:
        """Audit a refusal; nothing ran, so a failing file write only leaves a note."""
        try:
            self._log(action, "refused", reason=refusal.error)
        except AuditLogError as exc:
            self.audit_error = str(exc)

    def record(
        self,
        permit: Permit,
        *,
        result: Mapping[str, Any] | None = None,
        error: str | None = None,
    ) -> AuditRecord:
        """Write the outcome of an admitted action to the audit log.

        The action has run: when the file write fails the record is still kept in
        :attr:`audit` and the error is in :attr:`audit_error` (its ``"started"`` line is on disk).
        """
        outcome: Outcome = (
            "failed" if error is not None else "confirmed" if permit.confirmed else "performed"
        )
        self.audit_error = None
        try:
            return self._log(
                permit.action,
                outcome,
                reason=error,
                result=dict(result) if result is not None else None,
                at=permit.time,
            )
        except AuditLogError as exc:
            self.audit_error = str(exc)
            return self.audit[-1]

    def _log(
        self,
        action: Action,
        outcome: Outcome,
        *,
        reason: str | None = None,
        result: dict[str, Any] | None = None,
        at: float | None = None,
        keep: bool = True,
    ) -> AuditRecord:
        """Append a record: to :attr:`audit` (when ``keep``) and, durably, to the file.

        Raises :class:`~iconfind.AuditLogError` when the file write fails (the in-memory record
        is kept all the same)."""
        record = AuditRecord(
            time=self.clock() if at is None else at,
            tool=action.tool,
            kind=action.kind,
            arguments=self._redact(action.arguments),
            app=action.app,
            outcome=outcome,
            reason=reason,
            result=self._redact(result) if result is not None else None,
        )
        line = json.dumps(record.to_dict(), ensure_ascii=False) + "\n"
        with self._lock:
            if keep:
                self.audit.append(record)
            if self._audit_file is not None:
                try:
                    self._audit_file.write(line)
                    self._audit_file.flush()
                    os.fsync(self._audit_file.fileno())
                except (OSError, ValueError) as exc:
                    raise AuditLogError(f"{self.audit_path}: {_reason(exc)}") from None
        return record

    def close(self) -> None:
        """Close the audit file (idempotent)."""
        with self._lock:
            if self._audit_file is not None:
                self._audit_file.close()
                self._audit_file = None

    def _redact(self, arguments: Mapping[str, Any]) -> dict[str, Any]:
        if not self.redact_text:
            return dict(arguments)
        return {
            key: f"<{len(value)} characters>"
            if key in REDACTED_KEYS and isinstance(value, str)
            else value
            for key, value in arguments.items()
        }


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def _open_audit(path: Path) -> IO[str]:
    """``path`` opened for appending (created if missing); refused with :class:`AuditLogError`."""
    try:
        handle = path.open("a", encoding="utf-8")
    except OSError as exc:
        raise AuditLogError(f"audit log {path}: cannot be written ({_reason(exc)})") from None
    if not handle.writable():  # pragma: no cover - "a" is always writable when it opens
        handle.close()
        raise AuditLogError(f"audit log {path}: cannot be written")
    return handle


def current_window(backend: object) -> FrontApp | None:
    """The app in front of ``backend``: its ``active_window()`` if it has one, else the
    snapshot's ``meta.app`` (replay), else ``None`` (unknown)."""
    active = getattr(backend, "active_window", None)
    if callable(active):
        info = active()
        if info is None:
            return None
        return FrontApp(
            app=str(getattr(info, "app", "") or ""),
            window=str(getattr(info, "window", "") or ""),
            bundle_id=str(getattr(info, "bundle_id", "") or ""),
        )
    meta = getattr(backend, "meta", None)
    app = getattr(meta, "app", None)
    if isinstance(app, str) and app:
        return FrontApp(app=app, window=str(getattr(meta, "window", "") or ""))
    return None


__all__ = [
    "DEFAULT_MAX_ACTIONS_PER_MINUTE",
    "Action",
    "AuditRecord",
    "FrontApp",
    "Permit",
    "Rails",
    "Refusal",
    "current_window",
]
