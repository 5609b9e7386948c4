"""One capture of the device for one find, shared by every strategy in the chain.

A strategy asks for what it needs; the screenshot and the tree are each taken at most once per
find, so later tiers cost no extra device round trips. The screen carries the find's deadline:
device calls run under it (one that overruns raises :class:`~iconfind.DeviceTimeoutError`) and
strategies check it between steps (``screen.deadline.check("ocr")``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, TypeVar

from PIL import Image

from iconfind._budget import device_call
from iconfind._deadline import Clock, Deadline
from iconfind._secrets import mask_secrets
from iconfind.backends.base import DeviceBackend, backend_density
from iconfind.errors import DeviceTimeoutError
from iconfind.models import Bounds, Element

T = TypeVar("T")

FINGERPRINT_KEY = "iconfind.fingerprint"
"""``Image.info`` key where a backend may stamp the fingerprint of a frame it knows is immutable."""


def image_fingerprint(image: Image.Image) -> str:
    """A hash of an image's exact pixels, mode and size.

    SHA-1 as a fast checksum, not for security: about twice as fast as BLAKE2 here, and a
    1080x2400 screenshot is hashed on every find that reads pixels.
    """
    digest = hashlib.sha1(image.tobytes(), usedforsecurity=False)
    digest.update(f"{image.mode}{image.size}".encode())
    return digest.hexdigest()


_UNSET = object()


class Screen:
    """Lazy, cached view of a backend's current screen.

    ``clock`` holds the find's deadline (none: no deadline). ``capturing`` names the device call
    in progress. A device call that overruns the deadline raises
    :class:`~iconfind.DeviceTimeoutError` with phase ``device:CALL``.
    """

    def __init__(self, backend: DeviceBackend, clock: Clock | Deadline | None = None) -> None:
        self.backend = backend
        self.clock = clock if isinstance(clock, Clock) else Clock(clock or Deadline.never())
        self.capturing: str | None = None
        self._size: object = _UNSET
        self._hierarchy: object = _UNSET
        self._screenshot: object = _UNSET
        self._density: object = _UNSET
        self._icon_blobs: list[Bounds] | None = None
        self.rankings: dict[tuple[int, tuple[Bounds, ...]], tuple[object, list[Any]]] = {}
        """Tier 4's rankings of screen regions by a recognizer, kept for the find
        (:func:`~iconfind.strategies.visual.screen_rankings`)."""
        self._fingerprint: str | None = None
        self.notes: list[str] = []
        """Remarks strategies leave for the result (a skipped tier and why)."""
        self.on_tap: list[Callable[[], object]] = []
        """Writes a strategy learned while finding (memory), run only if the result is tapped:
        finding never writes."""

    @property
    def deadline(self) -> Deadline:
        """The find's deadline as it stands (warm-up time is given back to it)."""
        return self.clock.deadline

    def _capture(self, phase: str, call: Callable[[], T]) -> T:
        self.capturing = phase
        try:
            return device_call(self.backend, phase, call, self.deadline)
        finally:
            self.capturing = None

    @property
    def size(self) -> tuple[int, int]:
        if self._size is _UNSET:
            self._size = self._capture("screen_size", self.backend.screen_size)
        return self._size  # type: ignore[return-value]

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    @property
    def hierarchy(self) -> list[Element] | None:
        """The accessibility tree, or ``None`` when unavailable (or empty)."""
        if self._hierarchy is _UNSET:
            elements = self._capture("hierarchy", self.backend.hierarchy)
            self._hierarchy = mask_secrets(elements) or None  # issue 22: no password text
        return self._hierarchy  # type: ignore[return-value]

    @property
    def captured_size(self) -> bool:
        return self._size is not _UNSET

    @property
    def captured_hierarchy(self) -> bool:
        return self._hierarchy is not _UNSET

    @property
    def captured_screenshot(self) -> bool:
        return self._screenshot is not _UNSET

    @property
    def accessibility_available(self) -> bool:
        return self.hierarchy is not None

    @property
    def density(self) -> float | None:
        """The screenshot's pixels per dp, when the backend says
        (:func:`~iconfind.backends.base.backend_density`: a phone's 2-3.5, a desktop's 1), else
        ``None``; asked once, under the deadline. Sizes that depend on it (icon blobs) fall
        back to the screen's size without it."""
        if self._density is _UNSET:
            self._density = None
            try:
                density, assumed = self._capture("info", lambda: backend_density(self.backend))
            except DeviceTimeoutError:
                raise  # the find's budget is spent: the find ends as timed out
            except Exception as exc:  # a hint only: blobs fall back to the screen's size
                self.notes.append(f"density unknown ({type(exc).__name__}: {exc})")
            else:
                self._density = None if assumed else density
        return self._density  # type: ignore[return-value]

    @property
    def icon_blobs(self) -> list[Bounds]:
        """Icon-shaped regions of the screenshot
        (:func:`~iconfind.recognition.blobs.find_icon_blobs` at :attr:`density`), found once
        per find: tier 4's recognized-icon and blob strategies both read them."""
        if self._icon_blobs is None:
            from iconfind.recognition.blobs import find_icon_blobs  # OpenCV, only for pixels

            self._icon_blobs = find_icon_blobs(self.screenshot, density=self.density)
        return list(self._icon_blobs)

    @property
    def screenshot(self) -> Image.Image:
        if self._screenshot is _UNSET:
            self._screenshot = self._capture("screenshot", self.backend.screenshot)
        return self._screenshot  # type: ignore[return-value]

    @property
    def fingerprint(self) -> str:
        """A hash of the screenshot's pixels: equal screens, equal fingerprints.

        A backend whose frames are immutable (a replay) can stamp it once into
        ``image.info[FINGERPRINT_KEY]``; otherwise it is computed here, once per find.
        """
        if self._fingerprint is None:
            image = self.screenshot
            stamped = image.info.get(FINGERPRINT_KEY)
            self._fingerprint = stamped if isinstance(stamped, str) else image_fingerprint(image)
        return self._fingerprint

    def is_on_screen(self, element: Element) -> bool:
        center = element.center
        return 0 <= center.x < self.width and 0 <= center.y < self.height
