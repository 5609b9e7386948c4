"""The strategy chain: one module per tier, cheapest first.

``default_chain()`` returns a plain list. Reorder it, drop a tier, or append your own object with a
``name`` and a ``find(query, screen)`` method; the :class:`~iconfind.Locator` runs whatever list it
is given.
"""

from __future__ import annotations

from iconfind._patterns import IconPatterns
from iconfind.strategies.accessibility import AccessibilityText
from iconfind.strategies.base import Query, Strategy
from iconfind.strategies.grid import Grid
from iconfind.strategies.resource_id import ResourceIdPatterns
from iconfind.strategies.visual import IconRecognizer, VisualCandidates


def default_chain(*, patterns: IconPatterns | None = None) -> list[Strategy]:
    """Tiers 1-5 in order: accessibility text, resource-id patterns, OCR, visual, grid."""
    patterns = patterns if patterns is not None else IconPatterns.default()
    return [
        AccessibilityText(),
        ResourceIdPatterns(patterns=patterns),
        VisualCandidates(patterns=patterns),
        Grid(),
    ]


__all__ = [
    "AccessibilityText",
    "Grid",
    "IconRecognizer",
    "Query",
    "ResourceIdPatterns",
    "Strategy",
    "VisualCandidates",
    "default_chain",
]
