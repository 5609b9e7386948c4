"""The one interface every device speaks, like httpx's transport.

The :class:`~iconfind.Locator` never knows whether it talks to a phone, a browser, a desktop or a
recorded snapshot: it only calls these five methods.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from PIL import Image

from iconfind._models import Element


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
