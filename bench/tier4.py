"""Tier 4: candidate crop + encode time, and the bytes a model receives, against the full
screenshot's PNG and JPEG bytes (the goal: 85-95 % fewer bytes than the screenshot).

Measured on ``examples/snapshots/toolbar_unlabeled`` (three unlabeled icons, 1080x2400) with the
query "overflow menu", through ``iconfind.strategies.visual.VisualCandidates``.
"""

from __future__ import annotations

import io
from typing import Any

from bench._snap import TOOLBAR_UNLABELED, b64_len
from bench._timing import median_seconds
from iconfind import ReplayBackend
from iconfind.models import Selector
from iconfind.screen import Screen
from iconfind.strategies.base import Query
from iconfind.strategies.visual import VisualCandidates


def measure(quick: bool = False) -> dict[str, Any]:
    backend = ReplayBackend(TOOLBAR_UNLABELED)
    strategy = VisualCandidates()
    query = Query(Selector(text="overflow menu"))
    result = strategy.find(query, Screen(backend))
    if result is None or not result.candidates:
        raise RuntimeError(f"VisualCandidates offered no candidates: {result!r}")
    payload = sum(b64_len(c.image) for c in result.candidates)
    seconds = median_seconds(lambda: strategy.find(query, Screen(backend)), 5 if quick else 15)
    image = backend.screenshot()
    png, jpeg = io.BytesIO(), io.BytesIO()
    image.save(png, format="PNG")
    image.save(jpeg, format="JPEG", quality=85)
    return {
        "tier4_ms": round(seconds * 1000, 2),
        "tier4_payload_bytes": payload,
        "tier4_screenshot_png_bytes": png.tell(),
        "tier4_screenshot_jpeg_bytes": jpeg.tell(),
        "tier4_vs_screenshot": round(payload / png.tell(), 4),
        "tier4_vs_screenshot_jpeg": round(payload / jpeg.tell(), 4),
        "tier4_candidates": len(result.candidates),
    }
