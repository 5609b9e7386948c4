"""pytest plugin: a ``locator`` fixture, and a snapshot of the screen for every failing test.

Installed with iconfind (entry point ``pytest11``). The backend URL comes from, first found:

- ``--iconfind-backend URL`` (repeat it to spread pytest-xdist workers over several devices:
  worker ``gwN`` drives URL number ``N % count``, one backend per worker session);
- the ini option ``iconfind_backend`` (one URL per line);
- the environment variable ``ICONFIND_BACKEND`` (URLs separated by whitespace).

::

    pytest -n 2 --iconfind-backend "appium+http://farm:4723/?platformName=Android&udid=A" \\
                --iconfind-backend "appium+http://farm:4723/?platformName=Android&udid=B"

When a test that used ``locator`` fails, the screen at that moment is written as a snapshot
directory (``screenshot.png``, ``hierarchy.xml``, ``meta.json``: docs/contract.md section 1)
under ``--iconfind-snapshots DIR`` / ini ``iconfind_snapshots`` / ``$ICONFIND_SNAPSHOTS``
(default ``.iconfind-failures`` in the rootdir; ``off`` disables it), one directory per test,
named after its node id. Replay it with ``iconfind find QUERY --replay DIR`` or
``Locator(ReplayBackend(DIR))``; the report names the directory.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from pluggy import Result

if TYPE_CHECKING:
    # Every pytest run in an environment with iconfind loads this plugin: the library itself is
    # imported only when a test uses the fixtures (or one of them fails).
    from iconfind.backends.base import DeviceBackend
    from iconfind.locator import Locator

OPTION = "--iconfind-backend"
SNAPSHOTS_OPTION = "--iconfind-snapshots"
BACKEND_INI, SNAPSHOTS_INI = "iconfind_backend", "iconfind_snapshots"
BACKEND_ENV, SNAPSHOTS_ENV = "ICONFIND_BACKEND", "ICONFIND_SNAPSHOTS"
DEFAULT_SNAPSHOTS = ".iconfind-failures"
OFF = "off"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("iconfind")
    group.addoption(
        OPTION,
        action="append",
        default=[],
        metavar="URL",
        help="backend URL for the `locator` fixture (repeat to give each xdist worker its own)",
    )
    group.addoption(
        SNAPSHOTS_OPTION,
        default=None,
        metavar="DIR",
        help=f"where failing tests' screens are saved (default {DEFAULT_SNAPSHOTS}; 'off': never)",
    )
    parser.addini(BACKEND_INI, "backend URLs for the `locator` fixture", type="linelist")
    parser.addini(SNAPSHOTS_INI, "where failing tests' screens are saved", default="")


def backend_urls(config: pytest.Config) -> list[str]:
    """The URLs the ``locator`` fixture may use: the option, else the ini, else the env."""
    urls: list[str] = list(config.getoption(OPTION) or [])
    if not urls:
        urls = [u for u in config.getini(BACKEND_INI) if u.strip()]
    if not urls:
        urls = os.environ.get(BACKEND_ENV, "").split()
    return urls


def snapshots_dir(config: pytest.Config) -> Path | None:
    """Where failure snapshots go (``None``: disabled)."""
    raw = (
        config.getoption(SNAPSHOTS_OPTION)
        or str(config.getini(SNAPSHOTS_INI) or "")
        or os.environ.get(SNAPSHOTS_ENV, "")
        or DEFAULT_SNAPSHOTS
    )
    if raw.strip().lower() == OFF:
        return None
    path = Path(raw).expanduser()
    return path if path.is_absolute() else Path(config.rootpath) / path


def worker_index() -> int:
    """This process's pytest-xdist worker number (0 without xdist)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else 0


@pytest.fixture(scope="session")
def iconfind_backend(request: pytest.FixtureRequest) -> Iterator[DeviceBackend]:
    """This worker's backend (see the module docstring)."""
    urls = backend_urls(request.config)
    if not urls:
        raise pytest.UsageError(
            f"the iconfind `locator` fixture needs a backend: {OPTION} URL, the ini option "
            f"{BACKEND_INI}, or ${BACKEND_ENV}"
        )
    from iconfind.backends.urls import backend_from_url

    backend = backend_from_url(urls[worker_index() % len(urls)])
    yield backend
    close = getattr(backend, "close", None)
    if callable(close):
        close()


@pytest.fixture
def locator(iconfind_backend: DeviceBackend) -> Locator:
    """A Locator on this worker's backend; its screen is saved if the test fails."""
    from iconfind.locator import Locator

    return Locator(iconfind_backend)


def snapshot_name(nodeid: str) -> str:
    """A directory name for a test: its node id with path separators and oddities replaced."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid).strip("_")[:200] or "test"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Result[pytest.TestReport], None]:
    outcome = yield
    report = outcome.get_result()
    if report.failed and report.when == "call":
        _save_failure(item, report)


def _save_failure(item: pytest.Item, report: pytest.TestReport) -> None:
    funcargs = getattr(item, "funcargs", {})
    used = funcargs.get("locator")
    if used is None:
        return  # the test used no iconfind locator: nothing of ours loads
    from iconfind._budget import device_call
    from iconfind._deadline import Deadline
    from iconfind.errors import IconfindError
    from iconfind.locator import Locator

    if not isinstance(used, Locator):
        return
    root = snapshots_dir(item.config)
    if root is None:
        return
    from iconfind.backends.record import record_snapshot

    target = root / snapshot_name(item.nodeid)
    try:
        if target.is_dir():
            shutil.rmtree(target)  # this test's own snapshot from an earlier run
        # Bounded: a device that died with the test must not hang the run.
        device_call(
            used.backend,
            "record",
            lambda: record_snapshot(used.backend, target),
            Deadline.after(used.budget_s),
        )
    except (IconfindError, OSError) as exc:  # the test's failure stays the story
        report.sections.append(("iconfind", f"screen not saved: {exc}"))
        return
    report.sections.append(
        ("iconfind", f"screen saved: {target} (replay: iconfind find QUERY --replay {target})")
    )
    report.user_properties.append(("iconfind_snapshot", str(target)))
