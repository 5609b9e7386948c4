"""The CLI's progress line: on stderr only, only past the delay, erased at the end."""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path

import pytest

from iconfind import ReplayBackend
from iconfind import cli as cli_module
from iconfind.cli import main
from iconfind.progress import Progress
from tests.delegating import DelegatingBackend

SNAPSHOT = Path(__file__).resolve().parents[2] / "examples" / "snapshots" / "toolbar"
WAIT_S = 60.0  # only spent on failure


class SlowUntilSeen(DelegatingBackend):
    """A device that answers only once the progress line has been written (a slow device,
    without any timing in the test)."""

    def __init__(self, stderr: io.StringIO) -> None:
        super().__init__(ReplayBackend(SNAPSHOT))
        self.stderr = stderr

    def hierarchy(self):  # type: ignore[no-untyped-def]
        seen = threading.Event()
        for _ in range(int(WAIT_S / 0.05)):
            if "iconfind: find 'overflow menu'..." in self.stderr.getvalue():
                seen.set()
                break
            seen.wait(0.05)
        assert seen.is_set(), "no progress line while the device was slow"
        return super().hierarchy()


def test_a_slow_command_shows_a_progress_line_then_erases_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stderr = io.StringIO()
    monkeypatch.setenv("ICONFIND_PROGRESS", "1")
    monkeypatch.setattr("sys.stderr", stderr)
    monkeypatch.setattr("iconfind.progress.DELAY_S", 0.0)
    monkeypatch.setattr(
        cli_module, "open_backend", lambda _args, _deadline=None: SlowUntilSeen(stderr)
    )
    assert main(["find", "overflow menu", "--replay", "x", "--json", "--budget", "600"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["tier"] == 2, "stdout is still exactly one JSON object"
    written = stderr.getvalue()
    assert written.startswith("\riconfind: find 'overflow menu'... ")
    assert written.endswith("\r"), "the line is erased at the end"
    assert written.rstrip("\r ").count("\n") == 0


def test_fast_commands_and_non_terminals_show_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ICONFIND_PROGRESS", raising=False)
    stream = io.StringIO()  # not a TTY
    with Progress("find 'x'", stream, delay_s=0.0) as shown:
        pass
    assert not shown.enabled and stream.getvalue() == ""
    with Progress("find 'x'", stream, delay_s=600.0, enabled=True) as fast:
        pass
    assert not fast.shown and stream.getvalue() == ""


def test_progress_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert Progress("x", Terminal()).enabled
    monkeypatch.setenv("ICONFIND_PROGRESS", "0")
    assert not Progress("x", Terminal()).enabled
