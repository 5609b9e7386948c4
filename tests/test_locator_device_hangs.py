"""A device that hangs outside the strategies (the size read that scaling needs) still ends in
``timeout``: the Locator never waits on the device beyond its budget."""

from __future__ import annotations

import threading

import attrs
import pytest

from iconfind import (
    DeviceTimeoutError,
    FindError,
    FindResult,
    Found,
    Locator,
    Point,
    Query,
    ReplayBackend,
    Scaling,
    Screen,
)
from tests.conftest import SNAPSHOTS
from tests.delegating import DelegatingBackend

pytestmark = pytest.mark.timing  # budgets: run again under the CPU hog (.ci/run)


class SizeHangs(DelegatingBackend):
    """A device whose ``screen_size`` never answers (until ``release``); the rest is a replay."""

    def __init__(self, inner: ReplayBackend) -> None:
        super().__init__(inner)
        self.inner: ReplayBackend = inner
        self.release = threading.Event()

    def screen_size(self) -> tuple[int, int]:
        self.release.wait(10)
        return self.inner.screen_size()


@attrs.define
class FirstElement:
    """Resolves any query to the tree's first element, without reading the screen's size."""

    name: str = "first"

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        elements = screen.hierarchy or []
        return FindResult(Found(elements[:1], source="accessibility", tier=1))


@pytest.fixture
def device() -> object:
    made = SizeHangs(ReplayBackend(SNAPSHOTS / "toolbar"))
    yield made
    made.release.set()


def _locator(device: SizeHangs) -> Locator:
    return Locator(device, strategies=[FirstElement()], budget_s=0.3, scaling=Scaling(1000))


def test_find_under_scaling_times_out_on_the_size_read(device: SizeHangs) -> None:
    result = _locator(device).find("anything")
    assert result.error is FindError.TIMEOUT and result.outcome.phase == "device:screen_size"


def test_dump_under_scaling_times_out_on_the_size_read(device: SizeHangs) -> None:
    result = _locator(device).dump()
    assert result.error is FindError.TIMEOUT and result.outcome.phase == "device:screen_size"


def test_tap_of_a_point_under_scaling_times_out_on_the_size_read(device: SizeHangs) -> None:
    with pytest.raises(DeviceTimeoutError) as caught:
        _locator(device).tap(Point(10, 10))
    assert caught.value.phase == "device:screen_size"
    assert FindResult.from_timeout(caught.value).error is FindError.TIMEOUT
    assert device.inner.taps == []


def test_without_scaling_a_find_needs_no_size_read(device: SizeHangs) -> None:
    locator = Locator(device, strategies=[FirstElement()], budget_s=0.3)
    assert locator.find("anything").ok
    # A tap is checked against the screen's size (issue 22: off-screen taps are refused), so a
    # size read that hangs refuses the tap instead of tapping blind.
    with pytest.raises(DeviceTimeoutError) as caught:
        locator.tap(Point(10, 10))
    assert caught.value.phase == "device:screen_size"
    assert device.inner.taps == []
