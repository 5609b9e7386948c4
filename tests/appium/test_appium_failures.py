"""AppiumBackend against servers that misbehave: silent, hanging, HTTP 500, broken JSON, W3C
errors. Every case ends in a BackendError naming the phase (or a Locator ``timeout``), never a
hang. The servers are local stubs (tests/appium/stub_servers.py), no Appium needed."""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator

import pytest
from PIL import Image

from iconfind import BackendError, DeviceTimeoutError, FindError, FindResult, Locator, Point
from iconfind.backends.appium import CONNECT_TIMEOUT_S, AppiumBackend, http_timeout
from tests.appium.stub_servers import HANG, SilentServer, W3CStub, w3c_error, w3c_value

CAPS = {"platformName": "Fake"}


def _png(size: tuple[int, int] = (40, 80)) -> str:
    buffer = io.BytesIO()
    Image.new("RGB", size, (255, 255, 255)).save(buffer, "PNG")
    return base64.b64encode(buffer.getvalue()).decode()


SHOT = w3c_value(_png())
RECT = w3c_value({"x": 0, "y": 0, "width": 40, "height": 80})


@pytest.fixture
def silent() -> Iterator[SilentServer]:
    with SilentServer() as server:
        yield server


def test_every_request_is_bounded_and_connecting_fails_fast() -> None:
    timeout = http_timeout(60)
    assert timeout.read == timeout.write == timeout.pool == 60
    assert timeout.connect == CONNECT_TIMEOUT_S
    assert http_timeout(0.5).connect == 0.5
    with pytest.raises(ValueError, match="positive"):
        http_timeout(0)


def test_a_server_that_accepts_and_never_answers_is_a_session_error(silent: SilentServer) -> None:
    with pytest.raises(BackendError, match="did not answer") as caught:
        AppiumBackend(silent.url, CAPS, timeout=0.5)
    assert caught.value.phase == "session"


def test_a_hanging_endpoint_is_a_backend_error_naming_the_phase() -> None:
    with (
        W3CStub({("GET", "/source"): HANG}) as stub,
        AppiumBackend(stub.url, CAPS, timeout=0.5) as backend,
    ):
        with pytest.raises(BackendError, match="did not answer") as caught:
            backend.hierarchy()
        assert caught.value.phase == "hierarchy"


def test_a_hanging_endpoint_ends_a_find_in_timeout_within_the_budget() -> None:
    routes = {("GET", "/source"): HANG, ("GET", "/screenshot"): HANG}
    with W3CStub(routes) as stub, AppiumBackend(stub.url, CAPS) as backend:
        result = Locator(backend, budget_s=0.5).find("Notes")
        assert result.error is FindError.TIMEOUT
        assert result.outcome.phase is not None and result.outcome.phase.endswith(":hierarchy")


def test_a_hanging_tap_ends_in_a_timeout_result() -> None:
    routes = {("GET", "/screenshot"): SHOT, ("GET", "/window/rect"): RECT}
    routes[("POST", "/actions")] = HANG
    with W3CStub(routes) as stub, AppiumBackend(stub.url, CAPS) as backend:
        with pytest.raises(DeviceTimeoutError) as caught:
            Locator(backend, budget_s=0.5).tap(Point(5, 5))
        assert isinstance(caught.value, BackendError)  # one timeout type, a backend error
        assert FindResult.from_timeout(caught.value).error is FindError.TIMEOUT
        assert caught.value.phase == "device:tap"


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        ((500, "text/html", b"<html>Internal Server Error</html>"), "500 with no JSON"),
        ((200, "application/json", b'{"value": '), "200 with no JSON"),
        ((502, "application/json", b"[]"), "Appium 502"),
        (w3c_error("invalid session id", "session deleted", 404), "session is gone"),
        (w3c_error("unknown error", "instrumentation crashed", 500), "unknown error"),
    ],
    ids=["500-html", "broken-json", "502-not-w3c", "invalid-session-id", "w3c-500"],
)
@pytest.mark.parametrize(
    ("phase", "method", "path"),
    [("hierarchy", "GET", "/source"), ("screenshot", "GET", "/screenshot")],
)
def test_bad_answers_are_backend_errors_naming_the_phase(
    reply: tuple[int, str, bytes], message: str, phase: str, method: str, path: str
) -> None:
    with W3CStub({(method, path): reply}) as stub, AppiumBackend(stub.url, CAPS) as backend:
        call = backend.hierarchy if phase == "hierarchy" else backend.screenshot
        with pytest.raises(BackendError, match=message) as caught:
            call()
        assert caught.value.phase == phase


def test_a_failing_tap_and_input_name_their_phases() -> None:
    routes = {
        ("GET", "/screenshot"): SHOT,
        ("GET", "/window/rect"): RECT,
        ("POST", "/actions"): w3c_error("invalid session id", "gone", 404),
    }
    with W3CStub(routes) as stub, AppiumBackend(stub.url, CAPS) as backend:
        with pytest.raises(BackendError, match="session is gone") as tapped:
            backend.tap(5, 5)
        with pytest.raises(BackendError, match="session is gone") as typed:
            backend.input_text("x")
    assert (tapped.value.phase, typed.value.phase) == ("tap", "input")


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        (w3c_error("session not created", "no such app", 500), "session not created"),
        ((500, "text/plain", b"oops"), "500 with no JSON"),
        (w3c_value({"capabilities": {}}), "did not return a session id"),
    ],
    ids=["w3c-error", "500-text", "no-session-id"],
)
def test_a_failed_session_start_is_a_session_error(
    reply: tuple[int, str, bytes], message: str
) -> None:
    with (
        W3CStub(session_reply=reply) as stub,
        pytest.raises(BackendError, match=message) as caught,
    ):
        AppiumBackend(stub.url, CAPS)
    assert caught.value.phase == "session"


def test_a_screenshot_that_is_not_an_image_is_a_backend_error() -> None:
    with (
        W3CStub({("GET", "/screenshot"): w3c_value("bm90IGEgcG5n")}) as stub,
        AppiumBackend(stub.url, CAPS) as backend,
        pytest.raises(BackendError, match="not an image") as caught,
    ):
        backend.screenshot()
    assert caught.value.phase == "screenshot"
