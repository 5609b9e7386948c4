"""Local icon recognition: which icon a crop shows, on the CPU, with no model download.

* :class:`IconRecognizer` ranks icon concepts for a crop and applies the clear-winner rule.
* :class:`ReferenceSet` / :func:`load_or_build`: the reference descriptors it compares with
  (shipped in the package, extended by installed icon fonts).
* :func:`find_icon_blobs`: icon-sized shapes on a screenshot that has no accessibility tree.
* :mod:`iconfind.recognition.concepts`: icon concepts, their phrases and glyph-name keys.

Attributes are imported on first use, so ``iconfind.recognition.concepts`` costs no OpenCV.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from iconfind.recognition.blobs import find_icon_blobs
    from iconfind.recognition.lazy import LazyRecognizer
    from iconfind.recognition.recognizer import MIN_MARGIN, MIN_SCORE, IconRecognizer
    from iconfind.recognition.references import GlyphTable, ReferenceSet, load_or_build

_WHERE = {
    "find_icon_blobs": "blobs",
    "LazyRecognizer": "lazy",
    "MIN_MARGIN": "recognizer",
    "MIN_SCORE": "recognizer",
    "IconRecognizer": "recognizer",
    "GlyphTable": "references",
    "ReferenceSet": "references",
    "load_or_build": "references",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'iconfind.recognition' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"iconfind.recognition.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "MIN_MARGIN",
    "MIN_SCORE",
    "GlyphTable",
    "IconRecognizer",
    "LazyRecognizer",
    "ReferenceSet",
    "find_icon_blobs",
    "load_or_build",
]
