"""Stand-ins for the platform SDKs, serving recorded data through each backend's one seam.

Each records what was done to it (clicks in the SDK's own units, typed text) so tests can check
where a tap landed.
"""

from __future__ import annotations

import json
import threading
from collections import namedtuple
from pathlib import Path
from typing import Any

from PIL import Image

DATA = Path(__file__).resolve().parent.parent / "data"

# The value types atomacos's converter returns for AXPosition / AXSize.
CGPoint = namedtuple("CGPoint", ["x", "y"])
CGSize = namedtuple("CGSize", ["width", "height"])


def _screen(size: tuple[int, int]) -> Image.Image:
    return Image.new("RGB", size, (250, 250, 250))


class RecordedU2Device:
    """A uiautomator2 ``Device`` replaying recorded dumps (one per call, the last repeating)."""

    def __init__(
        self,
        dumps: list[str],
        size: tuple[int, int] = (1080, 2400),
        *,
        rotation: int = 0,
        image: Image.Image | None = None,
        info: dict[str, Any] | None = None,
    ) -> None:
        self.dumps = list(dumps)
        self.size = size
        self.image = image if image is not None else _screen(size)
        self._info = {
            "displayRotation": rotation,
            "currentPackageName": "com.android.settings",
            "displayWidth": size[0],
            "displaySizeDpX": 411,
            **(info or {}),
        }
        self.dump_calls = 0
        self.clicks: list[tuple[int, int]] = []
        self.typed: list[str] = []

    @property
    def info(self) -> dict[str, Any]:
        return self._info

    def dump_hierarchy(self) -> str:
        self.dump_calls += 1
        return self.dumps[min(self.dump_calls, len(self.dumps)) - 1]

    def screenshot(self) -> Image.Image:
        return self.image.copy()

    def click(self, x: int, y: int) -> None:
        self.clicks.append((x, y))

    def send_keys(self, text: str) -> None:
        self.typed.append(text)

    def window_size(self) -> tuple[int, int]:
        return self.size


class DisconnectedU2Device(RecordedU2Device):
    """A device whose every call fails the way a pulled USB cable does."""

    def __init__(self, error: Exception) -> None:
        super().__init__([""])
        self.error = error

    def dump_hierarchy(self) -> str:
        raise self.error

    def screenshot(self) -> Image.Image:
        raise self.error

    def click(self, x: int, y: int) -> None:
        raise self.error

    def send_keys(self, text: str) -> None:
        raise self.error

    def window_size(self) -> tuple[int, int]:
        raise self.error


class HangingU2Device(RecordedU2Device):
    """A device whose dump never returns (until ``release`` is set, so no thread outlives tests)."""

    def __init__(self, dumps: list[str]) -> None:
        super().__init__(dumps)
        self.release = threading.Event()

    def dump_hierarchy(self) -> str:
        self.release.wait(30)
        return super().dump_hierarchy()


def android_dump(name: str) -> str:
    return (DATA / "android" / name).read_text(encoding="utf-8")


# -- macOS ---------------------------------------------------------------------------------


class RecordedAXElement:
    """An atomacos ``NativeUIElement`` replaying one recorded element's attributes."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def __getattr__(self, name: str) -> Any:
        if not name.startswith("AX") or name not in self._data:
            raise AttributeError(name)  # atomacos: unsupported attribute
        value = self._data[name]
        if name == "AXChildren":
            return [RecordedAXElement(child) for child in value]
        if name == "AXPosition":
            return CGPoint(*value)
        if name == "AXSize":
            return CGSize(*value)
        return value


class RecordedAXSession:
    """The MacBackend seam over a recorded AX tree; clicks are recorded in points."""

    def __init__(self, name: str = "notes_locked.json") -> None:
        raw = json.loads((DATA / "macos" / name).read_text(encoding="utf-8"))
        self.points = tuple(raw["screen_points"])
        self.pixels = tuple(raw["screenshot_pixels"])
        self.tree = raw["root"]
        self.clicks: list[tuple[float, float]] = []
        self.typed: list[str] = []

    def root(self) -> RecordedAXElement:
        return RecordedAXElement(self.tree)

    def screenshot(self) -> Image.Image:
        return _screen(self.pixels)

    def screen_points(self) -> tuple[float, float]:
        return self.points

    def click(self, x: float, y: float) -> None:
        self.clicks.append((x, y))

    def type_text(self, text: str) -> None:
        self.typed.append(text)


# -- Windows -------------------------------------------------------------------------------


class Rect:
    """uiautomation's ``Rect``: left, top, right, bottom."""

    def __init__(self, left: int, top: int, right: int, bottom: int) -> None:
        self.left, self.top, self.right, self.bottom = left, top, right, bottom


class RecordedControl:
    """A uiautomation ``Control`` replaying one recorded control."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data
        self.BoundingRectangle = Rect(*data["BoundingRectangle"])

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name not in self._data:
            raise AttributeError(name)
        return self._data[name]

    def GetChildren(self) -> list[RecordedControl]:  # uiautomation spells it so
        return [RecordedControl(child) for child in self._data.get("children", [])]


class RecordedUiaSession:
    """The WindowsBackend seam over a recorded UIA tree; clicks are recorded in UIA units."""

    def __init__(self, name: str = "notepad_dpi150.json") -> None:
        raw = json.loads((DATA / "windows" / name).read_text(encoding="utf-8"))
        self.desktop = tuple(raw["desktop_size"])
        self.pixels = tuple(raw["screenshot_pixels"])
        self.tree = raw["root"]
        self.clicks: list[tuple[int, int]] = []
        self.typed: list[str] = []

    def root(self) -> RecordedControl:
        return RecordedControl(self.tree)

    def screenshot(self) -> Image.Image:
        return _screen(self.pixels)

    def desktop_size(self) -> tuple[float, float]:
        return self.desktop

    def click(self, x: int, y: int) -> None:
        self.clicks.append((x, y))

    def type_text(self, text: str) -> None:
        self.typed.append(text)
