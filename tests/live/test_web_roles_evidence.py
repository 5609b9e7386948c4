"""Role words and page evidence, live in Chromium on admin-dashboard and todo-list pages.

The pages (tests/live/pages/sbadmin_*.html, todomvc.html) follow the markup of SB Admin 2 and
the TodoMVC template, with Debian's Font Awesome 4.7 (fonts-font-awesome) served next to them
from 127.0.0.1. Each case is a failure seen on the real pages: a role word read as text, a
container named by its label, evidence (ids, icon-font classes, glyphs drawn by CSS) left
unread. Each tap is checked against the page's own record of what was clicked.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from iconfind import DeviceBackend, Locator, ReplayBackend
from iconfind.backends.record import record_snapshot
from iconfind.backends.web import WebBackend
from iconfind.strategies import default_chain
from tests.live.resources import FONT_AWESOME, clicks

pytestmark = [
    pytest.mark.web,
    pytest.mark.skipif(
        not FONT_AWESOME.is_dir(), reason="needs Debian's fonts-font-awesome (.ci/run installs it)"
    ),
]

OpenPage = Callable[..., WebBackend]
DESKTOP = (1280, 800)
PHONE = (400, 800)


def _locator(web: DeviceBackend) -> Locator:
    # Local icon recognition off: these must resolve from the page's own evidence (tiers 1-2).
    return Locator(web, strategies=default_chain(recognition=False), budget_s=600)


def _taps(web: WebBackend, query: str) -> list[str]:
    # first=True: a page may repeat the target (a delete button per todo row); the first match
    # in document order must be the element the page means.
    result = _locator(web).tap(query, first=True)
    assert result.ok, (query, result.error, result.tier)
    assert result.tier in (1, 2), (query, result.tier)
    return clicks(web)


@pytest.mark.parametrize(
    ("page", "viewport", "query", "hit"),
    [
        # role word + name: the button inside the search form, not the whole form
        ("sbadmin_dashboard.html", DESKTOP, "search button", "searchButton"),
        ("sbadmin_dashboard.html", PHONE, "search button", "searchDropdown"),
        # id messagesDropdown + fa-envelope (a badge "7" is no label)
        ("sbadmin_dashboard.html", DESKTOP, "messages", "messages"),
        ("sbadmin_dashboard.html", PHONE, "messages", "messages"),
        # id userDropdown + <img class="img-profile"> with no alt
        ("sbadmin_dashboard.html", DESKTOP, "user profile", "user"),
        ("sbadmin_dashboard.html", PHONE, "user profile", "user"),
        # an empty button whose glyph is a CSS ::after in FontAwesome
        ("sbadmin_dashboard.html", DESKTOP, "sidebar toggle", "sidebarToggle"),
        ("sbadmin_dashboard.html", PHONE, "sidebar toggle", "sidebarToggleTop"),
        # the fa-bars button: its text U+F0C9 is a private-use glyph, no label
        ("sbadmin_dashboard.html", PHONE, "hamburger menu", "sidebarToggleTop"),
        ("sbadmin_dashboard.html", PHONE, "menu", "sidebarToggleTop"),
        ("sbadmin_dashboard.html", DESKTOP, "notifications", "alerts"),
        # fa-facebook-f circle button, not the paragraph that mentions Facebook
        # three facebook buttons (two icon circles, one labelled ".btn-facebook"): any of
        # them is right, the paragraph that mentions Facebook never is
        ("sbadmin_buttons.html", DESKTOP, "facebook", "facebook|facebook-sm|facebook-brand"),
        ("sbadmin_buttons.html", DESKTOP, "checkmark", "check"),
        ("sbadmin_buttons.html", DESKTOP, "trash", "trash"),
        ("sbadmin_buttons.html", DESKTOP, "hamburger menu", "svg-bars"),  # <svg data-icon>
        ("sbadmin_buttons.html", DESKTOP, "share", "share"),  # data-testid="share-button"
        ("sbadmin_buttons.html", DESKTOP, "settings", "cog-text"),  # U+F013 typed as text
        ("sbadmin_login.html", DESKTOP, "facebook", "facebook"),
        ("sbadmin_login.html", DESKTOP, "login button", "login"),
        # TodoMVC: class "destroy", × drawn by ::after
        ("todomvc.html", DESKTOP, "delete", "destroy-1"),
        ("todomvc.html", DESKTOP, "remove", "destroy-1"),
        # the label "Mark all as complete" is not linked to the toggle
        ("todomvc.html", DESKTOP, "toggle all", "toggle-all"),
        ("todomvc.html", DESKTOP, "Buy a unicorn checkbox", "toggle-2"),
    ],
)
def test_query_taps_the_element_the_page_means(
    open_page: OpenPage, page: str, viewport: tuple[int, int], query: str, hit: str
) -> None:
    web = open_page(page, viewport=viewport)
    taps = _taps(web, query)
    assert len(taps) == 1 and taps[0] in hit.split("|"), (taps, hit)


@pytest.mark.parametrize(
    ("query", "element_id", "placeholder"),
    [
        ("email field", "exampleInputEmail", "Enter Email Address..."),
        ("password field", "exampleInputPassword", "Password"),
        ("the Email input", "exampleInputEmail", "Enter Email Address..."),
    ],
)
def test_field_queries_find_the_inputs_by_role_and_name(
    open_page: OpenPage, query: str, element_id: str, placeholder: str
) -> None:
    web = open_page("sbadmin_login.html", viewport=DESKTOP)
    result = _locator(web).tap(query)
    assert result.ok and result.element.resource_id == element_id
    assert result.element.class_name == "textbox"
    focused = web.evaluate("[document.activeElement.id, document.activeElement.placeholder]")
    assert focused == [element_id, placeholder]


def test_a_dialog_named_by_its_title_is_a_container_the_title_is_the_target(
    open_page: OpenPage,
) -> None:
    web = open_page("sbadmin_dashboard.html#logout", viewport=DESKTOP)
    result = _locator(web).find("Ready to Leave?")
    assert result.ok and len(result.elements) == 1
    title = result.element
    assert (title.class_name, title.text, title.resource_id) == (
        "heading",
        "Ready to Leave?",
        "exampleModalLabel",
    )
    box = web.evaluate(
        "(() => { const r = document.getElementById('exampleModalLabel')"
        ".getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()"
    )
    assert title.bounds.contains(round((box[0] + box[2]) / 2), round((box[1] + box[3]) / 2))
    # the dialog keeps its name as evidence: with the role word it is still reachable
    dialog = _locator(web).find("Ready to Leave dialog")
    assert dialog.ok and dialog.element.class_name == "dialog"


def test_private_use_glyphs_are_no_labels_and_css_glyphs_become_hints(
    open_page: OpenPage,
) -> None:
    web = open_page("sbadmin_dashboard.html", viewport=PHONE)
    elements = web.hierarchy() or []
    toggle = next(e for e in elements if e.resource_id == "sidebarToggleTop")
    assert toggle.text == "" and toggle.content_desc == ""
    icon = next(e for e in elements if e.parent == toggle.index)
    assert "icon:hamburger" in icon.hints  # U+F0C9 in FontAwesome, from the ::before box
    assert all(not any(0xE000 <= ord(c) <= 0xF8FF for c in e.label) for e in elements)
    web = open_page("sbadmin_dashboard.html", viewport=DESKTOP)
    elements = web.hierarchy() or []
    side = next(e for e in elements if e.resource_id == "sidebarToggle")
    assert "icon:back" in side.hints  # U+F104 (angle-left) drawn by #sidebarToggle::after


@pytest.mark.parametrize(
    ("page", "viewport", "query"),
    [
        ("sbadmin_dashboard.html", DESKTOP, "shopping cart"),
        ("sbadmin_dashboard.html", DESKTOP, "logout"),  # the modal is closed
        ("sbadmin_dashboard.html", DESKTOP, "camera"),
        ("sbadmin_dashboard.html", DESKTOP, "settings"),  # a cog only decorates "Components"
        ("sbadmin_login.html", DESKTOP, "username field"),
        ("sbadmin_login.html", DESKTOP, "search"),
        ("todomvc.html", DESKTOP, "checkbox"),  # a role word alone names nothing
        ("todomvc.html", DESKTOP, "settings"),
    ],
)
def test_absent_queries_are_never_resolved(
    open_page: OpenPage, page: str, viewport: tuple[int, int], query: str
) -> None:
    web = open_page(page, viewport=viewport)
    result = _locator(web).find(query)
    assert not result.ok, (query, [e.to_dict() for e in result.elements])
    assert clicks(web) == []


def test_a_recorded_page_keeps_its_evidence(open_page: OpenPage, tmp_path: Path) -> None:
    web = open_page("sbadmin_dashboard.html", viewport=PHONE)
    record_snapshot(web, tmp_path / "dashboard")
    replay = ReplayBackend(tmp_path / "dashboard")
    for query, element_id in [
        ("hamburger menu", "sidebarToggleTop"),
        ("messages", "messagesDropdown"),
        ("user profile", "userDropdown"),
    ]:
        result = _locator(replay).find(query)
        assert result.ok and result.element.resource_id == element_id, query
