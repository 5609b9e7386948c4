"""Tier 4: unlabeled clickable icons offered as small pictures (docs/icons.md).

Runs when the tree is available and holds clickable, unlabeled, icon-sized elements: each becomes a
:class:`~iconfind.Candidate` with a base64 JPEG crop (at most 128 px, quality 70), in reading
order (top-to-bottom by rows, left-to-right within a row), at most 6 with ``truncated`` and
``total_candidates`` beyond that. A caller or a :class:`~iconfind.pickers.Picker` chooses one and
:meth:`Locator.pick <iconfind.Locator.pick>` turns it into a tap point.

With a :class:`Recognizer` (the default chain uses :class:`iconfind.recognition.IconRecognizer`),
each candidate also carries the recognizer's ranking as
``hints``, and when exactly one candidate is recognized as the icon the query names
(``"overflow menu"`` -> ``overflow``), the tier resolves by itself with ``recognized_as`` set.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from attrs import field, frozen
from PIL import Image

from iconfind._deadline import current as current_deadline
from iconfind.errors import RecognizerUnavailableError
from iconfind.imaging.encode import clip_to, encode_crop, estimate_tokens
from iconfind.models import (
    Bounds,
    Candidate,
    Candidates,
    Element,
    FindError,
    FindResult,
    Found,
)
from iconfind.patterns import IconPatterns
from iconfind.screen import Screen
from iconfind.strategies.base import Query

MIN_SIDE = 16
MAX_SIDE = 200
MIN_ASPECT = 0.5
MAX_ASPECT = 2.0
MAX_CANDIDATES = 6
CROP_B64_BUDGET = 3800
"""Longest base64 crop: six of them plus the JSON around them stay under 24 KB."""
CLEAR_MARGIN = 0.15
"""How far ahead the best recognized candidate must score when several are accepted."""


@runtime_checkable
class Recognizer(Protocol):
    """A local icon classifier (no model call): ranks a crop against icon classes."""

    def rank(self, crop: Image.Image, top: int = 3) -> list[tuple[str, float]]:
        """``(class name, score in [0, 1])`` pairs, best first, at most ``top``."""
        ...

    def accepts(self, ranking: list[tuple[str, float]], wanted: str) -> bool:
        """Whether ``ranking`` shows a clear ``wanted`` (the recognizer's own winner rule)."""
        ...


def is_icon_sized(element: Element) -> bool:
    """16-200 px on both sides and an aspect ratio (width / height) within 0.5-2.0."""
    width, height = element.bounds.width, element.bounds.height
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        return False
    return MIN_ASPECT <= width / height <= MAX_ASPECT


def _labelled_ancestors(elements: Sequence[Element]) -> set[int]:
    """Indexes of elements with a labelled descendant (Android reads a child's label aloud for
    its clickable parent, so such a parent is not unlabeled)."""
    by_index = {e.index: e for e in elements}
    if len(by_index) != len(elements):
        return set()  # indexes not unique: the tree's shape is unknown
    marked: set[int] = set()
    for element in elements:
        if not element.label.strip():
            continue
        parent, steps = element.parent, 0
        while parent is not None and parent not in marked and steps < len(elements):
            marked.add(parent)
            ancestor = by_index.get(parent)
            parent, steps = (ancestor.parent if ancestor else None), steps + 1
    return marked


def unlabeled_icons(elements: Sequence[Element], width: int, height: int) -> list[Element]:
    """Which elements are candidates: clickable, no text and no content-desc (nor a labelled
    descendant), icon-sized, and at least partly on the ``width`` x ``height`` screen."""
    labelled = _labelled_ancestors(elements)
    return [
        e
        for e in elements
        if e.clickable
        and not e.label.strip()
        and e.index not in labelled
        and is_icon_sized(e)
        and clip_to(e.bounds, width, height) is not None
    ]


def dedupe_nested(elements: Iterable[Element]) -> list[Element]:
    """Icon-sized regions nested in one another count once: the clickable one stays; when both
    are clickable, the inner one (the icon itself, not its padding). Order is kept."""
    pool = list(elements)

    def loses_to(i: int, j: int) -> bool:
        a, b = pool[i], pool[j]
        if i == j or not (a.bounds.contains_bounds(b.bounds) or b.bounds.contains_bounds(a.bounds)):
            return False
        if a.clickable != b.clickable:
            return b.clickable
        if a.bounds == b.bounds:
            return j < i  # identical regions: the first one stays
        return a.bounds.contains_bounds(b.bounds)  # the outer one loses

    return [pool[i] for i in range(len(pool)) if not any(loses_to(i, j) for j in range(len(pool)))]


def reading_order(elements: Iterable[Element]) -> list[Element]:
    """Top-to-bottom, then left-to-right, by rows: an element joins the current row when its
    vertical center lies within the row's first element's height, so icons of different sizes
    on one toolbar line sort by x."""
    by_center = sorted(elements, key=lambda e: (e.center.y, e.center.x))
    rows: list[list[Element]] = []
    for element in by_center:
        if rows and rows[-1][0].bounds.y1 <= element.center.y < rows[-1][0].bounds.y2:
            rows[-1].append(element)
        else:
            rows.append([element])
    return [e for row in rows for e in sorted(row, key=lambda e: (e.bounds.x1, e.center.y))]


def find_candidates(elements: Sequence[Element], width: int, height: int) -> list[Element]:
    """Every tier-4 candidate element in order (before truncation to :data:`MAX_CANDIDATES`)."""
    return reading_order(dedupe_nested(unlabeled_icons(elements, width, height)))


@frozen
class VisualCandidates:
    """Tier 4. Source ``visual``, confidence medium.

    Returns ``None`` (next tier) when the tree is unavailable, when the query is a grid follow-up,
    when no element passes :func:`find_candidates`, or when the query does not read as an icon
    (:meth:`IconPatterns.names_an_icon <iconfind.IconPatterns.names_an_icon>`: a common icon
    concept such as "overflow menu", "shuffle" or "next track", or any query with an icon word
    such as "telescope icon"; not "Telescope"). That last rule keeps an absent text query a plain
    ``not_found`` instead of pictures of every unlabeled icon on screen; set ``any_query=True``
    to offer candidates for every query.
    """

    recognizer: Recognizer | None = None
    patterns: IconPatterns = field(factory=IconPatterns.default)
    max_candidates: int = MAX_CANDIDATES
    any_query: bool = False
    name: str = "visual"

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        if query.is_follow_up:
            return None
        if not self.any_query and not self.patterns.names_an_icon(query.selector.text or ""):
            return None
        elements = screen.hierarchy
        if elements is None:
            return None
        found = find_candidates(elements, screen.width, screen.height)
        if not found:
            return None
        shot = screen.screenshot
        rankings = self._rank(found, screen) if self.recognizer is not None else None
        if rankings is not None and self.recognizer is not None:
            wanted = [c.name for c in self.patterns.classes_for(query.selector.words)]
            settled = settle(self.recognizer, wanted, found, rankings, query.selector.words)
            if settled is not None:
                return settled
        wanted_now = [c.name for c in self.patterns.classes_for(query.selector.words)]
        order = shown_first(found, rankings, wanted_now, self.max_candidates)
        found = [found[i] for i in order] + [e for i, e in enumerate(found) if i not in order]
        if rankings is not None:
            rankings = [rankings[i] for i in order] + [
                r for i, r in enumerate(rankings) if i not in order
            ]
        shown = found[: self.max_candidates]
        candidates = []
        total_bytes = 0
        for i, element in enumerate(shown):
            crop = encode_crop(shot, element.bounds, max_b64_chars=CROP_B64_BUDGET)
            total_bytes += crop.nbytes
            candidates.append(
                Candidate(
                    index=i,
                    bounds=element.bounds,
                    image=crop.data,
                    element=element,
                    hints=tuple(rankings[i]) if rankings is not None else (),
                )
            )
        truncated = len(found) > len(shown)
        return FindResult(
            Candidates(
                candidates,
                suggestion=f"Pick the candidate (0-{len(shown) - 1}) that is the target",
                total_candidates=len(found) if truncated else None,
                image_bytes=total_bytes,
                estimated_tokens=estimate_tokens(total_bytes),
            )
        )

    def _rank(
        self, found: Sequence[Element], screen: Screen
    ) -> list[list[tuple[str, float]]] | None:
        assert self.recognizer is not None
        try:
            return screen_rankings(self.recognizer, [e.bounds for e in found], screen)
        except RecognizerUnavailableError as exc:
            screen.notes.append(f"tier 4 ran without local icon recognition: {exc}")
            return None


def shown_first(
    found: Sequence[Element],
    rankings: Sequence[list[tuple[str, float]]] | None,
    wanted: Sequence[str],
    limit: int,
) -> list[int]:
    """Indexes of the candidates to show when there are more than ``limit``: those whose hints
    include a wanted class first (best score of it first), then the rest; the chosen ones are
    returned in reading order."""
    if rankings is None or not wanted or len(found) <= limit:
        return list(range(min(len(found), limit)))

    def wanted_score(i: int) -> float:
        return max((s for n, s in rankings[i] if n in wanted), default=-1.0)

    chosen = sorted(range(len(found)), key=lambda i: (-wanted_score(i), i))[:limit]
    return sorted(chosen)


def rank_regions(
    recognizer: Recognizer, regions: Sequence[Bounds], shot: Image.Image
) -> list[list[tuple[str, float]]]:
    """The recognizer's ranking of each on-screen region of ``shot``, checking the active
    find's deadline between regions (phase ``visual``)."""
    rankings = []
    for region in regions:
        deadline = current_deadline()  # read each time: a warm-up in rank() moves it later
        if deadline is not None:
            deadline.check("visual")
        box = clip_to(region, *shot.size)
        assert box is not None  # callers keep on-screen regions only
        rankings.append(recognizer.rank(shot.crop((box.x1, box.y1, box.x2, box.y2))))
    return rankings


def screen_rankings(
    recognizer: Recognizer, regions: Sequence[Bounds], screen: Screen
) -> list[list[tuple[str, float]]]:
    """:func:`rank_regions` of ``screen``'s screenshot, once per find for one recognizer and
    one list of regions: tier 4's strategies rank the same regions -- a tree's candidates, a
    tree-less screen's blobs -- when the one before found no clear winner."""
    key = (id(recognizer), tuple(regions))
    kept = screen.rankings.get(key)
    if kept is None or kept[0] is not recognizer:  # an id is only unique while its object lives
        kept = (recognizer, rank_regions(recognizer, regions, screen.screenshot))
        screen.rankings[key] = kept
    return list(kept[1])


def accepted_matches(
    recognizer: Recognizer,
    wanted: Sequence[str],
    found: Sequence[Element],
    rankings: Sequence[list[tuple[str, float]]],
) -> list[tuple[float, Element, str]]:
    """``(score, element, class)`` for every element the recognizer ``accepts`` as one of the
    ``wanted`` classes, best score first."""
    accepted: list[tuple[float, Element, str]] = []
    for element, ranking in zip(found, rankings, strict=True):
        for name in wanted:
            if recognizer.accepts(ranking, name):
                score = max((s for n, s in ranking if n == name), default=0.0)
                accepted.append((score, element, name))
                break
    accepted.sort(key=lambda item: item[0], reverse=True)
    return accepted


def recognized_winner(
    recognizer: Recognizer,
    wanted: Sequence[str],
    found: Sequence[Element],
    rankings: Sequence[list[tuple[str, float]]],
) -> tuple[Element, str] | None:
    """The one element recognized as a wanted icon class, with that class, or ``None``.

    Each element counts when the recognizer ``accepts`` its ranking for a wanted class; with
    several, the best must lead the next by :data:`CLEAR_MARGIN`, and all must be of one class
    (a query that may mean two icons, "menu", is not settled by whichever scores higher).
    """
    if not wanted:
        return None
    accepted = accepted_matches(recognizer, wanted, found, rankings)
    if not accepted or len({name for _, _, name in accepted}) > 1:
        return None
    if len(accepted) > 1 and accepted[0][0] - accepted[1][0] < CLEAR_MARGIN:
        return None
    _, element, name = accepted[0]
    return element, name


def settle(
    recognizer: Recognizer,
    wanted: Sequence[str],
    found: Sequence[Element],
    rankings: Sequence[list[tuple[str, float]]],
    query_text: str,
) -> FindResult | None:
    """Tier 4's own answer when recognition settles the query, else ``None`` (offer candidates).

    * one clear winner of a wanted class -> that element, ``recognized_as`` set;
    * a query that may mean several icons ("menu": hamburger or overflow) with clear matches of
      two or more of them on screen -> ``ambiguous_query`` naming them; with only one of them on
      screen, that one (what the screen shows decides).
    """
    winner = recognized_winner(recognizer, wanted, found, rankings)
    if winner is not None:
        element, name = winner
        return FindResult(
            Found([element], source="visual", tier=4, confidence="medium", recognized_as=name)
        )
    accepted = accepted_matches(recognizer, wanted, found, rankings)
    names = list(dict.fromkeys(name for _, _, name in accepted))
    if len(names) > 1:
        shown = " and ".join(repr(n) for n in names)
        return FindResult.failure(
            FindError.AMBIGUOUS_QUERY,
            f"{query_text!r} may mean several icons and the screen shows {shown}: ask for one "
            f"of them by name (e.g. {names[0]!r})",
            tier=4,
            source="visual",
            match_count=len(accepted),
        )
    return None


__all__ = [
    "MAX_CANDIDATES",
    "Recognizer",
    "VisualCandidates",
    "accepted_matches",
    "dedupe_nested",
    "find_candidates",
    "is_icon_sized",
    "reading_order",
    "recognized_winner",
    "settle",
    "unlabeled_icons",
]
