"""Memory: lookup and write latency of ``iconfind.memory.SQLiteMemory`` with 1,000 and 100,000
stored targets, in a real SQLite file in a temporary directory.

The Memory API was being built in parallel when this section was written, so the two calls it
times go through :func:`_adapter`: it looks for a write method and a lookup method by common
names and reports ``None`` plus the reason (the methods it found) when it cannot tell. Wiring a
new API in is a change to ``_adapter`` only.
"""

from __future__ import annotations

import inspect
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench._timing import median_seconds, unavailable

KEYS = ("memory_lookup_ms", "memory_write_ms")
WRITE_NAMES = ("remember", "record", "store", "put", "save", "upsert", "add")
LOOKUP_NAMES = ("lookup", "recall", "get", "find", "query")


def _adapter(memory: Any) -> tuple[Callable[[int], Any], Callable[[int], Any]]:
    """``(write(i), lookup(i))`` for the i-th synthetic target, or :class:`LookupError`."""
    methods = {name for name, _ in inspect.getmembers(memory, callable) if not name.startswith("_")}
    write_name = next((n for n in WRITE_NAMES if n in methods), None)
    lookup_name = next((n for n in LOOKUP_NAMES if n in methods), None)
    if write_name is None or lookup_name is None:
        raise LookupError(f"no write/lookup method recognised among {sorted(methods)}")
    write, lookup = getattr(memory, write_name), getattr(memory, lookup_name)
    app = "com.example.bench"

    def do_write(i: int) -> Any:
        return write(app=app, label=f"target {i}", x=(i * 37) % 1080, y=(i * 53) % 2400)

    def do_lookup(i: int) -> Any:
        return lookup(app=app, label=f"target {i}")

    return do_write, do_lookup


def measure(quick: bool = False) -> dict[str, Any]:
    try:
        from iconfind.memory import SQLiteMemory
    except ImportError as exc:
        return unavailable(KEYS, f"iconfind.memory.SQLiteMemory not present ({exc})")
    sizes = (1_000, 100_000) if not quick else (1_000, 20_000)
    lookup_ms: dict[str, float] = {}
    write_ms: float | None = None
    try:
        for size in sizes:
            with tempfile.TemporaryDirectory() as tmp:
                memory = SQLiteMemory(Path(tmp) / "memory.sqlite3")
                write, lookup = _adapter(memory)
                for i in range(size):
                    write(i)
                probe = iter(range(0, size, max(1, size // 97)))
                lookup_ms[str(size)] = round(
                    median_seconds(lambda p=probe, s=size, fn=lookup: fn(next(p, s // 2)), 31)
                    * 1000,
                    3,
                )
                fresh = iter(range(size, size + 1000))
                write_ms = round(
                    median_seconds(lambda f=fresh, fn=write: fn(next(f)), 31) * 1000, 3
                )
                close = getattr(memory, "close", None)
                if callable(close):
                    close()
    except Exception as exc:
        return unavailable(KEYS, f"SQLiteMemory could not be driven: {type(exc).__name__}: {exc}")
    return {"memory_lookup_ms": lookup_ms, "memory_write_ms": write_ms}
