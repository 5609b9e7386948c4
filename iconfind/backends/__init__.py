"""Device backends: one module per kind of screen, all speaking :class:`DeviceBackend`."""

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
