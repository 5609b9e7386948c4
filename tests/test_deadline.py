"""One deadline per find: device calls that really hang, local work that overruns, warm-up that
is not charged, and never more than one call in flight per backend.

No timed assertions: hangs are threading.Event waits that only the test releases, and "overran"
is produced by waiting until the deadline has passed, on any machine.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence

import pytest

from iconfind import (
    BackendError,
    Candidate,
    DeviceTimeoutError,
    Empty,
    FindError,
    FindResult,
    GridStep,
    InvalidArgumentError,
    Locator,
    Point,
    Query,
    ReplayBackend,
    Screen,
    Selector,
)
from iconfind import _deadline as deadline_module
from iconfind._budget import lane_of
from iconfind.agent import ToolBox
from iconfind.backends import MockBackend, MockCall, MockScreen
from iconfind.cli import exit_code
from iconfind.deadline import Deadline, current, warm_up
from tests.conftest import SNAPSHOTS

pytestmark = pytest.mark.timing  # budgets: run again under the CPU hog (.ci/run)


def _wait_until_expired() -> None:
    """Block until the active find's deadline has passed (an overrun, on any machine)."""
    deadline = current()
    assert deadline is not None
    while not deadline.expired:
        time.sleep(0.005)


class Hang:
    """A MockBackend handler that blocks ``method`` until :attr:`release` is set."""

    def __init__(self, *methods: str) -> None:
        self.methods = set(methods)
        self.release = threading.Event()
        self.entered = threading.Event()

    def __call__(self, call: MockCall) -> None:
        if call.method in self.methods:
            self.entered.set()
            assert self.release.wait(60), "the test never released the hang"


@pytest.fixture
def anr() -> ReplayBackend:
    return ReplayBackend(SNAPSHOTS / "anr_dialog")


@pytest.fixture
def hang() -> Iterator[Hang]:
    made = Hang("hierarchy", "tap")
    yield made
    made.release.set()


def _mock(replay: ReplayBackend, handler: Hang | None = None) -> MockBackend:
    return MockBackend(MockScreen(replay.screenshot(), replay.hierarchy()), handler=handler)


# -- the Deadline value --------------------------------------------------------------------------


def test_a_deadline_is_an_immutable_value_with_what_is_left() -> None:
    far = Deadline.after(600)
    assert not far.expired and 0 < far.remaining() <= 600
    far.check("ocr")  # nothing raised
    assert far.timeout(5) == 5
    past = Deadline(time.monotonic() - 1, 0.5)
    assert past.expired and past.remaining() == 0
    with pytest.raises(DeviceTimeoutError) as caught:
        past.check("ocr")
    assert caught.value.phase == "ocr" and caught.value.culprit == "local"
    assert past.extended(3600).remaining() > 3000 and past.expired  # a new value
    assert Deadline.never().remaining() == float("inf")


def test_the_timeout_type_is_a_backend_error_naming_who_overran() -> None:
    device = Deadline(0, 1.0).error("device:hierarchy")
    local = Deadline(0, 1.0).error("visual")
    assert isinstance(device, BackendError) and isinstance(local, BackendError)
    assert device.culprit == "device" and "device did not answer" in device.suggestion
    assert local.culprit == "local" and "Local work (visual)" in local.suggestion
    wire = FindResult.from_timeout(local).to_dict()
    assert wire["error"] == "timeout" and wire["phase"] == "visual"
    assert "unresponsive" not in wire["suggestion"]


# -- device calls that really hang ---------------------------------------------------------------


def test_a_hung_device_ends_the_find_in_timeout_naming_the_device_call(
    anr: ReplayBackend, hang: Hang
) -> None:
    backend = _mock(anr, hang)
    result = Locator(backend, budget_s=0.3).find("Wait")
    assert result.error is FindError.TIMEOUT and exit_code(result) == 1
    assert result.outcome.phase == "device:hierarchy"
    assert result.suggestion is not None and "device did not answer hierarchy" in result.suggestion


def test_timed_out_finds_never_leave_more_than_one_call_in_flight(
    anr: ReplayBackend, hang: Hang
) -> None:
    backend = _mock(anr, hang)
    locator = Locator(backend, budget_s=0.3)
    for _ in range(4):
        assert locator.find("Wait").outcome.phase == "device:hierarchy"
    # The first call still hangs; the next three waited for it and were cancelled unsent.
    assert backend.max_in_flight == 1
    assert [c.method for c in backend.calls] == ["hierarchy"]
    assert lane_of(backend).in_flight == 1
    hang.release.set()
    hang.methods.clear()
    result = Locator(backend, budget_s=600).find("Wait")
    assert result.ok and result.tier == 1
    assert backend.max_in_flight == 1


def test_a_hung_tap_raises_the_one_timeout_type(anr: ReplayBackend, hang: Hang) -> None:
    hang.methods = {"tap"}
    backend = _mock(anr, hang)
    with pytest.raises(DeviceTimeoutError) as caught:
        Locator(backend, budget_s=0.3).tap(Point(10, 10))
    assert caught.value.phase == "device:tap"
    assert FindResult.from_timeout(caught.value).error is FindError.TIMEOUT


def test_tap_of_a_query_whose_find_timed_out_raises_the_same_timeout(
    anr: ReplayBackend, hang: Hang
) -> None:
    backend = _mock(anr, hang)
    with pytest.raises(DeviceTimeoutError) as caught:
        Locator(backend, budget_s=0.3).tap("Wait")
    assert caught.value.phase == "device:hierarchy"
    assert backend.taps == []


def test_agent_tools_report_the_timeout_in_the_find_wire_form(
    anr: ReplayBackend, hang: Hang
) -> None:
    backend = _mock(anr, hang)
    tools = ToolBox(Locator(backend, budget_s=0.3))
    answer = tools.call("ui", {"operation": "tap", "selector": {"text": "Wait"}})
    assert answer["error"] == "timeout" and answer["phase"] == "device:hierarchy"


# -- local work ----------------------------------------------------------------------------------


class Overruns:
    """A strategy whose local work runs past the deadline and then finds nothing."""

    name = "slow_local"

    def __init__(self) -> None:
        self.calls = 0

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        self.calls += 1
        _wait_until_expired()
        return None


def test_local_work_that_overruns_names_its_strategy_and_runs_in_the_callers_thread(
    anr: ReplayBackend,
) -> None:
    seen: list[threading.Thread] = []

    class Records(Overruns):
        def find(self, query: Query, screen: Screen) -> FindResult | None:
            seen.append(threading.current_thread())
            return super().find(query, screen)

    after = Overruns()
    result = Locator(anr, strategies=[Records(), after], budget_s=0.2).find("Wait")
    assert result.error is FindError.TIMEOUT and result.outcome.phase == "slow_local"
    assert result.suggestion is not None and result.suggestion.startswith("Local work")
    assert seen == [threading.current_thread()] and after.calls == 0


class WarmsUp:
    """A strategy whose first use prepares something for longer than the whole budget."""

    name = "warming"

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        warm_up("a test model", _wait_until_expired)
        screen.deadline.check(self.name)  # the warm-up was given back: no timeout
        return FindResult(Empty(source="visual"), notes=("warmed",))


def test_warm_up_is_not_charged_to_the_find(anr: ReplayBackend) -> None:
    result = Locator(anr, strategies=[WarmsUp()], budget_s=0.2).find("Wait")
    assert result.error is None and result.notes == ("warmed",)


def test_a_long_warm_up_prints_one_progress_line(
    anr: ReplayBackend, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    printed = threading.Event()
    original = deadline_module._notice

    def notice(what: str) -> None:
        original(what)
        printed.set()

    monkeypatch.setattr(deadline_module, "WARM_UP_NOTICE_S", 0.01)
    monkeypatch.setattr(deadline_module, "_notice", notice)
    warm_up("the icon references", lambda: printed.wait(60))
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "iconfind: preparing the icon references (first use, not counted in the budget)..."
    ]


class OverrunningPicker:
    """A picker whose round takes the rest of the find's budget, then answers."""

    def pick_candidate(self, query: Selector, candidates: Sequence[Candidate]) -> int | None:
        _wait_until_expired()
        return 0

    def pick_grid_cell(self, query: Selector, grid_image_b64: str) -> int | None:
        _wait_until_expired()
        return 1

    def pick_grid_position(self, query: Selector, cell_image_b64: str) -> int | None:
        return 3


class OffersAGrid:
    """Tier 5 in a hurry: offers a grid picture at once."""

    name = "grid"
    handles_follow_ups = True

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        return FindResult(GridStep("aGVsbG8="))


def test_a_picker_round_counts_against_the_same_deadline(anr: ReplayBackend) -> None:
    locator = Locator(anr, [OffersAGrid()], budget_s=2, picker=OverrunningPicker())
    result = locator.find("settings")
    assert result.error is FindError.TIMEOUT and result.outcome.phase == "picker"


def test_loading_a_snapshot_counts_against_the_deadline() -> None:
    with pytest.raises(DeviceTimeoutError) as caught:
        ReplayBackend(SNAPSHOTS / "anr_dialog", deadline=Deadline(time.monotonic(), 1.0))
    assert caught.value.phase == "load" and caught.value.culprit == "local"


def test_a_find_given_an_expired_deadline_times_out_before_any_work(anr: ReplayBackend) -> None:
    overruns = Overruns()
    result = Locator(anr, strategies=[overruns]).find("Wait", deadline=Deadline(0, 1.0))
    assert result.error is FindError.TIMEOUT and overruns.calls == 0


def test_the_default_budget_comes_from_the_environment(
    anr: ReplayBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ICONFIND_BUDGET", "2.5")
    assert Locator(anr).budget_s == 2.5 and Locator(anr, budget_s=7).budget_s == 7
    monkeypatch.setenv("ICONFIND_BUDGET", "soon")
    with pytest.raises(InvalidArgumentError, match="ICONFIND_BUDGET"):
        Locator(anr)
    monkeypatch.delenv("ICONFIND_BUDGET")
    assert Locator(anr).budget_s == 10.0
