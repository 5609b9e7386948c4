"""Issue 22 through the agent tools: ToolBox in process and ``iconfind mcp`` with the mcp client.

Items: 1 (no action without its durable audit record), 3 (bounded answers), 5 (screenshots only
under the output directory), 6 (one app-name normalisation for the rails).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest
from mcp import ClientSession

from iconfind import Locator, Point, ReplayBackend, Scaling
from iconfind.agent import Rails, ToolBox
from iconfind.agent.paging import MAX_RESULT_CHARS
from iconfind.backends.base import WindowInfo
from iconfind.errors import AuditLogError, InvalidArgumentError
from iconfind.memory import AppBlocklist
from tests.agent.test_mcp_server import REPO, run_session, text_of
from tests.hostile.snapshots import SNAPSHOTS, many_items

TAP = {"operation": "tap", "x": 10, "y": 10}


def toolbar() -> ReplayBackend:
    return ReplayBackend(SNAPSHOTS / "toolbar")


# -- 1: the audit record is durable before the action, or nothing happens ------------------------


def test_unwritable_audit_path_is_refused_at_construction(tmp_path: Path) -> None:
    with pytest.raises(AuditLogError, match="cannot be written"):
        Rails(audit_path=tmp_path / "missing" / "dir" / "audit.jsonl")


def test_full_disk_audit_refuses_the_action_and_taps_nothing() -> None:
    backend = toolbar()
    box = ToolBox(Locator(backend, scaling=Scaling.raw()), rails=Rails(audit_path="/dev/full"))
    answer = box.call("ui", TAP)
    assert answer["error"] == "audit_unavailable"
    assert "not performed" in answer["message"]
    assert backend.taps == []
    assert box.rails.audit == []  # nothing happened, nothing to record


def test_started_line_is_on_disk_before_the_device_is_touched(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    seen: list[list[str]] = []

    class Watching(ReplayBackend):
        def tap(self, x: int, y: int) -> None:
            seen.append(log.read_text().splitlines())  # what a crash here would leave
            super().tap(x, y)

    backend = Watching(SNAPSHOTS / "toolbar")
    box = ToolBox(Locator(backend, scaling=Scaling.raw()), rails=Rails(audit_path=log))
    assert "tapped" in box.call("ui", TAP)
    [before] = seen
    assert [json.loads(line)["outcome"] for line in before] == ["started"]
    assert [json.loads(line)["outcome"] for line in log.read_text().splitlines()] == [
        "started",
        "performed",
    ]


def test_mcp_refuses_an_unwritable_audit_log_at_start_up(tmp_path: Path) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "iconfind",
            "mcp",
            "--replay",
            str(SNAPSHOTS / "toolbar"),
            "--audit-log",
            str(tmp_path / "nope" / "a.jsonl"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    [line] = proc.stderr.splitlines()
    assert line.startswith("iconfind: audit log ") and "cannot be written" in line


def test_mcp_with_a_full_audit_log_does_not_tap() -> None:
    async def script(session: ClientSession) -> Any:
        return await session.call_tool("ui", TAP)

    result = run_session(
        ["--replay", str(SNAPSHOTS / "toolbar"), "--audit-log", "/dev/full"], script
    )
    assert result.is_error
    assert text_of(result)["error"] == "audit_unavailable"


# -- 3: answers to agents are bounded and pageable ------------------------------------------------


def test_dump_of_20k_nodes_is_one_bounded_page_with_a_way_on(tmp_path: Path) -> None:
    backend = ReplayBackend(many_items(tmp_path / "big", 20_000))
    box = ToolBox(Locator(backend, scaling=Scaling.raw()))
    first = box.call("ui", {"operation": "dump"})
    assert len(json.dumps(first)) <= MAX_RESULT_CHARS
    page = first["page"]
    assert page["total"] == 20_001 and page["truncated"] is True and page["offset"] == 0
    assert page["count"] == len(first["elements"]) > 0
    second = box.call("ui", {"operation": "dump", "offset": page["nextOffset"], "limit": 5})
    assert [e["index"] for e in second["elements"]] == list(
        range(page["nextOffset"], page["nextOffset"] + 5)
    )
    assert second["elements"][0]["text"] == f"Item {page['nextOffset'] - 1}"
    # A find that fits is not paged; one that does not is.
    found = box.call("ui", {"operation": "find", "selector": {"textContains": "Item 1999"}})
    assert len(found["elements"]) == 11 and "page" not in found
    many = box.call("ui", {"operation": "find", "selector": {"textContains": "Item"}})
    assert many["page"]["total"] == 20_000 and many["page"]["truncated"] is True
    assert len(json.dumps(many)) <= MAX_RESULT_CHARS


def test_cli_json_keeps_the_whole_answer(tmp_path: Path, run_cli: Any) -> None:
    snap = many_items(tmp_path / "big", 3_000)
    out = run_cli("dump", "--replay", snap, "--json")
    assert out.returncode == 0, out.stderr
    answer = out.json()
    assert len(answer["elements"]) == 3_001 and "page" not in answer


def test_mcp_dump_is_bounded_and_pages(tmp_path: Path) -> None:
    snap = many_items(tmp_path / "big", 20_000)

    async def script(session: ClientSession) -> Any:
        listed = await session.list_tools()
        first = await session.call_tool("ui", {"operation": "dump"})
        nxt = text_of(first)["page"]["nextOffset"]
        second = await session.call_tool("ui", {"operation": "dump", "offset": nxt, "limit": 3})
        return listed, first, second

    listed, first, second = run_session(["--replay", str(snap), "--raw"], script)
    props = listed.tools[0].input_schema["properties"]
    assert {"offset", "limit"} <= set(props)
    block = first.content[0]
    assert isinstance(block, types.TextContent) and len(block.text) <= MAX_RESULT_CHARS
    assert text_of(first)["page"]["truncated"] is True
    assert len(text_of(second)["elements"]) == 3


# -- 5: screenshot files only under the output directory ------------------------------------------


@pytest.mark.parametrize(
    "path",
    ["../escape.png", "sub/../../escape.png", "/tmp/iconfind-hostile-escape.png", "link/x.png"],
)
def test_screenshot_paths_leaving_the_output_dir_are_refused(tmp_path: Path, path: str) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "link").symlink_to(tmp_path)
    box = ToolBox(Locator(toolbar()), output_dir=out)
    answer = box.call("ui", {"operation": "screenshot", "localPath": path})
    assert answer["error"] == "invalid_arguments" and answer["field"] == "localPath"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert not Path("/tmp/iconfind-hostile-escape.png").exists()


def test_screenshot_symlinked_file_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.png"
    victim.write_bytes(b"keep me")
    (out / "shot.png").symlink_to(victim)
    box = ToolBox(Locator(toolbar()), output_dir=out)
    answer = box.call("ui", {"operation": "screenshot", "localPath": "shot.png"})
    assert answer["error"] == "invalid_arguments"
    assert victim.read_bytes() == b"keep me"


def test_screenshot_inside_output_dir_and_default_temp_dir(tmp_path: Path) -> None:
    box = ToolBox(Locator(toolbar()), output_dir=tmp_path)
    saved = box.call("ui", {"operation": "screenshot", "localPath": "a/b.png"})
    assert Path(saved["path"]) == tmp_path.resolve() / "a" / "b.png"
    absolute = box.call("ui", {"operation": "screenshot", "localPath": str(tmp_path / "c.png")})
    assert Path(absolute["path"]) == tmp_path.resolve() / "c.png"
    default = ToolBox(Locator(toolbar()))
    shot = default.call("ui", {"operation": "screenshot"})
    assert Path(shot["path"]).parent.name.startswith("iconfind-")
    assert Path(shot["path"]).is_file()
    with pytest.raises(InvalidArgumentError):
        ToolBox(Locator(toolbar()), output_dir=tmp_path / "missing")


def test_mcp_screenshot_stays_in_output_dir(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()

    async def script(session: ClientSession) -> Any:
        bad = await session.call_tool(
            "ui", {"operation": "screenshot", "localPath": str(tmp_path / "x.png")}
        )
        good = await session.call_tool("ui", {"operation": "screenshot", "localPath": "y.png"})
        return bad, good

    bad, good = run_session(
        ["--replay", str(SNAPSHOTS / "toolbar"), "--output-dir", str(out)], script
    )
    assert bad.is_error and text_of(bad)["field"] == "localPath"
    assert not (tmp_path / "x.png").exists()
    assert not good.is_error and (out / "y.png").is_file()


# -- 6: one normalisation of app names ------------------------------------------------------------


@pytest.mark.parametrize("entry", ["com.example.notes ", " COM.Example.NOTES", "com.example.*\t"])
def test_rails_block_entries_are_normalised_like_memory(entry: str) -> None:
    backend = toolbar()
    box = ToolBox(Locator(backend, scaling=Scaling.raw()), rails=Rails(blocklist=[entry]))
    assert box.call("ui", TAP)["error"] == "blocked_app"
    assert box.call("ui", {"operation": "dump"})["error"] == "blocked_app"
    assert backend.taps == []
    if "*" not in entry:
        assert AppBlocklist([entry]).blocks(WindowInfo(app="com.example.notes"))


def test_mcp_block_with_trailing_space_blocks() -> None:
    async def script(session: ClientSession) -> Any:
        return await session.call_tool("ui", TAP)

    result = run_session(
        ["--replay", str(SNAPSHOTS / "toolbar"), "--block", "com.example.notes "], script
    )
    assert text_of(result)["error"] == "blocked_app"


def test_blank_block_entries_block_nothing_but_do_not_crash() -> None:
    backend = toolbar()
    box = ToolBox(Locator(backend, scaling=Scaling.raw()), rails=Rails(blocklist=["  "]))
    assert box.call("ui", TAP)["tapped"] == Point(10, 10).to_dict()
