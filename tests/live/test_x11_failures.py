"""X11Backend when the X server goes away or never answers: BackendError with the phase, never
a raw Xlib exception, never a hang."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterator

import pytest

from iconfind import BackendError, FindError, Locator
from iconfind.backends.x11 import X11Backend
from tests.live import resources

pytestmark = pytest.mark.x11


@pytest.mark.parametrize(
    ("phase", "call"),
    [
        ("tap", lambda backend: backend.tap(10, 10)),
        ("input", lambda backend: backend.input_text("a")),
        ("screenshot", lambda backend: backend.screenshot()),
    ],
)
def test_a_server_that_is_gone_is_a_backend_error_with_the_phase(
    phase: str, call: Callable[[X11Backend], object]
) -> None:
    with resources.private_xvfb() as (process, display):
        backend = X11Backend(display)
        process.kill()
        process.wait()
        with pytest.raises(BackendError) as caught:
            call(backend)
        assert caught.value.phase == phase
        backend.close()  # nothing to say goodbye to: no error
        backend.close()


def test_a_locator_tap_on_a_gone_server_is_a_backend_error() -> None:
    with resources.private_xvfb() as (process, display):
        backend = X11Backend(display)
        process.kill()
        process.wait()
        with pytest.raises(BackendError) as caught:
            Locator(backend, budget_s=5).tap((10, 10))
        assert caught.value.phase == "tap"


@pytest.fixture
def silent_display() -> Iterator[str]:
    """``127.0.0.1:N``: a TCP listener on 6000+N that accepts X clients and never answers."""
    for number in range(150, 400):
        try:
            listener = socket.create_server(("127.0.0.1", 6000 + number))
            break
        except OSError:
            continue
    else:
        pytest.skip("no free port for a fake X server")
    accepted: list[socket.socket] = []
    done = threading.Event()

    def accept() -> None:
        listener.settimeout(0.1)
        while not done.is_set():
            try:
                accepted.append(listener.accept()[0])
            except TimeoutError:
                continue
            except OSError:
                return

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"127.0.0.1:{number}"
    done.set()
    thread.join(5)
    for conn in accepted:
        conn.close()
    listener.close()


def test_a_server_that_never_answers_fails_to_connect_within_the_timeout(
    silent_display: str,
) -> None:
    with pytest.raises(BackendError, match="did not answer") as caught:
        X11Backend(silent_display, connect_timeout=0.5)
    assert caught.value.phase == "connect"


def test_a_call_hung_on_the_connection_does_not_block_the_next_ones_forever(xvfb: str) -> None:
    backend = X11Backend(xvfb, connect_timeout=0.3)
    backend._lock.acquire()  # what a tap stuck in display.sync() on a hung server looks like
    try:
        with pytest.raises(BackendError, match="still busy") as caught:
            backend.tap(1, 1)
        assert caught.value.phase == "tap"
        backend.close()  # gives up waiting, leaves the connection to the stuck call
    finally:
        backend._lock.release()
    with pytest.raises(BackendError, match="closed"):
        backend.screen_size()


def test_a_hung_tree_source_ends_a_find_in_timeout(xvfb: str) -> None:
    release = threading.Event()

    def hung_tree() -> None:
        release.wait(10)

    with X11Backend(xvfb, hierarchy_source=hung_tree) as backend:
        try:
            result = Locator(backend, budget_s=0.5).find("Submit")
        finally:
            release.set()
    assert result.error is FindError.TIMEOUT
    assert result.outcome.phase is not None and result.outcome.phase.endswith("hierarchy")
