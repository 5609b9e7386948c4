"""Any X11 display (a desktop, Xvfb in CI): screenshots with mss, clicks and typing through XTest.

Accessibility comes from a pluggable ``hierarchy_source``; by default the AT-SPI tree
(:class:`~iconfind.backends.atspi.AtspiTree`: GTK, Qt, Firefox, LibreOffice… over the
accessibility bus of this display). Many X programs (Tk, Xlib, most games) expose no tree at all,
and a display without an accessibility bus has none: then :meth:`X11Backend.hierarchy` returns
``None`` and the chain goes straight to OCR (tier 3) and the grid (tier 5).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from PIL import Image

from iconfind._budget import Lane
from iconfind._deadline import Deadline, current_timeout
from iconfind.backends._sdk import guarded
from iconfind.backends.atspi import AtspiTree
from iconfind.backends.base import BackendInfo, WindowInfo
from iconfind.errors import BackendError, DeviceTimeoutError
from iconfind.models import Element

if TYPE_CHECKING:
    from Xlib.display import Display

T = TypeVar("T")

HierarchySource = Callable[[], "list[Element] | None"]
"""A callable returning the current accessibility tree, or ``None`` when unavailable."""

CONNECT_TIMEOUT_S = 10.0
"""How long opening the display may take, and how long a call waits for another call that holds
the connection: an X server that accepts and never answers must not hold the caller forever."""
SDK_ROOTS = ("Xlib", "mss")
"""Exceptions from these packages (a server gone: ``ConnectionClosedError``) are device errors."""

_SPECIAL_KEYSYMS = {"\n": 0xFF0D, "\r": 0xFF0D, "\t": 0xFF09, "\b": 0xFF08, "\x1b": 0xFF1B}
_SHIFT_L = 0xFFE1
_BUTTON_LEFT = 1


def _top_windows(display: Display) -> list[Any]:
    """The root's children and their children (a window manager's frames hold the clients)."""
    from Xlib.error import XError

    tops = list(display.screen().root.query_tree().children)
    found = list(tops)
    for top in tops:
        try:
            found.extend(top.query_tree().children)
        except XError:
            continue
    return found


def _window_title(window: Any, net_name: int, utf8: int) -> str:
    """A window's title: ``_NET_WM_NAME`` (UTF-8), else ``WM_NAME``."""
    if net_name and utf8:
        prop = window.get_full_property(net_name, utf8)
        value = getattr(prop, "value", None)
        if isinstance(value, bytes) and value:
            return value.decode("utf-8", "replace")
    name = window.get_wm_name()
    if isinstance(name, bytes):
        return name.decode("latin-1")
    return name if isinstance(name, str) else ""


def _keysym_for(char: str) -> int:
    """The X keysym of one character (Latin-1 directly, other Unicode as ``0x01000000 + cp``)."""
    if char in _SPECIAL_KEYSYMS:
        return _SPECIAL_KEYSYMS[char]
    code = ord(char)
    if 0x20 <= code <= 0x7E or 0xA0 <= code <= 0xFF:
        return code
    return 0x01000000 | code


class X11Backend:
    """An X display as a :class:`~iconfind.DeviceBackend`.

    ``display`` is an X display name such as ``":99"`` (default: ``$DISPLAY``). The screen is
    the root window; coordinates are its pixels. Taps are a left click (pointer motion, press,
    release) and typing is key presses sent through the XTest extension, so they reach whatever
    window is under the pointer or has the keyboard focus, like a user's own input.
    ``hierarchy_source`` supplies the accessibility tree: ``"atspi"`` (the default) reads AT-SPI
    (an :class:`~iconfind.backends.atspi.AtspiTree` finding the accessibility bus through this
    display's ``AT_SPI_BUS`` root property, and through the session bus when ``display`` is the
    session's own ``$DISPLAY``); pass your own ``AtspiTree(app=..., max_nodes=...)``, any callable
    returning elements, or ``None`` for no tree at all.
    A server that is gone, or that does not answer within ``connect_timeout`` seconds when
    connecting, raises :class:`~iconfind.BackendError` with the phase.
    """

    def __init__(
        self,
        display: str | None = None,
        *,
        hierarchy_source: HierarchySource | Literal["atspi"] | None = "atspi",
        connect_timeout: float = CONNECT_TIMEOUT_S,
    ) -> None:
        name = display or os.environ.get("DISPLAY", "")
        if not name:
            raise BackendError(
                "no X display: pass X11Backend(':N') or set DISPLAY", phase="connect"
            )
        self.display_name = name
        self.connect_timeout = connect_timeout
        self._lock = threading.Lock()
        self._display: Display | None = self._connect(name, connect_timeout)
        if hierarchy_source == "atspi":
            hierarchy_source = AtspiTree()
        if isinstance(hierarchy_source, AtspiTree):
            if hierarchy_source.display_bus is None:
                hierarchy_source.display_bus = self.accessibility_bus_address
            if hierarchy_source.window_scale is None:
                hierarchy_source.window_scale = self.window_scale
            if name != os.environ.get("DISPLAY"):
                # Another display than the session's: its session bus would list the
                # session's own desktop, whose windows are not on this screen.
                hierarchy_source.session_bus = False
        self._hierarchy_source: HierarchySource | None = hierarchy_source

    @staticmethod
    def _connect(name: str, timeout: float) -> Display:
        try:
            from Xlib import error as xerror
            from Xlib.display import Display
        except ImportError:
            raise BackendError(
                "the X11 backend needs python-xlib and mss: pip install 'iconfind[x11]'",
                phase="connect",
            ) from None
        try:
            # On a worker of its own: a server that accepts and never answers holds only it.
            lane = Lane(f"iconfind-x11-connect-{name}")
            try:
                display = lane.call(lambda: Display(name), Deadline.after(timeout), "connect")
            finally:
                lane.stop()  # its one job done (or still hung: the thread ends after it)
        except DeviceTimeoutError:
            raise BackendError(
                f"X display {name!r} did not answer within {timeout:g}s", phase="connect"
            ) from None
        except (xerror.DisplayError, xerror.ConnectionClosedError, OSError) as exc:
            raise BackendError(f"cannot open X display {name!r}: {exc}", phase="connect") from None
        if not display.has_extension("XTEST"):
            display.close()
            raise BackendError(
                f"X display {name!r} has no XTEST extension, so it cannot be clicked",
                phase="connect",
            )
        return display

    def __enter__(self) -> X11Backend:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"X11Backend({self.display_name!r})"

    def close(self) -> None:
        """Close the connection to the X server. Idempotent, and never stuck: a server that is
        gone needs no goodbye, and a call still hung on the connection is left to it."""
        locked = self._lock.acquire(timeout=self.connect_timeout)
        try:
            display, self._display = self._display, None
            if display is not None and locked:
                with suppress(BackendError):  # the server is gone: nothing left to close
                    guarded("close", display.close, SDK_ROOTS)
        finally:
            if locked:
                self._lock.release()

    @contextmanager
    def _session(self, phase: str) -> Iterator[Display]:
        """The live connection, held for one call; ``BackendError`` when closed or still busy."""
        if not self._lock.acquire(timeout=current_timeout(self.connect_timeout)):
            raise BackendError(
                f"X display {self.display_name!r} is still busy with a call that has not "
                "returned (the server may be hung)",
                phase=phase,
            )
        try:
            if self._display is None:
                raise BackendError("this X11 backend is closed", phase=phase)
            yield self._display
        finally:
            self._lock.release()

    def _x(self, phase: str, call: Callable[[Display], T]) -> T:
        """``call(display)`` under the connection lock, X failures as ``BackendError(phase)``."""
        with self._session(phase) as display:
            return guarded(phase, lambda: call(display), SDK_ROOTS)

    # -- DeviceBackend ---------------------------------------------------------------------------

    def screen_size(self) -> tuple[int, int]:
        def size(display: Display) -> tuple[int, int]:
            screen = display.screen()
            return int(screen.width_in_pixels), int(screen.height_in_pixels)

        return self._x("screen_size", size)

    def screenshot(self) -> Image.Image:
        import mss
        from mss.exception import ScreenShotError

        width, height = self.screen_size()
        try:
            # A fresh mss per capture: its X handles are not to be shared between threads.
            factory = getattr(mss, "MSS", None) or mss.mss  # MSS since mss 10.2
            with factory(display=self.display_name) as grabber:
                shot = grabber.grab({"left": 0, "top": 0, "width": width, "height": height})
                return Image.frombytes("RGB", shot.size, shot.bgra, "raw", "BGRX")
        except ScreenShotError as exc:
            raise BackendError(
                f"screenshot of {self.display_name} failed: {exc}", phase="screenshot"
            ) from None

    def hierarchy(self) -> list[Element] | None:
        if self._hierarchy_source is None:
            return None
        try:
            return self._hierarchy_source()
        except BackendError:
            raise
        except Exception as exc:
            raise BackendError(f"accessibility tree failed: {exc}", phase="hierarchy") from exc

    def accessibility_bus_address(self) -> str | None:
        """The ``AT_SPI_BUS`` property of the root window: the address of the accessibility bus
        that the bus launcher serving this display publishes there (``None`` when absent)."""
        from Xlib import Xatom

        def read(display: Display) -> str | None:
            atom = display.intern_atom("AT_SPI_BUS", only_if_exists=True)
            if not atom:
                return None
            prop = display.screen().root.get_full_property(atom, Xatom.STRING)
            value = getattr(prop, "value", None)
            if isinstance(value, bytes):
                return value.decode("utf-8", "replace") or None
            return value if isinstance(value, str) and value else None

        return self._x("hierarchy", read)

    def window_scale(self, title: str, width: int, height: int) -> float | None:
        """Pixels per unit of a window that reports itself ``width`` x ``height`` units: its X
        window of that title (a top-level window, or a window manager frame's child) measured
        against it, rounded to a quarter. ``None`` when no such window or no sensible ratio."""
        from Xlib import X
        from Xlib.error import XError

        def measure(display: Display) -> float | None:
            net_name = display.intern_atom("_NET_WM_NAME", only_if_exists=True)
            utf8 = display.intern_atom("UTF8_STRING", only_if_exists=True)
            for window in _top_windows(display):
                try:  # windows come and go while we look: one that went is skipped
                    if window.get_attributes().map_state != X.IsViewable:
                        continue
                    if _window_title(window, net_name, utf8) != title:
                        continue
                    geometry = window.get_geometry()
                except XError:
                    continue
                ratio = float(geometry.width) / width
                quarter = round(ratio * 4) / 4
                # Height may differ by a title bar; a ratio off every quarter is a window of
                # another size (client-side shadows), not a scaled one.
                if abs(ratio - float(geometry.height) / height) > 0.1 * ratio:
                    continue
                if abs(ratio - quarter) > 0.03 or not 1.0 <= quarter <= 4.0:
                    continue
                return quarter
            return None

        if width <= 0 or height <= 0 or not title:
            return None
        return self._x("hierarchy", measure)

    def active_window(self) -> WindowInfo:
        """The application and window in front, from the accessibility tree (what memory is
        scoped by); ``WindowInfo("")`` when the tree cannot tell (no AT-SPI, a Tk program)."""
        source = self._hierarchy_source
        if isinstance(source, AtspiTree):
            return source.front_window()
        return WindowInfo(app="")

    def tap(self, x: int, y: int) -> None:
        from Xlib import X
        from Xlib.ext import xtest

        def click(display: Display) -> None:
            xtest.fake_input(display, X.MotionNotify, x=int(x), y=int(y))
            xtest.fake_input(display, X.ButtonPress, _BUTTON_LEFT)
            xtest.fake_input(display, X.ButtonRelease, _BUTTON_LEFT)
            display.sync()

        self._x("tap", click)

    def input_text(self, text: str) -> None:
        def type_all(display: Display) -> None:
            for char in text:
                self._type_char(display, char)
            display.sync()

        self._x("input", type_all)

    def _type_char(self, display: Display, char: str) -> None:
        from Xlib import X
        from Xlib.ext import xtest

        keysym = _keysym_for(char)
        found = list(display.keysym_to_keycodes(keysym))
        remapped: int | None = None
        if found:
            keycode, level = min(found, key=lambda pair: pair[1])
        else:
            remapped = keycode = self._spare_keycode(display)
            display.change_keyboard_mapping(keycode, [(keysym, keysym)])
            display.sync()
            level = 0
        shift = display.keysym_to_keycode(_SHIFT_L) if level % 2 == 1 else 0
        if shift:
            xtest.fake_input(display, X.KeyPress, shift)
        xtest.fake_input(display, X.KeyPress, keycode)
        xtest.fake_input(display, X.KeyRelease, keycode)
        if shift:
            xtest.fake_input(display, X.KeyRelease, shift)
        display.sync()
        if remapped is not None:
            display.change_keyboard_mapping(remapped, [(0, 0)])
            display.sync()

    @staticmethod
    def _spare_keycode(display: Display) -> int:
        """A keycode with no keysym bound, borrowed to type a character the keymap lacks."""
        first = display.display.info.min_keycode
        count = display.display.info.max_keycode - first + 1
        mapping: Any = display.get_keyboard_mapping(first, count)
        for offset in range(count - 1, -1, -1):
            if not any(mapping[offset]):
                return int(first + offset)
        raise BackendError("no free keycode to type an unmapped character", phase="input")

    def info(self) -> BackendInfo:
        """Platform x11, the display name as the window, density 1."""
        return BackendInfo(platform="x11", window=self.display_name, density=1.0)


__all__ = ["HierarchySource", "X11Backend"]
