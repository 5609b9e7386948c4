"""Driving a page of your own Playwright session (attach) or of a running Chromium (connect)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from iconfind import BackendError, Locator
from iconfind.backends.web import CHROMIUM_ARGS, WebBackend

pytestmark = pytest.mark.web

PAGE = (
    "<html><body><button id='go' style='margin:40px;width:120px;height:40px' "
    "onclick='window.clicked = (window.clicked || 0) + 1'>Go</button></body></html>"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


PORT = free_port()
ENDPOINT = f"http://127.0.0.1:{PORT}"


@pytest.fixture
def own_page() -> Iterator[object]:
    """A page made by the test's own sync Playwright, as pytest-playwright users have one."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=[*CHROMIUM_ARGS, f"--remote-debugging-port={PORT}"],
        )
        page = browser.new_page(viewport={"width": 400, "height": 300})
        page.set_content(PAGE)
        yield page
        browser.close()


def test_attach_drives_your_page_and_leaves_it_to_you(own_page) -> None:  # type: ignore[no-untyped-def]
    web = WebBackend.attach(own_page, cdp_endpoint=ENDPOINT)
    result = Locator(web, budget_s=600).tap("Go")
    assert result.tapped is not None
    web.close()
    assert own_page.evaluate("window.clicked") == 1, "your page saw the click"
    assert own_page.evaluate("1 + 1") == 2, "and is still yours after close()"


def test_connect_needs_a_page_it_can_name(own_page) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BackendError, match="remote debugging port"):
        WebBackend.attach(own_page)  # no --enable-automation: the port must be given
    own_page.context.browser.new_page().goto("data:text/html,<title>second</title>")
    with pytest.raises(BackendError, match="2 pages match"):
        WebBackend.connect(ENDPOINT)
    with WebBackend.connect(ENDPOINT, url_contains="second") as web:
        assert web.evaluate("document.title") == "second"
