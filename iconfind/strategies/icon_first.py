"""The icon tier before OCR: an icon query answered by local recognition, when it is sure.

A query that names an icon class ("overflow menu", "back") is usually an unlabeled icon, and
reading the whole screen with Tesseract first costs about a second only to miss. This strategy
sits before OCR in :func:`~iconfind.default_chain` and runs the cheap evidence first: the tree's
tier-4 candidates (unlabeled, clickable, icon-sized), or the icon-shaped blobs of a screen with no
tree, ranked by the local recognizer. It settles the find only on a confident recognition (one
accepted candidate, clear of the others by :data:`~iconfind.strategies.visual.CLEAR_MARGIN`),
with the same result tier 4 gives: ``source="visual"``, ``tier=4``, ``recognized_as`` set.

Every other case returns ``None`` and leaves the screen to OCR and then tier 4 as before: a query
that names no icon class (without touching the screenshot), no candidate, no confident winner,
or no recognizer available (tier 4 reports that one).
"""

from __future__ import annotations

from attrs import field, frozen

from iconfind.errors import RecognizerUnavailableError
from iconfind.models import Element, FindResult
from iconfind.patterns import IconPatterns
from iconfind.screen import Screen
from iconfind.strategies.base import Query
from iconfind.strategies.visual import (
    Recognizer,
    find_candidates,
    screen_rankings,
    settle,
)


@frozen
class RecognizedIcon:
    """Tier 4's confident answers, tried before OCR for icon queries (see the module docstring).

    - ``recognizer``: the local classifier (the default chain shares tier 4's).
    - ``blobs``: on a screen without a tree, also scan the screenshot's icon-shaped blobs
      (:func:`iconfind.recognition.find_icon_blobs`) as :class:`~iconfind.strategies.icon_blobs.
      IconBlobs` does.
    """

    recognizer: Recognizer
    patterns: IconPatterns = field(factory=IconPatterns.default)
    blobs: bool = True
    name: str = "icon"

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        if query.is_follow_up:
            return None
        text = query.selector.text or ""
        if not self.patterns.names_an_icon(text):
            return None  # not an icon query ("Sign in"): the screenshot is not even read
        wanted = [c.name for c in self.patterns.classes_for(text)]
        if not wanted:
            return None
        elements = screen.hierarchy
        if elements is not None:
            found = find_candidates(elements, screen.width, screen.height)
        elif self.blobs:
            found = self._blobs(screen)
        else:
            return None
        if not found:
            return None
        try:
            rankings = screen_rankings(self.recognizer, [e.bounds for e in found], screen)
        except RecognizerUnavailableError:
            return None  # tier 4 runs later and notes why it has no hints
        # The same answer tier 4 gives: a clear winner, or ``ambiguous_query`` when the query
        # may mean several icons and the screen shows more than one of them ("menu": ☰ and ⋮).
        return settle(self.recognizer, wanted, found, rankings, query.selector.text or "")

    @staticmethod
    def _blobs(screen: Screen) -> list[Element]:
        return [
            Element(bounds=bounds, class_name="blob.Icon", clickable=True, index=i)
            for i, bounds in enumerate(screen.icon_blobs)
        ]


__all__ = ["RecognizedIcon"]
