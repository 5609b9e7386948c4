"""Local icon recognition: which common icon a crop shows, on the CPU, with no model download.

* :class:`IconRecognizer` ranks icon classes for a crop and applies the clear-winner rule.
* :class:`ReferenceSet` / :func:`load_or_build`: the rendered icon-font glyphs it compares with.
* :func:`find_icon_blobs`: icon-sized shapes on a screenshot that has no accessibility tree.
"""

from iconfind.recognition.blobs import find_icon_blobs
from iconfind.recognition.recognizer import MIN_MARGIN, MIN_SCORE, IconRecognizer
from iconfind.recognition.references import GlyphTable, ReferenceSet, load_or_build

__all__ = [
    "MIN_MARGIN",
    "MIN_SCORE",
    "GlyphTable",
    "IconRecognizer",
    "ReferenceSet",
    "find_icon_blobs",
    "load_or_build",
]
