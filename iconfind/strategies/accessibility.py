"""Tier 1: the accessibility tree's text and content-desc, and the other selector fields."""

from __future__ import annotations

from attrs import frozen

from iconfind.models import Element, FindResult, Selector
from iconfind.screen import Screen
from iconfind.strategies._matches import label_matches, resolve, visible
from iconfind.strategies.base import Query


def _class_matches(element: Element, wanted: str) -> bool:
    name = element.class_name.casefold()
    wanted = wanted.casefold()
    return name == wanted or name.endswith("." + wanted)


def constrain(elements: list[Element], selector: Selector) -> list[Element]:
    """The visible elements that satisfy the selector's structural fields (id, class, substring).

    Every tier that reads the tree honours these, so ``Selector(text="Edit", class_name="Button")``
    never resolves to a TextView through another tier.
    """
    pool = visible(elements)
    if selector.resource_id:
        wanted_id = selector.resource_id.casefold()
        pool = [e for e in pool if wanted_id in e.resource_id.casefold()]
    if selector.class_name:
        pool = [e for e in pool if _class_matches(e, selector.class_name)]
    if selector.text_contains:
        needle = " ".join(selector.text_contains.casefold().split())
        pool = [
            e
            for e in pool
            if needle in " ".join(e.text.casefold().split())
            or needle in " ".join(e.content_desc.casefold().split())
        ]
    return pool


def select(elements: list[Element], selector: Selector) -> list[Element]:
    """The elements that satisfy every field of ``selector`` (``nearest_to`` aside)."""
    pool = constrain(elements, selector)
    if selector.text:
        pool = label_matches(pool, selector.text)
    return pool


@frozen
class AccessibilityText:
    """Tier 1. Reads the tree; adds elements whose label (or other selector fields) match.

    Confidence high, source ``accessibility``. Skips (returns ``None``) when the tree is
    unavailable or nothing matches.
    """

    name: str = "accessibility"

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        elements = screen.hierarchy
        if elements is None:
            return None
        selector = query.selector
        return resolve(
            select(elements, selector), screen, tier=1, selector=selector, elements=elements
        )
