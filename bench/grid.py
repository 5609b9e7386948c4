"""Tier 5: grid render time and image bytes, through ``iconfind.strategies.grid.Grid``.

Measured on ``examples/snapshots/blank_canvas`` (no tree, no text: the grid is the only way).
"""

from __future__ import annotations

from typing import Any

from bench._snap import BLANK_CANVAS, b64_len
from bench._timing import median_seconds
from iconfind import ReplayBackend
from iconfind.models import GridStep, Selector
from iconfind.screen import Screen
from iconfind.strategies.base import Query
from iconfind.strategies.grid import Grid


def measure(quick: bool = False) -> dict[str, Any]:
    backend = ReplayBackend(BLANK_CANVAS)
    strategy = Grid()
    query = Query(Selector(text="settings icon"))
    result = strategy.find(query, Screen(backend))
    grid = result.outcome if result is not None else None
    if not isinstance(grid, GridStep):
        raise RuntimeError(f"Grid returned no grid image: {result!r}")
    seconds = median_seconds(lambda: strategy.find(query, Screen(backend)), 5 if quick else 15)
    return {"grid_ms": round(seconds * 1000, 2), "grid_bytes": b64_len(grid.image)}
