"""The one interface every device speaks, like httpx's transport.

The :class:`~iconfind.Locator` never knows whether it talks to a phone, a browser, a desktop or a
recorded snapshot: it only calls these five methods, and :meth:`~DeviceBackend.close` when the
backend is done. :class:`BaseBackend` supplies ``close()``, context-manager use and ``info()`` to
a backend of your own.
"""

from __future__ import annotations

import math
from types import TracebackType
from typing import Protocol, TypeVar, runtime_checkable

from attrs import frozen
from PIL import Image

from iconfind.models import Element


@runtime_checkable
class DeviceBackend(Protocol):
    """A screen that can be read and touched.

    Coordinates are device pixels: the pixels of :meth:`screenshot`, whose size is
    :meth:`screen_size`. Backends raise :class:`~iconfind.BackendError` when the device fails.

    Timeouts: the Locator calls a backend on one serial worker per backend, under the find's
    deadline, and never starts a call while the previous one is still running. A backend bounds
    its own I/O by what is left: ``iconfind.deadline.current_timeout(cap)`` inside a call gives
    ``cap`` seconds or less. A backend whose calls are in-process work that cannot hang (a
    replay) may set the class attribute ``in_process = True`` to be called directly.

    Every shipped backend is a context manager and has :meth:`close`; most also describe
    themselves with ``info()`` (see :class:`DescribedBackend`).
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

    def close(self) -> None:
        """Release the device (end a session, close a browser). Idempotent."""
        ...


@frozen
class BackendInfo:
    """What a backend knows about its screen: platform (``android``, ``web``, ``x11``,
    ``macos``, ``windows``; ``""`` unknown), app in front, window title, pixels per dp.

    The same four fields as a snapshot's ``meta.json`` (``iconfind record`` writes them)."""

    platform: str = ""
    app: str = ""
    window: str = ""
    density: float | None = None


@runtime_checkable
class DescribedBackend(Protocol):
    """Optional: a backend that says what it is (``iconfind record`` and ``visual-snapshot``)."""

    def info(self) -> BackendInfo:
        """Platform, app, window and density of the current screen."""
        ...


def backend_info(backend: object) -> BackendInfo:
    """``backend.info()`` when the backend has it, else an empty :class:`BackendInfo`."""
    if isinstance(backend, DescribedBackend):
        info = backend.info()
        if isinstance(info, BackendInfo):
            return info
    return BackendInfo()


DEFAULT_DENSITY = 2.625
"""Pixels per dp assumed when neither the snapshot nor the device says (a 420 dpi phone)."""
MAX_DENSITY = 100.0
"""The largest ``density`` (pixels per dp) a snapshot may claim; real screens are under 5."""


_NO_ATTRIBUTE = object()


def backend_density(backend: object) -> tuple[float, bool]:
    """``(pixels per dp, assumed?)`` from the backend or the snapshot meta, else 2.625.

    The backend's own ``density`` first (Android, macOS, Windows: the same number their
    ``info()`` gives, without the window title ``info()`` may look up in the tree), else
    :meth:`info`'s (a replay's ``meta.json``, the web's ``devicePixelRatio``, X11's 1.0)."""
    density = getattr(backend, "density", _NO_ATTRIBUTE)
    if density is _NO_ATTRIBUTE:  # a density of None is the backend's answer: not asked twice
        density = backend_info(backend).density
    if (
        isinstance(density, (int, float))
        and not isinstance(density, bool)
        and math.isfinite(density)
        and 0 < density <= MAX_DENSITY
    ):
        return float(density), False
    return DEFAULT_DENSITY, True


def close_backend(backend: object) -> None:
    """``backend.close()``, for backends written before ``close()`` joined the protocol too."""
    close = getattr(backend, "close", None)
    if callable(close):
        close()


B = TypeVar("B", bound="BaseBackend")


class BaseBackend:
    """What every backend shares: a no-op :meth:`close`, context-manager use and an empty
    :meth:`info`. Subclass it for a backend of your own and override what applies."""

    def close(self) -> None:
        """Nothing to release."""

    def info(self) -> BackendInfo:
        """Nothing known: platform ``""``."""
        return BackendInfo()

    def __enter__(self: B) -> B:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


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
