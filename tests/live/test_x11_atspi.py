"""X11Backend reading AT-SPI from a real GTK 3 program under Xvfb, with a real session bus,
Debian's accessibility bus launcher and registry (see tests/live/atspi_session.py).

Tiers 1-2 find the program's buttons from the tree, a tap on the found centre really presses
them (the program logs it and its status label, read back from the tree, changes), and a real
SQLite memory learns a target on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from iconfind import Element, Locator
from iconfind.backends.atspi import AtspiTree
from iconfind.backends.x11 import X11Backend
from iconfind.memory import MemoryStrategy, SQLiteMemory
from tests.live.atspi_session import GTK_SCALED, GtkSession, gtk_session, wait_for_tree
from tests.live.resources import log_lines, wait_for_line

pytestmark = pytest.mark.x11

APP = "gtk_app.py"
WINDOW = "iconfind gtk test"
BLUE = (0x15, 0x65, 0xC0)
"""The "Settings" icon button's square (gtk_app.py)."""


@pytest.fixture
def gtk(tmp_path: Path) -> Iterator[GtkSession]:
    with gtk_session(tmp_path) as session:
        yield session


def by_text(elements: list[Element], text: str) -> Element:
    found = [e for e in elements if e.text == text]
    assert len(found) == 1, f"{text!r}: {found}"
    return found[0]


def test_the_tree_has_names_roles_extents_and_states(gtk: GtkSession) -> None:
    with X11Backend(gtk.display) as desktop:
        elements = wait_for_tree(desktop, "Submit")
        image = desktop.screenshot()
    submit = by_text(elements, "Submit")
    settings = by_text(elements, "Settings")
    remember = by_text(elements, "Remember me")
    status = by_text(elements, "Idle")
    frame = by_text(elements, WINDOW)
    assert (submit.class_name, submit.clickable, submit.enabled) == ("push button", True, True)
    assert (settings.class_name, settings.clickable) == ("push button", True)
    assert (remember.class_name, remember.checkable, remember.checked) == ("check box", True, False)
    assert (status.class_name, status.clickable) == ("label", False)
    assert frame.class_name == "frame" and frame.bounds.to_list() == [0, 0, 1024, 768]
    assert {e.package for e in elements} == {APP}
    assert "Hidden action" not in {e.text for e in elements}, "a hidden widget is not showing"
    assert any(e.resource_id == "toolbar_search_btn" for e in elements)
    # Screen coordinates are the screenshot's pixels: the icon's square is where the tree says.
    assert image.getpixel((settings.center.x, settings.center.y)) == BLUE
    # The tree keeps its shape: every button's parent is the grid, whose parent is the frame.
    grid = elements[submit.parent]  # type: ignore[index]
    assert grid.parent == frame.index and settings.parent == grid.index
    assert [e.index for e in elements] == list(range(len(elements)))


def test_tier_1_finds_buttons_by_label_and_an_icon_by_its_accessible_name(
    gtk: GtkSession,
) -> None:
    with X11Backend(gtk.display) as desktop:
        elements = wait_for_tree(desktop, "Submit")
        locator = Locator(desktop, budget_s=600)
        for label in ("Submit", "Cancel", "Settings"):
            result = locator.find(label)
            assert (result.tier, result.source) == (1, "accessibility"), label
            assert result.element == by_text(elements, label)
            assert not result.accessibility_unavailable


def test_tier_2_finds_an_unnamed_icon_by_its_accessible_id(gtk: GtkSession) -> None:
    with X11Backend(gtk.display) as desktop:
        wait_for_tree(desktop, "Submit")
        result = Locator(desktop, budget_s=600).tap("search")
        assert (result.tier, result.source) == (2, "accessibility")
        assert result.element.resource_id == "toolbar_search_btn"
    assert wait_for_line(gtk.log, "search")


def test_a_tap_on_the_found_centre_presses_the_button(gtk: GtkSession) -> None:
    with X11Backend(gtk.display) as desktop:
        wait_for_tree(desktop, "Idle")
        result = Locator(desktop, budget_s=600).tap("Submit")
        assert result.tier == 1
        assert wait_for_line(gtk.log, "submit")
        # The program changed its label; the tree shows it.
        after = wait_for_tree(desktop, "Submitted")
    assert "Idle" not in {e.text for e in after}
    assert log_lines(gtk.log) == ["ready", "submit"]


def test_the_icon_button_is_pressed_through_its_accessible_name(gtk: GtkSession) -> None:
    with X11Backend(gtk.display) as desktop:
        wait_for_tree(desktop, "Settings")
        Locator(desktop, budget_s=600).tap("Settings")
    assert wait_for_line(gtk.log, "settings")
    assert "submit" not in log_lines(gtk.log)


def test_memory_learns_a_target_and_answers_from_it_after_a_restart(
    gtk: GtkSession, tmp_path: Path
) -> None:
    path = tmp_path / "memory.db"
    with X11Backend(gtk.display) as desktop:
        elements = wait_for_tree(desktop, "Cancel")
        cancel = by_text(elements, "Cancel")
        assert desktop.active_window().app == APP
        with SQLiteMemory(path) as memory:
            locator = Locator(desktop, budget_s=600, memory=memory)
            locator.tap("Cancel")
            assert wait_for_line(gtk.log, "cancel")
            window = desktop.active_window()
            learned = [t for t in memory.query(window.app, window.window) if t.label == "Cancel"]
        assert (window.app, window.window) == (APP, WINDOW)
        assert len(learned) == 1 and learned[0].hit_count == 1
        assert learned[0].bounds == cancel.bounds
        # A new process would open the same file: memory alone now answers, and the tap lands.
        with SQLiteMemory(path) as reopened:
            locator = Locator(desktop, strategies=[MemoryStrategy(reopened)], budget_s=600)
            result = locator.tap("Cancel")
        assert result.source == "memory"
        assert result.element.bounds == cancel.bounds
    assert wait_for_line(gtk.log, "cancel", count=2)


def test_the_session_bus_route_finds_the_same_tree(
    gtk: GtkSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the display's property: org.a11y.Bus.GetAddress on the session bus."""
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", gtk.session_bus)
    monkeypatch.delenv("AT_SPI_BUS_ADDRESS", raising=False)
    tree = AtspiTree(app="GTK_APP.PY")
    elements = tree()
    assert elements is not None, tree.last_failure
    assert {"Submit", "Cancel", "Settings"} <= {e.text for e in elements}
    assert AtspiTree(app="no such program")() is None


def test_the_node_cap_cuts_the_walk_short_and_says_so(gtk: GtkSession) -> None:
    tree = AtspiTree(max_nodes=3)
    with X11Backend(gtk.display, hierarchy_source=tree) as desktop:
        elements = desktop.hierarchy()
    assert tree.last_truncated
    # application, frame, grid: the buttons below were not read.
    assert elements is not None and [e.class_name for e in elements] == ["frame", "panel"]


def test_a_display_without_an_accessibility_bus_has_no_tree(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.live.resources import private_xvfb

    monkeypatch.delenv("AT_SPI_BUS_ADDRESS", raising=False)
    tree = AtspiTree()
    with private_xvfb() as (_process, display), X11Backend(display, hierarchy_source=tree) as desk:
        assert desk.hierarchy() is None
        assert desk.active_window().app == ""
        dump = Locator(desk, budget_s=600).dump()
    assert dump.accessibility_unavailable
    assert tree.last_failure is not None and "no accessibility bus" in tree.last_failure


def test_a_scaled_program_reports_logical_units_and_the_backend_measures_them(
    tmp_path: Path,
) -> None:
    """GDK_SCALE=2: the program says its window is 512x384; its X window is 1024x768."""
    with gtk_session(tmp_path, GTK_SCALED) as scaled, X11Backend(scaled.display) as desktop:
        elements = wait_for_tree(desktop, "Settings")
        image = desktop.screenshot()
        assert by_text(elements, WINDOW).bounds.to_list() == [0, 0, 1024, 768]
        settings = by_text(elements, "Settings")
        assert image.getpixel((settings.center.x, settings.center.y)) == BLUE
        Locator(desktop, budget_s=600).tap("Settings")
        assert wait_for_line(scaled.log, "settings")
        # A fixed scale is taken as given: 1 here puts the icon at half its place.
        fixed = AtspiTree(scale=1.0)
        with X11Backend(scaled.display, hierarchy_source=fixed) as unscaled:
            raw = unscaled.hierarchy()
        assert raw is not None
        assert by_text(raw, WINDOW).bounds.to_list() == [0, 0, 512, 384]
