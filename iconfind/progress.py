"""A progress line on stderr for command-line work that takes longer than a second.

The CLI wraps each command in :class:`Progress`: nothing is written for fast commands; past
:data:`DELAY_S` a line such as ``iconfind: find 'overflow menu'... 2.4 s`` appears on stderr and
is refreshed in place, then erased when the command ends, so stdout (one JSON object with
``--json``) is never touched. It shows only when stderr is a terminal; ``ICONFIND_PROGRESS=1``
forces it (logs, CI), ``ICONFIND_PROGRESS=0`` turns it off.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from types import TracebackType
from typing import TextIO

DELAY_S = 1.0
"""Commands faster than this show nothing."""
REFRESH_S = 0.25
ENV = "ICONFIND_PROGRESS"


def wanted(stream: TextIO) -> bool:
    """Whether to show progress on ``stream``: ``$ICONFIND_PROGRESS`` if set, else a TTY."""
    forced = os.environ.get(ENV, "").strip()
    if forced in ("0", "1"):
        return forced == "1"
    isatty = getattr(stream, "isatty", None)
    return bool(callable(isatty) and isatty())


class Progress:
    """Context manager: a self-erasing progress line for ``label`` on ``stream`` (stderr)."""

    def __init__(
        self,
        label: str,
        stream: TextIO | None = None,
        *,
        delay_s: float | None = None,
        enabled: bool | None = None,
    ) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.delay_s = DELAY_S if delay_s is None else delay_s
        self.enabled = wanted(self.stream) if enabled is None else enabled
        self.shown = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._start = 0.0
        self._width = 0

    def __enter__(self) -> Progress:
        self._start = time.monotonic()
        if self.enabled:
            self._thread = threading.Thread(target=self._run, name="iconfind-progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self.shown:  # erase the line: what follows on stderr starts clean
            self._write("\r" + " " * self._width + "\r")

    def _run(self) -> None:
        if self._stop.wait(self.delay_s):
            return
        while not self._stop.is_set():
            elapsed = time.monotonic() - self._start
            line = f"iconfind: {self.label}... {elapsed:.1f} s"
            self._width = max(self._width, len(line))
            self._write("\r" + line.ljust(self._width))
            self.shown = True
            self._stop.wait(REFRESH_S)

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed or broken stderr must not break the command
            self._stop.set()


__all__ = ["DELAY_S", "ENV", "Progress", "wanted"]
