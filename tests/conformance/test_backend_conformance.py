"""Every backend behaves the same at the DeviceBackend boundary."""

from __future__ import annotations

from iconfind import DeviceBackend, Element
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
