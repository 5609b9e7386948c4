"""AppiumBackend on a real Appium server with the fake driver."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from iconfind.backends.appium import AppiumBackend
from tests.appium_server import last_tap, shared_server
from tests.conformance.case import ConformanceCase


@contextmanager
def make_case(tmp_path: Path) -> Iterator[ConformanceCase]:
    server = shared_server()
    with AppiumBackend(server.url, server.capabilities(tmp_path)) as backend:
        yield ConformanceCase(
            backend=backend,
            tap_point=(337, 428),
            tap_landed=lambda: last_tap(server, backend.session_id) == (337, 428),
        )
