"""Memory fixtures: real SQLite files in tmp_path, target factories, snapshot writers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from iconfind import Bounds, Element, Point
from iconfind.backends.uiautomator_xml import format_uiautomator_xml
from iconfind.memory import DesktopTarget, SQLiteMemory
from iconfind.memory.postgres import PostgresMemory
from tests.conftest import REPO, SNAPSHOTS
from tests.memory.stores import KINDS, open_memory_store
from tests.memory.stores import memory_store as memory_store
from tests.memory.stores import postgres_cluster as postgres_cluster

APP = "com.example.notes"
WINDOW = "Notes"


def make_target(
    tid: str = "t1",
    *,
    x: int = 100,
    y: int = 100,
    confidence: float = 0.5,
    source: str = "a11y",
    label: str = "Submit",
    role: str = "button",
    hit_count: int = 0,
    app: str = APP,
    window: str = WINDOW,
    **changes: Any,
) -> DesktopTarget:
    """A 40 x 20 target centred on ``(x, y)``."""
    changes.setdefault("first_seen", 1000.0)
    changes.setdefault("last_seen", 1000.0)
    return DesktopTarget(
        id=tid,
        app_name=app,
        window_title=window,
        role=role,
        label=label,
        bounds=Bounds(x - 20, y - 10, x + 20, y + 10),
        click_point=Point(x, y),
        confidence=confidence,
        source=source,
        hit_count=hit_count,
        **changes,
    )


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "memory.sqlite3"


@pytest.fixture
def memory(
    request: pytest.FixtureRequest, db_path: Path
) -> Iterator[SQLiteMemory | PostgresMemory]:
    """An SQLite store; tests marked ``@both_stores`` get a PostgreSQL one as well."""
    yield from open_memory_store(request, getattr(request, "param", "sqlite"), db_path)


both_stores = pytest.mark.parametrize("memory", KINDS, indirect=True)
"""Run a test that takes ``memory`` against SQLite and against PostgreSQL."""


def write_snapshot(
    directory: Path,
    image: Image.Image,
    elements: Sequence[Element] | None,
    *,
    app: str = APP,
    window: str = WINDOW,
) -> Path:
    """A snapshot directory (docs/contract.md section 1) for ReplayBackend."""
    directory.mkdir(parents=True, exist_ok=True)
    image.save(directory / "screenshot.png")
    if elements is not None:
        (directory / "hierarchy.xml").write_text(
            format_uiautomator_xml(list(elements)), encoding="utf-8"
        )
    (directory / "meta.json").write_text(
        json.dumps({"platform": "android", "app": app, "window": window}), encoding="utf-8"
    )
    return directory


@pytest.fixture
def snapshot_writer(tmp_path: Path) -> Callable[..., Path]:
    def write(name: str, image: Image.Image, elements: Sequence[Element] | None, **kw: Any) -> Path:
        return write_snapshot(tmp_path / name, image, elements, **kw)

    return write


def python(code: str, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh Python process using this checkout."""
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        check=False,
    )


def popen(code: str, *args: str) -> subprocess.Popen[str]:
    """Start ``code`` in a fresh Python process (stdin/stdout pipes)."""
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )


def run_together(code: str, argvs: list[list[str]], *, printed: str, timeout: float) -> None:
    """Start ``code`` once per argument list, release all of them at once (each waits for a
    line on stdin first), and check that each exits cleanly having printed ``printed``."""
    children = [popen(code, *argv) for argv in argvs]
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    for child in children:
        stdout, stderr = child.communicate(timeout=timeout)
        assert child.returncode == 0, stderr
        assert stdout.strip() == printed


__all__ = [
    "APP",
    "SNAPSHOTS",
    "WINDOW",
    "both_stores",
    "make_target",
    "popen",
    "python",
    "run_together",
    "write_snapshot",
]
