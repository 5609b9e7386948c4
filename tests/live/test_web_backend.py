"""WebBackend against real pages in Debian's Chromium: the tree it reads and clicks that land."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from iconfind import BackendError, Element, Locator
from iconfind.backends.web import WebBackend
from tests.live.resources import clicks

pytestmark = pytest.mark.web

OpenPage = Callable[..., WebBackend]


def _by_id(elements: list[Element], resource_id: str) -> Element:
    return next(e for e in elements if e.resource_id == resource_id)


def test_tier1_taps_the_log_in_button(open_page: OpenPage) -> None:
    web = open_page("toolbar.html")
    result = Locator(web).tap("Log in")
    assert (result.tier, result.source, result.confidence) == (1, "accessibility", "high")
    assert clicks(web) == ["login"]


def test_tier2_taps_the_icon_only_overflow_button_by_its_id(open_page: OpenPage) -> None:
    web = open_page("toolbar.html")
    result = Locator(web).tap("overflow menu")
    assert result.tier == 2
    assert result.element.resource_id == "btn-more-options"
    assert clicks(web) == ["more-options"]


def test_device_scale_factor_gives_device_pixels_and_taps_still_land(
    open_page: OpenPage,
) -> None:
    web = open_page("toolbar.html", viewport=(400, 500), device_scale_factor=2.0)
    assert web.screen_size() == (800, 1000)
    assert web.screenshot().size == (800, 1000)
    rect = web.evaluate(
        "(() => { const r = document.getElementById('login').getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })()"
    )
    button = _by_id(web.hierarchy() or [], "login")
    assert button.bounds.to_list() == [round(v * 2) for v in rect]
    Locator(web).tap("Log in")
    assert clicks(web) == ["login"]


def test_tree_maps_names_ids_roles_and_clickability(open_page: OpenPage) -> None:
    web = open_page("toolbar.html")
    elements = web.hierarchy()
    assert elements is not None
    assert elements[0].class_name == "RootWebArea"
    assert elements[0].bounds.to_list() == [0, 0, 800, 600]
    login = _by_id(elements, "login")
    assert (login.text, login.class_name, login.clickable) == ("Log in", "button", True)
    more = _by_id(elements, "btn-more-options")
    assert (more.text, more.content_desc, more.clickable) == ("", "", True)
    email = _by_id(elements, "email")
    assert (email.class_name, email.content_desc) == ("textbox", "Email")
    heading = next(e for e in elements if e.text == "Acme Store")
    assert not heading.clickable
    # The button's own label is not repeated as a separate text node under it.
    assert [e.text for e in elements].count("Log in") == 1
    assert all(e.package.startswith("127.0.0.1:") for e in elements)


def test_clickable_comes_from_listeners_and_cursor_pointer(open_page: OpenPage) -> None:
    web = open_page("icons.html")
    buttons = [e for e in web.hierarchy() or [] if e.class_name == "button"]
    assert len(buttons) == 3
    assert all(b.clickable and not b.label and not b.resource_id for b in buttons)


def test_input_text_types_into_the_focused_field(open_page: OpenPage) -> None:
    web = open_page("toolbar.html")
    locator = Locator(web)
    locator.tap({"text": "Email", "className": "textbox"})  # the label says "Email" too
    locator.input_text("ada@example.org")
    assert web.evaluate("document.getElementById('email').value") == "ada@example.org"


def test_text_on_a_canvas_is_not_in_the_tree(open_page: OpenPage) -> None:
    web = open_page("canvas_text.html")
    elements = web.hierarchy() or []
    assert not any("Continue" in e.label for e in elements)


def test_page_errors_become_backend_errors(open_page: OpenPage) -> None:
    web = open_page("toolbar.html")
    with pytest.raises(BackendError) as caught:
        web.goto("http://127.0.0.1:9/unreachable")
    assert caught.value.phase == "goto"


def test_a_closed_backend_says_so(open_page: OpenPage) -> None:
    web = open_page("toolbar.html")
    web.close()
    with pytest.raises(BackendError, match="closed"):
        web.screenshot()


def test_missing_browser_is_a_backend_error() -> None:
    with pytest.raises(BackendError, match="cannot start Chromium") as caught:
        WebBackend(executable_path="/nonexistent/chromium")
    assert caught.value.phase == "launch"
