"""Map an Appium page source onto :class:`~iconfind.Element` lists, whatever driver produced it.

- UiAutomator2 (Android): ``bounds="[x1,y1][x2,y2]"`` attributes -> the shared uiautomator parser.
- XCUITest (iOS): ``<XCUIElementTypeButton name label value x y width height enabled visible>``.
- Other drivers whose nodes carry a rectangle as ``x/y`` or ``left/top`` plus ``width/height``
  (Appium's fake driver among them) are read the same way as XCUITest.

XCUITest positions are points; ``scale`` (screenshot pixels per point) turns them into the
screenshot's pixels.
"""

from __future__ import annotations

import logging
from xml.etree.ElementTree import Element as XmlNode

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from iconfind.backends.uiautomator_xml import parse_uiautomator_xml
from iconfind.errors import InvalidBoundsError
from iconfind.models import Bounds, Element

log = logging.getLogger(__name__)

_CLICKABLE_TYPES = ("Button", "Link", "Cell", "Switch", "Tab", "MenuItem", "Key", "Icon")


def parse_page_source(source: str, scale: float = 1.0) -> list[Element] | None:
    """Elements of an Appium page source, or ``None`` when it holds none (or is not XML)."""
    if "bounds=" in source:
        return parse_uiautomator_xml(source)
    try:
        root = SafeET.fromstring(source.strip())
    except (SafeET.ParseError, DefusedXmlException, ValueError) as exc:
        log.warning("page source is not well-formed XML: %s", exc)
        return None
    elements: list[Element] = []
    stack: list[tuple[XmlNode, int, int | None]] = [(root, 0, None)]
    while stack:
        node, depth, parent = stack.pop()
        bounds = _rect(node, scale)
        own_index = parent
        if bounds is not None:
            own_index = len(elements)
            elements.append(_element(node, bounds, own_index, depth, parent))
        child_depth = depth + 1 if bounds is not None else depth
        stack.extend((child, child_depth, own_index) for child in reversed(list(node)))
    return elements or None


def _number(node: XmlNode, *names: str) -> float | None:
    for name in names:
        value = node.get(name)
        if value is not None:
            try:
                return float(value)
            except ValueError:
                return None
    return None


def _rect(node: XmlNode, scale: float) -> Bounds | None:
    x = _number(node, "x", "left")
    y = _number(node, "y", "top")
    width = _number(node, "width")
    height = _number(node, "height")
    if x is None or y is None or width is None or height is None:
        return None
    try:
        return Bounds.from_xywh(x * scale, y * scale, width * scale, height * scale)
    except InvalidBoundsError as exc:
        log.warning("dropping a node with junk geometry: %s", exc)
        return None


def _element(node: XmlNode, bounds: Bounds, index: int, depth: int, parent: int | None) -> Element:
    kind = node.get("type") or node.get("class") or node.tag
    label = node.get("label") or node.get("text") or ""
    name = node.get("name") or node.get("id") or ""
    value = node.get("value") or ""
    short_kind = kind.removeprefix("XCUIElementType")
    return Element(
        bounds=bounds,
        text=label or value,
        # XCUITest's `name` is the accessibility identifier: the closest thing to a resource id.
        content_desc=node.get("content-desc", ""),
        resource_id=name,
        class_name=kind,
        clickable=node.get("clickable") == "true" or short_kind.endswith(_CLICKABLE_TYPES),
        enabled=node.get("enabled", "true") != "false",
        selected=node.get("selected") == "true",
        password=short_kind == "SecureTextField" or node.get("password") == "true",
        index=index,
        depth=depth,
        parent=parent,
        # a text field's placeholder (XCUITest) or hint (UiAutomator2) is evidence, not a label
        hints=tuple(h for h in (node.get("placeholderValue"), node.get("hint")) if h),
    )
