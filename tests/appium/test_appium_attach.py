"""Attaching to an Appium session someone else started (a test framework's driver)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from iconfind import BackendError, Locator, backend_from_url
from iconfind.backends.appium import AppiumBackend
from tests.appium_server import AppiumServer, last_tap, shared_server


@pytest.fixture(scope="module")
def server() -> AppiumServer:
    return shared_server()


def test_attach_drives_the_running_session_and_leaves_it_open(
    server: AppiumServer, tmp_path: Path
) -> None:
    with AppiumBackend(server.url, server.capabilities(tmp_path)) as owner:
        attached = AppiumBackend.attach(server.url, owner.session_id)
        assert Locator(attached).tap("Notes").tier == 1
        assert last_tap(server, owner.session_id) == (337, 428), "the same session was tapped"
        attached.close()
        assert owner.screen_size() == (400, 852), "closing the attached backend kept the session"
        by_url = backend_from_url(f"appium+{server.url}/?sessionId={owner.session_id}")
        assert isinstance(by_url, AppiumBackend) and by_url.session_id == owner.session_id
        by_url.close()


def test_attaching_to_an_unknown_session_is_a_backend_error(server: AppiumServer) -> None:
    with pytest.raises(BackendError) as info:
        AppiumBackend.attach(server.url, "no-such-session")
    assert info.value.phase == "session"


def test_session_id_takes_no_capabilities(server: AppiumServer) -> None:
    with pytest.raises(BackendError, match="no capabilities"):
        backend_from_url(f"appium+{server.url}/?sessionId=x&platformName=Android")
    assert httpx.get(f"{server.url}/status", timeout=10).status_code == 200
