"""The Locator: the chain as a plain list, the time budget, taps, dumps, scaling."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import attrs
import pytest

from iconfind import (
    AccessibilityText,
    AmbiguousError,
    Element,
    FindError,
    FindResult,
    FollowUpError,
    Found,
    IconfindError,
    InvalidArgumentError,
    Locator,
    NotResolvedError,
    Point,
    Query,
    ReplayBackend,
    Scaling,
    Screen,
    default_chain,
)
from iconfind.cli import exit_code
from tests.conftest import SNAPSHOTS
from tests.delegating import DelegatingBackend
from tests.screens import el, replay_of


@attrs.define
class Sleeper:
    """A strategy that overruns any budget (a hung detector)."""

    seconds: float
    name: str = "slow_detector"
    calls: int = 0

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        self.calls += 1
        time.sleep(self.seconds)
        return None


class HangingBackend(DelegatingBackend):
    """A device whose accessibility service never answers (until ``release``)."""

    def __init__(self, inner: ReplayBackend) -> None:
        super().__init__(inner)
        self.release = threading.Event()

    def hierarchy(self) -> list[Element] | None:
        self.release.wait(5)
        return self.inner.hierarchy()


@pytest.fixture
def toolbar() -> ReplayBackend:
    return ReplayBackend(SNAPSHOTS / "toolbar")


def test_a_slow_strategy_ends_the_chain_with_timeout_and_its_phase(toolbar: ReplayBackend) -> None:
    sleeper = Sleeper(seconds=2)
    after = Sleeper(seconds=0, name="after")
    locator = Locator(toolbar, strategies=[sleeper, after], budget_s=0.2)
    result = locator.find("Notes")
    assert result.error is FindError.TIMEOUT
    assert result.outcome.phase == "slow_detector"
    # Local work overran, not the device: the suggestion says so.
    assert result.suggestion is not None and result.suggestion.startswith("Local work")
    assert after.calls == 0
    assert exit_code(result) == 1


def test_a_hung_device_names_the_capture_phase(toolbar: ReplayBackend) -> None:
    backend = HangingBackend(toolbar)
    try:
        result = Locator(backend, budget_s=0.2).find("Notes")
    finally:
        backend.release.set()
    assert result.error is FindError.TIMEOUT
    assert result.outcome.phase == "device:hierarchy"
    assert result.suggestion is not None and "device did not answer" in result.suggestion


def test_the_chain_is_a_plain_list_the_user_can_edit(toolbar: ReplayBackend) -> None:
    chain = default_chain()
    assert [s.name for s in chain[:2]] == ["accessibility", "resource_id"]
    only_tier_2 = Locator(toolbar, strategies=[s for s in chain if s.name == "resource_id"])
    assert only_tier_2.find("Notes").error is FindError.NOT_FOUND
    assert only_tier_2.find("overflow").tier == 2

    @attrs.frozen
    class Fixed:
        name: str = "fixed"

        def find(self, query: Query, screen: Screen) -> FindResult | None:
            return FindResult(Found([el("[1,1][3,3]")], source="visual", tier=4))

    appended = Locator(toolbar, strategies=[*default_chain(), Fixed()])
    assert appended.find("Telescope").tier == 4
    assert appended.find("Notes").tier == 1


def test_tap_a_query_taps_the_center(toolbar: ReplayBackend) -> None:
    result = Locator(toolbar).tap("overflow menu")
    assert toolbar.taps == [Point(1006, 157)]
    assert result.tapped == Point(1006, 157) and result.to_dict()["tapped"] == {"x": 1006, "y": 157}


def test_tap_is_strict_when_a_query_matches_several_elements(tmp_path: Path) -> None:
    backend = replay_of(
        tmp_path, [el("[0,0][100,100]", text="Item"), el("[0,200][100,300]", text="Item")]
    )
    locator = Locator(backend)
    with pytest.raises(AmbiguousError, match="matches 2 elements") as info:
        locator.tap("Item")
    assert isinstance(info.value, IconfindError)
    assert info.value.count == 2 and len(info.value.result.elements) == 2
    assert backend.taps == [], "nothing tapped: it refused to guess"
    assert locator.tap("Item", nth=1).tapped == Point(50, 250)
    assert locator.tap("Item", first=True).tapped == Point(50, 50)
    result = locator.find("Item")
    with pytest.raises(AmbiguousError):
        locator.tap(result)
    locator.tap(result, nth=0)
    locator.tap((7, 9))
    assert backend.taps == [Point(50, 250), Point(50, 50), Point(50, 50), Point(7, 9)]
    with pytest.raises(FollowUpError, match="out of range"):
        locator.tap(result, nth=5)
    with pytest.raises(InvalidArgumentError, match="not both"):
        locator.tap("Item", nth=0, first=True)


def test_tap_int_is_gone_a_locator_keeps_no_last_result(toolbar: ReplayBackend) -> None:
    locator = Locator(toolbar)
    locator.find("overflow menu")
    assert not hasattr(locator, "last_result")
    with pytest.raises(InvalidArgumentError, match="no last result"):
        locator.tap(0)  # type: ignore[arg-type]
    assert toolbar.taps == []


def test_tap_on_nothing_raises_with_the_result(toolbar: ReplayBackend) -> None:
    with pytest.raises(NotResolvedError) as info:
        Locator(toolbar).tap("Telescope")
    assert info.value.result.error is FindError.NOT_FOUND
    assert "not_found" in str(info.value)
    assert toolbar.taps == []


def test_dump_returns_the_whole_tree(toolbar: ReplayBackend) -> None:
    result = Locator(toolbar).dump()
    assert len(result.elements) == len(toolbar.hierarchy() or [])
    assert result.source == "accessibility" and not result.accessibility_unavailable


def test_dump_of_a_failed_dump_says_unavailable() -> None:
    result = Locator(ReplayBackend(SNAPSHOTS / "sign_in_null_root")).dump()
    assert result.accessibility_unavailable and result.elements == ()
    assert result.to_dict()["accessibilityUnavailable"] is True


def test_unavailable_tree_is_flagged_on_find() -> None:
    only_tree_tiers = [s for s in default_chain() if s.name in {"accessibility", "resource_id"}]
    result = Locator(
        ReplayBackend(SNAPSHOTS / "sign_in_null_root"), strategies=only_tree_tiers
    ).find("Sign in")
    assert result.accessibility_unavailable and result.error is FindError.NOT_FOUND


def test_scaling_keeps_device_pixels_in_python_and_image_pixels_on_the_wire(
    toolbar: ReplayBackend,
) -> None:
    locator = Locator(toolbar, scaling=Scaling())
    result = locator.find("overflow menu")
    assert result.scale_factor == 2.4
    assert result.element.bounds.to_list() == [933, 84, 1080, 231]  # device pixels
    assert result.to_image(result.element).bounds.to_list() == [389, 35, 450, 96]
    assert result.to_dict()["elements"][0]["bounds"] == [389, 35, 450, 96]
    tapped = locator.tap(result)
    assert toolbar.taps[-1] == result.element.center == tapped.tapped == Point(1006, 157)


def test_budget_must_be_positive(toolbar: ReplayBackend) -> None:
    with pytest.raises(ValueError, match="budget_s"):
        Locator(toolbar, budget_s=0)


def test_accessibility_text_is_a_strategy_object() -> None:
    assert AccessibilityText().name == "accessibility"
