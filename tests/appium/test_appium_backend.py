"""AppiumBackend against a real Appium server running Appium's fake driver."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from iconfind import BackendError, FindError, Locator
from iconfind.backends.appium import AppiumBackend
from iconfind.backends.page_source import parse_page_source
from tests.appium_server import AppiumServer, last_tap, shared_server


@pytest.fixture(scope="module")
def server() -> AppiumServer:
    return shared_server()


@pytest.fixture
def backend(server: AppiumServer, tmp_path: Path) -> Iterator[AppiumBackend]:
    with AppiumBackend(server.url, server.capabilities(tmp_path)) as made:
        yield made


def test_reads_the_page_source_and_screenshot(backend: AppiumBackend) -> None:
    assert backend.screen_size() == (400, 852)
    elements = backend.hierarchy()
    assert elements is not None
    notes = next(e for e in elements if e.text == "Notes")
    assert notes.resource_id == "com.apple.mobilenotes"
    assert notes.bounds.to_list() == [307, 398, 367, 458]
    assert notes.clickable and notes.class_name == "XCUIElementTypeIcon"


def test_find_and_tap_through_the_full_chain(server: AppiumServer, backend: AppiumBackend) -> None:
    locator = Locator(backend)
    result = locator.tap("Notes")
    assert result.tier == 1
    assert last_tap(server, backend.session_id) == (337, 428)

    home = locator.tap("home")
    assert home.tier == 2 and home.element.resource_id == "ic_home"
    assert last_tap(server, backend.session_id) == (68, 640)
    assert locator.find("Telescope").error is FindError.NOT_FOUND


def test_typing_goes_out_as_key_actions(server: AppiumServer, backend: AppiumBackend) -> None:
    backend.input_text("hi")
    sequence = server.action_log(backend.session_id)[-1][0]
    assert sequence["type"] == "key"
    downs = [a["value"] for a in sequence["actions"] if a["type"] == "keyDown"]  # type: ignore[index, union-attr]
    assert downs == ["h", "i"]


def test_a_lost_session_is_a_backend_error(server: AppiumServer, tmp_path: Path) -> None:
    backend = AppiumBackend(server.url, server.capabilities(tmp_path))
    httpx.delete(f"{server.url}/session/{backend.session_id}", timeout=10)
    with pytest.raises(BackendError, match="session") as info:
        backend.hierarchy()
    assert info.value.phase == "hierarchy"
    backend.close()


def test_bad_capabilities_are_a_backend_error(server: AppiumServer) -> None:
    with pytest.raises(BackendError) as info:
        AppiumBackend(server.url, {"platformName": "Fake", "appium:automationName": "Fake"})
    assert info.value.phase == "session"


def test_an_unreachable_server_is_a_backend_error() -> None:
    from tests.appium_server import free_port

    with pytest.raises(BackendError, match="cannot reach Appium"):
        AppiumBackend(f"http://127.0.0.1:{free_port()}", {"platformName": "Fake"}, timeout=2)


def test_uiautomator2_page_source_goes_through_the_shared_parser() -> None:
    source = (
        '<?xml version="1.0" encoding="UTF-8"?><hierarchy index="0" class="hierarchy" rotation="0" '
        'width="1080" height="2400"><android.widget.FrameLayout index="0" package="com.example" '
        'class="android.widget.FrameLayout" text="" bounds="[0,0][1080,2400]">'
        '<android.widget.ImageView index="0" package="com.example" class="android.widget.ImageView" '
        'text="" resource-id="com.example:id/iv_more_options" clickable="true" '
        'bounds="[933,84][1080,231]" /></android.widget.FrameLayout></hierarchy>'
    )
    elements = parse_page_source(source)
    assert elements is not None and len(elements) == 2
    assert elements[1].class_name == "android.widget.ImageView" and elements[1].parent == 0
    assert elements[1].resource_id.endswith("iv_more_options")


def test_xcuitest_points_are_scaled_to_screenshot_pixels() -> None:
    source = (
        '<AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Notes" '
        'x="0" y="0" width="390" height="844"><XCUIElementTypeButton type="XCUIElementTypeButton" '
        'name="more" label="More" enabled="true" visible="true" x="340" y="50" width="44" '
        'height="44"/><XCUIElementTypeSecureTextField type="XCUIElementTypeSecureTextField" '
        'value="••••" x="20" y="300" width="350" height="44"/></XCUIElementTypeApplication></AppiumAUT>'
    )
    elements = parse_page_source(source, scale=3.0)
    assert elements is not None
    more = elements[1]
    assert (
        more.bounds.to_list() == [1020, 150, 1152, 282] and more.clickable and more.text == "More"
    )
    assert elements[2].password
