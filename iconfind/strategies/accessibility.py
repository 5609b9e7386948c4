"""Tier 1: the accessibility tree's text and content-desc, and the other selector fields."""

from __future__ import annotations

from functools import partial

from attrs import frozen

from iconfind._text import fold
from iconfind.evidence import refine_label_matches
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
        # Folded like every label comparison: "cafe" is a substring of "Café Central".
        needle = " ".join(fold(selector.text_contains).split())
        pool = [
            e
            for e in pool
            if needle in " ".join(fold(e.text).split())
            or needle in " ".join(fold(e.content_desc).split())
        ]
    return pool


def select(
    elements: list[Element], selector: Selector, size: tuple[int, int] | None = None
) -> list[Element]:
    """The elements that satisfy every field of ``selector`` (``nearest_to`` aside); for a
    ``text``, only the best-matching ones, best first (see :func:`label_matches`)."""
    pool = constrain(elements, selector)
    if selector.text:
        # Role words ("search button") and sentences that merely mention the query: see
        # iconfind.evidence.refine_label_matches.
        ranked = partial(label_matches, size=size, tree=elements)
        pool = refine_label_matches(pool, elements, selector.text, ranked)
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
        matches = select(elements, selector, size=screen.size)
        return resolve(matches, screen, tier=1, selector=selector, elements=elements)
