"""AndroidBackend through its seam: a uiautomator2 stand-in serving a real recorded dump."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from iconfind import AndroidBackend
from tests.backends.standins import RecordedU2Device, android_dump
from tests.conformance.case import ConformanceCase


@contextmanager
def make_case(tmp_path: Path) -> Iterator[ConformanceCase]:
    device = RecordedU2Device([android_dump("settings_home.xml")])
    # The "Network & internet" row, [0,1269][1080,1524] in the dump.
    yield ConformanceCase(
        backend=AndroidBackend(device=device),
        tap_point=(540, 1396),
        tap_landed=lambda: device.clicks[-1:] == [(540, 1396)],
    )
