"""iconfind: find UI elements — text and unlabeled icons — on any screen, and tap them.

>>> from iconfind import Locator, ReplayBackend
>>> locator = Locator(ReplayBackend("examples/snapshots/toolbar"))      # doctest: +SKIP
>>> locator.find("overflow menu").element.center                        # doctest: +SKIP
Point(x=1017, y=147)
"""

from iconfind._errors import (
    BackendError,
    BackendUrlError,
    DeviceTimeoutError,
    FollowUpError,
    IconfindError,
    InvalidBoundsError,
    InvalidQueryError,
    PatternFileError,
    PickerError,
    PlatformNotSupportedError,
    RecognizerUnavailableError,
    SnapshotError,
)
from iconfind._locator import Locator, NotResolvedError
from iconfind._models import (
    Bounds,
    Candidate,
    Element,
    FindError,
    FindResult,
    Point,
    Selector,
)
from iconfind._patterns import IconClass, IconPatterns
from iconfind._scaling import Scaling, ScreenTransform
from iconfind._screen import Screen
from iconfind.backends import DeviceBackend, ReplayBackend, parse_uiautomator_xml
from iconfind.backends.android import AndroidBackend
from iconfind.backends.macos import MacBackend
from iconfind.backends.record import record_snapshot
from iconfind.backends.urls import backend_from_url
from iconfind.backends.web import Chromium, WebBackend
from iconfind.backends.windows import WindowsBackend
from iconfind.backends.x11 import X11Backend
from iconfind.operations import AccessibilityReport, Screenshot, VisualSnapshot
from iconfind.pickers import OpenAIVisionPicker, Picker
from iconfind.strategies import (
    AccessibilityText,
    Grid,
    IconRecognizer,
    Query,
    ResourceIdPatterns,
    Strategy,
    VisualCandidates,
    default_chain,
)

__version__ = "0.1.0"

__all__ = [
    "AccessibilityReport",
    "AccessibilityText",
    "AndroidBackend",
    "BackendError",
    "BackendUrlError",
    "Bounds",
    "Candidate",
    "Chromium",
    "DeviceBackend",
    "DeviceTimeoutError",
    "Element",
    "FindError",
    "FindResult",
    "FollowUpError",
    "Grid",
    "IconClass",
    "IconPatterns",
    "IconRecognizer",
    "IconfindError",
    "InvalidBoundsError",
    "InvalidQueryError",
    "Locator",
    "MacBackend",
    "NotResolvedError",
    "OpenAIVisionPicker",
    "PatternFileError",
    "Picker",
    "PickerError",
    "PlatformNotSupportedError",
    "Point",
    "Query",
    "RecognizerUnavailableError",
    "ReplayBackend",
    "ResourceIdPatterns",
    "Scaling",
    "Screen",
    "ScreenTransform",
    "Screenshot",
    "Selector",
    "SnapshotError",
    "Strategy",
    "VisualCandidates",
    "VisualSnapshot",
    "WebBackend",
    "WindowsBackend",
    "X11Backend",
    "__version__",
    "backend_from_url",
    "default_chain",
    "parse_uiautomator_xml",
    "record_snapshot",
]
