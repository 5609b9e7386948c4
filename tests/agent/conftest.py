"""Fixtures for the agent tests: a ToolBox on a replay snapshot, and a clock the tests move."""

from __future__ import annotations

from pathlib import Path

import pytest

from iconfind import Locator, ReplayBackend, Scaling
from iconfind.agent import Rails, ToolBox


class FakeClock:
    """Seconds that move only when the test says so."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def toolbar(snapshots: Path) -> ReplayBackend:
    """The toolbar snapshot (app ``com.example.notes``), recording taps and typing."""
    return ReplayBackend(snapshots / "toolbar")


@pytest.fixture
def box(toolbar: ReplayBackend, clock: FakeClock) -> ToolBox:
    """A ToolBox on the toolbar snapshot, raw device pixels, default rails on the fake clock."""
    return ToolBox(Locator(toolbar, scaling=Scaling.raw()), rails=Rails(clock=clock))
