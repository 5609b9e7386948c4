"""OCR results per screen, so the second query on the same screen costs no OCR.

Keys start with the screenshot's fingerprint (a hash of its pixels, :attr:`Screen.fingerprint`):
a changed screen is a new key, an unchanged one is found again whatever the query.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from iconfind.ocr.engine import OcrWord

DEFAULT_MAX_ENTRIES = 16

Words = tuple[OcrWord, ...]
"""One pass's words in device pixels."""


class OcrCache:
    """A small thread-safe LRU map from ``(fingerprint, pass, region)`` keys to OCR words.

    ``hits`` and ``misses`` count lookups, for tests and benchmarks.
    """

    def __init__(self, max_entries: int = DEFAULT_MAX_ENTRIES) -> None:
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries}")
        self.max_entries = max_entries
        self._entries: OrderedDict[Hashable, Words] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"OcrCache({len(self)}/{self.max_entries} entries, hits={self.hits})"

    def get_or_compute(self, key: Hashable, compute: Callable[[], Words]) -> Words:
        """The cached words for ``key``, computing (and storing) them on a miss. Nothing is
        stored when ``compute`` raises."""
        with self._lock:
            if key in self._entries:
                self.hits += 1
                self._entries.move_to_end(key)
                return self._entries[key]
            self.misses += 1
        value = compute()
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
