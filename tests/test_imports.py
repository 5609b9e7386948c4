"""Every module imports on its own, in a fresh interpreter (no hidden order dependency, no cycle
that only a particular import order survives)."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "iconfind"


def module_names() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts[-1] == "__main__":
            continue  # runs the CLI when imported
        names.append(".".join(parts))
    return names


def import_alone(name: str) -> tuple[str, int, str]:
    done = subprocess.run(
        [sys.executable, "-c", f"import {name}"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    return name, done.returncode, done.stderr.strip().splitlines()[-1:][0] if done.stderr else ""


def test_every_module_imports_alone_in_a_fresh_interpreter() -> None:
    names = module_names()
    assert len(names) > 60
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(import_alone, names))
    failed = [(name, error) for name, code, error in results if code != 0]
    assert failed == []
