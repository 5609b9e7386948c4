"""``iconfind mcp``: the agent tools as an MCP server over stdio (extra ``iconfind[mcp]``).

Built on the official ``mcp`` SDK (2.x), low-level :class:`mcp.server.lowlevel.Server`: the
tool list is :data:`~iconfind.agent.schemas.TOOLS` as is, and every call goes through one
:class:`~iconfind.agent.ToolBox`, so MCP clients get the same validation, rails and wire form as
in-process agents. A result comes back as one text content holding the JSON answer (pictures
replaced by ``"<image N>"`` placeholders) followed by one image content per picture (tier-4
candidate crops, the tier-5 grid, screenshots). ``isError`` is set for tool errors
(:data:`~iconfind.agent.tools.TOOL_ERRORS`), not for a ``not_found`` answer.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from typing import Any

import anyio
import anyio.to_thread
import mcp.types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from iconfind.agent.images import split_images
from iconfind.agent.mcp_wire import GuardedLines
from iconfind.agent.tools import TOOL_ERRORS, ToolBox

SERVER_NAME = "iconfind"
INSTRUCTIONS = (
    "Find and tap UI elements, text and unlabeled icons, on the connected screen. Start with "
    "ui find (or dump); answer candidate images with candidateIndex and grid images with "
    "gridCell/gridPosition. Coordinates are in screenshot image space."
)


def tool_result(answer: dict[str, Any]) -> types.CallToolResult:
    """A ToolBox answer as MCP content: JSON text first, then the pictures."""
    text, images = split_images(answer)
    content: list[types.TextContent | types.ImageContent] = [
        types.TextContent(type="text", text=json.dumps(text, ensure_ascii=False))
    ]
    content.extend(
        types.ImageContent(type="image", data=image.data, mime_type=image.mime_type)
        for image in images
    )
    return types.CallToolResult(
        content=list(content),
        structured_content=text,
        is_error=answer.get("error") in TOOL_ERRORS,
    )


def build_server(toolbox: ToolBox) -> Server[Any]:
    """An MCP server exposing ``toolbox``'s tools."""
    from iconfind import __version__

    async def list_tools(
        _ctx: ServerRequestContext[Any], _params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(
            tools=[
                types.Tool(name=spec.name, description=spec.description, input_schema=spec.schema())
                for spec in toolbox.specs
            ]
        )

    async def call_tool(
        _ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        arguments = dict(params.arguments or {})
        # The device calls block: run them off the event loop (ToolBox serialises them).
        answer = await anyio.to_thread.run_sync(toolbox.call, params.name, arguments)
        return tool_result(answer)

    return Server(
        SERVER_NAME,
        version=__version__,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


class _Unowned(io.TextIOWrapper):
    """A text layer over stdin that never closes the process's own stdin buffer."""

    def close(self) -> None:
        with contextlib.suppress(ValueError):  # already detached
            self.detach()


async def serve_stdio(toolbox: ToolBox) -> None:
    """Serve ``toolbox`` over stdin/stdout until the client closes the connection."""
    server = build_server(toolbox)
    # The SDK drops lines it cannot validate without a reply; GuardedLines answers them.
    stdin = GuardedLines(
        anyio.wrap_file(_Unowned(sys.stdin.buffer, encoding="utf-8", errors="replace"))
    )
    async with stdio_server(stdin=stdin) as (read_stream, write_stream):  # type: ignore[arg-type]
        stdin.attach(write_stream)
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run_stdio(toolbox: ToolBox) -> None:
    """Blocking :func:`serve_stdio` (what ``iconfind mcp`` runs)."""
    anyio.run(serve_stdio, toolbox)


__all__ = ["INSTRUCTIONS", "SERVER_NAME", "build_server", "run_stdio", "serve_stdio", "tool_result"]
