"""The default recognizer, built on first use so that a Locator costs nothing until tier 4 runs."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

    from iconfind.recognition.recognizer import IconRecognizer

from iconfind._deadline import warm_up

_DEFAULT_LOCK = threading.Lock()
_default: IconRecognizer | None = None


def _process_default() -> IconRecognizer:
    """:meth:`IconRecognizer.default`, loaded once per process and shared: every new Locator's
    chain would otherwise reload the reference set from disk (tens of ms) on its first icon query.
    A failure (no icon font) is not cached, so installing one helps the next attempt."""
    global _default
    with _DEFAULT_LOCK:
        if _default is None:
            # Imported here: NumPy and OpenCV load with the first recognition, not the chain.
            from iconfind.recognition.recognizer import IconRecognizer

            _default = IconRecognizer.default()
        return _default


class LazyRecognizer:
    """:meth:`IconRecognizer.default`, loaded at the first :meth:`rank` (about 60 ms from the disk
    cache; a few seconds the very first time, while the reference set is rendered) and shared by
    every ``LazyRecognizer`` of the process.

    Raises :class:`~iconfind.RecognizerUnavailableError` from :meth:`rank` when no icon font is
    installed; tier 4 then notes it and offers its candidates without hints.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._inner: IconRecognizer | None = None

    def __repr__(self) -> str:
        return f"LazyRecognizer(loaded={self._inner is not None})"

    def _recognizer(self) -> IconRecognizer:
        with self._lock:
            if self._inner is None:
                # Outside the find's budget: the first find is not charged for the build.
                self._inner = warm_up("icon references", _process_default)
            return self._inner

    def rank(self, crop: Image.Image, top: int = 3) -> list[tuple[str, float]]:
        return self._recognizer().rank(crop, top)

    def accepts(self, ranking: Sequence[tuple[str, float]], wanted: str) -> bool:
        return self._recognizer().accepts(ranking, wanted)
