"""Tier 2: resource-id patterns for icons ("overflow" -> ``iv_more_options``)."""

from __future__ import annotations

from attrs import field, frozen

from iconfind.models import FindError, FindResult
from iconfind.patterns import IconPatterns
from iconfind.screen import Screen
from iconfind.strategies._matches import resolve
from iconfind.strategies.accessibility import constrain
from iconfind.strategies.base import Query

MAX_MATCHES = 6
"""More resource-id matches than this cannot be shown to a model: the query is ambiguous."""
MAX_REGIONS = 3
"""Matches spread over more screen quadrants than this need a location hint."""


def is_ambiguous(count: int, regions: int) -> bool:
    """The seed's rule: more than 6 matches, or matches in more than 3 distinct quadrants."""
    return count > MAX_MATCHES or regions > MAX_REGIONS


@frozen
class ResourceIdPatterns:
    """Tier 2. Maps the query to icon classes, then matches the tree's resource ids (and
    content-descs equal to a class phrase, such as "More options") against their patterns.

    Confidence high, source ``accessibility``. Settles with ``ambiguous_query`` when more than
    :data:`MAX_MATCHES` elements, or elements in more than :data:`MAX_REGIONS` quadrants, match.
    """

    patterns: IconPatterns = field(factory=IconPatterns.default)
    name: str = "resource_id"

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        elements = screen.hierarchy
        if elements is None:
            return None
        classes = self.patterns.classes_for(query.selector.text or "")
        if not classes:
            return None
        # Ids repeat down every list (each row shares its ids): test each distinct id once.
        id_hits: dict[str, bool] = {}

        def id_hit(resource_id: str) -> bool:
            hit = id_hits.get(resource_id)
            if hit is None:
                hit = id_hits[resource_id] = any(c.matches_id(resource_id) for c in classes)
            return hit

        matches = [
            e
            for e in constrain(elements, query.selector)
            if id_hit(e.resource_id) or any(c.matches_description(e.content_desc) for c in classes)
        ]
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
