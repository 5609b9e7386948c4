"""Parse Android ``uiautomator dump`` XML into :class:`~iconfind.Element` lists.

Shared by every backend that gets this format: replay snapshots, uiautomator2, Appium's
UiAutomator2 driver. Input is untrusted, so it goes through defusedxml.
"""

from __future__ import annotations

import logging
import re

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from iconfind.errors import InvalidBoundsError
from iconfind.models import Bounds, Element

log = logging.getLogger(__name__)

NULL_ROOT_MARKER = "null root node returned by UiTestAutomationBridge"
"""The line uiautomator prints instead of XML when the accessibility service has no window."""


_CANONICAL_BOUNDS = re.compile(r"\[(\d+),(\d+)\]\[(\d+),(\d+)\]")
"""The form every real dump uses; anything else goes through :meth:`Bounds.parse`."""


def _bounds(text: str) -> Bounds:
    """``Bounds.parse(text)``, with a fast path for the canonical ``[x1,y1][x2,y2]``."""
    match = _CANONICAL_BOUNDS.fullmatch(text)
    if match is None:
        return Bounds.parse(text)
    x1, y1, x2, y2 = match.groups()
    return Bounds(int(x1), int(y1), int(x2), int(y2))


class _ElementCollector:
    """Builds :class:`Element` objects straight from expat's start/end events.

    No intermediate ElementTree is built. Document order, ``depth``, ``parent`` (a dropped node's
    children attach to its parent) are those of a tree walk. An element is a node when its tag is
    ``node`` (``uiautomator dump``) or it carries ``bounds`` (Appium's UiAutomator2 source, whose
    tags are class names); any other element, such as the ``<hierarchy>`` root, is walked
    through without adding a level.
    """

    def __init__(self) -> None:
        self.elements: list[Element] = []
        # One frame per open XML element: (depth of its children, parent index for them).
        self._frames: list[tuple[int, int | None]] = []

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        frames = self._frames
        frame = frames[-1] if frames else (0, None)
        get = attrib.get
        if tag != "node" and "bounds" not in attrib:
            frames.append(frame)
            return
        depth, parent = frame
        own_index = parent
        try:
            bounds = _bounds(get("bounds", ""))
        except InvalidBoundsError as exc:
            log.warning("dropping a node with junk bounds: %s", exc)
        else:
            elements = self.elements
            own_index = len(elements)
            elements.append(
                Element(
                    bounds=bounds,
                    text=get("text", ""),
                    content_desc=get("content-desc", ""),
                    resource_id=get("resource-id", ""),
                    class_name=get("class", "" if tag == "node" else tag),
                    package=get("package", ""),
                    clickable=get("clickable") == "true",
                    enabled=get("enabled", "true") != "false",
                    focusable=get("focusable") == "true",
                    scrollable=get("scrollable") == "true",
                    long_clickable=get("long-clickable") == "true",
                    checkable=get("checkable") == "true",
                    checked=get("checked") == "true",
                    selected=get("selected") == "true",
                    password=get("password") == "true",
                    index=own_index,
                    depth=depth,
                    parent=parent,
                )
            )
        frames.append((depth + 1, own_index))

    def end(self, _tag: str) -> None:
        self._frames.pop()

    def close(self) -> list[Element]:
        return self.elements


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
    collector = _ElementCollector()
    # defusedxml's parser (entities and external references forbidden), with its element
    # callbacks pointed straight at the collector: expat hands over each attribute dict, and no
    # tree is built only to be walked again. No recursion: real trees reach Python's limit.
    parser = SafeET.DefusedXMLParser(target=collector)
    expat = parser.parser
    expat.ordered_attributes = False
    expat.StartElementHandler = collector.start
    expat.EndElementHandler = collector.end
    try:
        parser.feed(text[start:].strip())
        elements: list[Element] = parser.close()
    except (SafeET.ParseError, DefusedXmlException, ValueError) as exc:
        log.warning(
            "hierarchy is not well-formed XML, treating accessibility as unavailable: %s", exc
        )
        return None
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
