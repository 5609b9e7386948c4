"""What reaches the MCP SDK from stdin: well-formed JSON-RPC only, every request answered.

The SDK's stdio reader hands a line it cannot validate to the session as an exception, which
drops it: a client that sent ``params`` as a string, an object as ``id``, a batch array, a NUL
byte, a request without ``method`` or 50k-deep arguments never hears back and waits forever.
:class:`GuardedLines` sits between stdin and the SDK and answers such lines itself, as JSON-RPC
2.0 says:

- not JSON (a NUL byte, truncated text, nesting deeper than :data:`MAX_DEPTH`): ``-32700``
  parse error, ``"id": null``;
- JSON that is not one request/notification/response object (a batch array, a bad ``id``, no
  ``method``, ``params`` that is not an object): ``-32600`` invalid request, with the request's
  ``id`` when it has a usable one, else ``null``.

Notifications (no ``id``) that are malformed are dropped, as JSON-RPC requires.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
MAX_DEPTH = 64
"""Deepest JSON nesting accepted in one message (tool arguments need a handful of levels)."""


def _too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests deeper than ``limit`` (iterative: no recursion on hostile input)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _usable_id(message: dict[str, Any]) -> str | int | None:
    value = message.get("id")
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    return None


def check_line(line: str) -> tuple[int, str, str | int | None] | None:
    """``None`` for a line the SDK may read; else ``(code, message, id)`` of the error to send
    (``id`` ``None`` means ``null``)."""
    if "\x00" in line:
        return PARSE_ERROR, "Parse error: NUL byte in the message", None
    if _too_deep_raw(line):  # refused before json builds it (50k levels)
        return PARSE_ERROR, f"Parse error: nested deeper than {MAX_DEPTH} levels", None
    try:
        message = json.loads(line)
    except (ValueError, RecursionError) as exc:
        return PARSE_ERROR, f"Parse error: {str(exc).splitlines()[0][:200]}", None
    if isinstance(message, list):
        return INVALID_REQUEST, "Invalid Request: batch arrays are not supported", None
    if not isinstance(message, dict):
        return INVALID_REQUEST, "Invalid Request: a message must be a JSON object", None
    has_id = "id" in message
    request_id = _usable_id(message)
    notification = not has_id and "method" in message
    problem: str | None = None
    if message.get("jsonrpc") != "2.0":
        problem = 'jsonrpc must be "2.0"'
    elif has_id and request_id is None:
        problem = "id must be a string or an integer"
    elif "method" not in message and "result" not in message and "error" not in message:
        problem = "no method"
    elif "method" in message and not isinstance(message["method"], str):
        problem = "method must be a string"
    elif "params" in message and not isinstance(message["params"], dict):
        problem = "params must be an object"
    elif _too_deep(message):
        return PARSE_ERROR, f"Parse error: nested deeper than {MAX_DEPTH} levels", request_id
    else:
        try:
            types.jsonrpc_message_adapter.validate_python(message, by_name=False)
        except Exception as exc:  # pydantic's ValidationError, whatever the SDK raises
            problem = str(exc).splitlines()[0][:200]
    if problem is None:
        return None
    if notification:
        return INVALID_REQUEST, "", None  # dropped: never answer a notification
    return INVALID_REQUEST, f"Invalid Request: {problem}", request_id


def _too_deep_raw(line: str) -> bool:
    """Bracket depth outside strings exceeds :data:`MAX_DEPTH` (brackets in strings ignored)."""
    depth = 0
    in_string = escaped = False
    for char in line:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


class GuardedLines:
    """An async line source for ``stdio_server(stdin=...)`` that answers bad lines itself.

    Call :meth:`attach` with the SDK's write stream once ``stdio_server`` has yielded it; lines
    read before that wait for it, so no error reply is lost.
    """

    def __init__(self, lines: AsyncIterator[str] | Any) -> None:
        self._lines = lines
        self._write: Any = None
        self._ready = anyio.Event()

    def attach(self, write_stream: Any) -> None:
        self._write = write_stream
        self._ready.set()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[str]:
        async for line in self._lines:
            if not line.strip():
                continue
            verdict = check_line(line)
            if verdict is None:
                yield line
                continue
            code, message, request_id = verdict
            if not message:
                continue  # a malformed notification: no reply
            await self._ready.wait()
            error = types.JSONRPCError(
                jsonrpc="2.0", id=request_id, error=types.ErrorData(code=code, message=message)
            )
            await self._write.send(SessionMessage(error))


__all__ = ["INVALID_REQUEST", "MAX_DEPTH", "PARSE_ERROR", "GuardedLines", "check_line"]
