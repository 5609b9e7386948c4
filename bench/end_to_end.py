"""End to end: one ``Locator.find`` through the whole default chain on a replay snapshot.

``blank_canvas`` has no tree and no text, so "overflow menu" falls through tiers 1-4 to the grid:
every tier runs once. ``find_all_tiers_s`` is a repeated find on the same ``Locator`` (the OCR
cache is warm, as for every query after the first on a screen); ``find_all_tiers_cold_s`` builds
a new chain and ``Locator`` each time (first query: OCR runs, the icon references load).
``find_chain_tiers`` names the strategies it went through.
"""

from __future__ import annotations

from typing import Any

from bench._snap import BLANK_CANVAS
from bench._timing import median_seconds


def measure(quick: bool = False) -> dict[str, Any]:
    from iconfind import Locator, ReplayBackend
    from iconfind.strategies import default_chain

    chain = default_chain()
    locator = Locator(ReplayBackend(BLANK_CANVAS), strategies=chain, budget_s=60)
    seconds = median_seconds(lambda: locator.find("overflow menu"), 3 if quick else 7)
    cold = median_seconds(
        lambda: Locator(ReplayBackend(BLANK_CANVAS), default_chain(), budget_s=60).find(
            "overflow menu"
        ),
        3,
    )
    return {
        "find_all_tiers_s": round(seconds, 4),
        "find_all_tiers_cold_s": round(cold, 4),
        "find_chain_tiers": [strategy.name for strategy in chain],
    }
