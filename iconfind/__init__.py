"""iconfind: find UI elements — text and unlabeled icons — on any screen, and tap them.

>>> from iconfind import Locator, ReplayBackend
>>> locator = Locator(ReplayBackend("examples/snapshots/toolbar"))      # doctest: +SKIP
>>> locator.find("overflow menu").element.center                        # doctest: +SKIP
Point(x=1017, y=147)
"""

from iconfind.backends import DeviceBackend, ReplayBackend, parse_uiautomator_xml
from iconfind.backends.android import AndroidBackend
from iconfind.backends.base import AppAwareBackend, WindowInfo
from iconfind.backends.macos import MacBackend
from iconfind.backends.record import record_snapshot
from iconfind.backends.urls import backend_from_url
from iconfind.backends.web import Chromium, WebBackend
from iconfind.backends.windows import WindowsBackend
from iconfind.backends.x11 import X11Backend
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
    Element,
    FindError,
    FindResult,
    Point,
    Selector,
)
from iconfind.operations import AccessibilityReport, Screenshot, VisualSnapshot
from iconfind.patterns import IconClass, IconPatterns
from iconfind.pickers import OpenAIVisionPicker, Picker
from iconfind.scaling import Scaling, ScreenTransform
from iconfind.screen import Screen
from iconfind.strategies import (
    AccessibilityText,
    Grid,
    OcrText,
    Query,
    Recognizer,
    ResourceIdPatterns,
    Strategy,
    VisualCandidates,
    default_chain,
)

__version__ = "0.1.0"

__all__ = [
    "AccessibilityReport",
    "AccessibilityText",
    "AmbiguousError",
    "AndroidBackend",
    "AppAwareBackend",
    "BackendError",
    "BackendUrlError",
    "Bounds",
    "Candidate",
    "Chromium",
    "DesktopLearner",
    "DesktopTarget",
    "DeviceBackend",
    "DeviceTimeoutError",
    "Element",
    "FindError",
    "FindResult",
    "FollowUpError",
    "Grid",
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
    "NotResolvedError",
    "OcrText",
    "OcrUnavailableError",
    "OpenAIVisionPicker",
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
