"""iconfind: find UI elements — text and unlabeled icons — on any screen, and tap them.

>>> from iconfind import Locator, ReplayBackend
>>> locator = Locator(ReplayBackend("examples/snapshots/toolbar"))      # doctest: +SKIP
>>> locator.find("overflow menu").element.center                        # doctest: +SKIP
Point(x=1017, y=147)

``import iconfind`` is cheap: every public name below is imported from its module on first use
(PEP 562 ``__getattr__``), so a script that only replays a snapshot never pays for OpenCV, NumPy,
httpx, the memory store or the desktop backends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from iconfind._lazy import attach
from iconfind.errors import (
    AmbiguousError,
    BackendError,
    BackendUrlError,
    DeviceTimeoutError,
    FollowUpError,
    IconfindError,
    InvalidArgumentError,
    InvalidBoundsError,
    InvalidQueryError,
    MemoryStoreError,
    OcrUnavailableError,
    PatternFileError,
    PickerError,
    PlatformNotSupportedError,
    RecognizerUnavailableError,
    SnapshotError,
)

if TYPE_CHECKING:
    from iconfind.backends.android import AndroidBackend
    from iconfind.backends.base import AppAwareBackend, BackendInfo, DeviceBackend, WindowInfo
    from iconfind.backends.macos import MacBackend
    from iconfind.backends.mock import MockBackend, MockScreen
    from iconfind.backends.record import record_snapshot
    from iconfind.backends.replay import ReplayBackend
    from iconfind.backends.uiautomator_xml import parse_uiautomator_xml
    from iconfind.backends.urls import backend_from_url
    from iconfind.backends.web import Chromium, WebBackend
    from iconfind.backends.windows import WindowsBackend
    from iconfind.backends.x11 import X11Backend
    from iconfind.locator import Locator, NotResolvedError
    from iconfind.memory import (
        DesktopLearner,
        DesktopTarget,
        Memory,
        MemoryStrategy,
        ScreenContext,
        SQLiteMemory,
        get_screen_context,
    )
    from iconfind.models import (
        Bounds,
        Candidate,
        Candidates,
        Element,
        Empty,
        Failure,
        FindError,
        FindResult,
        Found,
        GridStep,
        Outcome,
        Point,
        Selector,
    )
    from iconfind.operations import AccessibilityReport, Screenshot, VisualSnapshot
    from iconfind.patterns import IconClass, IconPatterns
    from iconfind.pickers.base import Picker
    from iconfind.pickers.openai import OpenAIVisionPicker
    from iconfind.scaling import Scaling, ScreenTransform
    from iconfind.screen import Screen
    from iconfind.strategies import default_chain
    from iconfind.strategies.accessibility import AccessibilityText
    from iconfind.strategies.base import Query, Strategy
    from iconfind.strategies.grid import Grid
    from iconfind.strategies.ocr import OcrText
    from iconfind.strategies.resource_id import ResourceIdPatterns
    from iconfind.strategies.visual import Recognizer, VisualCandidates

__version__ = "0.1.0"

_LAZY: dict[str, str] = {
    "AccessibilityReport": "iconfind.operations",
    "AccessibilityText": "iconfind.strategies.accessibility",
    "AndroidBackend": "iconfind.backends.android",
    "AppAwareBackend": "iconfind.backends.base",
    "BackendInfo": "iconfind.backends.base",
    "Bounds": "iconfind.models",
    "Candidate": "iconfind.models",
    "Candidates": "iconfind.models",
    "Chromium": "iconfind.backends.web",
    "DesktopLearner": "iconfind.memory",
    "DesktopTarget": "iconfind.memory",
    "DeviceBackend": "iconfind.backends.base",
    "Element": "iconfind.models",
    "Empty": "iconfind.models",
    "Failure": "iconfind.models",
    "FindError": "iconfind.models",
    "FindResult": "iconfind.models",
    "Found": "iconfind.models",
    "Grid": "iconfind.strategies.grid",
    "GridStep": "iconfind.models",
    "IconClass": "iconfind.patterns",
    "IconPatterns": "iconfind.patterns",
    "Locator": "iconfind.locator",
    "MacBackend": "iconfind.backends.macos",
    "Memory": "iconfind.memory",
    "MemoryStrategy": "iconfind.memory",
    "MockBackend": "iconfind.backends.mock",
    "MockScreen": "iconfind.backends.mock",
    "NotResolvedError": "iconfind.locator",
    "OcrText": "iconfind.strategies.ocr",
    "OpenAIVisionPicker": "iconfind.pickers.openai",
    "Outcome": "iconfind.models",
    "Picker": "iconfind.pickers.base",
    "Point": "iconfind.models",
    "Query": "iconfind.strategies.base",
    "Recognizer": "iconfind.strategies.visual",
    "ReplayBackend": "iconfind.backends.replay",
    "ResourceIdPatterns": "iconfind.strategies.resource_id",
    "SQLiteMemory": "iconfind.memory",
    "Scaling": "iconfind.scaling",
    "Screen": "iconfind.screen",
    "ScreenContext": "iconfind.memory",
    "ScreenTransform": "iconfind.scaling",
    "Screenshot": "iconfind.operations",
    "Selector": "iconfind.models",
    "Strategy": "iconfind.strategies.base",
    "VisualCandidates": "iconfind.strategies.visual",
    "VisualSnapshot": "iconfind.operations",
    "WebBackend": "iconfind.backends.web",
    "WindowInfo": "iconfind.backends.base",
    "WindowsBackend": "iconfind.backends.windows",
    "X11Backend": "iconfind.backends.x11",
    "backend_from_url": "iconfind.backends.urls",
    "default_chain": "iconfind.strategies",
    "get_screen_context": "iconfind.memory",
    "parse_uiautomator_xml": "iconfind.backends.uiautomator_xml",
    "record_snapshot": "iconfind.backends.record",
}


__getattr__, __dir__ = attach(__name__, _LAZY)


__all__ = [
    "AccessibilityReport",
    "AccessibilityText",
    "AmbiguousError",
    "AndroidBackend",
    "AppAwareBackend",
    "BackendError",
    "BackendInfo",
    "BackendUrlError",
    "Bounds",
    "Candidate",
    "Candidates",
    "Chromium",
    "DesktopLearner",
    "DesktopTarget",
    "DeviceBackend",
    "DeviceTimeoutError",
    "Element",
    "Empty",
    "Failure",
    "FindError",
    "FindResult",
    "FollowUpError",
    "Found",
    "Grid",
    "GridStep",
    "IconClass",
    "IconPatterns",
    "IconfindError",
    "InvalidArgumentError",
    "InvalidBoundsError",
    "InvalidQueryError",
    "Locator",
    "MacBackend",
    "Memory",
    "MemoryStoreError",
    "MemoryStrategy",
    "MockBackend",
    "MockScreen",
    "NotResolvedError",
    "OcrText",
    "OcrUnavailableError",
    "OpenAIVisionPicker",
    "Outcome",
    "PatternFileError",
    "Picker",
    "PickerError",
    "PlatformNotSupportedError",
    "Point",
    "Query",
    "Recognizer",
    "RecognizerUnavailableError",
    "ReplayBackend",
    "ResourceIdPatterns",
    "SQLiteMemory",
    "Scaling",
    "Screen",
    "ScreenContext",
    "ScreenTransform",
    "Screenshot",
    "Selector",
    "SnapshotError",
    "Strategy",
    "VisualCandidates",
    "VisualSnapshot",
    "WebBackend",
    "WindowInfo",
    "WindowsBackend",
    "X11Backend",
    "__version__",
    "backend_from_url",
    "default_chain",
    "get_screen_context",
    "parse_uiautomator_xml",
    "record_snapshot",
]
