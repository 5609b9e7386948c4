"""X11Backend reading AT-SPI from a real Qt 5 program under Xvfb (tests/live/qt_app.py), with a
real session bus, accessibility bus and registry: Qt serves the same protocol as GTK."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from iconfind import Element, Locator
from iconfind.backends.x11 import X11Backend
from tests.live.atspi_session import QT, GtkSession, gtk_session, wait_for_tree
from tests.live.resources import log_lines, wait_for_line

pytestmark = pytest.mark.x11


@pytest.fixture
def qt(tmp_path: Path) -> Iterator[GtkSession]:
    with gtk_session(tmp_path, QT) as session:
        yield session


def by_text(elements: list[Element], text: str) -> Element:
    found = [e for e in elements if e.text == text]
    assert len(found) == 1, f"{text!r}: {found}"
    return found[0]


def test_qt_exposes_names_roles_extents_and_states(qt: GtkSession) -> None:
    with X11Backend(qt.display) as desktop:
        elements = wait_for_tree(desktop, "Submit")
        image = desktop.screenshot()
        window = desktop.active_window()
    submit = by_text(elements, "Submit")
    settings = by_text(elements, "Settings")
    remember = by_text(elements, "Remember me")
    assert (submit.class_name, submit.clickable, submit.enabled) == ("push button", True, True)
    assert (remember.class_name, remember.checkable) == ("check box", True)
    assert not by_text(elements, "Idle").clickable
    assert "Hidden action" not in {e.text for e in elements}
    assert {e.package for e in elements} == {"qt_app.py"}
    assert window.window == "iconfind qt test"
    assert image.getpixel((settings.center.x, settings.center.y)) == (0x15, 0x65, 0xC0)


def test_qt_buttons_are_found_by_label_and_accessible_name_and_pressed(qt: GtkSession) -> None:
    with X11Backend(qt.display) as desktop:
        wait_for_tree(desktop, "Idle")
        locator = Locator(desktop, budget_s=600)
        result = locator.tap("Submit")
        assert (result.tier, result.source) == (1, "accessibility")
        assert wait_for_line(qt.log, "submit")
        wait_for_tree(desktop, "Submitted")
        icon = locator.tap("Settings")
        assert (icon.tier, icon.element.text, icon.element.label) == (1, "Settings", "Settings")
        assert wait_for_line(qt.log, "settings")
    assert log_lines(qt.log) == ["ready", "submit", "settings"]
