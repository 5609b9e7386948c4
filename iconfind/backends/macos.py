"""macOS through atomacos (``pip install 'iconfind[macos]'``, macOS only).

The backend talks to one small *session* object: ``root()`` (the app's AX element, whose
attributes are atomacos's: ``AXRole``, ``AXTitle``, ``AXDescription``, ``AXValue``,
``AXIdentifier``, ``AXPosition`` (x, y), ``AXSize`` (width, height), ``AXEnabled``,
``AXChildren``…), ``screenshot()``, ``screen_points()``, ``click(x, y)`` in points and
``type_text(text)``. Tests pass a session serving recorded AX trees; only
:class:`_AtomacosSession` touches the SDK.

Retina: AX frames are in points, screenshots in pixels. Bounds are scaled by the measured
backing scale factor (screenshot width / screen width in points), and taps divided by it, so a
tap lands where the screenshot shows the element.
"""

from __future__ import annotations

from typing import Any, Protocol

from PIL import Image

from iconfind.backends._sdk import DesktopBackend, import_sdk
from iconfind.backends.base import BackendInfo
from iconfind.models import Bounds, Element, Point

SDK_ROOTS = ("atomacos", "objc", "Quartz", "AppKit", "ApplicationServices", "Foundation")

CLICKABLE_ROLES = frozenset(
    {
        "AXButton",
        "AXCheckBox",
        "AXComboBox",
        "AXDisclosureTriangle",
        "AXIncrementor",
        "AXLink",
        "AXMenuBarItem",
        "AXMenuButton",
        "AXMenuItem",
        "AXPopUpButton",
        "AXRadioButton",
        "AXSlider",
        "AXTab",
        "AXTextArea",
        "AXTextField",
    }
)
TEXT_VALUE_ROLES = frozenset({"AXStaticText", "AXTextField", "AXTextArea", "AXComboBox"})
CHECKABLE_ROLES = frozenset({"AXCheckBox", "AXRadioButton"})
SECURE_SUBROLE = "AXSecureTextField"


class AXSession(Protocol):
    """The one seam between :class:`MacBackend` and macOS."""

    def root(self) -> Any:
        """The AX element of the application to read (``AXRole == "AXApplication"``)."""
        ...

    def screenshot(self) -> Image.Image:
        """The main screen, in pixels."""
        ...

    def screen_points(self) -> tuple[float, float]:
        """The main screen's size in points."""
        ...

    def click(self, x: float, y: float) -> None:
        """A left click at a point (global screen coordinates)."""
        ...

    def type_text(self, text: str) -> None: ...


class _AtomacosSession:  # pragma: no cover - macOS only
    def __init__(self, app: str | None) -> None:
        self.atomacos = import_sdk(
            "atomacos", platform="darwin", extra="macos", backend="MacBackend"
        )
        self.appkit = import_sdk("AppKit", platform="darwin", extra="macos", backend="MacBackend")
        self.app = app

    def root(self) -> Any:
        if self.app is None:
            return self.atomacos.getFrontmostApp()
        if "." in self.app:
            return self.atomacos.getAppRefByBundleId(self.app)
        return self.atomacos.getAppRefByLocalizedName(self.app)

    def screenshot(self) -> Image.Image:
        from PIL import ImageGrab

        return ImageGrab.grab()

    def screen_points(self) -> tuple[float, float]:
        size = self.appkit.NSScreen.mainScreen().frame().size
        return float(size.width), float(size.height)

    def click(self, x: float, y: float) -> None:
        self.root().clickMouseButtonLeft((x, y))

    def type_text(self, text: str) -> None:
        self.root().sendKeys(text)


def _attr(node: Any, name: str) -> Any:
    """An AX attribute, or ``None`` when the element does not support it."""
    try:
        return getattr(node, name)
    except Exception:  # atomacos raises for unsupported attributes; absent is the answer
        return None


def _pair(value: Any, first: str, second: str) -> tuple[float, float] | None:
    if value is None:
        return None
    if hasattr(value, first) and hasattr(value, second):
        return float(getattr(value, first)), float(getattr(value, second))
    try:
        a, b = value
        return float(a), float(b)
    except (TypeError, ValueError):
        return None


class MacBackend(DesktopBackend):
    """The frontmost macOS app (or ``app``: a bundle id like ``com.apple.TextEdit`` or a name).

    ``session`` replaces the atomacos connection (tests, recordings). Without it, atomacos is
    imported: off macOS that raises :class:`~iconfind.PlatformNotSupportedError`.
    """

    sdk_roots = SDK_ROOTS

    def __init__(self, app: str | None = None, session: AXSession | None = None) -> None:
        self.app = app
        self.session: AXSession = session if session is not None else _AtomacosSession(app)
        self._window = ""
        self._app_title = ""

    def __repr__(self) -> str:
        return f"MacBackend(app={self.app!r})"

    def _api_size(self) -> tuple[float, float]:
        return self.session.screen_points()

    def _walk(self) -> list[Element]:
        root = self.session.root()
        factor = self.scale.factor
        self._app_title = str(_attr(root, "AXTitle") or "")
        self._window = ""
        elements: list[Element] = []
        stack: list[tuple[Any, int, int | None]] = [(root, 0, None)]
        while stack:
            node, depth, parent = stack.pop()
            element = self._element(node, factor, len(elements), depth, parent)
            own = parent
            if element is not None:
                own = element.index
                elements.append(element)
            children = _attr(node, "AXChildren") or []
            stack.extend((child, depth + 1, own) for child in reversed(list(children)))
        return elements

    def _element(
        self, node: Any, factor: float, index: int, depth: int, parent: int | None
    ) -> Element | None:
        role = str(_attr(node, "AXRole") or "")
        title = str(_attr(node, "AXTitle") or "")
        if role == "AXWindow" and not self._window:
            self._window = title
        position = _pair(_attr(node, "AXPosition"), "x", "y")
        size = _pair(_attr(node, "AXSize"), "width", "height")
        if role == "AXApplication" or position is None or size is None:
            return None
        subrole = str(_attr(node, "AXSubrole") or "")
        password = subrole == SECURE_SUBROLE
        value = _attr(node, "AXValue")
        text = title
        if not text and role in TEXT_VALUE_ROLES and isinstance(value, str) and not password:
            text = value
        return Element(
            bounds=Bounds.from_xywh(
                position[0] * factor, position[1] * factor, size[0] * factor, size[1] * factor
            ),
            text=text,
            content_desc=str(_attr(node, "AXDescription") or ""),
            resource_id=str(_attr(node, "AXIdentifier") or ""),
            class_name=role,
            package=self._app_title,
            clickable=role in CLICKABLE_ROLES,
            enabled=_attr(node, "AXEnabled") is not False,
            focusable=role in CLICKABLE_ROLES,
            checkable=role in CHECKABLE_ROLES,
            checked=role in CHECKABLE_ROLES and value in (1, True),
            selected=_attr(node, "AXSelected") is True,
            password=password,
            index=index,
            depth=depth,
            parent=parent,
        )

    def tap(self, x: int, y: int) -> None:
        px, py = self.scale.to_api(Point(x, y))
        self._call("tap", lambda: self.session.click(px, py))

    @property
    def density(self) -> float:
        """Pixels per point: the 48-unit touch-target rule is applied in points."""
        return self.scale.factor

    @property
    def meta(self) -> BackendInfo:
        """Same as :meth:`info` (the name older code reads)."""
        return self.info()

    def info(self) -> BackendInfo:
        """Platform, frontmost app and window, and pixels per API unit."""
        if not self._app_title:
            self.hierarchy()
        return BackendInfo(
            platform="macos", app=self._app_title, window=self._window, density=self.density
        )


__all__ = ["AXSession", "MacBackend"]
