"""Memory: lookup and write latency of ``iconfind.memory.SQLiteMemory`` with 1,000 and 100,000
stored targets, in a real SQLite file in a temporary directory.

Write: ``remember`` (teach one target, audited); lookup: ``lookup`` by app and label (indexed).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from bench._timing import median_seconds
from iconfind.memory import SQLiteMemory

APP = "com.example.bench"


def _write(memory: SQLiteMemory, i: int) -> None:
    memory.remember(APP, f"target {i}", (i * 37) % 1080, (i * 53) % 2400)


def _lookup(memory: SQLiteMemory, i: int) -> None:
    memory.lookup(APP, f"target {i}")


def measure(quick: bool = False) -> dict[str, Any]:
    sizes = (1_000, 100_000) if not quick else (1_000, 20_000)
    lookup_ms: dict[str, float] = {}
    write_ms: float | None = None
    for size in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            memory = SQLiteMemory(Path(tmp) / "memory.sqlite3")
            for i in range(size):
                _write(memory, i)
            probe = iter(range(0, size, max(1, size // 97)))
            lookup_ms[str(size)] = round(
                median_seconds(lambda p=probe, s=size, m=memory: _lookup(m, next(p, s // 2)), 31)
                * 1000,
                3,
            )
            fresh = iter(range(size, size + 1000))
            write_ms = round(
                median_seconds(lambda f=fresh, m=memory: _write(m, next(f)), 31) * 1000, 3
            )
            memory.close()
    return {"memory_lookup_ms": lookup_ms, "memory_write_ms": write_ms}
