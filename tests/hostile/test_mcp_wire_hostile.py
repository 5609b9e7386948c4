"""Issue 22 item 10: every malformed MCP message gets a JSON-RPC error, over real stdio."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.agent.test_mcp_server import REPO
from tests.hostile.snapshots import SNAPSHOTS


class Wire:
    """``iconfind mcp`` as a subprocess, spoken to line by line."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "iconfind", "mcp", "--replay", str(SNAPSHOTS / "toolbar")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )

    def send(self, line: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def receive(self, timeout: float = 120) -> dict[str, Any]:
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        assert ready, "no reply"
        line = self.proc.stdout.readline()
        assert line, "the server closed stdout"
        answer: dict[str, Any] = json.loads(line)
        return answer


@pytest.fixture(scope="module")
def wire() -> Iterator[Wire]:
    server = Wire()
    server.send(
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "hostile", "version": "1"},
                },
            }
        ).encode()
    )
    assert server.receive()["id"] == 0
    server.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    yield server
    assert server.proc.stdin is not None
    server.proc.stdin.close()
    assert server.proc.wait(timeout=60) == 0
    assert server.proc.stderr is not None
    assert "Traceback" not in server.proc.stderr.read().decode()


DEEP = (
    b'{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"ui","arguments":'
    + b'{"a":' * 50_000
    + b"1"
    + b"}" * 50_000
    + b"}}"
)
CASES = [
    (
        "params as a string",
        b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":"x"}',
        -32600,
        1,
    ),
    ("an object as id", b'{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}', -32600, None),
    ("a batch array", b'[{"jsonrpc":"2.0","id":3,"method":"tools/list"}]', -32600, None),
    ("a NUL byte", b'{"jsonrpc":"2.0","id":4,"method":"tools/list"\x00}', -32700, None),
    ("no method", b'{"jsonrpc":"2.0","id":5}', -32600, 5),
    ("50k-deep arguments", DEEP, -32700, None),
    ("not JSON", b"tools/list please", -32700, None),
    ("a boolean id", b'{"jsonrpc":"2.0","id":true,"method":"ping"}', -32600, None),
]


@pytest.mark.parametrize(("name", "line", "code", "request_id"), CASES, ids=[c[0] for c in CASES])
def test_garbage_gets_a_json_rpc_error(
    wire: Wire, name: str, line: bytes, code: int, request_id: int | None
) -> None:
    wire.send(line)
    answer = wire.receive()
    assert answer["jsonrpc"] == "2.0"
    assert answer["id"] == request_id
    assert answer["error"]["code"] == code, name
    # ... and the server still answers well-formed requests.
    wire.send(b'{"jsonrpc":"2.0","id":99,"method":"ping"}')
    assert wire.receive() == {"jsonrpc": "2.0", "id": 99, "result": {}}


def test_malformed_notification_gets_no_reply_and_nothing_hangs(wire: Wire) -> None:
    wire.send(b'{"jsonrpc":"2.0","method":"notifications/x","params":"nope"}')
    wire.send(b'{"jsonrpc":"2.0","id":"after","method":"tools/list"}')
    answer = wire.receive()
    assert answer["id"] == "after" and answer["result"]["tools"][0]["name"] == "ui"
