"""The one interface every device speaks, like httpx's transport.

The :class:`~iconfind.Locator` never knows whether it talks to a phone, a browser, a desktop or a
recorded snapshot: it only calls these five methods.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from attrs import frozen
from PIL import Image

from iconfind.models import Element


@runtime_checkable
class DeviceBackend(Protocol):
    """A screen that can be read and touched.

    Coordinates are device pixels: the pixels of :meth:`screenshot`, whose size is
    :meth:`screen_size`. Backends raise :class:`~iconfind.BackendError` when the device fails.
    """

    def screen_size(self) -> tuple[int, int]:
        """``(width, height)`` in device pixels."""
        ...

    def screenshot(self) -> Image.Image:
        """The current screen, ``screen_size()`` pixels, RGB."""
        ...

    def hierarchy(self) -> list[Element] | None:
        """The accessibility tree flattened in document order, or ``None`` when unavailable."""
        ...

    def tap(self, x: int, y: int) -> None:
        """Tap (click) at a device pixel."""
        ...

    def input_text(self, text: str) -> None:
        """Type text into whatever has focus."""
        ...


@frozen
class WindowInfo:
    """The application and window in front: what memory is scoped by.

    ``app`` is the application's name (or Android package), ``window`` its window title,
    ``bundle_id`` the platform's stable id when there is one (``com.google.Chrome``).
    """

    app: str
    window: str = ""
    bundle_id: str | None = None


@runtime_checkable
class AppAwareBackend(Protocol):
    """Optional: a backend that knows which application and window are in front."""

    def active_window(self) -> WindowInfo:
        """The frontmost application and window."""
        ...
