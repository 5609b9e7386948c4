"""MacBackend through its seam: a recorded AX tree on a Retina screen (2 px per point)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from iconfind import MacBackend
from tests.backends.standins import RecordedAXSession
from tests.conformance.case import ConformanceCase


@contextmanager
def make_case(tmp_path: Path) -> Iterator[ConformanceCase]:
    session = RecordedAXSession()
    # The "New Note" button: AX frame (700, 70) 32x32 points = pixels [1400,140][1464,204].
    yield ConformanceCase(
        backend=MacBackend(session=session),
        tap_point=(1432, 172),
        tap_landed=lambda: session.clicks[-1:] == [(716.0, 86.0)],
    )
