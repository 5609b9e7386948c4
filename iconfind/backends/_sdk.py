"""What the platform backends share: turning SDK failures into :class:`BackendError`, importing
an SDK with a clear message when it is missing, the points <-> pixels scale of desktops, and
the capture logic of the desktop backends (:class:`DesktopBackend`).

Each backend reaches its SDK through one small adapter object; everything here is plain Python
that runs (and is tested) on any machine.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, ClassVar, Protocol, TypeVar

from attrs import frozen
from PIL import Image

from iconfind.backends.base import BaseBackend
from iconfind.errors import BackendError, IconfindError, PlatformNotSupportedError
from iconfind.models import Element, Point

T = TypeVar("T")


def _from_sdk(exc: BaseException, sdk_roots: frozenset[str]) -> bool:
    """Whether ``exc`` is a device failure: an OS/network error or an exception of the SDK."""
    if isinstance(exc, (OSError, TimeoutError)):
        return True
    return any(klass.__module__.split(".")[0] in sdk_roots for klass in type(exc).__mro__)


def guarded(phase: str, call: Callable[[], T], sdk_roots: Iterable[str]) -> T:
    """Run one SDK call; a device failure becomes ``BackendError(phase=phase)``.

    Failures are recognised by where they come from (the SDK's own modules, ``OSError``), so a
    bug in iconfind still surfaces as itself instead of being dressed up as a device error.
    """
    try:
        return call()
    except IconfindError:
        raise
    except Exception as exc:
        if not _from_sdk(exc, frozenset(sdk_roots)):
            raise
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        name = type(exc).__name__
        raise BackendError(f"{name}: {detail}" if detail else name, phase=phase) from exc


def import_sdk(module: str, *, platform: str | None, extra: str, backend: str) -> ModuleType:
    """Import an SDK module, or raise a clear error naming the platform and the extra.

    ``platform`` is the ``sys.platform`` the SDK needs (``"darwin"``, ``"win32"``) or ``None``
    when it runs anywhere.
    """
    names = {"darwin": "macOS", "win32": "Windows"}
    if platform is not None and not sys.platform.startswith(platform):
        raise PlatformNotSupportedError(
            f"{backend} needs {names.get(platform, platform)} (this is {sys.platform}); "
            f"pass a recorded session for tests, or run it on {names.get(platform, platform)} "
            f"with pip install 'iconfind[{extra}]'",
            phase="connect",
        )
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        error = PlatformNotSupportedError if platform is not None else BackendError
        raise error(
            f"{backend} needs the {module!r} package: pip install 'iconfind[{extra}]' ({exc})",
            phase="connect",
        ) from None


@frozen
class DesktopScale:
    """Desktop accessibility APIs speak in their own units (macOS points, Windows DIPs when the
    process is not DPI aware); screenshots speak pixels. ``factor`` is pixels per unit.

    Every coordinate iconfind hands out is a screenshot pixel, so an element's bounds are its
    frame times ``factor`` and a tap at pixel ``(x, y)`` is sent to the API at ``(x, y) / factor``.
    """

    factor: float = 1.0

    @classmethod
    def measure(cls, image_width: int, api_width: float) -> DesktopScale:
        """The factor from a screenshot's width and the same screen's width in API units."""
        if api_width <= 0 or image_width <= 0:
            return cls(1.0)
        return cls(round(image_width / api_width, 4))

    def to_pixels(self, value: float) -> float:
        return value * self.factor

    def to_api(self, point: Point) -> tuple[float, float]:
        """A screenshot pixel in API units."""
        return (point.x / self.factor, point.y / self.factor)


class SdkBackend(BaseBackend):
    """A backend whose device calls go through one SDK: :meth:`_call` runs a call under
    :func:`guarded` with the subclass's ``sdk_roots``. ``close()`` and context-manager use come
    from :class:`~iconfind.backends.base.BaseBackend`."""

    sdk_roots: ClassVar[tuple[str, ...]] = ()

    def _call(self, phase: str, call: Any) -> Any:
        return guarded(phase, call, self.sdk_roots)


class DesktopSession(Protocol):
    """What :class:`DesktopBackend` needs of a desktop backend's session."""

    def screenshot(self) -> Image.Image:
        """The main screen, in pixels."""
        ...

    def type_text(self, text: str) -> None: ...


class DesktopBackend(SdkBackend):
    """The capture logic the desktop accessibility backends (macOS, Windows) share.

    A subclass supplies its ``session``, the screen's size in API units (:meth:`_api_size`) and
    its tree walk (:meth:`_walk`, in pixels); this class measures the :class:`DesktopScale` once
    and serves ``screen_size``, ``screenshot``, ``hierarchy`` and ``input_text`` in pixels.
    """

    session: DesktopSession
    _scale: DesktopScale | None = None

    def _api_size(self) -> tuple[float, float]:
        """The screen's size in API units (points, UIA units), straight from the session."""
        raise NotImplementedError

    def _walk(self) -> list[Element]:
        """The accessibility tree, bounds in screenshot pixels."""
        raise NotImplementedError

    @property
    def scale(self) -> DesktopScale:
        """Screenshot pixels per API unit (2.0 on Retina, 1.0 when DPI aware), measured once."""
        if self._scale is None:
            image = self._call("screenshot", self.session.screenshot)
            width, _ = self._call("screen_size", self._api_size)
            self._scale = DesktopScale.measure(image.width, width)
        return self._scale

    def screen_size(self) -> tuple[int, int]:
        width, height = self._call("screen_size", self._api_size)
        factor = self.scale.factor
        return round(width * factor), round(height * factor)

    def screenshot(self) -> Image.Image:
        image: Image.Image = self._call("screenshot", self.session.screenshot).convert("RGB")
        size = self.screen_size()
        return image if image.size == size else image.resize(size)

    def hierarchy(self) -> list[Element] | None:
        return self._call("hierarchy", self._walk) or None

    def input_text(self, text: str) -> None:
        self._call("input", lambda: self.session.type_text(text))


__all__ = [
    "DesktopBackend",
    "DesktopScale",
    "DesktopSession",
    "SdkBackend",
    "guarded",
    "import_sdk",
]
