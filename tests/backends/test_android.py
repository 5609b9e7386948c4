"""AndroidBackend through its seam, on a real recorded `uiautomator dump`."""

from __future__ import annotations

import adbutils
import pytest
import uiautomator2
from PIL import Image

from iconfind import AndroidBackend, BackendError, FindError, Locator, Point
from iconfind.backends.base import backend_density
from iconfind.screen import Screen
from tests.backends.standins import (
    DisconnectedU2Device,
    HangingU2Device,
    RecordedU2Device,
    android_dump,
)

SETTINGS = android_dump("settings_home.xml")
NULL_ROOT = android_dump("null_root.txt")


def test_real_dump_maps_onto_elements() -> None:
    backend = AndroidBackend(device=RecordedU2Device([SETTINGS]))
    elements = backend.hierarchy()
    assert elements is not None and len(elements) == 66
    search = next(e for e in elements if e.content_desc == "Search settings")
    assert search.class_name == "android.widget.Button"
    assert search.clickable and search.enabled
    assert search.bounds.to_list() == [912, 374, 1044, 506]
    assert search.package == "com.android.settings"
    bar = elements[search.parent] if search.parent is not None else None
    assert bar is not None and bar.class_name == "androidx.appcompat.widget.LinearLayoutCompat"


def test_locator_finds_and_taps_a_real_row() -> None:
    device = RecordedU2Device([SETTINGS])
    result = Locator(AndroidBackend(device=device)).tap("Network & internet")
    assert result.ok and result.tapped is not None
    assert device.clicks == [(result.tapped.x, result.tapped.y)]
    assert result.element.resource_id == "android:id/title"
    assert result.element.bounds.contains(*device.clicks[0])


def test_null_root_is_retried_once_then_recovers() -> None:
    device = RecordedU2Device([NULL_ROOT, SETTINGS])
    elements = AndroidBackend(device=device).hierarchy()
    assert elements is not None and device.dump_calls == 2


def test_null_root_twice_means_accessibility_unavailable() -> None:
    device = RecordedU2Device([NULL_ROOT])
    backend = AndroidBackend(device=device)
    assert backend.hierarchy() is None
    assert device.dump_calls == 2
    result = Locator(backend, strategies=[]).dump()
    assert result.accessibility_unavailable and not result.elements


def test_uiautomator2_hierarchy_empty_error_counts_as_null_root() -> None:
    class EmptyThenReal(RecordedU2Device):
        def dump_hierarchy(self) -> str:
            self.dump_calls += 1
            if self.dump_calls == 1:
                raise uiautomator2.exceptions.HierarchyEmptyError("dump empty")
            return SETTINGS

    assert AndroidBackend(device=EmptyThenReal([SETTINGS])).hierarchy() is not None


@pytest.mark.parametrize(
    "error",
    [
        adbutils.AdbError("device 'emulator-5554' not found"),
        uiautomator2.exceptions.ConnectError("uiautomator2 server is not responding"),
        ConnectionResetError(104, "Connection reset by peer"),
    ],
    ids=["adb", "u2-connect", "socket"],
)
@pytest.mark.parametrize("phase", ["hierarchy", "screenshot", "tap", "screen_size"])
def test_disconnects_become_backend_errors_with_the_phase(error: Exception, phase: str) -> None:
    backend = AndroidBackend(device=DisconnectedU2Device(error))
    calls = {
        "hierarchy": backend.hierarchy,
        "screenshot": backend.screenshot,
        "tap": lambda: backend.tap(1, 2),
        "screen_size": backend.screen_size,
    }
    with pytest.raises(BackendError) as caught:
        calls[phase]()
    assert caught.value.phase == phase
    assert type(error).__name__ in str(caught.value)


def test_a_bug_in_the_stand_in_is_not_dressed_up_as_a_device_error() -> None:
    backend = AndroidBackend(device=DisconnectedU2Device(KeyError("oops")))
    with pytest.raises(KeyError):
        backend.hierarchy()


def test_a_hanging_dump_ends_in_timeout_within_the_budget() -> None:
    device = HangingU2Device([SETTINGS])
    try:
        result = Locator(AndroidBackend(device=device), budget_s=0.3).find("Network & internet")
    finally:
        device.release.set()
    assert result.error is FindError.TIMEOUT
    assert result.outcome.phase is not None and "hierarchy" in result.outcome.phase


def test_rotation_turns_a_natural_orientation_capture_upright() -> None:
    # Landscape (displayRotation 1): the screen is 2400x1080, the capture came portrait.
    natural = Image.new("RGB", (1080, 2400), (0, 0, 0))
    natural.putpixel((1079, 0), (255, 0, 0))  # panel's top-right corner
    device = RecordedU2Device([SETTINGS], (2400, 1080), rotation=1, image=natural)
    backend = AndroidBackend(device=device)
    shot = backend.screenshot()
    assert shot.size == backend.screen_size() == (2400, 1080)
    # Turned left, the panel's top-right corner is the viewer's top-left.
    assert shot.getpixel((0, 0)) == (255, 0, 0)
    backend.tap(2000, 500)
    assert device.clicks == [(2000, 500)]


def test_density_and_meta_come_from_device_info() -> None:
    backend = AndroidBackend(device=RecordedU2Device([SETTINGS]))
    assert backend.density == pytest.approx(1080 / 411, abs=1e-3)
    assert backend.meta.platform == "android"
    assert backend.meta.app == "com.android.settings"


def test_a_device_that_does_not_say_its_density_has_none() -> None:
    """Without the display metrics the density is unknown, not a phone's passed off as the
    device's: checks assume 2.625 and say so, blobs are sized by the screen's size."""
    device = CountingInfo([SETTINGS], info={"displaySizeDpX": None})
    backend = AndroidBackend(device=device)
    assert backend.density is None
    assert backend.info().density is None
    assert backend_density(backend) == (2.625, True)
    device.reads = 0
    assert Screen(backend).density is None
    assert device.reads == 1  # the device's None is its answer: info() is not asked again


class CountingInfo(RecordedU2Device):
    """A recorded device that counts how often its ``info`` is read (one device round trip
    each)."""

    reads = 0

    @property
    def info(self) -> dict[str, object]:
        self.reads += 1
        return dict(super().info)


def test_input_goes_to_send_keys() -> None:
    device = RecordedU2Device([SETTINGS])
    Locator(AndroidBackend(device=device)).input("wifi", target=Point(540, 400))
    assert device.clicks == [(540, 400)] and device.typed == ["wifi"]


@pytest.mark.android
def test_real_device_dump_and_screenshot() -> None:
    """Runs only with ``pytest -m android`` and a device on adb."""
    backend = AndroidBackend()
    assert backend.screenshot().size == backend.screen_size()
    assert backend.hierarchy() is None or len(backend.hierarchy() or []) > 0
