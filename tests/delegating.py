"""A device that forwards every call to another one: tests subclass it and override the one call
they make hang, fail or disappear (like httpx's transport wrappers)."""

from __future__ import annotations

from PIL import Image

from iconfind import DeviceBackend, Element


class DelegatingBackend:
    """Forwards the :class:`~iconfind.DeviceBackend` calls to ``inner`` (and nothing else, so a
    wrapped replay has no ``active_window``)."""

    def __init__(self, inner: DeviceBackend) -> None:
        self.inner = inner

    def screen_size(self) -> tuple[int, int]:
        return self.inner.screen_size()

    def screenshot(self) -> Image.Image:
        return self.inner.screenshot()

    def hierarchy(self) -> list[Element] | None:
        return self.inner.hierarchy()

    def tap(self, x: int, y: int) -> None:
        self.inner.tap(x, y)

    def input_text(self, text: str) -> None:
        self.inner.input_text(text)
