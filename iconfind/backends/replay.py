"""A recorded screen: the snapshot directory of docs/contract.md section 1.

The in-memory backend of iconfind, like httpx's ``MockTransport``: tests, notebooks and bug
reports replay a snapshot, and taps and typing are recorded so a script can assert on them.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import math
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
from PIL import Image, UnidentifiedImageError

from iconfind._deadline import Deadline
from iconfind._decode import check_pixels, open_rgb
from iconfind.backends.base import MAX_DENSITY, BackendInfo, BaseBackend, WindowInfo
from iconfind.backends.uiautomator_xml import parse_uiautomator_xml
from iconfind.errors import ImageTooLargeError, SnapshotError
from iconfind.models import Element, Point
from iconfind.screen import FINGERPRINT_KEY

SCREENSHOT = "screenshot.png"
HIERARCHY = "hierarchy.xml"
META = "meta.json"
PLATFORMS = ("android", "macos", "windows", "web", "x11")


@attrs.frozen
class SnapshotMeta(BackendInfo):
    """The optional ``meta.json`` of a snapshot: a :class:`BackendInfo` whose platform defaults
    to ``android``."""

    platform: str = "android"
    # Redeclared (same types) to keep the fields in meta.json's order after the new default.
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
        if density is not None and not (_positive_number(density) and density <= MAX_DENSITY):
            raise SnapshotError(
                f"{where}: density must be a positive number of pixels per dp up to "
                f"{MAX_DENSITY:g}, got {density!r}"
            )
        return cls(
            platform=platform,
            app=_text_field(raw, "app", where),
            window=_text_field(raw, "window", where),
            density=float(density) if density is not None else None,
        )


def _text_field(raw: dict[str, Any], key: str, where: Path) -> str:
    """A string field of meta.json: absent or ``null`` is ``""`` (never the text "None")."""
    value = raw.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise SnapshotError(f"{where}: {key} must be a string, got {type(value).__name__}")
    return value


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
    return _decode(path, _read(path))


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise SnapshotError(f"{path}: missing (a snapshot needs {SCREENSHOT})") from None
    except OSError as exc:
        raise SnapshotError(f"{path}: unreadable ({exc})") from None


@contextlib.contextmanager
def _image_errors(path: Path) -> Iterator[None]:
    try:
        with warnings.catch_warnings():
            # The pixel cap (iconfind._decode) is lower than Pillow's: its warning is noise.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            yield
    except Image.DecompressionBombError as exc:
        raise ImageTooLargeError(f"{path}: refused, too large to decode ({exc})") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        # Pillow reports truncated files as OSError and some corrupt chunks as SyntaxError.
        raise SnapshotError(f"{path}: not a readable image ({exc})") from None


def _decode(path: Path, data: bytes) -> Image.Image:
    with _image_errors(path):
        return open_rgb(data, str(path))


def _header_size(path: Path, data: bytes) -> tuple[int, int]:
    """The image's size from its header, without decoding pixels. Refuses what decoding would
    refuse up front: not an image, over the pixel cap (:data:`~iconfind._decode.MAX_SCREEN_PIXELS`),
    a PNG cut short (its chunks do not reach ``IEND``, as with a half-copied file)."""
    with _image_errors(path), Image.open(io.BytesIO(data)) as image:
        size: tuple[int, int] = image.size
        is_png = image.format == "PNG"
    check_pixels(size, str(path))
    if is_png and not _png_complete(data):
        raise SnapshotError(f"{path}: not a readable image (truncated PNG: no IEND chunk)")
    return size


def _png_complete(data: bytes) -> bool:
    """Whether a PNG's chunk chain fits in ``data`` and ends with ``IEND`` (CRCs unchecked)."""
    offset = 8  # the signature
    while offset + 8 <= len(data):
        length = int.from_bytes(data[offset : offset + 4], "big")
        kind = data[offset + 4 : offset + 8]
        offset += 12 + length  # length, type, data, CRC
        if offset > len(data):
            return False
        if kind == b"IEND":
            return True
    return False


class ReplayBackend(BaseBackend):
    """Serves a snapshot directory and records what is done to it.

    ``deadline`` bounds loading (a find's deadline made before the snapshot is read, as the CLI
    does): when it passes between steps (image, tree), loading stops with
    :class:`~iconfind.DeviceTimeoutError` phase ``load``. Calls are in-process work
    (``in_process``): the Locator runs them in its own thread, and they never time out as a device.

    >>> backend = ReplayBackend("examples/snapshots/anr_dialog")  # doctest: +SKIP
    >>> Locator(backend).tap("Wait"); backend.taps                  # doctest: +SKIP
    [Point(x=540, y=1331)]
    """

    in_process = True

    def __init__(self, path: str | Path, *, deadline: Deadline | None = None) -> None:
        self.path = Path(path)
        deadline = deadline or Deadline.never()
        if not self.path.is_dir():
            raise SnapshotError(f"{self.path}: not a snapshot directory")
        # The screenshot is checked here (header, size, completeness) but decoded on first use:
        # a find that the tree answers never pays for the pixels.
        self._png = _read(self.path / SCREENSHOT)
        self._size = _header_size(self.path / SCREENSHOT, self._png)
        self._fingerprint = "png:" + hashlib.sha1(self._png, usedforsecurity=False).hexdigest()
        self._image: Image.Image | None = None
        self._decode_lock = threading.Lock()
        deadline.check("load")
        self.meta = self._read_meta()
        self._elements = self._read_hierarchy()
        deadline.check("load")
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
        except RecursionError:  # a thousands-deep array: not a meta.json
            raise SnapshotError(f"{path}: nested too deeply to be a meta.json") from None
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

    @property
    def decoded(self) -> bool:
        """Whether the screenshot's pixels have been decoded (on the first :meth:`screenshot`)."""
        return self._image is not None

    def _decoded(self) -> Image.Image:
        with self._decode_lock:
            if self._image is None:
                image = _decode(self.path / SCREENSHOT, self._png)
                # A snapshot never changes: its file's hash names the frame, so no find hashes
                # the pixels (the same file always decodes to the same pixels).
                image.info[FINGERPRINT_KEY] = self._fingerprint
                self._image = image
            return self._image

    def screen_size(self) -> tuple[int, int]:
        return self._size

    def screenshot(self) -> Image.Image:
        """A copy of the snapshot's screenshot (decoded once, on the first call); raises
        :class:`SnapshotError` when its pixels cannot be decoded."""
        return self._decoded().copy()

    def hierarchy(self) -> list[Element] | None:
        return list(self._elements) if self._elements is not None else None

    def tap(self, x: int, y: int) -> None:
        self.taps.append(Point(x, y))

    def input_text(self, text: str) -> None:
        self.inputs.append(text)

    def info(self) -> SnapshotMeta:
        """The snapshot's ``meta.json`` (defaults when absent)."""
        return self.meta

    def active_window(self) -> WindowInfo:
        """The app and window named by ``meta.json`` (empty strings when absent)."""
        return WindowInfo(app=self.meta.app, window=self.meta.window)
