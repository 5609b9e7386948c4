"""Every backend behaves the same at the DeviceBackend boundary."""

from __future__ import annotations

from iconfind import DeviceBackend, Element, Locator
from iconfind._budget import lane_of
from iconfind.backends.base import BackendInfo, backend_info
from iconfind.backends.replay import PLATFORMS
from tests.conformance.case import ConformanceCase


def test_is_a_device_backend(case: ConformanceCase) -> None:
    assert isinstance(case.backend, DeviceBackend)


def test_screen_size_is_positive_pixels(case: ConformanceCase) -> None:
    width, height = case.backend.screen_size()
    assert isinstance(width, int) and isinstance(height, int)
    assert width > 0 and height > 0


def test_screenshot_matches_screen_size(case: ConformanceCase) -> None:
    image = case.backend.screenshot()
    assert image.size == case.backend.screen_size()
    assert image.mode == "RGB"


def test_hierarchy_shape(case: ConformanceCase) -> None:
    elements = case.backend.hierarchy()
    if not case.expects_hierarchy:
        assert elements is None
        return
    assert elements, "this backend should expose an accessibility tree here"
    assert all(isinstance(e, Element) for e in elements)
    for position, element in enumerate(elements):
        assert element.index == position
        if element.parent is not None:
            assert 0 <= element.parent < position
            assert element.depth > elements[element.parent].depth
        else:
            assert element.depth >= 0


def test_tap_lands(case: ConformanceCase) -> None:
    x, y = case.tap_point
    case.backend.tap(x, y)
    assert case.tap_landed()


def test_info_describes_the_screen(case: ConformanceCase) -> None:
    info = backend_info(case.backend)
    assert isinstance(info, BackendInfo)
    assert info.platform in (*PLATFORMS, "")
    assert info.density is None or info.density > 0


def test_is_a_context_manager_and_closes_idempotently(case: ConformanceCase) -> None:
    backend = case.backend
    with backend as entered:  # type: ignore[attr-defined]
        assert entered is backend
    backend.close()  # a second close (and the factory's own) is harmless


def test_a_find_through_the_locator_keeps_one_call_in_flight(case: ConformanceCase) -> None:
    # Through the serial device worker (or in-process): a full find answers, with the budget
    # out of reach, and nothing is left running on the backend afterwards.
    result = Locator(case.backend, budget_s=600).dump()
    assert result.error is None
    if not getattr(case.backend, "in_process", False):
        assert lane_of(case.backend).in_flight == 0
