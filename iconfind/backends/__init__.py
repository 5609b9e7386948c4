"""Device backends: one module per kind of screen, all speaking :class:`DeviceBackend`.

Names are imported on first use (PEP 562 ``__getattr__``), so importing
``iconfind.backends.base`` does not load the replay backend's image decoder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from iconfind._lazy import attach

if TYPE_CHECKING:
    from iconfind.backends.base import (
        AppAwareBackend,
        BackendInfo,
        BaseBackend,
        DescribedBackend,
        DeviceBackend,
        WindowInfo,
    )
    from iconfind.backends.mock import MockBackend, MockCall, MockScreen
    from iconfind.backends.replay import ReplayBackend, SnapshotMeta
    from iconfind.backends.uiautomator_xml import format_uiautomator_xml, parse_uiautomator_xml

_LAZY = {
    "AppAwareBackend": "iconfind.backends.base",
    "BackendInfo": "iconfind.backends.base",
    "BaseBackend": "iconfind.backends.base",
    "DescribedBackend": "iconfind.backends.base",
    "DeviceBackend": "iconfind.backends.base",
    "MockBackend": "iconfind.backends.mock",
    "MockCall": "iconfind.backends.mock",
    "MockScreen": "iconfind.backends.mock",
    "ReplayBackend": "iconfind.backends.replay",
    "SnapshotMeta": "iconfind.backends.replay",
    "WindowInfo": "iconfind.backends.base",
    "format_uiautomator_xml": "iconfind.backends.uiautomator_xml",
    "parse_uiautomator_xml": "iconfind.backends.uiautomator_xml",
}
__getattr__, __dir__ = attach(__name__, _LAZY)

__all__ = [
    "AppAwareBackend",
    "BackendInfo",
    "BaseBackend",
    "DescribedBackend",
    "DeviceBackend",
    "MockBackend",
    "MockCall",
    "MockScreen",
    "ReplayBackend",
    "SnapshotMeta",
    "WindowInfo",
    "format_uiautomator_xml",
    "parse_uiautomator_xml",
]
