"""Run a call under a wall-clock budget without being held hostage by a hung device."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar, cast

T = TypeVar("T")


class Outcome(Generic[T]):
    """What a bounded call produced: a value, an exception, or nothing yet (``timed_out``)."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.value: T | None = None
        self.error: BaseException | None = None

    @property
    def timed_out(self) -> bool:
        return not self.done.is_set()

    def unwrap(self) -> T:
        if self.error is not None:
            raise self.error
        return cast(T, self.value)


def call_with_budget(call: Callable[[], T], seconds: float) -> Outcome[T]:
    """Run ``call`` in a daemon thread and wait at most ``seconds``.

    A daemon thread, not an executor: a device that never answers must not keep the process
    alive at exit. The abandoned call finishes (or not) on its own; its result is dropped.
    """
    outcome: Outcome[T] = Outcome()

    def run() -> None:
        try:
            outcome.value = call()
        except BaseException as exc:  # handed to the caller through unwrap()
            outcome.error = exc
        finally:
            outcome.done.set()

    threading.Thread(target=run, name="iconfind-strategy", daemon=True).start()
    outcome.done.wait(max(0.0, seconds))
    return outcome
