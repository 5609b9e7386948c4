"""Password fields and everything under them, masked before anything reads the tree.

A password-flagged node may hold its secret itself, or (a custom widget, a hostile dump) in a
child ``TextView``. :func:`mask_secrets` blanks the text of every password node and the text and
description of every node below one, and flags those descendants as password nodes too, so the
secret reaches neither ``ui find`` / ``dump`` answers, the CLI, the MCP server, nor the memory
database. The password node keeps its content description (its name, e.g. "Password").

Every consumer of a backend's tree goes through it: :class:`~iconfind.screen.Screen` (finds,
taps, dumps), the operations (accessibility check, visual snapshot) and memory's capture.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from iconfind.models import Element


def mask_secrets(elements: Sequence[Element] | None) -> list[Element] | None:
    """``elements`` with password text masked (see the module docstring); ``None`` stays
    ``None``. Parents are found by :attr:`Element.parent` (an index into the same list)."""
    if elements is None:
        return None
    if not any(element.password for element in elements):
        return list(elements)
    by_index = {element.index: element for element in elements}
    secret: dict[int, bool] = {}

    def under_password(element: Element) -> bool:
        # Walk up without recursion (trees can be thousands deep); memoise every step.
        path: list[int] = []
        current: Element | None = element
        found = False
        while current is not None:
            known = secret.get(current.index)
            if known is not None:
                found = known
                break
            path.append(current.index)
            if current.password:
                found = True
                break
            parent = current.parent
            current = by_index.get(parent) if parent not in (None, current.index) else None
            if current is not None and current.index in path:  # a cycle in a hostile tree
                break
        for index in path:
            secret[index] = found
        return found

    out: list[Element] = []
    for element in elements:
        if element.password:
            out.append(attrs.evolve(element, text="") if element.text else element)
        elif under_password(element):
            out.append(attrs.evolve(element, text="", content_desc="", password=True))
        else:
            out.append(element)
    return out


__all__ = ["mask_secrets"]
