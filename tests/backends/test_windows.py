"""WindowsBackend through its seam, on a UIA tree in uiautomation's shape (150 % DPI)."""

from __future__ import annotations

import sys

import pytest

from iconfind import BackendError, Locator, PlatformNotSupportedError, WindowsBackend
from tests.backends.standins import RecordedUiaSession


def backend() -> tuple[WindowsBackend, RecordedUiaSession]:
    session = RecordedUiaSession()
    return WindowsBackend(session=session), session


def by(elements: list, **fields: object):  # type: ignore[no-untyped-def]
    return next(e for e in elements if all(getattr(e, k) == v for k, v in fields.items()))


def test_names_ids_and_control_types_map_onto_elements() -> None:
    elements = backend()[0].hierarchy() or []
    close = by(elements, text="Close")
    assert (close.resource_id, close.class_name, close.clickable) == (
        "Close",
        "ButtonControl",
        True,
    )
    assert close.package == "Untitled - Notepad"
    editor = by(elements, resource_id="15")
    assert editor.class_name == "EditControl" and editor.focusable
    assert elements[0].class_name == "WindowControl" and elements[0].parent is None


def test_password_and_disabled_flags() -> None:
    elements = backend()[0].hierarchy() or []
    assert by(elements, resource_id="PasswordBox").password
    assert not by(elements, text="Save").enabled


def test_offscreen_controls_and_their_subtrees_are_left_out() -> None:
    elements = backend()[0].hierarchy() or []
    names = {e.text for e in elements}
    assert "Recent files" not in names and "notes.txt" not in names


def test_dpi_scaling_bounds_are_screenshot_pixels() -> None:
    win, _ = backend()
    assert win.scale.factor == 1.5
    assert win.screen_size() == win.screenshot().size == (1920, 1080)
    close = by(win.hierarchy() or [], text="Close")
    assert close.bounds.to_list() == [1581, 75, 1650, 120]


def test_dpi_tap_round_trip_lands_inside_the_control() -> None:
    win, session = backend()
    Locator(win).tap("Close")
    x, y = session.clicks[-1]
    assert 1054 <= x < 1100 and 50 <= y < 80  # UIA units, inside Close's rectangle


def test_com_failure_becomes_backend_error() -> None:
    class Gone(RecordedUiaSession):
        def root(self):  # type: ignore[no-untyped-def]
            raise OSError(-2147220991, "An event was unable to invoke any of the subscribers")

    with pytest.raises(BackendError) as caught:
        WindowsBackend(session=Gone()).hierarchy()
    assert caught.value.phase == "hierarchy"


def test_typing_goes_through_the_session() -> None:
    win, session = backend()
    Locator(win).input("hello {world}", target="Text Editor")
    assert session.typed == ["hello {world}"] and len(session.clicks) == 1


def test_without_a_session_off_windows_the_error_names_the_platform(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    with pytest.raises(PlatformNotSupportedError, match="Windows") as caught:
        WindowsBackend()
    assert "iconfind[windows]" in str(caught.value)
