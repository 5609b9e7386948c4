"""A recorded screen: the snapshot directory of docs/contract.md section 1.

The in-memory backend of iconfind, like httpx's ``MockTransport``: tests, notebooks and bug
reports replay a snapshot, and taps and typing are recorded so a script can assert on them.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import attrs
from PIL import Image, UnidentifiedImageError

from iconfind.backends.base import WindowInfo
from iconfind.backends.uiautomator_xml import parse_uiautomator_xml
from iconfind.errors import SnapshotError
from iconfind.models import Element, Point
from iconfind.screen import FINGERPRINT_KEY, image_fingerprint

SCREENSHOT = "screenshot.png"
HIERARCHY = "hierarchy.xml"
META = "meta.json"
PLATFORMS = ("android", "macos", "windows", "web", "x11")


@attrs.frozen
class SnapshotMeta:
    """The optional ``meta.json`` of a snapshot."""

    platform: str = "android"
    app: str = ""
    window: str = ""
    density: float | None = None

    @classmethod
    def from_json(cls, raw: Any, where: Path) -> SnapshotMeta:
        if not isinstance(raw, dict):
            raise SnapshotError(f"{where}: meta.json must hold a JSON object")
        platform = raw.get("platform", "android")
        if platform not in PLATFORMS:
            raise SnapshotError(
                f"{where}: platform {platform!r} is not one of {', '.join(PLATFORMS)}"
            )
        density = raw.get("density")
        if density is not None and not _positive_number(density):
            raise SnapshotError(f"{where}: density must be a positive number, got {density!r}")
        return cls(
            platform=platform,
            app=str(raw.get("app", "")),
            window=str(raw.get("window", "")),
            density=float(density) if density is not None else None,
        )


def _positive_number(value: object) -> bool:
    """A JSON number above zero: not a boolean, not NaN or infinity (Python's JSON reads both)."""
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value > 0
    )


def load_screenshot(path: Path) -> Image.Image:
    """Open and fully decode a PNG, turning every decoding failure into :class:`SnapshotError`."""
    try:
        with Image.open(path) as image:
            image.load()
            rgb: Image.Image = image.convert("RGB")
            return rgb
    except FileNotFoundError:
        raise SnapshotError(f"{path}: missing (a snapshot needs {SCREENSHOT})") from None
    except Image.DecompressionBombError as exc:
        raise SnapshotError(f"{path}: refused, too large to decode ({exc})") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        # Pillow reports truncated files as OSError and some corrupt chunks as SyntaxError.
        raise SnapshotError(f"{path}: not a readable image ({exc})") from None


class ReplayBackend:
    """Serves a snapshot directory and records what is done to it.

    >>> backend = ReplayBackend("examples/snapshots/anr_dialog")  # doctest: +SKIP
    >>> Locator(backend).tap("Wait"); backend.taps                  # doctest: +SKIP
    [Point(x=540, y=1331)]
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if not self.path.is_dir():
            raise SnapshotError(f"{self.path}: not a snapshot directory")
        self._image = load_screenshot(self.path / SCREENSHOT)
        # A snapshot never changes: hash it once, so finds on it skip re-hashing every copy.
        self._image.info[FINGERPRINT_KEY] = image_fingerprint(self._image)
        self.meta = self._read_meta()
        self._elements = self._read_hierarchy()
        self.taps: list[Point] = []
        """Every tap, in device pixels, in order."""
        self.inputs: list[str] = []
        """Every text typed, in order."""

    def _read_meta(self) -> SnapshotMeta:
        path = self.path / META
        if not path.exists():
            return SnapshotMeta()
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise SnapshotError(f"{path}: not valid JSON ({exc})") from None
        return SnapshotMeta.from_json(raw, path)

    def _read_hierarchy(self) -> list[Element] | None:
        path = self.path / HIERARCHY
        if not path.exists():
            return None
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise SnapshotError(f"{path}: unreadable ({exc})") from None
        return parse_uiautomator_xml(data)

    def __repr__(self) -> str:
        return f"ReplayBackend({str(self.path)!r})"

    def screen_size(self) -> tuple[int, int]:
        return self._image.size

    def screenshot(self) -> Image.Image:
        return self._image.copy()

    def hierarchy(self) -> list[Element] | None:
        return list(self._elements) if self._elements is not None else None

    def tap(self, x: int, y: int) -> None:
        self.taps.append(Point(x, y))

    def input_text(self, text: str) -> None:
        self.inputs.append(text)

    def active_window(self) -> WindowInfo:
        """The app and window named by ``meta.json`` (empty strings when absent)."""
        return WindowInfo(app=self.meta.app, window=self.meta.window)
