"""Fixtures for the live tests: pages in the shared Chromium, the Tk program on the shared Xvfb."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from iconfind.backends.web import WebBackend
from tests.live import resources


@pytest.fixture(scope="session", autouse=True)
def _live_resources() -> Iterator[None]:
    """Stop the shared Chromium, page server and Xvfb when the session ends."""
    yield
    resources.shutdown()


@pytest.fixture
def open_page() -> Iterator[Callable[..., WebBackend]]:
    """``open_page("toolbar.html", viewport=(w, h), device_scale_factor=f)``: a fresh page."""
    opened: list[WebBackend] = []

    def open_(name: str, **kwargs: object) -> WebBackend:
        backend = resources.open_page(name, **kwargs)  # type: ignore[arg-type]
        opened.append(backend)
        return backend

    yield open_
    for backend in opened:
        backend.close()


@pytest.fixture
def xvfb() -> str:
    """The shared Xvfb's display name (``":N"``)."""
    return resources.xvfb_display()


@pytest.fixture
def tk_app(tmp_path: Path) -> Iterator[Path]:
    """The Tk program running on the shared Xvfb; yields its click log."""
    with resources.tk_app(tmp_path) as log:
        yield log
