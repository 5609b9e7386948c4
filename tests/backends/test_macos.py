"""MacBackend through its seam, on an AX tree in atomacos's shape (Retina screen)."""

from __future__ import annotations

import sys

import pytest

from iconfind import BackendError, Locator, MacBackend, PlatformNotSupportedError, Point
from tests.backends.standins import RecordedAXSession


def backend() -> tuple[MacBackend, RecordedAXSession]:
    session = RecordedAXSession()
    return MacBackend(session=session), session


def by(elements: list, **fields: object):  # type: ignore[no-untyped-def]
    return next(e for e in elements if all(getattr(e, k) == v for k, v in fields.items()))


def test_roles_titles_descriptions_and_ids_map_onto_elements() -> None:
    mac, _ = backend()
    elements = mac.hierarchy()
    assert elements is not None
    new_note = by(elements, content_desc="New Note")
    assert new_note.class_name == "AXButton" and new_note.clickable
    assert new_note.resource_id == "NotesNewNoteButton"
    assert new_note.package == "Notes"
    assert by(elements, text="This note is locked.").class_name == "AXStaticText"
    assert by(elements, text="File").class_name == "AXMenuBarItem"
    # The application element has no frame: it is not an element, its windows are roots.
    assert all(e.class_name != "AXApplication" for e in elements)


def test_password_checkbox_and_disabled_flags() -> None:
    elements = backend()[0].hierarchy() or []
    password = by(elements, resource_id="passwordField")
    assert password.password and password.text == ""  # the masked value is not exposed
    assert by(elements, resource_id="touchID").checked
    assert not by(elements, text="Unlock").enabled


def test_retina_bounds_are_pixels_of_the_screenshot() -> None:
    mac, _ = backend()
    assert mac.scale.factor == 2.0
    assert mac.screen_size() == mac.screenshot().size == (2880, 1800)
    new_note = by(mac.hierarchy() or [], content_desc="New Note")
    # AX frame (700, 70) 32x32 points -> 1400,140 .. 1464,204 pixels
    assert new_note.bounds.to_list() == [1400, 140, 1464, 204]


def test_retina_tap_round_trip_lands_inside_the_ax_frame() -> None:
    mac, session = backend()
    result = Locator(mac).tap("New Note")
    x, y = session.clicks[-1]
    assert 700 <= x < 732 and 70 <= y < 102  # points, inside the button's AX frame
    assert result.tapped == Point(1432, 172)
    assert (x, y) == (716.0, 86.0)


def test_tree_shape_keeps_parents() -> None:
    elements = backend()[0].hierarchy() or []
    unlock = by(elements, text="Unlock")
    group = elements[unlock.parent] if unlock.parent is not None else None
    assert group is not None and group.class_name == "AXGroup"
    assert unlock.depth > group.depth


def test_meta_names_app_and_window() -> None:
    meta = backend()[0].meta
    assert (meta.platform, meta.app, meta.window, meta.density) == ("macos", "Notes", "Notes", 2.0)


def test_ax_failure_becomes_backend_error() -> None:
    class Broken(RecordedAXSession):
        def root(self):  # type: ignore[no-untyped-def]
            raise ConnectionError("AXErrorCannotComplete")

    with pytest.raises(BackendError) as caught:
        MacBackend(session=Broken()).hierarchy()
    assert caught.value.phase == "hierarchy"


def test_without_a_session_off_macos_the_error_names_the_platform(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    with pytest.raises(PlatformNotSupportedError, match="macOS") as caught:
        MacBackend()
    assert "iconfind[macos]" in str(caught.value)
    assert isinstance(caught.value, BackendError)
