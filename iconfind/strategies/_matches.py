"""Turning a list of matching elements into a result: shared by the accessibility tiers."""

from __future__ import annotations

import math
from collections.abc import Sequence

from iconfind._text import contains_run, normalize, words
from iconfind.models import Element, FindError, FindResult, Selector
from iconfind.screen import Screen

OFF_SCREEN_SUGGESTION = "Scroll to bring element into view"


def visible(elements: Sequence[Element]) -> list[Element]:
    """Elements with an area: zero-sized nodes cannot be seen or tapped."""
    return [element for element in elements if element.bounds.area > 0]


def label_matches(elements: Sequence[Element], text: str) -> list[Element]:
    """Tier 1's text rule: exact label first (case-insensitive, whitespace normalised), else
    the query's words as consecutive whole words of the label ("Sign in" in "Sign in with X",
    but "back" not in "Feedback")."""
    wanted = normalize(text)
    if not wanted:
        return []
    exact = [
        e for e in elements if normalize(e.text) == wanted or normalize(e.content_desc) == wanted
    ]
    if exact:
        return exact
    wanted_words = words(text)
    return [
        e
        for e in elements
        if contains_run(words(e.text), wanted_words)
        or contains_run(words(e.content_desc), wanted_words)
    ]


def sort_nearest_to(
    matches: list[Element], selector: Selector, elements: Sequence[Element]
) -> list[Element] | None:
    """Matches sorted by distance to the ``nearest_to`` anchor; ``None`` if the anchor is absent."""
    if not selector.nearest_to:
        return matches
    anchors = label_matches(visible(elements), selector.nearest_to)
    if not anchors:
        return None
    anchor = anchors[0].center
    return sorted(matches, key=lambda e: math.hypot(e.center.x - anchor.x, e.center.y - anchor.y))


def resolve(
    matches: list[Element],
    screen: Screen,
    *,
    tier: int,
    selector: Selector,
    elements: Sequence[Element],
) -> FindResult | None:
    """Elements found by an accessibility tier, or the error they amount to.

    Returns ``None`` for no match, ``element_off_screen`` when every match lies outside the
    screen, ``not_found`` when the ``nearest_to`` anchor is missing.
    """
    if not matches:
        return None
    ordered = sort_nearest_to(matches, selector, elements)
    if ordered is None:
        return FindResult.failure(
            FindError.NOT_FOUND,
            f"The nearestTo anchor {selector.nearest_to!r} is not on the current screen",
            tier=tier,
            source="accessibility",
            match_count=len(matches),
        )
    on_screen = [e for e in ordered if screen.is_on_screen(e)]
    if not on_screen:
        return FindResult.failure(
            FindError.ELEMENT_OFF_SCREEN,
            OFF_SCREEN_SUGGESTION,
            elements=ordered,
            tier=tier,
            source="accessibility",
            match_count=len(ordered),
        )
    return FindResult(
        elements=on_screen,
        source="accessibility",
        tier=tier,
        confidence="high",
        match_count=len(on_screen) if len(on_screen) > 1 else None,
    )
