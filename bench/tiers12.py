"""Tiers 1-2: parse + match against hierarchy size, next to a bare ``xml.etree`` parse.

For each size, the same bytes are timed two ways in the same run, interleaved:

- the floor: ``xml.etree.ElementTree.fromstring(data)``;
- lxml + XPath, what a uiautomator2 script does: ``lxml.etree.fromstring`` (entities and network
  off) and two XPath queries, the label equal to the query and the resource id containing the
  target's id word;
- iconfind: ``Locator.find("overflow menu")`` with tiers 1 and 2 on an in-memory backend whose
  ``hierarchy()`` calls ``parse_uiautomator_xml(data)`` (as ``ReplayBackend`` and the device
  backends do), so the figure is parse + tier 1 (a miss over every label) + tier 2 (one
  resource-id hit) + the Locator's own work.

Reported: median ms per size, the ratios to the floor and to lxml (wall time, and CPU time in
``tier12_vs_lxml_cpu``: on a machine shared with other work, wall time also counts the waits for
a core), and the growth exponent (least-squares slope of log time against log size; 1.0 is
linear).
"""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from typing import Any

from lxml import etree as lxml_etree
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


_LXML_PARSER = lxml_etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)


def lxml_xpath(data: bytes) -> int:
    """The lxml + XPath baseline: parse, then tier 1's and tier 2's question as XPath."""
    root = lxml_etree.fromstring(data, _LXML_PARSER)
    labelled = root.xpath("//node[@text=$q or @content-desc=$q]", q=QUERY)
    by_id = root.xpath("//node[contains(@resource-id, $id)]", id="more_options")
    return len(labelled) + len(by_id)


def measure(quick: bool = False, sizes: tuple[int, ...] | None = None) -> dict[str, Any]:
    """``tier12_ms``, ``tier12_etree_ms``, ``tier12_vs_etree``, ``tier12_lxml_ms``,
    ``tier12_vs_lxml``, ``tier12_vs_lxml_cpu`` (by node count) and ``tier12_growth_exponent``."""
    sizes = sizes or (QUICK_SIZES if quick else FULL_SIZES)
    tier_ms: dict[str, float] = {}
    etree_ms: dict[str, float] = {}
    ratio: dict[str, float] = {}
    lxml_ms: dict[str, float] = {}
    lxml_ratio: dict[str, float] = {}
    lxml_cpu_ratio: dict[str, float] = {}
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
        if lxml_xpath(data) != 1:
            raise RuntimeError(f"the lxml baseline did not find the target at {nodes} nodes")
        floor_runs: list[float] = []
        tier_runs: list[float] = []
        lxml_runs: list[float] = []
        cpu_ratios: list[float] = []
        for _ in range(3):
            floor_runs.append(median_seconds(lambda d=data: ET.fromstring(d), repeats))
            lxml_runs.append(median_seconds(lambda d=data: lxml_xpath(d), repeats))
            tier_runs.append(median_seconds(lambda loc=locator: loc.find(QUERY), repeats))
            cpu_ratios.append(
                median_seconds(
                    lambda loc=locator: loc.find(QUERY), repeats, clock=time.process_time
                )
                / median_seconds(lambda d=data: lxml_xpath(d), repeats, clock=time.process_time)
            )
        floor_s = sorted(floor_runs)[1]
        tier_s = sorted(tier_runs)[1]
        lxml_s = sorted(lxml_runs)[1]
        key = str(nodes)
        tier_ms[key] = round(tier_s * 1000, 3)
        etree_ms[key] = round(floor_s * 1000, 3)
        ratio[key] = round(tier_s / floor_s, 2)
        lxml_ms[key] = round(lxml_s * 1000, 3)
        lxml_ratio[key] = round(tier_s / lxml_s, 2)
        lxml_cpu_ratio[key] = round(sorted(cpu_ratios)[1], 2)
    exponent = loglog_slope([float(n) for n in sizes], [tier_ms[str(n)] for n in sizes])
    return {
        "tier12_ms": tier_ms,
        "tier12_etree_ms": etree_ms,
        "tier12_vs_etree": ratio,
        "tier12_lxml_ms": lxml_ms,
        "tier12_vs_lxml": lxml_ratio,
        "tier12_vs_lxml_cpu": lxml_cpu_ratio,
        "tier12_growth_exponent": round(exponent, 3),
    }


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(measure(quick="--quick" in sys.argv), indent=2))
