"""Windows through uiautomation (``pip install 'iconfind[windows]'``, Windows only).

The backend talks to one small *session* object: ``root()`` (a uiautomation ``Control`` with
``Name``, ``AutomationId``, ``ControlTypeName``, ``BoundingRectangle`` (left/top/right/bottom),
``IsOffscreen``, ``IsEnabled``, ``IsPassword`` and ``GetChildren()``), ``screenshot()``,
``desktop_size()`` in UIA units, ``click(x, y)`` and ``type_text(text)``. Tests pass a session
serving recorded UIA trees; only :class:`_UiaSession` touches the SDK.

DPI scaling: when the process is not DPI aware, UIA reports scaled-down (logical) coordinates
while screenshots are physical pixels. The factor is measured (screenshot width / desktop width
in UIA units): bounds are multiplied by it and taps divided, so taps land where the screenshot
shows the control.
"""

from __future__ import annotations

from typing import Any, Protocol

from PIL import Image

from iconfind.backends._sdk import DesktopBackend, import_sdk
from iconfind.backends.base import BackendInfo
from iconfind.models import Bounds, Element, Point

SDK_ROOTS = ("uiautomation", "comtypes", "_ctypes")

CLICKABLE_TYPES = frozenset(
    {
        "ButtonControl",
        "CheckBoxControl",
        "ComboBoxControl",
        "DataItemControl",
        "EditControl",
        "HyperlinkControl",
        "ListItemControl",
        "MenuItemControl",
        "RadioButtonControl",
        "SplitButtonControl",
        "TabItemControl",
        "TreeItemControl",
    }
)
CHECKABLE_TYPES = frozenset({"CheckBoxControl", "RadioButtonControl"})


class UiaSession(Protocol):
    """The one seam between :class:`WindowsBackend` and Windows."""

    def root(self) -> Any:
        """The window to read (a uiautomation ``WindowControl``)."""
        ...

    def screenshot(self) -> Image.Image:
        """The primary screen in pixels."""
        ...

    def desktop_size(self) -> tuple[float, float]:
        """The primary screen's size in UIA units (the root control's rectangle)."""
        ...

    def click(self, x: int, y: int) -> None: ...

    def type_text(self, text: str) -> None: ...


class _UiaSession:  # pragma: no cover - Windows only
    def __init__(self, window: str | None) -> None:
        self.auto = import_sdk(
            "uiautomation", platform="win32", extra="windows", backend="WindowsBackend"
        )
        self.window = window

    def root(self) -> Any:
        if self.window is None:
            return self.auto.GetForegroundControl()
        return self.auto.WindowControl(searchDepth=1, SubName=self.window)

    def screenshot(self) -> Image.Image:
        from PIL import ImageGrab

        return ImageGrab.grab()

    def desktop_size(self) -> tuple[float, float]:
        rect = self.auto.GetRootControl().BoundingRectangle
        return float(rect.right - rect.left), float(rect.bottom - rect.top)

    def click(self, x: int, y: int) -> None:
        self.auto.Click(x, y)

    def type_text(self, text: str) -> None:
        # SendKeys reads {Name} as a key; braces typed literally are {{} and {}}.
        self.auto.SendKeys("".join({"{": "{{}", "}": "{}}"}.get(c, c) for c in text))


def _attr(control: Any, name: str) -> Any:
    try:
        return getattr(control, name)
    except Exception:  # a property the control does not support (COM error): absent
        return None


class WindowsBackend(DesktopBackend):
    """The foreground window (or the top-level window whose title contains ``window``).

    ``session`` replaces the uiautomation connection (tests, recordings). Without it,
    uiautomation is imported: off Windows that raises :class:`~iconfind.PlatformNotSupportedError`.
    Offscreen controls (``IsOffscreen``) are left out of the tree with their subtrees.
    """

    sdk_roots = SDK_ROOTS

    def __init__(self, window: str | None = None, session: UiaSession | None = None) -> None:
        self.window = window
        self.session: UiaSession = session if session is not None else _UiaSession(window)
        self._title = ""

    def __repr__(self) -> str:
        return f"WindowsBackend(window={self.window!r})"

    def _api_size(self) -> tuple[float, float]:
        return self.session.desktop_size()

    def _walk(self) -> list[Element]:
        root = self.session.root()
        factor = self.scale.factor
        self._title = str(_attr(root, "Name") or "")
        elements: list[Element] = []
        stack: list[tuple[Any, int, int | None]] = [(root, 0, None)]
        while stack:
            control, depth, parent = stack.pop()
            if _attr(control, "IsOffscreen") is True:
                continue
            element = self._element(control, factor, len(elements), depth, parent)
            own = parent
            if element is not None:
                own = element.index
                elements.append(element)
            children = control.GetChildren() or []
            stack.extend((child, depth + 1, own) for child in reversed(list(children)))
        return elements

    def _element(
        self, control: Any, factor: float, index: int, depth: int, parent: int | None
    ) -> Element | None:
        rect = _attr(control, "BoundingRectangle")
        if rect is None:
            return None
        left, top, right, bottom = (
            float(getattr(rect, k)) for k in ("left", "top", "right", "bottom")
        )
        if right <= left or bottom <= top:
            return None
        kind = str(_attr(control, "ControlTypeName") or "")
        toggle = _attr(control, "ToggleState")
        return Element(
            bounds=Bounds(
                round(left * factor),
                round(top * factor),
                round(right * factor),
                round(bottom * factor),
            ),
            text=str(_attr(control, "Name") or ""),
            content_desc=str(_attr(control, "HelpText") or ""),
            resource_id=str(_attr(control, "AutomationId") or ""),
            class_name=kind,
            package=self._title,
            clickable=kind in CLICKABLE_TYPES,
            enabled=_attr(control, "IsEnabled") is not False,
            focusable=_attr(control, "IsKeyboardFocusable") is True,
            checkable=kind in CHECKABLE_TYPES,
            checked=kind in CHECKABLE_TYPES and toggle == 1,
            password=_attr(control, "IsPassword") is True,
            index=index,
            depth=depth,
            parent=parent,
        )

    def tap(self, x: int, y: int) -> None:
        ux, uy = self.scale.to_api(Point(x, y))
        self._call("tap", lambda: self.session.click(round(ux), round(uy)))

    @property
    def density(self) -> float:
        """Screenshot pixels per UIA unit (the 48-unit target rule is applied in UIA units)."""
        return self.scale.factor

    @property
    def meta(self) -> BackendInfo:
        """Same as :meth:`info` (the name older code reads)."""
        return self.info()

    def info(self) -> BackendInfo:
        """Platform, frontmost app and window, and pixels per API unit."""
        if not self._title:
            self.hierarchy()
        return BackendInfo(platform="windows", window=self._title, density=self.density)


__all__ = ["UiaSession", "WindowsBackend"]
