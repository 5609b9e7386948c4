"""Safety rails: the rate limit, the app blocklist and the audit log, on a replayed screen."""

from __future__ import annotations

import json
from pathlib import Path

from iconfind import Locator, Point, ReplayBackend, Scaling
from iconfind.agent import Action, Rails, ToolBox

from .conftest import FakeClock

TAP = {"operation": "tap", "x": 100, "y": 200}


def make_box(backend: ReplayBackend, **rails: object) -> ToolBox:
    return ToolBox(Locator(backend, scaling=Scaling.raw()), rails=Rails(**rails))  # type: ignore[arg-type]


def test_the_eleventh_action_in_a_minute_is_refused_without_confirm(
    box: ToolBox, toolbar: ReplayBackend, clock: FakeClock
) -> None:
    for _ in range(10):
        assert box.call("ui", TAP)["tapped"] == {"x": 100, "y": 200}
        clock.advance(5)  # 10 taps over 50 s
    out = box.call("ui", TAP)
    assert out["error"] == "rate_limited"
    assert "10 actions per minute" in out["message"]
    assert out["retryAfter"] == 10.0  # the first tap leaves the window at t=60
    assert len(toolbar.taps) == 10
    # Reading is not an action: finds still work.
    assert box.call("ui", {"operation": "find", "selector": {"text": "Ideas"}})["tier"] == 1
    clock.advance(10)
    assert "tapped" in box.call("ui", TAP)
    assert len(toolbar.taps) == 11


def test_confirm_approves_actions_past_the_limit(toolbar: ReplayBackend, clock: FakeClock) -> None:
    asked: list[Action] = []

    def confirm(action: Action) -> bool:
        asked.append(action)
        return True

    box = make_box(toolbar, clock=clock, confirm=confirm)
    for _ in range(12):
        assert "tapped" in box.call("ui", TAP)
    assert len(toolbar.taps) == 12
    assert len(asked) == 2  # only the 11th and 12th needed a confirmation
    assert asked[0] == Action("ui", "tap", TAP, "com.example.notes")
    assert [r.outcome for r in box.rails.audit] == ["performed"] * 10 + ["confirmed"] * 2


def test_confirm_can_decline(toolbar: ReplayBackend, clock: FakeClock) -> None:
    box = make_box(toolbar, clock=clock, confirm=lambda action: False, max_actions_per_minute=2)
    box.call("ui", TAP)
    box.call("ui", TAP)
    out = box.call("ui", {"operation": "input", "text": "secret"})
    assert out["error"] == "declined"
    assert toolbar.inputs == []
    assert box.rails.audit[-1].reason == "declined"


def test_blocklisted_app_refuses_reads_and_actions(
    toolbar: ReplayBackend, clock: FakeClock
) -> None:
    box = make_box(toolbar, clock=clock, blocklist=["com.example.*"], confirm=lambda a: True)
    for args in (TAP, {"operation": "find", "selector": {"text": "Ideas"}}, {"operation": "dump"}):
        out = box.call("ui", args)
        assert out["error"] == "blocked_app"
        assert out["app"] == "com.example.notes"
    assert toolbar.taps == []
    [refused] = box.rails.audit  # the tap attempt is audited, the reads are not actions
    assert (refused.kind, refused.outcome, refused.reason) == ("tap", "refused", "blocked_app")


def test_blocklist_matches_whole_names_case_insensitively(
    toolbar: ReplayBackend, clock: FakeClock
) -> None:
    box = make_box(toolbar, clock=clock, blocklist=["COM.EXAMPLE.NOTES", "com.example"])
    assert box.call("ui", TAP)["error"] == "blocked_app"
    other = make_box(toolbar, clock=clock, blocklist=["com.example", "notes"])
    assert "tapped" in other.call("ui", TAP)


class DesktopBackend(ReplayBackend):
    """A replayed screen that also says which app is in front, as desktop backends do."""

    def active_window(self) -> object:
        from iconfind.agent import FrontApp

        return FrontApp(app="1Password", window="Vault", bundle_id="com.agilebits.onepassword")


def test_blocklist_reads_active_window_and_bundle_id(snapshots: Path, clock: FakeClock) -> None:
    backend = DesktopBackend(snapshots / "toolbar")
    box = make_box(backend, clock=clock, blocklist=["com.agilebits.*"])
    out = box.call("ui", {"operation": "find", "selector": {"text": "Ideas"}})
    assert out == {
        "error": "blocked_app",
        "message": "'com.agilebits.onepassword' is on the app blocklist ('com.agilebits.*'): "
        "iconfind will not read or act on it",
        "app": "1Password",
    }


def test_audit_log_records_every_action(
    toolbar: ReplayBackend, clock: FakeClock, tmp_path: Path
) -> None:
    log = tmp_path / "audit.jsonl"
    box = make_box(toolbar, clock=clock, audit_path=log, max_actions_per_minute=3)
    box.call("ui", {"operation": "find", "selector": {"text": "overflow menu"}})
    box.call("ui", {"operation": "tap", "elementIndex": 0})
    clock.advance(1)
    box.call("ui", {"operation": "input", "text": "hunter2"})
    clock.advance(1)
    box.call("ui", {"operation": "tap", "elementIndex": 3})  # the last result has one element
    clock.advance(1)
    box.call("ui", TAP)

    t0 = 1_700_000_000.0
    expected = [
        {
            "time": t0,
            "tool": "ui",
            "kind": "tap",
            "arguments": {"operation": "tap", "elementIndex": 0},
            "app": "com.example.notes",
            "outcome": "performed",
            "result": {"tapped": {"x": 1006, "y": 157}},
        },
        {
            "time": t0 + 1,
            "tool": "ui",
            "kind": "input",
            "arguments": {"operation": "input", "text": "<7 characters>"},
            "app": "com.example.notes",
            "outcome": "performed",
            "result": {"typed": "<7 characters>"},
        },
        {
            "time": t0 + 2,
            "tool": "ui",
            "kind": "tap",
            "arguments": {"operation": "tap", "elementIndex": 3},
            "app": "com.example.notes",
            "outcome": "failed",
            "reason": "invalid_arguments",
        },
        {
            "time": t0 + 3,
            "tool": "ui",
            "kind": "tap",
            "arguments": TAP,
            "app": "com.example.notes",
            "outcome": "refused",
            "reason": "rate_limited",
        },
    ]
    assert [record.to_dict() for record in box.rails.audit] == expected
    # The file is write-ahead: each admitted action has a durable "started" line before it runs.
    started = [
        {k: v for k, v in record.items() if k not in ("outcome", "reason", "result")}
        | {"outcome": "started"}
        for record in expected[:3]
    ]
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines == [
        started[0],
        expected[0],
        started[1],
        expected[1],
        started[2],
        expected[2],
        expected[3],
    ]
    assert "hunter2" not in log.read_text()
    assert toolbar.taps == [Point(1006, 157)]
    assert toolbar.inputs == ["hunter2"]


def test_audit_can_keep_typed_text(toolbar: ReplayBackend, clock: FakeClock) -> None:
    box = make_box(toolbar, clock=clock, redact_text=False)
    box.call("ui", {"operation": "input", "text": "milk"})
    assert box.rails.audit[0].arguments == {"operation": "input", "text": "milk"}
    assert box.rails.audit[0].result == {"typed": "milk"}
