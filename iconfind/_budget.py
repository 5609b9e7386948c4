"""Device calls under a deadline, one at a time per backend.

A device that hangs must not hold the caller past its deadline, and no call may be left talking to
the device while the next one starts. So every backend gets one serial worker (a :class:`Lane`):
its calls run there in order, the caller waits at most until its deadline, and a call that
overran keeps the lane until it returns. The next call waits for it (within *its* deadline); a
call that never got to run before its caller gave up is cancelled. At most one call per backend
is ever in flight.

Local work (strategies, OCR, recognition) never runs here: it runs in the caller's thread and
checks the deadline between steps, like structlog's processor loop. A backend whose calls are
plain in-process work that cannot hang (``ReplayBackend``) says so with ``in_process = True``
and is called directly.
"""

from __future__ import annotations

import contextvars
import math
import queue
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, TypeVar

from iconfind._deadline import Deadline, current, device_phase

T = TypeVar("T")


class Lane:
    """One daemon thread that runs the calls of one backend, in order, one at a time.

    Daemon, and never running local work: at interpreter exit only a call still blocked on a
    hung device can be left, and that call holds no C++ threads that could abort the process.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]] | None] = (
            queue.SimpleQueue()
        )
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self._busy = threading.Lock()
        self._stopped = False
        self.in_flight = 0
        """Calls running on the device right now: 0 or 1."""

    def _ensure_thread(self) -> None:
        with self._start_lock:
            if self._stopped:
                raise RuntimeError(f"lane {self.name} is stopped")
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
                self._thread.start()

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return  # stopped: the backend is gone
            call, future = job
            if not future.set_running_or_notify_cancel():
                continue  # its caller gave up before it started: it never reaches the device
            with self._busy:
                self.in_flight += 1
                try:
                    future.set_result(call())
                except BaseException as exc:  # handed to the caller through the future
                    future.set_exception(exc)
                finally:
                    self.in_flight -= 1

    def stop(self) -> None:
        """End the thread once the calls already queued are done (or cancelled)."""
        with self._start_lock:
            if not self._stopped:
                self._stopped = True
                self._jobs.put(None)

    def call(self, call: Callable[[], T], deadline: Deadline, phase: str) -> T:
        """``call()`` on this lane; :class:`~iconfind.DeviceTimeoutError` (``device:PHASE``) when
        ``deadline`` passes first. The call's own exceptions are raised as themselves."""
        if self._thread is not None and threading.current_thread() is self._thread:
            return call()  # a backend calling itself from its own lane
        deadline.check(device_phase(phase))
        self._ensure_thread()
        context = contextvars.copy_context()  # the backend sees the caller's active deadline
        future: Future[T] = Future()
        self._jobs.put((lambda: context.run(call), future))
        try:
            left = deadline.remaining()
            return future.result(timeout=left if math.isfinite(left) else None)
        except (FutureTimeout, CancelledError):
            future.cancel()  # still queued behind an overrunning call: it never runs
            raise deadline.error(device_phase(phase)) from None


_LANES: weakref.WeakKeyDictionary[Any, Lane] = weakref.WeakKeyDictionary()
_LANES_BY_ID: dict[int, Lane] = {}
_LANES_LOCK = threading.Lock()


def lane_of(backend: object) -> Lane:
    """The serial lane of ``backend`` (one per backend object, made on first use)."""
    with _LANES_LOCK:
        try:
            lane = _LANES.get(backend)
        except TypeError:  # neither hashable nor weakly referenceable: keyed by identity
            lane = _LANES_BY_ID.get(id(backend))
            if lane is None:
                lane = _LANES_BY_ID[id(backend)] = Lane(f"iconfind-device-{type(backend).__name__}")
            return lane
        if lane is None:
            lane = Lane(f"iconfind-device-{type(backend).__name__}")
            _LANES[backend] = lane
            weakref.finalize(backend, lane.stop)  # no idle thread outlives its backend
        return lane


def device_call(
    backend: object, phase: str, call: Callable[[], T], deadline: Deadline | None = None
) -> T:
    """Run ``call`` (one call to ``backend``) under ``deadline`` (default: the active one).

    In-process backends (``in_process = True``) are called directly after a deadline check; all
    others go through the backend's :class:`Lane`. Raises :class:`~iconfind.DeviceTimeoutError`
    with phase ``device:PHASE`` when the deadline passes first.
    """
    deadline = deadline or current() or Deadline.never()
    if getattr(backend, "in_process", False) is True:
        deadline.check(device_phase(phase))
        return call()
    return lane_of(backend).call(call, deadline, phase)


__all__ = ["Lane", "device_call", "lane_of"]
