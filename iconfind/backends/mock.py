"""An in-memory backend for tests and notebooks, like httpx's ``MockTransport``.

Screens are given as data (:class:`MockScreen`: a screenshot and an optional tree); an optional
``handler`` sees every call first and may make it hang (wait on an event), fail (raise
:class:`~iconfind.BackendError`) or change the screen (:meth:`MockBackend.show`)::

    screen = MockScreen.blank((1080, 2400), elements=[Element(text="OK", bounds=Bounds(...))])
    backend = MockBackend(screen)
    Locator(backend).tap("OK")
    assert backend.taps == [Point(540, 1200)]

    release = threading.Event()
    def hang(call: MockCall) -> None:
        if call.method == "hierarchy":
            release.wait()            # a device that does not answer
    slow = MockBackend(screen, handler=hang)

Unlike :class:`~iconfind.ReplayBackend`, its calls go through the Locator's serial device worker
(it is not ``in_process``), so a handler that blocks behaves like a hung device: the find times
out with ``phase="device:hierarchy"``. :attr:`MockBackend.max_in_flight` tells a test how many
calls were ever running at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, Literal

from attrs import field, frozen
from PIL import Image

from iconfind.backends.base import BackendInfo, BaseBackend
from iconfind.errors import BackendError
from iconfind.models import Element, Point

Method = Literal["screen_size", "screenshot", "hierarchy", "tap", "input_text", "info"]


def _elements(value: Sequence[Element] | None) -> tuple[Element, ...] | None:
    return None if value is None else tuple(value)


@frozen
class MockScreen:
    """One screen: its pixels (RGB) and its accessibility tree (``None``: unavailable)."""

    screenshot: Image.Image = field(eq=False)
    elements: tuple[Element, ...] | None = field(default=None, converter=_elements)

    @classmethod
    def blank(
        cls,
        size: tuple[int, int],
        elements: Sequence[Element] | None = None,
        color: tuple[int, int, int] = (255, 255, 255),
    ) -> MockScreen:
        """A plain ``size`` screen (``color``) with ``elements`` as its tree."""
        return cls(Image.new("RGB", size, color), elements)


@frozen
class MockCall:
    """One call a :class:`MockBackend` received: ``method`` and its arguments."""

    method: Method
    args: tuple[Any, ...] = ()


Handler = Callable[[MockCall], None]
"""Sees each call before the backend answers it: may block, raise, or :meth:`~MockBackend.show`
another screen. Its return value is ignored."""


class MockBackend(BaseBackend):
    """A :class:`~iconfind.DeviceBackend` that serves :class:`MockScreen` data from memory.

    ``screens`` is one screen or a list; the first is shown until :meth:`show` picks another.
    ``handler`` (see :data:`Handler`) runs first on every call. ``info`` is what :meth:`info`
    returns (default: platform ``android``). Taps and typing are recorded in :attr:`taps` and
    :attr:`inputs`, every call in :attr:`calls`. After :meth:`close`, calls raise
    :class:`~iconfind.BackendError` (phase = the call), like a disconnected device.
    """

    def __init__(
        self,
        screens: MockScreen | Sequence[MockScreen],
        *,
        handler: Handler | None = None,
        info: BackendInfo | None = None,
    ) -> None:
        self.screens: tuple[MockScreen, ...] = (
            (screens,) if isinstance(screens, MockScreen) else tuple(screens)
        )
        if not self.screens:
            raise ValueError("MockBackend needs at least one screen")
        self.handler = handler
        self._info = info if info is not None else BackendInfo(platform="android")
        self.current = 0
        """Index of the screen shown."""
        self.calls: list[MockCall] = []
        self.taps: list[Point] = []
        self.inputs: list[str] = []
        self.closed = False
        self.in_flight = 0
        """Calls running right now."""
        self.max_in_flight = 0
        """The most calls that were ever running at the same time."""
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"MockBackend(screens={len(self.screens)}, current={self.current})"

    def show(self, index: int) -> None:
        """Show screen ``index`` from now on."""
        if not 0 <= index < len(self.screens):
            raise IndexError(f"no screen {index}: this backend has {len(self.screens)}")
        self.current = index

    @property
    def screen(self) -> MockScreen:
        """The screen shown now."""
        return self.screens[self.current]

    def _enter(self, method: Method, *args: Any) -> None:
        call = MockCall(method, args)
        with self._lock:
            self.calls.append(call)
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if self.closed:
                raise BackendError("this mock backend is closed", phase=method)
            if self.handler is not None:
                self.handler(call)
        except BaseException:
            self._leave()
            raise

    def _leave(self) -> None:
        with self._lock:
            self.in_flight -= 1

    def _answer(self, method: Method, make: Callable[[], Any], *args: Any) -> Any:
        self._enter(method, *args)
        try:
            return make()
        finally:
            self._leave()

    # -- DeviceBackend ---------------------------------------------------------------------------

    def screen_size(self) -> tuple[int, int]:
        size: tuple[int, int] = self._answer("screen_size", lambda: self.screen.screenshot.size)
        return size

    def screenshot(self) -> Image.Image:
        image: Image.Image = self._answer("screenshot", lambda: self.screen.screenshot.copy())
        return image

    def hierarchy(self) -> list[Element] | None:
        def tree() -> list[Element] | None:
            elements = self.screen.elements
            return list(elements) if elements else None

        result: list[Element] | None = self._answer("hierarchy", tree)
        return result

    def tap(self, x: int, y: int) -> None:
        self._answer("tap", lambda: self.taps.append(Point(x, y)), x, y)

    def input_text(self, text: str) -> None:
        self._answer("input_text", lambda: self.inputs.append(text), text)

    def info(self) -> BackendInfo:
        info: BackendInfo = self._answer("info", lambda: self._info)
        return info

    def close(self) -> None:
        """Calls after this raise ``BackendError``. Idempotent."""
        self.closed = True


__all__ = ["Handler", "MockBackend", "MockCall", "MockScreen"]
