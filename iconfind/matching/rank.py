"""Which of several matching elements a person means.

Rules, in order (each only breaks the ties of the one before):

1. the better match (a label grade, an id match…), decided by the caller;
2. a target before a container: an element covering more than :data:`CONTAINER_SHARE` of the
   screen is a container (a drawer layout, a fragment, a web view), not a button or an icon;
3. something you can act on (clickable, long-clickable, checkable, or inside a clickable parent
   that is not a container) before plain text;
4. the smaller element (the label itself before the row around it);
5. document order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from iconfind.models import Element

CONTAINER_SHARE = 0.25
"""An element covering more than this share of the screen is a container, not a target."""

K = TypeVar("K")


def is_container(element: Element, width: int, height: int) -> bool:
    """Whether ``element`` covers more than :data:`CONTAINER_SHARE` of a ``width`` x ``height``
    screen (tiers 2 and 4 never return one for an icon query)."""
    screen = width * height
    return screen > 0 and element.bounds.area > CONTAINER_SHARE * screen


def _acts(element: Element) -> bool:
    return element.clickable or element.long_clickable or element.checkable


def actionable(elements: Sequence[Element], width: int, height: int) -> Callable[[Element], bool]:
    """A test: can this element be acted on, itself or through a clickable ancestor that is not
    a container? (Android often makes a row clickable and leaves its TextView plain.)"""
    by_index = {e.index: e for e in elements}
    unique = len(by_index) == len(elements)

    def test(element: Element) -> bool:
        if _acts(element):
            return True
        if not unique:
            return False
        parent, steps = element.parent, 0
        while parent is not None and steps < 64:
            ancestor = by_index.get(parent)
            if ancestor is None or is_container(ancestor, width, height):
                return False
            if _acts(ancestor):
                return True
            parent, steps = ancestor.parent, steps + 1
        return False

    return test


def rank_matches(
    matches: Sequence[tuple[K, Element]],
    elements: Sequence[Element],
    width: int,
    height: int,
) -> list[tuple[K, Element]]:
    """``(grade, element)`` pairs ordered by the module's rules, best first; ``grade`` is any
    comparable value where lower is better."""
    can_act = actionable(elements, width, height)
    order = {id(e): i for i, e in enumerate(elements)}

    def key(pair: tuple[K, Element]) -> tuple[K, bool, bool, int, int]:
        grade, element = pair
        return (
            grade,
            is_container(element, width, height),
            not can_act(element),
            element.bounds.area,
            order.get(id(element), len(order)),
        )

    return sorted(matches, key=key)


def best_group(
    ranked: Sequence[tuple[K, Element]],
) -> list[Element]:
    """The elements sharing the best grade, in ranked order."""
    if not ranked:
        return []
    best = ranked[0][0]
    return [element for grade, element in ranked if grade == best]
