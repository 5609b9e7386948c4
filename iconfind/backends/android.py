"""Android through uiautomator2 (``pip install 'iconfind[android]'``).

The backend talks to one small object, the *device*: anything with ``dump_hierarchy()``,
``screenshot()``, ``click(x, y)``, ``send_keys(text)``, ``window_size()`` and an ``info`` dict —
which is exactly what ``uiautomator2.connect(serial)`` returns. Tests hand it a stand-in that
serves recorded ``uiautomator dump`` XML; only :func:`_connect` touches the real SDK.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Protocol

from PIL import Image

from iconfind.backends._sdk import SdkBackend, guarded, import_sdk
from iconfind.backends.base import BackendInfo
from iconfind.backends.uiautomator_xml import parse_uiautomator_xml
from iconfind.models import Element

log = logging.getLogger(__name__)

SDK_ROOTS = ("uiautomator2", "adbutils", "requests", "urllib3", "httpx", "httpcore", "retry")
DUMP_ATTEMPTS = 2
"""The null-root dump is retried once, then accessibility counts as unavailable."""


class U2Device(Protocol):
    """The part of ``uiautomator2.Device`` the backend uses."""

    @property
    def info(self) -> dict[str, Any]: ...

    def dump_hierarchy(self) -> str: ...

    def screenshot(self) -> Image.Image: ...

    def click(self, x: int, y: int) -> None: ...

    def send_keys(self, text: str) -> None: ...

    def window_size(self) -> tuple[int, int]: ...


def _connect(serial: str | None) -> U2Device:  # pragma: no cover - needs a device
    u2 = import_sdk("uiautomator2", platform=None, extra="android", backend="AndroidBackend")
    device: U2Device = guarded("connect", lambda: u2.connect(serial), SDK_ROOTS)
    return device


class AndroidBackend(SdkBackend):
    """An Android device (or emulator) through uiautomator2.

    ``serial`` picks the device (``None``: ``$ANDROID_SERIAL`` or the only one attached);
    ``device`` is an already connected ``uiautomator2.Device`` or a stand-in of the same shape.
    Device failures (disconnects, adb errors) raise :class:`~iconfind.BackendError` with the
    phase; the ``ERROR: null root node…`` dump is retried once, then the tree is ``None``.
    """

    sdk_roots = SDK_ROOTS

    def __init__(self, serial: str | None = None, device: U2Device | None = None) -> None:
        self.serial = serial
        self.device: U2Device = device if device is not None else _connect(serial)

    def __repr__(self) -> str:
        return f"AndroidBackend(serial={self.serial!r})"

    def _info(self) -> dict[str, Any]:
        info = self._call("info", lambda: self.device.info)
        return info if isinstance(info, dict) else {}

    @property
    def rotation(self) -> int:
        """``displayRotation``: 0 natural, 1 = 90°, 2 = 180°, 3 = 270°."""
        value = self._info().get("displayRotation", 0)
        return int(value) % 4 if isinstance(value, int) else 0

    def screen_size(self) -> tuple[int, int]:
        width, height = self._call("screen_size", self.device.window_size)
        return int(width), int(height)

    def screenshot(self) -> Image.Image:
        """The screen, upright: a natural-orientation capture of a rotated screen is turned."""
        image: Image.Image = self._call("screenshot", self.device.screenshot)
        image = image.convert("RGB")
        size = self.screen_size()
        if image.size != size and image.size == (size[1], size[0]):
            # PIL turns counter-clockwise; displayRotation counts the device's turns that way.
            image = image.rotate(90 * self.rotation, expand=True)
        if image.size != size:
            log.warning("screenshot is %s but the screen is %s; resizing", image.size, size)
            image = image.resize(size)
        return image

    def hierarchy(self) -> list[Element] | None:
        for attempt in range(DUMP_ATTEMPTS):
            elements = parse_uiautomator_xml(self._call("hierarchy", self._dump))
            if elements is not None:
                return elements
            log.info("uiautomator dump gave no tree (attempt %d/%d)", attempt + 1, DUMP_ATTEMPTS)
        return None

    def _dump(self) -> str:
        try:
            return self.device.dump_hierarchy()
        except Exception as exc:
            # uiautomator2's server reports the null root as HierarchyEmptyError.
            if type(exc).__name__ == "HierarchyEmptyError":
                return ""
            raise

    def tap(self, x: int, y: int) -> None:
        self._call("tap", lambda: self.device.click(x, y))

    def input_text(self, text: str) -> None:
        self._call("input", lambda: self.device.send_keys(text))

    @property
    def density(self) -> float | None:
        """Pixels per dp, from ``info`` (``displayWidth / displaySizeDpX``); ``None`` when the
        device does not say (callers then assume a phone's and say so:
        :func:`~iconfind.backends.base.backend_density`)."""
        return _density_of(self._info())

    @property
    def meta(self) -> BackendInfo:
        """Same as :meth:`info` (the name older code reads)."""
        return self.info()

    def info(self) -> BackendInfo:
        """Platform, foreground package and density, as a snapshot's ``meta.json`` holds them."""
        info = self._info()
        return BackendInfo(
            platform="android",
            app=str(info.get("currentPackageName", "")),
            density=_density_of(info),  # one device round trip for both
        )


def _density_of(info: Mapping[str, object]) -> float | None:
    """Pixels per dp from uiautomator2's ``info`` (``displayWidth / displaySizeDpX``), else
    ``None``: a guess passed off as the device's would size icon blobs for the wrong screen."""
    pixels, dips = info.get("displayWidth"), info.get("displaySizeDpX")
    if isinstance(pixels, (int, float)) and isinstance(dips, (int, float)) and dips > 0:
        return round(pixels / dips, 3)
    return None


__all__ = ["AndroidBackend", "U2Device"]
