"""``iconfind mcp`` as a subprocess, driven by the mcp SDK's own stdio client."""

from __future__ import annotations

import base64
import io
import json
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
from mcp import ClientSession, StdioServerParameters, stdio_client
from PIL import Image

from iconfind import Bounds, Candidate, Candidates, FindResult
from iconfind.agent.mcp import tool_result

REPO = Path(__file__).resolve().parents[2]


def run_session(
    args: list[str], script: Callable[[ClientSession], Awaitable[Any]], timeout: float = 60
) -> Any:
    """Start ``python -m iconfind mcp ARGS`` from this checkout and run ``script`` against it."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "iconfind", "mcp", *args],
        env={"PYTHONPATH": str(REPO), **{k: v for k, v in os.environ.items() if k == "PATH"}},
        cwd=str(REPO),
    )

    async def main() -> Any:
        with anyio.fail_after(timeout):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                return await script(session)

    return anyio.run(main)


def text_of(result: types.CallToolResult) -> dict[str, Any]:
    first = result.content[0]
    assert isinstance(first, types.TextContent)
    answer: dict[str, Any] = json.loads(first.text)
    return answer


def test_list_find_and_tap_over_stdio(snapshots: Path, tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"

    async def script(session: ClientSession) -> Any:
        tools = await session.list_tools()
        found = await session.call_tool(
            "ui", {"operation": "find", "selector": {"text": "overflow menu"}}
        )
        tapped = await session.call_tool("ui", {"operation": "tap", "elementIndex": 0})
        bad = await session.call_tool("ui", {"operation": "tap", "x": 3})
        return tools, found, tapped, bad

    tools, found, tapped, bad = run_session(
        ["--replay", str(snapshots / "toolbar"), "--audit-log", str(audit)], script
    )

    [ui] = tools.tools
    assert ui.name == "ui"
    assert ui.input_schema["required"] == ["operation"]
    assert "find" in ui.input_schema["properties"]["operation"]["enum"]

    assert not found.is_error
    answer = text_of(found)
    assert answer["tier"] == 2
    assert answer["source"] == "accessibility"
    assert answer["scaleFactor"] == 2.4  # default scaling: 1000 px, image space
    assert answer["elements"][0]["resourceId"] == "com.example.notes:id/iv_more_options"
    assert found.structured_content == answer

    assert not tapped.is_error
    assert text_of(tapped)["tapped"] == {"x": 419, "y": 65}
    # Write-ahead: a durable "started" line before the tap, then its outcome.
    started, record = [json.loads(line) for line in audit.read_text().splitlines()]
    assert started["outcome"] == "started"
    assert record["kind"] == "tap"
    assert record["outcome"] == "performed"
    assert record["app"] == "com.example.notes"
    assert record["result"] == {"tapped": {"x": 419, "y": 65}}

    assert bad.is_error
    assert text_of(bad) == {
        "error": "invalid_arguments",
        "field": "y",
        "message": "y is needed with x",
    }


def test_rails_flags_reach_the_server(snapshots: Path) -> None:
    async def script(session: ClientSession) -> Any:
        tap = {"operation": "tap", "x": 1, "y": 1}
        first = await session.call_tool("ui", tap)
        second = await session.call_tool("ui", tap)
        return first, second

    first, second = run_session(
        ["--replay", str(snapshots / "toolbar"), "--raw", "--max-actions-per-minute", "1"], script
    )
    assert text_of(first)["tapped"] == {"x": 1, "y": 1}
    assert second.is_error
    assert text_of(second)["error"] == "rate_limited"

    blocked = run_session(
        ["--replay", str(snapshots / "toolbar"), "--block", "com.example.notes"],
        lambda session: session.call_tool("ui", {"operation": "dump"}),
    )
    assert blocked.is_error
    assert text_of(blocked)["error"] == "blocked_app"


def test_mcp_without_a_screen_is_a_usage_error(run_cli: Callable[..., Any]) -> None:
    result = run_cli("mcp")
    assert result.returncode == 2
    assert result.stderr.startswith("iconfind: usage: no screen given: pass --replay SNAPSHOT")
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""


def _jpeg_base64(color: str) -> str:
    buffer = io.BytesIO()
    Image.new("RGB", (48, 48), color).save(buffer, "JPEG")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def test_pictures_become_image_content() -> None:
    crops = [_jpeg_base64("red"), _jpeg_base64("blue")]
    result = FindResult(
        Candidates(
            [
                Candidate(index=i, bounds=Bounds(0, 84 * i, 147, 84 * i + 147), image=crop)
                for i, crop in enumerate(crops)
            ],
            total_candidates=2,
        )
    )
    content = tool_result(result.to_dict()).content
    assert [block.type for block in content] == ["text", "image", "image"]
    assert isinstance(content[0], types.TextContent)
    text = json.loads(content[0].text)
    assert [c["image"] for c in text["candidates"]] == ["<image 1>", "<image 2>"]
    assert text["totalCandidates"] == 2
    images = [block for block in content[1:] if isinstance(block, types.ImageContent)]
    assert [(image.mime_type, image.data) for image in images] == [
        ("image/jpeg", crops[0]),
        ("image/jpeg", crops[1]),
    ]
    decoded = Image.open(io.BytesIO(base64.b64decode(images[1].data)))
    assert decoded.getpixel((24, 24))[2] > 200  # the blue crop, intact
