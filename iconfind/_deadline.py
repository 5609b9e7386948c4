"""One deadline per find, created once and carried down to every strategy and device call.

Playwright and httpx are the models: a timeout belongs to the operation, every I/O call inside it
gets what is left (``deadline.timeout(cap)``), and overrunning raises one exception family
(:class:`~iconfind.DeviceTimeoutError`) that names the phase and whether the device or local work
overran.

A :class:`Deadline` is an immutable value. The find that owns it makes it *active* for the work it
runs (:func:`active`), so code with no other way to receive it (an OCR engine, a backend's HTTP
client) reads it with :func:`current`. Warm-up work that is nobody's fault (building the icon
references, importing OpenCV, the first Tesseract start) runs through :func:`warm_up`, which moves
the active deadline by the time it took: it never counts against a find's budget. So read
:func:`current` (or ``screen.deadline``) at each check rather than keeping a copy across a call
that may warm something up.
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Literal, TypeVar

from attrs import field, frozen

from iconfind.errors import DeviceTimeoutError, InvalidArgumentError

T = TypeVar("T")

Culprit = Literal["device", "local"]

DEVICE_PHASE_PREFIX = "device:"
"""Phases of device calls read ``device:hierarchy``, ``device:tap``; all others are local work
(``ocr``, ``visual``, ``load``)."""

DEFAULT_BUDGET_S = 10.0
"""A find's budget when neither the caller nor ``$ICONFIND_BUDGET`` gives one."""
BUDGET_ENV = "ICONFIND_BUDGET"
"""Environment variable with the default budget in seconds (a test suite sets an unreachable one,
e.g. 600, so outcomes never depend on how busy the machine is)."""

WARM_UP_NOTICE_S = 1.0
"""A warm-up that takes longer than this prints one progress line on stderr."""


def check_budget(value: object, what: str = "budget_s") -> float:
    """``value`` as a budget in seconds: a positive finite number, else
    :class:`~iconfind.InvalidArgumentError`."""
    if (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value > 0
    ):
        return float(value)
    raise InvalidArgumentError(f"{what} must be a positive finite number of seconds, got {value!r}")


def default_budget() -> float:
    """``$ICONFIND_BUDGET`` when set, else :data:`DEFAULT_BUDGET_S` (10 s)."""
    raw = os.environ.get(BUDGET_ENV, "").strip()
    if not raw:
        return DEFAULT_BUDGET_S
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    return check_budget(value, f"${BUDGET_ENV}")


def device_phase(call: str) -> str:
    """The phase name of a device call: ``device_phase("hierarchy") == "device:hierarchy"``."""
    return call if call.startswith(DEVICE_PHASE_PREFIX) else f"{DEVICE_PHASE_PREFIX}{call}"


@frozen
class Deadline:
    """The moment (``time.monotonic()``) a find must be over, and the budget it came from.

    >>> deadline = Deadline.after(10.0)
    >>> 9.0 < deadline.remaining() <= 10.0
    True
    >>> deadline.check("ocr")  # raises DeviceTimeoutError(phase="ocr") once it has passed
    """

    at: float
    budget_s: float = field(default=math.inf)

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        """A deadline ``seconds`` from now."""
        return cls(time.monotonic() + seconds, seconds)

    @classmethod
    def never(cls) -> Deadline:
        """A deadline that never passes (work with no budget of its own)."""
        return cls(math.inf, math.inf)

    def remaining(self) -> float:
        """Seconds left, never negative (``inf`` for :meth:`never`)."""
        return max(0.0, self.at - time.monotonic())

    @property
    def expired(self) -> bool:
        return time.monotonic() >= self.at

    def timeout(self, cap: float | None = None) -> float:
        """The timeout to give one I/O call: what is left, at most ``cap`` seconds."""
        left = self.remaining()
        return left if cap is None else min(left, cap)

    def extended(self, seconds: float) -> Deadline:
        """The same deadline, ``seconds`` later (warm-up time given back)."""
        return Deadline(self.at + max(0.0, seconds), self.budget_s)

    def check(self, phase: str) -> None:
        """Raise :class:`~iconfind.DeviceTimeoutError` naming ``phase`` if the deadline passed."""
        if self.expired:
            raise self.error(phase)

    def error(self, phase: str) -> DeviceTimeoutError:
        """The timeout of ``phase`` under this deadline (device or local, from the phase)."""
        return timeout_error(phase, self.budget_s)


def timeout_error(phase: str, budget_s: float) -> DeviceTimeoutError:
    """:class:`~iconfind.DeviceTimeoutError` for ``phase`` with a message that says who overran."""
    culprit: Culprit = "device" if phase.startswith(DEVICE_PHASE_PREFIX) else "local"
    budget = f"{budget_s:g} s" if math.isfinite(budget_s) else "its"
    if culprit == "device":
        call = phase.removeprefix(DEVICE_PHASE_PREFIX)
        message = f"the device did not answer {call} within the {budget} budget"
    else:
        message = f"local work ({phase}) did not finish within the {budget} budget"
    return DeviceTimeoutError(message, phase=phase, culprit=culprit, budget_s=budget_s)


class _Slot:
    """The active deadline of one find: replaced (never mutated) when warm-up time is given back."""

    __slots__ = ("deadline",)

    def __init__(self, deadline: Deadline) -> None:
        self.deadline = deadline


_ACTIVE: ContextVar[_Slot | None] = ContextVar("iconfind_deadline", default=None)


def current() -> Deadline | None:
    """The deadline of the find running in this context, or ``None`` outside a find."""
    slot = _ACTIVE.get()
    return slot.deadline if slot is not None else None


def current_timeout(cap: float) -> float:
    """What an I/O call may wait: ``cap``, or less when the active deadline is nearer."""
    deadline = current()
    return cap if deadline is None else deadline.timeout(cap)


class Clock:
    """The deadline of one find as it is now: :attr:`deadline` moves later only by warm-up time.

    The Locator makes one per find and runs the find inside :meth:`running`."""

    def __init__(self, deadline: Deadline) -> None:
        self._slot = _Slot(deadline)

    @property
    def deadline(self) -> Deadline:
        return self._slot.deadline

    @contextlib.contextmanager
    def running(self) -> Iterator[Deadline]:
        """Make this clock's deadline the active one (see :func:`current`) for the block."""
        token = _ACTIVE.set(self._slot)
        try:
            yield self._slot.deadline
        finally:
            _ACTIVE.reset(token)


@contextlib.contextmanager
def active(deadline: Deadline) -> Iterator[Clock]:
    """Run a block under ``deadline`` (see :func:`current`); yields its :class:`Clock`."""
    clock = Clock(deadline)
    with clock.running():
        yield clock


_WARM_LOCK = threading.RLock()  # re-entrant: one warm-up may need another


def warm_up(what: str, call: Callable[[], T]) -> T:
    """Run one-time preparation ``call`` outside the active find's budget.

    The active deadline (if any) moves later by the time ``call`` took, so the find that happened
    to come first is not charged for it. When it takes longer than :data:`WARM_UP_NOTICE_S`, one
    line goes to stderr (``iconfind: preparing WHAT (first use)...``) so a waiting user knows why.
    Warm-ups are serialised: a second find waiting for the same preparation is not charged either.
    """
    slot = _ACTIVE.get()
    started = time.monotonic()
    notice = threading.Timer(WARM_UP_NOTICE_S, _notice, args=(what,))
    notice.daemon = True
    notice.start()
    try:
        with _WARM_LOCK:
            return call()
    finally:
        notice.cancel()
        if slot is not None:
            slot.deadline = slot.deadline.extended(time.monotonic() - started)


def _notice(what: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # stderr closed: the notice is a courtesy
        print(
            f"iconfind: preparing {what} (first use, not counted in the budget)...",
            file=sys.stderr,
            flush=True,
        )


__all__ = [
    "BUDGET_ENV",
    "DEFAULT_BUDGET_S",
    "DEVICE_PHASE_PREFIX",
    "Clock",
    "Culprit",
    "Deadline",
    "active",
    "check_budget",
    "current",
    "current_timeout",
    "default_budget",
    "device_phase",
    "timeout_error",
    "warm_up",
]

# The names iconfind.deadline publishes show under that name in help(), reprs and tracebacks (as
# httpx does for its package); the code stays here, beside the state it shares with the Locator.
for _public in (Deadline, Clock, current, current_timeout, default_budget, device_phase, warm_up):
    _public.__module__ = "iconfind.deadline"
del _public
