"""Parse Android ``uiautomator dump`` XML into :class:`~iconfind.Element` lists.

Shared by every backend that gets this format: replay snapshots, uiautomator2, Appium's
UiAutomator2 driver. Input is untrusted, so it goes through defusedxml.
"""

from __future__ import annotations

import logging
from xml.etree.ElementTree import Element as XmlNode

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from iconfind._errors import InvalidBoundsError
from iconfind._models import Bounds, Element

log = logging.getLogger(__name__)

NULL_ROOT_MARKER = "null root node returned by UiTestAutomationBridge"
"""The line uiautomator prints instead of XML when the accessibility service has no window."""


def _flag(node: XmlNode, name: str) -> bool:
    return node.get(name) == "true"


def parse_uiautomator_xml(data: str | bytes) -> list[Element] | None:
    """Elements of a uiautomator dump, or ``None`` when accessibility is unavailable.

    ``None`` covers the real ``ERROR: null root node returned by UiTestAutomationBridge.`` output,
    an empty file, text that is not XML and XML with no node. Both forms are read: ``uiautomator
    dump``'s ``<node class=...>`` and Appium UiAutomator2's ``<android.widget.Button ...>``. A
    node whose ``bounds`` are junk is dropped (logged as a warning) while its children are kept,
    so one bad node does not cost the whole tree.
    """
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    if not text.strip() or NULL_ROOT_MARKER in text:
        return None
    start = text.find("<")
    if start < 0:
        return None
    try:
        root = SafeET.fromstring(text[start:].strip())
    except (SafeET.ParseError, DefusedXmlException, ValueError) as exc:
        log.warning(
            "hierarchy is not well-formed XML, treating accessibility as unavailable: %s", exc
        )
        return None

    elements: list[Element] = []
    # An explicit stack instead of recursion: real trees reach depths that hit Python's limit.
    stack: list[tuple[XmlNode, int, int | None]] = [(root, 0, None)]
    while stack:
        node, depth, parent = stack.pop()
        if node.tag != "node" and "bounds" not in node.attrib:
            # A wrapper such as <hierarchy>: walk through it without adding a level.
            stack.extend((child, depth, parent) for child in reversed(list(node)))
            continue
        own_index: int | None = parent
        bounds_text = node.get("bounds", "")
        try:
            bounds = Bounds.parse(bounds_text)
        except InvalidBoundsError as exc:
            log.warning("dropping a node with junk bounds: %s", exc)
        else:
            own_index = len(elements)
            elements.append(
                Element(
                    bounds=bounds,
                    text=node.get("text", ""),
                    content_desc=node.get("content-desc", ""),
                    resource_id=node.get("resource-id", ""),
                    # Appium's UiAutomator2 source names the tag after the class.
                    class_name=node.get("class", "" if node.tag == "node" else node.tag),
                    package=node.get("package", ""),
                    clickable=_flag(node, "clickable"),
                    enabled=node.get("enabled", "true") != "false",
                    focusable=_flag(node, "focusable"),
                    scrollable=_flag(node, "scrollable"),
                    long_clickable=_flag(node, "long-clickable"),
                    checkable=_flag(node, "checkable"),
                    checked=_flag(node, "checked"),
                    selected=_flag(node, "selected"),
                    password=_flag(node, "password"),
                    index=own_index,
                    depth=depth,
                    parent=parent,
                )
            )
        stack.extend((child, depth + 1, own_index) for child in reversed(list(node)))
    return elements or None


def format_uiautomator_xml(elements: list[Element], rotation: int = 0) -> str:
    """Write elements back as a uiautomator dump (used by ``iconfind record``).

    The tree is rebuilt from each element's ``parent``; element order is preserved.
    """
    from xml.sax.saxutils import quoteattr

    children: dict[int | None, list[Element]] = {}
    for element in elements:
        children.setdefault(element.parent, []).append(element)

    def render(element: Element, out: list[str], indent: str) -> None:
        attributes = {
            "index": str(element.index),
            "text": element.text,
            "resource-id": element.resource_id,
            "class": element.class_name,
            "package": element.package,
            "content-desc": element.content_desc,
            "checkable": _bool(element.checkable),
            "checked": _bool(element.checked),
            "clickable": _bool(element.clickable),
            "enabled": _bool(element.enabled),
            "focusable": _bool(element.focusable),
            "focused": "false",
            "scrollable": _bool(element.scrollable),
            "long-clickable": _bool(element.long_clickable),
            "password": _bool(element.password),
            "selected": _bool(element.selected),
            "bounds": element.bounds.format(),
        }
        attrs_text = " ".join(f"{key}={quoteattr(value)}" for key, value in attributes.items())
        kids = children.get(element.index, [])
        if not kids:
            out.append(f"{indent}<node {attrs_text} />")
            return
        out.append(f"{indent}<node {attrs_text}>")
        for kid in kids:
            render(kid, out, indent + "  ")
        out.append(f"{indent}</node>")

    lines = [
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
        f'<hierarchy rotation="{rotation}">',
    ]
    for top in children.get(None, []):
        render(top, lines, "  ")
    lines.append("</hierarchy>")
    return "\n".join(lines) + "\n"


def _bool(value: bool) -> str:
    return "true" if value else "false"
