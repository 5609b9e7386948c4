"""Shared fixtures: the repository's paths and a way to run the real CLI as a subprocess."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

# Outcome tests must not depend on how busy the machine is: every Locator and CLI run without an
# explicit budget gets one it cannot hit. Budgets themselves are tested with backends that really
# hang (tests/test_deadline.py), and the default budget by the timing-marked tests.
os.environ["ICONFIND_BUDGET"] = "600"

REPO = Path(__file__).resolve().parent.parent
SNAPSHOTS = REPO / "examples" / "snapshots"


@attrs.frozen
class CliRun:
    """One finished ``python -m iconfind`` process."""

    returncode: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)


@pytest.fixture
def run_cli() -> Callable[..., CliRun]:
    """Run ``python -m iconfind ARGS`` from this checkout (not whatever is installed)."""

    def run(*args: str | os.PathLike[str], timeout: float = 120) -> CliRun:
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        env.pop("ICONFIND_DEBUG", None)
        proc = subprocess.run(
            [sys.executable, "-m", "iconfind", *map(str, args)],
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
            check=False,
        )
        return CliRun(proc.returncode, proc.stdout, proc.stderr)

    return run


@pytest.fixture
def snapshots() -> Path:
    """``examples/snapshots``: the committed example snapshots."""
    return SNAPSHOTS


def png_claiming(width: int, height: int) -> bytes:
    """A PNG of no pixels whose header claims ``width`` x ``height`` (a decompression bomb)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")
