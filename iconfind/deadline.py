"""Deadlines and timeouts: what a custom backend, strategy or OCR engine needs to honour a find's
budget (see :mod:`iconfind._deadline` for the design).

- :class:`Deadline`: one per find, immutable; ``remaining()``, ``expired``, ``check(phase)``.
- :func:`current` / :func:`current_timeout`: the active find's deadline, from inside a backend
  call or a strategy (``httpx.get(url, timeout=current_timeout(30))``).
- :func:`warm_up`: one-time preparation that must not count against the find that triggers it.
"""

from iconfind._deadline import (
    BUDGET_ENV,
    DEFAULT_BUDGET_S,
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
    "Deadline",
    "current",
    "current_timeout",
    "default_budget",
    "device_phase",
    "warm_up",
]
