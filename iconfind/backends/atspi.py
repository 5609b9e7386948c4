"""Linux desktop accessibility: the AT-SPI tree of GTK, Qt and other applications, over D-Bus.

AT-SPI is the accessibility protocol of the Linux desktop: each accessible application serves its
widgets as D-Bus objects on a private *accessibility bus*, and the registry
(``org.a11y.atspi.Registry``) lists the applications. :class:`AtspiTree` speaks that protocol
directly (pure Python, jeepney, ``pip install 'iconfind[x11]'``): no GObject bindings, so it works
in any virtualenv.

Finding the accessibility bus, in the order libatspi itself tries:

1. ``bus_address=`` or ``$AT_SPI_BUS_ADDRESS``;
2. the ``AT_SPI_BUS`` property of the X display's root window (``display_bus=``; the X11 backend
   passes its own display), which the bus launcher sets on the display it serves;
3. ``org.a11y.Bus.GetAddress`` on the session bus (``$DBUS_SESSION_BUS_ADDRESS``), which starts
   the launcher when it is not running yet.

The walk: applications, then their children level by level (calls pipelined, a few round trips
per level), descending only into objects that are *showing* and *visible* (hidden widgets,
other tabs, minimised windows are left out with their subtrees), keeping those with a
``Component`` whose screen extents have an area. At most ``max_nodes`` objects are read and the
whole walk ends by ``time_limit_s``: a bus that hangs makes the tree unavailable (``None``, with
:attr:`AtspiTree.last_failure` saying why), never a stuck find; an application that hangs gets at
most half the time left and is left out, the others are still read.

Mapping onto :class:`~iconfind.Element` (uiautomator's vocabulary): the accessible name is
``text`` (an entry's contents when it has no name), the description is ``content_desc``,
``AccessibleId`` is ``resource_id``, the role name (``"push button"``) is ``class_name``, the
application's name is ``package``. ``clickable`` comes from the role (buttons, links, menu
items, tabs, check boxes…) or an action named click/press/activate/toggle/jump; states give
``enabled``, ``focusable``, ``checkable``, ``checked``, ``selected``.

Coordinates: extents are read in screen coordinates and multiplied by pixels per AT-SPI unit.
That is 1 for GTK 3 and Qt at their default scale; an application scaled by ``GDK_SCALE=2``
reports logical pixels (its 1024-pixel window is 512 units wide). The factor is measured per
application (``window_scale``: its window's size in units against the X window of that title in
pixels) unless ``scale=`` fixes it.

Qt applications expose their tree only when accessibility is switched on for the session
(``QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1`` in their environment, or a screen reader running);
GTK 3 applications always do unless ``NO_AT_BRIDGE=1``.
"""

from __future__ import annotations

import enum
import logging
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from attrs import define, field, frozen

from iconfind._deadline import current_timeout
from iconfind.backends._dbus import (
    BusTimeout,
    BusUnavailable,
    CallError,
    DBusLink,
    MethodCall,
)
from iconfind.backends.base import WindowInfo
from iconfind.errors import InvalidArgumentError
from iconfind.models import Bounds, Element

log = logging.getLogger(__name__)

ACCESSIBLE = "org.a11y.atspi.Accessible"
COMPONENT = "org.a11y.atspi.Component"
ACTION = "org.a11y.atspi.Action"
TEXT = "org.a11y.atspi.Text"
PROPERTIES = "org.freedesktop.DBus.Properties"
REGISTRY = ("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root")
NULL_PATH = "/org/a11y/atspi/null"
COORD_SCREEN = 0
"""``GetExtents`` coordinate type: relative to the screen (1 is the window, 2 the parent)."""
_NO_POSITION = -(2**31)
"""What GTK reports as the position of a widget that is not on screen."""

DEFAULT_MAX_NODES = 5000
"""Objects read per walk at most: a huge list or a document cannot make a find crawl."""
DEFAULT_TIME_LIMIT_S = 5.0
"""A whole walk (connecting included) ends by then: half the Locator's default budget, so that a
hung bus leaves OCR time to carry the find. The find's own budget may end it sooner."""


class State(enum.IntEnum):
    """The AtspiStateType values iconfind reads (bit ``n`` of ``GetState``'s words)."""

    ACTIVE = 1
    CHECKED = 4
    DEFUNCT = 6
    EDITABLE = 7
    ENABLED = 8
    FOCUSABLE = 11
    ICONIFIED = 15
    SELECTED = 23
    SENSITIVE = 24
    SHOWING = 25
    VISIBLE = 30
    CHECKABLE = 41


CLICKABLE_ROLES = frozenset(
    {
        "push button",
        "push button menu",
        "toggle button",
        "check box",
        "radio button",
        "switch",
        "menu item",
        "check menu item",
        "radio menu item",
        "page tab",
        "link",
        "combo box",
        "list item",
        "tree item",
        "table cell",
        "entry",
        "password text",
        "spin button",
        "slider",
    }
)
CHECKABLE_ROLES = frozenset(
    {"check box", "radio button", "toggle button", "switch", "check menu item", "radio menu item"}
)
TEXT_CONTENT_ROLES = frozenset({"entry", "text", "spin button", "editbar"})
"""Roles whose visible words are their contents (read with ``Text.GetText``) when unnamed."""
CLICK_ACTIONS = frozenset({"click", "press", "activate", "toggle", "jump", "open", "switch"})


def states_of(words: Sequence[int]) -> frozenset[int]:
    """The state numbers set in ``GetState``'s bit field (bit ``n % 32`` of word ``n // 32``)."""
    found: set[int] = set()
    for word_index, word in enumerate(words):
        for bit in range(32):
            if int(word) >> bit & 1:
                found.add(word_index * 32 + bit)
    return frozenset(found)


@frozen
class Ref:
    """An accessible object on the bus: the application's bus name and the object's path."""

    bus: str
    path: str

    @classmethod
    def of(cls, pair: Any) -> Ref | None:
        """From a ``(so)`` pair; ``None`` for the null object or junk."""
        try:
            bus, path = pair
        except (TypeError, ValueError):
            return None
        if not isinstance(bus, str) or not isinstance(path, str) or not bus:
            return None
        return None if path == NULL_PATH else cls(bus, path)

    def call(
        self, interface: str, member: str, signature: str | None = None, body: tuple[Any, ...] = ()
    ) -> MethodCall:
        return MethodCall(self.bus, self.path, interface, member, signature, body)


@define
class Node:
    """One accessible object as read from the bus, before it becomes an :class:`Element`."""

    ref: Ref
    role: str = ""
    name: str = ""
    description: str = ""
    accessible_id: str = ""
    states: frozenset[int] = frozenset()
    interfaces: frozenset[str] = frozenset()
    extents: tuple[int, int, int, int] | None = None
    actions: tuple[str, ...] = ()
    contents: str = ""
    child_refs: tuple[Ref, ...] = ()
    children: list[Node] = field(factory=list)

    @property
    def showing(self) -> bool:
        """Shown to the user (itself and every ancestor), and not hidden or gone."""
        if self.role == "application":
            return True  # an application object carries no states of its own
        states = self.states
        return (
            State.SHOWING in states
            and State.VISIBLE in states
            and State.DEFUNCT not in states
            and State.ICONIFIED not in states
        )

    @property
    def clickable(self) -> bool:
        return self.role in CLICKABLE_ROLES or any(a in CLICK_ACTIONS for a in self.actions)


@frozen
class Walk:
    """What one walk read: the applications' trees, and whether the node cap cut it short."""

    apps: tuple[Node, ...]
    nodes: int
    truncated: bool


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


_PROPERTIES = ("Name", "Description", "AccessibleId")


def _first_text(reply: Any) -> str:
    """The string a method returned (``""`` for an error reply or junk)."""
    return _text(reply[0]) if isinstance(reply, tuple) and reply else ""


def _variant_text(reply: Any) -> str:
    """The string inside ``Properties.Get``'s variant reply, ``(("s", value),)``."""
    if isinstance(reply, tuple) and reply:
        variant = reply[0]
        if isinstance(variant, tuple) and len(variant) == 2:
            return _text(variant[1])
    return ""


class TreeReader:
    """Reads applications' trees from one open link to an accessibility bus (one walk)."""

    def __init__(self, link: DBusLink, deadline: float, max_nodes: int) -> None:
        self.link = link
        self.deadline = deadline
        self.max_nodes = max_nodes

    def _batch(self, calls: list[MethodCall]) -> list[Any]:
        return self.link.call_many(calls, self.deadline) if calls else []

    def applications(self) -> list[Ref]:
        registry = Ref(*REGISTRY)
        reply = self._batch([registry.call(ACCESSIBLE, "GetChildren")])[0]
        if isinstance(reply, CallError) or not reply:
            return []
        return [ref for ref in (Ref.of(pair) for pair in reply[0]) if ref is not None]

    def walk(
        self, apps: Sequence[Ref], *, max_depth: int | None = None, max_nodes: int | None = None
    ) -> Walk:
        """Breadth first from ``apps``, reading at most ``max_nodes`` objects (default: the
        reader's cap); returns the roots with their showing descendants."""
        limit = self.max_nodes if max_nodes is None else max_nodes
        roots = [Node(ref) for ref in apps]
        frontier = list(roots)
        seen = {node.ref for node in roots}
        count = 0
        truncated = False
        depth = 0
        while frontier:
            room = limit - count
            if room <= 0:
                truncated = True
                break
            if len(frontier) > room:
                frontier, truncated = frontier[:room], True
            self._read_level(frontier)
            count += len(frontier)
            depth += 1
            following: list[Node] = []
            if max_depth is None or depth < max_depth:
                for node in frontier:
                    if not node.showing:
                        continue
                    for ref in node.child_refs:
                        if ref not in seen:
                            seen.add(ref)
                            child = Node(ref)
                            node.children.append(child)
                            following.append(child)
            frontier = following
        return Walk(tuple(roots), count, truncated)

    def _read_level(self, nodes: list[Node]) -> None:
        """Two pipelined rounds: what every node is, then where the showing ones are.

        Properties are read one by one with ``Properties.Get``: Qt's adaptor answers ``Get`` but
        not ``GetAll``.
        """
        calls: list[MethodCall] = []
        for node in nodes:
            ref = node.ref
            calls += [
                ref.call(ACCESSIBLE, "GetRoleName"),
                ref.call(ACCESSIBLE, "GetState"),
                ref.call(ACCESSIBLE, "GetInterfaces"),
                ref.call(ACCESSIBLE, "GetChildren"),
                *(ref.call(PROPERTIES, "Get", "ss", (ACCESSIBLE, name)) for name in _PROPERTIES),
            ]
        replies = self._batch(calls)
        per_node = 4 + len(_PROPERTIES)
        for position, node in enumerate(nodes):
            role, state, interfaces, children, name, description, accessible_id = replies[
                position * per_node : (position + 1) * per_node
            ]
            node.role = _first_text(role)
            if isinstance(state, tuple) and state:
                node.states = states_of(state[0])
            if isinstance(interfaces, tuple) and interfaces:
                node.interfaces = frozenset(_text(each) for each in interfaces[0])
            if isinstance(children, tuple) and children:
                refs = (Ref.of(pair) for pair in children[0])
                node.child_refs = tuple(ref for ref in refs if ref is not None)
            node.name = _variant_text(name)
            node.description = _variant_text(description)
            node.accessible_id = _variant_text(accessible_id)
        self._read_places(nodes)

    def _read_places(self, nodes: list[Node]) -> None:
        calls: list[MethodCall] = []
        slots: list[tuple[Node, str]] = []
        for node in nodes:
            if not node.showing or node.role == "application":
                continue
            if COMPONENT in node.interfaces:
                calls.append(node.ref.call(COMPONENT, "GetExtents", "u", (COORD_SCREEN,)))
                slots.append((node, "extents"))
            if ACTION in node.interfaces:
                calls.append(node.ref.call(ACTION, "GetActions"))
                slots.append((node, "actions"))
            if (
                not node.name
                and node.role in TEXT_CONTENT_ROLES
                and TEXT in node.interfaces
                and node.role != "password text"
            ):
                calls.append(node.ref.call(TEXT, "GetText", "ii", (0, -1)))
                slots.append((node, "contents"))
        for (node, what), reply in zip(slots, self._batch(calls), strict=True):
            if isinstance(reply, CallError) or not reply:
                continue
            if what == "extents":
                box = reply[0]
                if isinstance(box, tuple) and len(box) == 4:
                    x, y, width, height = (int(v) for v in box)
                    node.extents = (x, y, width, height)
            elif what == "actions":
                node.actions = tuple(
                    _text(entry[0]).casefold()
                    for entry in reply[0]
                    if isinstance(entry, tuple) and entry
                )
            else:
                node.contents = _first_text(reply)


def elements_of(apps: Sequence[Node], scale: float | Sequence[float] = 1.0) -> list[Element]:
    """The showing nodes with an on-screen area, flattened in document order (depth first).

    ``scale`` is pixels per AT-SPI unit, one for all or one per application. A node without a
    place (an application, a filler with no extents) is left out and its children take its
    parent as theirs, as the macOS and Windows backends do.
    """
    scales = [float(scale)] * len(apps) if isinstance(scale, (int, float)) else list(scale)
    elements: list[Element] = []
    for app, app_scale in zip(apps, scales, strict=True):
        package = app.name
        stack: list[tuple[Node, int, int | None]] = [(app, 0, None)]
        while stack:
            node, depth, parent = stack.pop()
            if not node.showing:
                continue
            element = _element(node, package, app_scale, len(elements), depth, parent)
            own = parent
            if element is not None:
                own = element.index
                elements.append(element)
            stack.extend((child, depth + 1, own) for child in reversed(node.children))
    return elements


def _element(
    node: Node, package: str, scale: float, index: int, depth: int, parent: int | None
) -> Element | None:
    if node.extents is None or node.role == "application":
        return None
    x, y, width, height = node.extents
    if width <= 0 or height <= 0 or x == _NO_POSITION or y == _NO_POSITION:
        return None
    states = node.states
    return Element(
        bounds=Bounds.from_xywh(x * scale, y * scale, width * scale, height * scale),
        text=node.name or node.contents,
        content_desc=node.description,
        resource_id=node.accessible_id,
        class_name=node.role,
        package=package,
        clickable=node.clickable,
        enabled=State.ENABLED in states or State.SENSITIVE in states,
        focusable=State.FOCUSABLE in states,
        checkable=State.CHECKABLE in states or node.role in CHECKABLE_ROLES,
        checked=State.CHECKED in states,
        selected=State.SELECTED in states,
        password=node.role == "password text",
        index=index,
        depth=depth,
        parent=parent,
    )


BusFinder = Callable[[], "str | None"]
"""A callable naming an accessibility bus address (``None``: it knows of none)."""
WindowScale = Callable[[str, int, int], "float | None"]
"""``(title, width, height)`` of a window in AT-SPI units -> pixels per unit (``None``: unknown)."""

_A11Y_BUS = MethodCall("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress")


class AtspiTree:
    """A :data:`~iconfind.backends.x11.HierarchySource` reading the AT-SPI tree (module docs).

    ``app`` keeps one application (its accessible name, e.g. ``"gtk3-widget-factory"``, compared
    without case); by default every application with a showing window is read, in the
    registry's order. ``bus_address`` forces the accessibility bus; ``display_bus`` is asked for
    it otherwise (the X11 backend passes its root window's ``AT_SPI_BUS``), then the session bus
    unless ``session_bus=False`` (the X11 backend's choice for a display other than the
    session's ``$DISPLAY``). ``max_nodes`` caps the objects read per walk and ``time_limit_s``
    bounds a walk. ``scale`` is pixels per AT-SPI unit; by default it is measured per
    application by ``window_scale`` (the X11 backend compares each application's window with
    its X window), else 1.

    Calling it returns the elements, or ``None`` when there is no accessibility bus, no
    application exposes a showing window, or the bus did not answer in time;
    :attr:`last_failure` then says which, and :attr:`last_truncated` whether the node cap cut
    the last walk short.
    """

    def __init__(
        self,
        *,
        app: str | None = None,
        bus_address: str | None = None,
        display_bus: BusFinder | None = None,
        session_bus: bool = True,
        max_nodes: int = DEFAULT_MAX_NODES,
        time_limit_s: float = DEFAULT_TIME_LIMIT_S,
        scale: float | None = None,
        window_scale: WindowScale | None = None,
    ) -> None:
        if not (isinstance(max_nodes, int) and max_nodes > 0):
            raise InvalidArgumentError(f"max_nodes must be a positive integer, got {max_nodes!r}")
        if not (isinstance(time_limit_s, (int, float)) and 0 < time_limit_s < float("inf")):
            raise InvalidArgumentError(
                f"time_limit_s must be a positive finite number, got {time_limit_s!r}"
            )
        if scale is not None and not (isinstance(scale, (int, float)) and 0 < scale < float("inf")):
            raise InvalidArgumentError(
                f"scale must be a positive finite number or None, got {scale!r}"
            )
        self.app = app
        self.bus_address = bus_address
        self.display_bus = display_bus
        self.session_bus = session_bus
        self.max_nodes = max_nodes
        self.time_limit_s = float(time_limit_s)
        self.scale = None if scale is None else float(scale)
        self.window_scale = window_scale
        self.last_failure: str | None = None
        self.last_truncated = False

    def __repr__(self) -> str:
        return f"AtspiTree(app={self.app!r}, max_nodes={self.max_nodes})"

    def __call__(self) -> list[Element] | None:
        walk = self._read(max_depth=None)
        if walk is None:
            return None
        elements = elements_of(walk.apps, [self._scale_of(app) for app in walk.apps])
        if not elements:
            why = "no application exposes a showing window on the accessibility bus"
            self._fail(f"{why}; {self.last_failure}" if self.last_failure else why)
            return None
        return elements

    def _scale_of(self, app: Node) -> float:
        """``scale`` when given; else measured on the app's first showing window (its size in
        AT-SPI units against its size in pixels, from ``window_scale``); else 1."""
        if self.scale is not None:
            return self.scale
        if self.window_scale is None:
            return 1.0
        for window in app.children:
            if window.showing and window.extents is not None and window.name:
                _x, _y, width, height = window.extents
                if width > 0 and height > 0:
                    try:
                        measured = self.window_scale(window.name, width, height)
                    except Exception as exc:  # a measurement is a hint: without it, 1
                        log.info("AT-SPI: cannot measure the scale of %r: %s", window.name, exc)
                        return 1.0
                    return measured or 1.0
        return 1.0

    def front_window(self) -> WindowInfo:
        """The application and window in front: the one whose window is *active*, else the first
        with a showing window; ``WindowInfo("")`` when none (reads two levels only)."""
        walk = self._read(max_depth=2)
        if walk is None:
            return WindowInfo(app="")
        showing = [(app, window) for app in walk.apps for window in app.children if window.showing]
        if not showing:
            return WindowInfo(app="")
        active = [pair for pair in showing if State.ACTIVE in pair[1].states]
        app, window = (active or showing)[0]
        return WindowInfo(app=app.name, window=window.name)

    # -- one walk --------------------------------------------------------------------------------

    def _read(self, *, max_depth: int | None) -> Walk | None:
        """One walk of every wanted application; ``None`` (and why) when there is nothing."""
        self.last_failure = None
        self.last_truncated = False
        # The find's own deadline, when nearer, bounds the walk too (one deadline travels down).
        deadline = time.monotonic() + current_timeout(self.time_limit_s)
        try:
            import jeepney  # noqa: F401  (the [x11] extra; checked here to say so plainly)
        except ImportError:
            self._fail("AT-SPI needs the jeepney package: pip install 'iconfind[x11]'")
            return None
        try:
            link = self._connect(deadline)
            if link is None:
                return None
            with link:
                reader = TreeReader(link, deadline, self.max_nodes)
                apps = reader.applications()
                walk, hung = self._walk_apps(reader, apps, max_depth, deadline)
        except BusTimeout as exc:
            self._fail(f"the accessibility bus did not answer within {self.time_limit_s:g}s: {exc}")
            return None
        except BusUnavailable as exc:
            self._fail(f"the accessibility bus went away: {exc}")
            return None
        if hung:
            self._fail(
                f"left out {len(hung)} application(s) that did not answer in time: "
                + ", ".join(hung)
            )
        if walk.truncated:
            self.last_truncated = True
            log.warning("AT-SPI walk stopped at the %d-node cap: the tree is partial", walk.nodes)
        return walk

    def _walk_apps(
        self, reader: TreeReader, apps: Sequence[Ref], max_depth: int | None, deadline: float
    ) -> tuple[Walk, list[str]]:
        """Each application on its own, with at most half the time left unless it is the last:
        one that hangs (a frozen program) is left out and costs only its share."""
        roots: list[Node] = []
        hung: list[str] = []
        count = 0
        truncated = False
        for position, ref in enumerate(apps):
            if count >= self.max_nodes:
                truncated = True
                break
            left = deadline - time.monotonic()
            last = position == len(apps) - 1
            reader.deadline = time.monotonic() + (left if last else left / 2)
            try:
                if self.app is not None:
                    head = reader.walk([ref], max_depth=1, max_nodes=1).apps[0]
                    if not self._wanted(head):
                        continue
                walk = reader.walk([ref], max_depth=max_depth, max_nodes=self.max_nodes - count)
            except BusTimeout:
                hung.append(ref.bus)
                continue
            roots.extend(walk.apps)
            count += walk.nodes
            truncated = truncated or walk.truncated
        return Walk(tuple(roots), count, truncated), hung

    def _wanted(self, app: Node) -> bool:
        return self.app is None or app.name.casefold() == self.app.casefold()

    def _connect(self, deadline: float) -> DBusLink | None:
        """A link to the first accessibility bus that answers; ``None`` (and why) when none."""
        tried: list[str] = []
        for source, address in self._addresses(deadline, tried):
            try:
                return DBusLink.open(address, deadline)
            except BusUnavailable as exc:
                tried.append(f"{source}: {exc}")
        self._fail("no accessibility bus (" + ("; ".join(tried) or "nothing to try") + ")")
        return None

    def _addresses(self, deadline: float, tried: list[str]) -> Any:
        """Candidate ``(source, address)`` pairs, in libatspi's order (module docs)."""
        if self.bus_address:
            yield "bus_address", self.bus_address
            return
        env = os.environ.get("AT_SPI_BUS_ADDRESS")
        if env:
            yield "AT_SPI_BUS_ADDRESS", env
        if self.display_bus is not None:
            try:
                address = self.display_bus()
            except Exception as exc:  # the X property is a hint: a failure only skips it
                tried.append(f"AT_SPI_BUS on the display: {exc}")
                address = None
            if address:
                yield "AT_SPI_BUS on the display", address
        if not self.session_bus:
            return
        session = os.environ.get("DBUS_SESSION_BUS_ADDRESS")
        if not session:
            tried.append("DBUS_SESSION_BUS_ADDRESS is not set")
            return
        try:
            with DBusLink.open(session, deadline) as link:
                reply = link.call_many([_A11Y_BUS], deadline)[0]
        except BusUnavailable as exc:
            tried.append(f"session bus: {exc}")
            return
        if isinstance(reply, CallError):
            tried.append(f"session bus has no org.a11y.Bus: {reply.name}")
            return
        yield "org.a11y.Bus on the session bus", _text(reply[0])

    def _fail(self, why: str) -> None:
        self.last_failure = why
        log.info("AT-SPI tree unavailable: %s", why)


__all__ = [
    "CLICKABLE_ROLES",
    "AtspiTree",
    "BusFinder",
    "Node",
    "Ref",
    "State",
    "TreeReader",
    "Walk",
    "WindowScale",
    "elements_of",
    "states_of",
]
