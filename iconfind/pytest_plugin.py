"""pytest plugin: a ``locator`` fixture on the backend named by ``--iconfind-backend URL``.

Give the option several times to spread pytest-xdist workers over several devices: worker ``gwN``
drives URL number ``N % count``, one backend per worker, created once per worker session::

    pytest -n 2 --iconfind-backend "appium+http://farm:4723/?platformName=Android&udid=A" \\
                --iconfind-backend "appium+http://farm:4723/?platformName=Android&udid=B"
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    # Every pytest run in an environment with iconfind loads this plugin: the library itself is
    # imported only when a test uses the fixtures.
    from iconfind._locator import Locator
    from iconfind.backends.base import DeviceBackend

OPTION = "--iconfind-backend"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("iconfind")
    group.addoption(
        OPTION,
        action="append",
        default=[],
        metavar="URL",
        help="backend URL for the `locator` fixture (repeat to give each xdist worker its own)",
    )


def worker_index() -> int:
    """This process's pytest-xdist worker number (0 without xdist)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else 0


@pytest.fixture(scope="session")
def iconfind_backend(request: pytest.FixtureRequest) -> Iterator[DeviceBackend]:
    """This worker's backend (see :data:`OPTION`)."""
    urls: list[str] = request.config.getoption(OPTION)
    if not urls:
        raise pytest.UsageError(f"the iconfind `locator` fixture needs {OPTION} URL")
    from iconfind.backends.urls import backend_from_url

    backend = backend_from_url(urls[worker_index() % len(urls)])
    yield backend
    close = getattr(backend, "close", None)
    if callable(close):
        close()


@pytest.fixture
def locator(iconfind_backend: DeviceBackend) -> Locator:
    """A Locator on this worker's backend."""
    from iconfind._locator import Locator

    return Locator(iconfind_backend)
