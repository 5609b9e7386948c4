"""Tier 4 without a tree: icon-shaped blobs of the screenshot, recognised locally.

Ads, games and webviews often have no accessibility tree at all. Before falling to the grid,
this strategy scans the screenshot for icon-sized shapes
(:func:`iconfind.recognition.find_icon_blobs`) and asks the local recognizer which icon each one
shows. It settles the find only when it is sure:

- exactly one blob is a clear winner for the icon the query names -> that blob, tier 4,
  ``source="visual"``, ``recognized_as`` set, no LLM (a query that may mean two icons, "menu",
  with both on screen -> ``ambiguous_query``);
- otherwise the blobs whose top guesses include the wanted icon (but not clearly) are offered as
  candidates with their hints; a query that names no known icon but reads as one ("the blue
  button") gets every icon blob as a candidate;
- otherwise ``None``, and the grid takes over.

Blobs that read as text ("trip", the clock "9:41") are never candidates
(:func:`iconfind.recognition.blobs.looks_like_text`). It runs only for queries that read as an
icon (:meth:`IconPatterns.names_an_icon <iconfind.IconPatterns.names_an_icon>`), never for grid
follow-ups.
"""

from __future__ import annotations

from attrs import field, frozen

from iconfind.errors import RecognizerUnavailableError
from iconfind.imaging.encode import encode_crop, estimate_tokens
from iconfind.models import Candidate, Candidates, Element, FindResult
from iconfind.patterns import IconPatterns
from iconfind.screen import Screen
from iconfind.strategies.base import Query
from iconfind.strategies.visual import (
    CROP_B64_BUDGET,
    MAX_CANDIDATES,
    Recognizer,
    screen_rankings,
    settle,
)


def _default_recognizer() -> Recognizer:
    from iconfind.recognition.lazy import LazyRecognizer

    return LazyRecognizer()


@frozen
class IconBlobs:
    """Tier 4 for screens with no accessibility tree (see the module docstring)."""

    recognizer: Recognizer = field(factory=_default_recognizer)
    patterns: IconPatterns = field(factory=IconPatterns.default)
    name: str = "icon_blobs"

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        if query.is_follow_up or screen.hierarchy is not None:
            return None
        text = query.selector.text or ""
        if not self.patterns.names_an_icon(text):
            return None
        wanted = [c.name for c in self.patterns.classes_for(text)]
        shot = screen.screenshot
        regions = screen.icon_blobs
        if not regions:
            return None
        try:
            rankings = screen_rankings(self.recognizer, regions, screen)
        except RecognizerUnavailableError as exc:
            screen.notes.append(f"icon blobs not scanned: {exc}")
            return None
        blobs = [
            Element(bounds=bounds, class_name="blob.Icon", clickable=True, index=i)
            for i, bounds in enumerate(regions)
        ]
        settled = settle(self.recognizer, wanted, blobs, rankings, text)
        if settled is not None:
            return settled
        likely = [
            (blob, ranking)
            for blob, ranking in zip(blobs, rankings, strict=True)
            if ranking and (not wanted or any(name in wanted for name, _ in ranking))
        ][:MAX_CANDIDATES]
        if not likely:
            return None
        candidates = []
        total = 0
        for i, (blob, ranking) in enumerate(likely):
            crop = encode_crop(shot, blob.bounds, max_b64_chars=CROP_B64_BUDGET)
            total += crop.nbytes
            candidates.append(
                Candidate(
                    index=i, bounds=blob.bounds, image=crop.data, element=blob, hints=tuple(ranking)
                )
            )
        return FindResult(
            Candidates(
                candidates,
                suggestion=f"Pick the candidate (0-{len(candidates) - 1}) that is the target",
                image_bytes=total,
                estimated_tokens=estimate_tokens(total),
            )
        )
