"""Deadlines and timeouts: what a custom backend, strategy or OCR engine needs to honour a find's
budget.

One deadline per find, made by the Locator and carried to every strategy and device call
(Playwright and httpx are the models): each I/O call gets what is left (``deadline.timeout(cap)``),
and overrunning raises :class:`~iconfind.DeviceTimeoutError` naming the phase. Warm-up time is
given back to the deadline (:func:`warm_up`), so read :func:`current` at each check rather than
keeping a copy across a call.

- :class:`Deadline`: one per find, immutable; ``remaining()``, ``expired``, ``check(phase)``.
- :class:`Clock`: a find's deadline as it stands (what :class:`~iconfind.Screen` holds).
- :func:`current` / :func:`current_timeout`: the active find's deadline, from inside a backend
  call or a strategy (``httpx.get(url, timeout=current_timeout(30))``).
- :func:`warm_up`: one-time preparation that must not count against the find that triggers it.
"""

from iconfind._deadline import (
    BUDGET_ENV,
    DEFAULT_BUDGET_S,
    Clock,
    Deadline,
    current,
    current_timeout,
    default_budget,
    device_phase,
    warm_up,
)

__all__ = [
    "BUDGET_ENV",
    "DEFAULT_BUDGET_S",
    "Clock",
    "Deadline",
    "current",
    "current_timeout",
    "default_budget",
    "device_phase",
    "warm_up",
]
