"""Tiers 1-2: parse + match against hierarchy size, next to a bare ``xml.etree`` parse.

For each size, the same bytes are timed two ways in the same run, interleaved:

- the floor: ``xml.etree.ElementTree.fromstring(data)``;
- iconfind: ``Locator.find("overflow menu")`` with tiers 1 and 2 on an in-memory backend whose
  ``hierarchy()`` calls ``parse_uiautomator_xml(data)`` (as ``ReplayBackend`` and the device
  backends do), so the figure is parse + tier 1 (a miss over every label) + tier 2 (one
  resource-id hit) + the Locator's own work.

Reported: median ms per size, the ratio to the floor, and the growth exponent (least-squares slope
of log time against log size; 1.0 is linear).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from PIL import Image

from bench._timing import loglog_slope, median_seconds
from bench.hierarchy_gen import QUERY, TARGET_ID, H, W, generate
from iconfind import Locator
from iconfind.backends.uiautomator_xml import parse_uiautomator_xml
from iconfind.models import Element
from iconfind.strategies import AccessibilityText, ResourceIdPatterns

FULL_SIZES = (100, 1_000, 10_000, 50_000)
QUICK_SIZES = (100, 1_000, 10_000)


class XmlBytesBackend:
    """A replay-like backend holding raw dump bytes: every ``hierarchy()`` parses them again."""

    def __init__(self, data: bytes, size: tuple[int, int] = (W, H)) -> None:
        self.data = data
        self._size = size
        self._image = Image.new("RGB", size, "white")
        self.taps: list[tuple[int, int]] = []

    def screen_size(self) -> tuple[int, int]:
        return self._size

    def screenshot(self) -> Image.Image:
        return self._image.copy()

    def hierarchy(self) -> list[Element] | None:
        return parse_uiautomator_xml(self.data)

    def tap(self, x: int, y: int) -> None:
        self.taps.append((x, y))

    def input_text(self, text: str) -> None:  # pragma: no cover - not used by the bench
        pass


def _repeats(nodes: int, quick: bool) -> int:
    base = 7 if quick else 15
    if nodes >= 50_000:
        return max(3, base // 3)
    if nodes >= 10_000:
        return max(5, base // 2)
    return base


def measure(quick: bool = False, sizes: tuple[int, ...] | None = None) -> dict[str, Any]:
    """``tier12_ms``, ``tier12_etree_ms``, ``tier12_vs_etree`` (by node count) and
    ``tier12_growth_exponent``."""
    sizes = sizes or (QUICK_SIZES if quick else FULL_SIZES)
    tier_ms: dict[str, float] = {}
    etree_ms: dict[str, float] = {}
    ratio: dict[str, float] = {}
    for nodes in sizes:
        data = generate(nodes)
        locator = Locator(
            XmlBytesBackend(data), strategies=[AccessibilityText(), ResourceIdPatterns()]
        )
        result = locator.find(QUERY)
        if not (result.ok and result.tier == 2 and result.element.resource_id == TARGET_ID):
            raise RuntimeError(f"tier 1-2 bench query did not resolve at {nodes} nodes: {result}")
        repeats = _repeats(nodes, quick)
        # Interleave the two so drift on a shared machine hits both alike.
        floor_runs: list[float] = []
        tier_runs: list[float] = []
        for _ in range(3):
            floor_runs.append(median_seconds(lambda d=data: ET.fromstring(d), repeats))
            tier_runs.append(median_seconds(lambda loc=locator: loc.find(QUERY), repeats))
        floor_s = sorted(floor_runs)[1]
        tier_s = sorted(tier_runs)[1]
        key = str(nodes)
        tier_ms[key] = round(tier_s * 1000, 3)
        etree_ms[key] = round(floor_s * 1000, 3)
        ratio[key] = round(tier_s / floor_s, 2)
    exponent = loglog_slope([float(n) for n in sizes], [tier_ms[str(n)] for n in sizes])
    return {
        "tier12_ms": tier_ms,
        "tier12_etree_ms": etree_ms,
        "tier12_vs_etree": ratio,
        "tier12_growth_exponent": round(exponent, 3),
    }


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(measure(quick="--quick" in sys.argv), indent=2))
