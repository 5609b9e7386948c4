"""Tier 2: resource ids, for icons ("overflow" -> ``iv_more_options``) and for any query whose
words an id spells in English ("notifications" -> ``notiBtn``, "zoom in" -> ``btnZoomIn``), so an
English query finds its target on a screen labelled in another language."""

from __future__ import annotations

import enum

from attrs import field, frozen

from iconfind.evidence import evidence_matches
from iconfind.matching.ids import IdMatch, id_match
from iconfind.matching.rank import best_group, is_container, rank_matches
from iconfind.models import Element, FindError, FindResult
from iconfind.patterns import IconClass, IconPatterns
from iconfind.roles import RoleVocabulary
from iconfind.screen import Screen
from iconfind.strategies._matches import resolve
from iconfind.strategies.accessibility import constrain
from iconfind.strategies.base import Query

MAX_MATCHES = 6
"""More resource-id matches than this cannot be shown to a model: the query is ambiguous."""
MAX_REGIONS = 3
"""Matches spread over more screen quadrants than this need a location hint."""


def is_ambiguous(count: int, regions: int) -> bool:
    """Too vague: more than 6 matches, or matches in more than 3 distinct quadrants."""
    return count > MAX_MATCHES or regions > MAX_REGIONS


class IdGrade(enum.IntEnum):
    """How an element answers the query in tier 2; lower is better."""

    WHOLE_ID = 0
    """Its id's words are the query's."""
    ICON_CLASS = 1
    """Its id or content-desc matches an icon class the query names."""
    HEAD_OF_ID = 2
    """The query's words end its id."""


def outermost_distinct(elements: list[Element]) -> list[Element]:
    """Ranked elements with those nested in (or around) a better-ranked one left out: an icon
    and the frame around it are one target."""
    kept: list[Element] = []
    for element in elements:
        b = element.bounds
        if any(k.bounds.contains_bounds(b) or b.contains_bounds(k.bounds) for k in kept):
            continue
        kept.append(element)
    return kept


@frozen
class ResourceIdPatterns:
    """Tier 2. Grades each element's resource id (and content-desc) against the query: the id
    spells the query (``btn_send`` for "send"), or matches an icon class the query names
    (:class:`~iconfind.patterns.IconPatterns`), or ends with the query's words (``nav_shop``).
    Elements covering more than a quarter of the screen are containers (a drawer layout, a
    fragment overlay) and never match. The best grade wins (see :mod:`iconfind.matching.rank`).

    Confidence high, source ``accessibility``. Settles with ``ambiguous_query`` when more than
    :data:`MAX_MATCHES` targets, or targets in more than :data:`MAX_REGIONS` quadrants, match.
    """

    patterns: IconPatterns = field(factory=IconPatterns.default)
    name: str = "resource_id"

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        elements = screen.hierarchy
        if elements is None:
            return None
        text = query.selector.text or ""
        if not text.strip():
            return None
        width, height = screen.size
        pool = constrain(elements, query.selector)
        # Every clue (ids, hints, glyph concepts) with role words first: iconfind.evidence.
        # Containers (a drawer layout, a fragment overlay) are never the target.
        by_evidence = evidence_matches(pool, elements, text, self.patterns)
        if by_evidence:
            targets = [e for e in by_evidence if not is_container(e, width, height)]
            if not targets and RoleVocabulary.default().parse(text).restricts:
                targets = by_evidence  # asked by role ("the Ready to Leave dialog"): any size
            if targets:
                return self._settle(targets, query, screen, elements)
        classes = self.patterns.classes_for(text)
        # Ids and descriptions repeat down every list (each row shares its ids): grade each
        # distinct pair once.
        seen: dict[tuple[str, str], IdGrade | None] = {}

        def grade_of(element: Element) -> IdGrade | None:
            key = (element.resource_id, element.content_desc)
            if key not in seen:
                seen[key] = self._grade(element, text, classes)
            return seen[key]

        graded = [
            (grade, e)
            for e in pool
            if (e.resource_id or e.content_desc)
            and not is_container(e, width, height)
            and (grade := grade_of(e)) is not None
        ]
        if not graded:
            return None
        best = outermost_distinct(best_group(rank_matches(graded, elements, width, height)))
        return self._settle(best, query, screen, elements)

    def _settle(
        self, matches: list[Element], query: Query, screen: Screen, elements: list[Element]
    ) -> FindResult | None:
        result = resolve(matches, screen, tier=2, selector=query.selector, elements=elements)
        if result is None or result.error is not None:
            return result
        regions = {e.bounds.quadrant(screen.width, screen.height) for e in result.elements}
        if is_ambiguous(len(result.elements), len(regions)):
            return FindResult.failure(
                FindError.AMBIGUOUS_QUERY,
                f"Be more specific: {len(result.elements)} elements in {len(regions)} screen "
                "regions match; add a resourceId, className or nearestTo hint",
                tier=2,
                source="accessibility",
                match_count=len(result.elements),
            )
        return result

    @staticmethod
    def _grade(element: Element, text: str, classes: tuple[IconClass, ...]) -> IdGrade | None:
        by_id = id_match(element.resource_id, text)
        if by_id is IdMatch.WHOLE:
            return IdGrade.WHOLE_ID
        # A vocabulary concept's keys are generic words ("cart"): they name an icon, so an
        # element showing a text of its own ("Add to cart") is not named by them.
        if classes and any(
            (c.matches_id(element.resource_id) or c.matches_description(element.content_desc))
            and not (c.vocabulary and element.text.strip())
            for c in classes
        ):
            return IdGrade.ICON_CLASS
        # An id's tail names an element only when the element shows no text of its own:
        # ``footer_note`` holding a sentence is that sentence, not "notes".
        if by_id is IdMatch.HEAD and not element.text.strip():
            return IdGrade.HEAD_OF_ID
        return None
