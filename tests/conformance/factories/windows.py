"""WindowsBackend through its seam: a recorded UIA tree at 150 % DPI."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from iconfind import WindowsBackend
from tests.backends.standins import RecordedUiaSession
from tests.conformance.case import ConformanceCase


def _inside_close(clicks: list[tuple[int, int]]) -> bool:
    # The Close button's rectangle in UIA units: left 1054, top 50, right 1100, bottom 80.
    return bool(clicks) and 1054 <= clicks[-1][0] < 1100 and 50 <= clicks[-1][1] < 80


@contextmanager
def make_case(tmp_path: Path) -> Iterator[ConformanceCase]:
    session = RecordedUiaSession()
    # Close at [1581,75][1650,120] in screenshot pixels.
    yield ConformanceCase(
        backend=WindowsBackend(session=session),
        tap_point=(1615, 97),
        tap_landed=lambda: _inside_close(session.clicks),
    )
