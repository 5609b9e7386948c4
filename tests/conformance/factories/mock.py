"""MockBackend (the in-memory test backend) serving a real snapshot's pixels and tree."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from iconfind import Point, ReplayBackend
from iconfind.backends import MockBackend, MockScreen
from tests.conformance.case import ConformanceCase

SNAPSHOT = Path(__file__).resolve().parents[3] / "examples" / "snapshots" / "anr_dialog"


@contextmanager
def make_case(tmp_path: Path) -> Iterator[ConformanceCase]:
    replay = ReplayBackend(SNAPSHOT)
    backend = MockBackend(MockScreen(replay.screenshot(), replay.hierarchy()), info=replay.info())
    with backend:
        yield ConformanceCase(
            backend=backend,
            tap_point=(540, 1331),
            tap_landed=lambda: backend.taps[-1:] == [Point(540, 1331)],
        )
