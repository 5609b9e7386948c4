"""Turning matching elements into a result: shared by the accessibility tiers.

The rules that grade and rank matches live in :mod:`iconfind.matching`; this module applies
them to a tree and turns the outcome into a :class:`~iconfind.FindResult`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from iconfind._text import folded_words
from iconfind.matching.labels import Grade, best_label_match
from iconfind.matching.rank import best_group, is_container, rank_matches
from iconfind.models import Bounds, Element, FindError, FindResult, Found, Selector
from iconfind.screen import Screen

OFF_SCREEN_SUGGESTION = "Scroll to bring element into view"


_last_visible: tuple[Sequence[Element], list[Element]] | None = None
"""The last tree :func:`visible` filtered and its answer. A find's tiers all read the one list
the :class:`~iconfind.Screen` captured, so the filter runs once per find, not once per tier."""


def visible(elements: Sequence[Element]) -> list[Element]:
    """Elements with an area: zero-sized nodes cannot be seen or tapped.

    The answer is shared by every caller that passes the same list object (a find's tiers do):
    treat it as read-only.
    """
    global _last_visible
    last = _last_visible  # one read: another thread may replace it meanwhile
    if last is not None and last[0] is elements:
        return last[1]
    # Edges compared directly: three property calls per node showed on 10k-node trees.
    shown = [e for e in elements if (b := e.bounds).x2 > b.x1 and b.y2 > b.y1]
    _last_visible = (elements, shown)
    return shown


def screen_extent(elements: Sequence[Element]) -> tuple[int, int]:
    """The screen size a tree implies (its outermost bounds), for callers without a screen."""
    if not elements:
        return 0, 0
    return max(e.bounds.x2 for e in elements), max(e.bounds.y2 for e in elements)


def graded_labels(elements: Sequence[Element], text: str) -> list[tuple[Grade, Element]]:
    """Every element whose text or content-desc matches ``text``, with its grade
    (:mod:`iconfind.matching.labels`)."""
    graded: list[tuple[Grade, Element]] = []
    for element in elements:
        match = best_label_match(element.text, element.content_desc, text)
        if match is not None:
            graded.append((match.grade, element))
    return graded


def label_matches(
    elements: Sequence[Element],
    text: str,
    *,
    size: tuple[int, int] | None = None,
    tree: Sequence[Element] | None = None,
) -> list[Element]:
    """Tier 1's text rule: the elements whose label matches ``text`` best, best first.

    Grades (exact case first, then folded whole label, leading words, whole words, ordered
    words, a typing slip, a phrase inside a long text) are in :mod:`iconfind.matching.labels`;
    among equals a target beats a container, something clickable beats plain text, and the
    smaller element wins (:mod:`iconfind.matching.rank`). Only the best grade is returned: a
    weaker match never rides along behind a better one. ``size`` is the screen (default: the
    tree's extent); ``tree`` the whole hierarchy (default: ``elements``), for parents.
    """
    if not text.strip():
        return []
    tree = elements if tree is None else tree
    width, height = size if size is not None else screen_extent(tree)
    ranked = rank_matches(graded_labels(elements, text), tree, width, height)
    return best_group(ranked)


def said_by_tree(
    bounds: Bounds, phrase: str, elements: Sequence[Element], size: tuple[int, int]
) -> bool:
    """Whether a visible, non-container element at ``bounds``' center already carries ``phrase``
    in its label: OCR reading it again adds nothing tier 1 has not judged (tier 1 may have
    refused it as a near miss, such as one word inside a mail's snippet)."""
    wanted = "".join(folded_words(phrase))
    if not wanted:
        return False
    center = bounds.center
    width, height = size
    for element in elements:
        if element.bounds.area <= 0 or not element.bounds.contains(center.x, center.y):
            continue
        if is_container(element, width, height):
            continue
        for label in (element.text, element.content_desc):
            if label and wanted in "".join(folded_words(label)):
                return True
    return False


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
            matches=ordered,
            tier=tier,
            source="accessibility",
            match_count=len(ordered),
        )
    return FindResult(
        Found(
            on_screen,
            source="accessibility",
            tier=tier,
            confidence="high",
            match_count=len(on_screen) if len(on_screen) > 1 else None,
        )
    )
