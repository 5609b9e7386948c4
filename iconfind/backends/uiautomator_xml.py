"""Parse Android ``uiautomator dump`` XML into :class:`~iconfind.Element` lists.

Shared by every backend that gets this format: replay snapshots, uiautomator2, Appium's
UiAutomator2 driver. Input is untrusted, so it goes through defusedxml.
"""

from __future__ import annotations

import codecs
import logging
import re

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from iconfind.errors import InvalidBoundsError
from iconfind.models import Bounds, Element

log = logging.getLogger(__name__)

NULL_ROOT_MARKER = "null root node returned by UiTestAutomationBridge"
"""The line uiautomator prints instead of XML when the accessibility service has no window."""


def _canonical_bounds(text: str) -> tuple[int, int, int, int] | None:
    """The four numbers of the canonical ``[x1,y1][x2,y2]`` (ASCII digits, no sign, no spaces),
    read with ``str`` methods: no regex per node. ``None`` for any other form."""
    if text[:1] != "[" or text[-1:] != "]":
        return None
    left, _, right = text[1:-1].partition("][")
    x1, _, y1 = left.partition(",")
    x2, _, y2 = right.partition(",")
    digits = x1 + "," + y1 + "," + x2 + "," + y2
    if not (x1 and y1 and x2 and y2 and digits.isascii()):
        return None
    if not (x1.isdigit() and y1.isdigit() and x2.isdigit() and y2.isdigit()):
        return None
    return int(x1), int(y1), int(x2), int(y2)


def _bounds(text: str) -> Bounds:
    """``Bounds.parse(text)``, with a fast path for the canonical ``[x1,y1][x2,y2]``."""
    numbers = _canonical_bounds(text)
    if numbers is None:
        return Bounds.parse(text)
    x1, y1, x2, y2 = numbers
    if x2 < x1 or y2 < y1:
        return Bounds(x1, y1, x2, y2)  # raises InvalidBoundsError, with its message
    return Bounds.trusted(x1, y1, x2, y2)


class _ElementCollector:
    """Builds :class:`Element` objects straight from expat's start/end events.

    No intermediate ElementTree is built. Document order, ``depth``, ``parent`` (a dropped node's
    children attach to its parent) are those of a tree walk. An element is a node when its tag is
    ``node`` (``uiautomator dump``) or it carries ``bounds`` (Appium's UiAutomator2 source, whose
    tags are class names); any other element, such as the ``<hierarchy>`` root, is walked
    through without adding a level.

    This is the hot loop of tiers 1-2 on a large tree, so it does per node only what it must:
    positional construction, bounds read with ``str`` methods, and equal bounds strings (a node
    and its wrapper, rows of a list) share one immutable :class:`Bounds`.
    """

    def __init__(self) -> None:
        self.elements: list[Element] = []
        # One frame per open XML element: (depth of its children, parent index for them).
        frames: list[tuple[int, int | None]] = [(0, None)]
        shared: dict[str, Bounds] = {}
        elements = self.elements
        add, push, pop = elements.append, frames.append, frames.pop

        # Closures over locals, not methods: expat calls these once per XML element.
        def start(tag: str, attrib: dict[str, str]) -> None:
            frame = frames[-1]
            text = attrib.get("bounds")
            if text is None and tag != "node":
                push(frame)
                return
            depth, parent = frame
            bounds = shared.get(text) if text is not None else None
            if bounds is None:
                try:
                    bounds = shared[text or ""] = _bounds(text or "")
                except InvalidBoundsError as exc:
                    log.warning("dropping a node with junk bounds: %s", exc)
                    push((depth + 1, parent))
                    return
            index = len(elements)
            try:  # a real dump has every attribute: subscripts, no method call per attribute
                element = Element(
                    bounds,
                    attrib["text"],
                    attrib["content-desc"],
                    attrib["resource-id"],
                    attrib["class"],
                    attrib["package"],
                    attrib["clickable"] == "true",
                    attrib["enabled"] != "false",
                    attrib["focusable"] == "true",
                    attrib["scrollable"] == "true",
                    attrib["long-clickable"] == "true",
                    attrib["checkable"] == "true",
                    attrib["checked"] == "true",
                    attrib["selected"] == "true",
                    attrib["password"] == "true",
                    index,
                    depth,
                    parent,
                    # an EditText's hint (placeholder) is evidence, read like resource-id words
                    tuple(hint.split("\n")) if (hint := attrib.get("hint")) else (),
                )
            except KeyError:
                element = _sparse_element(tag, attrib, bounds, index, depth, parent)
            add(element)
            push((depth + 1, index))

        def end(_tag: str) -> None:
            pop()

        self.start = start
        self.end = end

    def close(self) -> list[Element]:
        return self.elements


def _sparse_element(
    tag: str, attrib: dict[str, str], bounds: Bounds, index: int, depth: int, parent: int | None
) -> Element:
    """A node missing some attributes (Appium sources, hand-written dumps): defaults fill in."""
    get = attrib.get
    return Element(
        bounds,
        get("text", ""),
        get("content-desc", ""),
        get("resource-id", ""),
        get("class", "" if tag == "node" else tag),
        get("package", ""),
        get("clickable") == "true",
        get("enabled") != "false",
        get("focusable") == "true",
        get("scrollable") == "true",
        get("long-clickable") == "true",
        get("checkable") == "true",
        get("checked") == "true",
        get("selected") == "true",
        get("password") == "true",
        index,
        depth,
        parent,
        tuple(hint.split("\n")) if (hint := get("hint")) else (),
    )


_DECLARED_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']""")


def decode_xml_bytes(data: bytes) -> str:
    """Bytes of an XML file as text, in the encoding its byte-order mark or XML declaration
    names (``encoding="ISO-8859-1"`` is honoured, so "Café" stays "Café"); UTF-8 otherwise.
    Undecodable bytes become U+FFFD rather than failing the whole tree."""
    for bom, codec in ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                       (codecs.BOM_UTF16_BE, "utf-16")):  # fmt: skip
        if data.startswith(bom):
            return data.decode(codec, errors="replace")
    encoding = "utf-8"
    declared = _DECLARED_ENCODING.match(data[:512])
    if declared is not None:
        name = declared.group(1).decode("ascii")
        try:
            encoding = codecs.lookup(name).name
        except LookupError:
            log.warning("unknown XML encoding %r declared, reading the dump as UTF-8", name)
    return data.decode(encoding, errors="replace")


def parse_uiautomator_xml(data: str | bytes) -> list[Element] | None:
    """Elements of a uiautomator dump, or ``None`` when accessibility is unavailable.

    ``None`` covers the real ``ERROR: null root node returned by UiTestAutomationBridge.`` output,
    an empty file, text that is not XML and XML with no node. Both forms are read: ``uiautomator
    dump``'s ``<node class=...>`` and Appium UiAutomator2's ``<android.widget.Button ...>``. A
    node whose ``bounds`` are junk is dropped (logged as a warning) while its children are kept,
    so one bad node does not cost the whole tree.
    """
    text = decode_xml_bytes(data) if isinstance(data, bytes) else data
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
        if element.hints:  # optional, as in Android's own dumps: web clues survive a recording
            attributes["hint"] = "\n".join(element.hints)  # quoteattr keeps "\n" as &#10;
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
