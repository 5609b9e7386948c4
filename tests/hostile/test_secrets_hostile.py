"""Issue 22 item 9: nothing under a password-flagged node leaves iconfind, anywhere."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from mcp import ClientSession

from iconfind import Locator, ReplayBackend, Scaling
from iconfind.agent import ToolBox
from iconfind.memory import AppBlocklist, SQLiteMemory, get_screen_context
from tests.agent.test_mcp_server import run_session
from tests.hostile.snapshots import password_subtree

SECRET = "hunter2secret"


def test_locator_find_and_dump_never_show_the_secret(tmp_path: Path) -> None:
    backend = ReplayBackend(password_subtree(tmp_path / "snap"))
    locator = Locator(backend, scaling=Scaling.raw())
    dumped = locator.dump()
    assert SECRET not in repr(dumped.to_dict())
    assert [e.label for e in dumped.elements if e.text == "Sign in"]  # the rest is intact
    found = locator.find(SECRET)
    assert not found.elements or all(SECRET not in repr(e.to_dict()) for e in found.elements)
    box = ToolBox(Locator(backend, scaling=Scaling.raw()))
    for args in (
        {"operation": "dump"},
        {"operation": "find", "selector": {"text": SECRET}},
        {"operation": "accessibility-check"},
    ):
        assert SECRET not in repr(box.call("ui", args))


def test_cli_never_prints_the_secret(tmp_path: Path, run_cli: Any) -> None:
    snap = password_subtree(tmp_path / "snap")
    for args in (
        ("dump", "--json"),
        ("find", SECRET, "--json", "--no-recognition"),
        ("accessibility-check", "--json"),
    ):
        out = run_cli(*args, "--replay", snap)
        assert SECRET not in out.stdout + out.stderr


def test_memory_database_never_stores_the_secret(tmp_path: Path) -> None:
    backend = ReplayBackend(password_subtree(tmp_path / "snap"))
    db = tmp_path / "memory.sqlite3"
    with SQLiteMemory(db) as memory:
        context = get_screen_context(backend, memory, blocklist=AppBlocklist([]))
        assert SECRET not in context.to_text()
        assert any(t.label == "Sign in" for t in context.targets)
    raw = (
        db.read_bytes() + (tmp_path / "memory.sqlite3-wal").read_bytes()
        if (tmp_path / "memory.sqlite3-wal").exists()
        else db.read_bytes()
    )
    assert SECRET.encode() not in raw
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT label FROM targets UNION ALL SELECT detail FROM audit")
        assert all(SECRET not in str(row) for row in rows)


def test_mcp_never_answers_the_secret(tmp_path: Path) -> None:
    snap = password_subtree(tmp_path / "snap")

    async def script(session: ClientSession) -> Any:
        dumped = await session.call_tool("ui", {"operation": "dump"})
        found = await session.call_tool("ui", {"operation": "find", "selector": {"text": SECRET}})
        return dumped, found

    for result in run_session(["--replay", str(snap)], script):
        assert SECRET not in repr(result.content)
