"""Local icon recognition: which icon a crop shows, on the CPU, with no model download.

* :class:`IconRecognizer` ranks icon concepts for a crop and applies the clear-winner rule.
* :class:`ReferenceSet` / :func:`load_or_build`: the reference descriptors it compares with
  (shipped in the package, extended by installed icon fonts).
* :func:`find_icon_blobs`: icon-sized shapes on a screenshot that has no accessibility tree.
* :mod:`iconfind.recognition.concepts`: icon concepts, their phrases and glyph-name keys.

Names are imported on first use (PEP 562 module ``__getattr__``): OpenCV and NumPy load when a
recognizer or the blob finder is first used, not when a strategy chain is built, and
``iconfind.recognition.concepts`` costs no OpenCV.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from iconfind._lazy import attach

if TYPE_CHECKING:
    from iconfind.recognition.blobs import find_icon_blobs
    from iconfind.recognition.lazy import LazyRecognizer
    from iconfind.recognition.recognizer import MIN_MARGIN, MIN_SCORE, IconRecognizer
    from iconfind.recognition.references import GlyphTable, ReferenceSet, load_or_build

_LAZY = {
    "MIN_MARGIN": "iconfind.recognition.recognizer",
    "MIN_SCORE": "iconfind.recognition.recognizer",
    "GlyphTable": "iconfind.recognition.references",
    "IconRecognizer": "iconfind.recognition.recognizer",
    "LazyRecognizer": "iconfind.recognition.lazy",
    "ReferenceSet": "iconfind.recognition.references",
    "find_icon_blobs": "iconfind.recognition.blobs",
    "load_or_build": "iconfind.recognition.references",
}
__getattr__, __dir__ = attach(__name__, _LAZY)

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
