"""examples/agent_loop.py against a real HTTP server on 127.0.0.1 playing a scripted model."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from iconfind import Locator, Point, ReplayBackend, Scaling
from iconfind.agent import ToolBox

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "examples" / "agent_loop.py"

REPLIES: list[dict[str, Any]] = [
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {
                    "name": "ui",
                    "arguments": json.dumps(
                        {"operation": "find", "selector": {"text": "overflow menu"}}
                    ),
                },
            }
        ],
    },
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_2",
                "type": "function",
                "function": {"name": "ui", "arguments": '{"operation": "tap", "elementIndex": 0}'},
            }
        ],
    },
    {"role": "assistant", "content": "Opened the overflow menu."},
]


class ScriptedModel(BaseHTTPRequestHandler):
    """Answers POST /v1/chat/completions with the next scripted reply; keeps every request."""

    requests: list[dict[str, Any]]

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if self.path != "/v1/chat/completions":
            self.send_error(404)
            return
        self.server.requests.append({"body": body, "auth": self.headers.get("Authorization")})  # type: ignore[attr-defined]
        reply = REPLIES[min(len(self.server.requests), len(REPLIES)) - 1]  # type: ignore[attr-defined]
        payload = json.dumps({"choices": [{"index": 0, "message": reply}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def model_server() -> Iterator[ThreadingHTTPServer]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), ScriptedModel)
    server.requests = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("agent_loop", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_scripted_model_finds_then_taps(
    model_server: ThreadingHTTPServer, toolbar: ReplayBackend
) -> None:
    loop = load_example()
    box = ToolBox(Locator(toolbar, scaling=Scaling()))
    base = f"http://127.0.0.1:{model_server.server_port}/v1"
    with httpx.Client(base_url=base) as client:
        final, messages = loop.run("Open the overflow menu", box, client, "scripted")

    assert final == "Opened the overflow menu."
    assert toolbar.taps == [Point(1006, 157)]  # the overflow icon's center, in device pixels
    requests = model_server.requests  # type: ignore[attr-defined]
    assert len(requests) == 3
    first = requests[0]["body"]
    assert first["model"] == "scripted"
    assert [tool["function"]["name"] for tool in first["tools"]] == ["ui"]
    found = json.loads(requests[1]["body"]["messages"][-1]["content"])
    assert requests[1]["body"]["messages"][-1]["tool_call_id"] == "call_1"
    assert found["tier"] == 2
    tapped = json.loads(requests[2]["body"]["messages"][-1]["content"])
    assert tapped["tapped"] == {"x": 419, "y": 65}
    assert [m["role"] for m in messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "assistant",
        "tool",
        "assistant",
    ]


def test_the_script_reads_its_endpoint_from_the_environment(
    model_server: ThreadingHTTPServer, snapshots: Path
) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "OPENAI_BASE_URL": f"http://127.0.0.1:{model_server.server_port}/v1",
        "OPENAI_MODEL": "scripted",
        "OPENAI_API_KEY": "sk-test",
    }
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--replay", str(snapshots / "toolbar"), "Open the menu"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "Opened the overflow menu."
    [audit] = [json.loads(line) for line in proc.stderr.splitlines()]
    assert audit["kind"] == "tap"
    assert audit["result"] == {"tapped": {"x": 419, "y": 65}}
    assert model_server.requests[0]["auth"] == "Bearer sk-test"  # type: ignore[attr-defined]
