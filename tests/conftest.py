"""Shared fixtures: the repository's paths and a way to run the real CLI as a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

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
