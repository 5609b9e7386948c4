"""iconfind: find UI elements — text and unlabeled icons — on any screen, and tap them.

>>> from iconfind import Locator, ReplayBackend
>>> locator = Locator(ReplayBackend("examples/snapshots/toolbar"))      # doctest: +SKIP
>>> locator.find("overflow menu").element.center                        # doctest: +SKIP
Point(x=1017, y=147)
"""

from iconfind._errors import (
    BackendError,
    FollowUpError,
    IconfindError,
    InvalidBoundsError,
    InvalidQueryError,
    OcrUnavailableError,
    PatternFileError,
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
from iconfind.strategies import (
    AccessibilityText,
    OcrText,
    Query,
    ResourceIdPatterns,
    Strategy,
    default_chain,
)

__version__ = "0.1.0"

__all__ = [
    "AccessibilityText",
    "BackendError",
    "Bounds",
    "Candidate",
    "DeviceBackend",
    "Element",
    "FindError",
    "FindResult",
    "FollowUpError",
    "IconClass",
    "IconPatterns",
    "IconfindError",
    "InvalidBoundsError",
    "InvalidQueryError",
    "Locator",
    "NotResolvedError",
    "OcrText",
    "OcrUnavailableError",
    "PatternFileError",
    "Point",
    "Query",
    "ReplayBackend",
    "ResourceIdPatterns",
    "Scaling",
    "Screen",
    "ScreenTransform",
    "Selector",
    "SnapshotError",
    "Strategy",
    "__version__",
    "default_chain",
    "parse_uiautomator_xml",
]
