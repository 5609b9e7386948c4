"""X11Backend on a real Xvfb running a Tk program: pixels, XTest clicks and typing that land."""

from __future__ import annotations

from pathlib import Path

import pytest

from iconfind import BackendError, Locator
from iconfind.backends.x11 import X11Backend
from tests.live.resources import log_lines, wait_for_line

pytestmark = pytest.mark.x11

ENTRY = (500, 580)
"""Inside the Tk program's entry field."""


def test_screen_is_the_xvfb_root_and_shows_the_program(xvfb: str, tk_app: Path) -> None:
    with X11Backend(xvfb) as desktop:
        assert desktop.screen_size() == (1024, 768)
        image = desktop.screenshot()
    assert image.size == (1024, 768)
    assert image.getpixel((830, 150)) == (0x15, 0x65, 0xC0)  # the blue icon button


def test_taps_reach_the_button_under_the_pointer(xvfb: str, tk_app: Path) -> None:
    with X11Backend(xvfb) as desktop:
        desktop.tap(832, 96)  # the icon button, at grid cell 4 position 4
        assert wait_for_line(tk_app, "icon")
        desktop.tap(482, 456)  # Submit
        assert wait_for_line(tk_app, "submit")
    assert log_lines(tk_app) == ["ready", "icon", "submit"]


def test_input_text_types_shifted_and_unshifted_characters(xvfb: str, tk_app: Path) -> None:
    with X11Backend(xvfb) as desktop:
        locator = Locator(desktop)
        locator.tap(ENTRY)
        locator.input_text("Hello, World! a_b@c.d\n")
        assert wait_for_line(tk_app, "typed:Hello, World! a_b@c.d")


def test_hierarchy_is_unavailable_and_the_chain_says_so(xvfb: str, tk_app: Path) -> None:
    with X11Backend(xvfb) as desktop:
        assert desktop.hierarchy() is None
        assert Locator(desktop).dump().accessibility_unavailable


def test_hierarchy_source_is_pluggable(xvfb: str) -> None:
    from iconfind import Element

    tree = [Element(bounds=(0, 0, 1024, 768), class_name="frame")]
    with X11Backend(xvfb, hierarchy_source=lambda: tree) as desktop:
        assert desktop.hierarchy() == tree


def test_an_absent_display_is_a_backend_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    with pytest.raises(BackendError, match="no X display"):
        X11Backend()
    with pytest.raises(BackendError, match="cannot open X display") as caught:
        X11Backend(":999")
    assert caught.value.phase == "connect"


def test_a_closed_backend_says_so(xvfb: str) -> None:
    desktop = X11Backend(xvfb)
    desktop.close()
    desktop.close()
    with pytest.raises(BackendError, match="closed"):
        desktop.tap(1, 1)
