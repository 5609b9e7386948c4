"""OpenAIVisionPicker against a real HTTP server on 127.0.0.1 speaking the chat-completions
format, and the Locator resolving tiers 4 and 5 end to end with it."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from iconfind import Found, Locator, OpenAIVisionPicker, PickerError, ReplayBackend, Selector
from iconfind.strategies import default_chain


class FakeOpenAI:
    """A chat-completions endpoint: answers each request with the next scripted reply."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.replies: list[tuple[int, Any, float]] = []  # (status, body or text, delay)
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                server.requests.append(
                    {
                        "path": self.path,
                        "auth": self.headers.get("Authorization"),
                        "body": json.loads(self.rfile.read(length)),
                    }
                )
                status, body, delay = server.replies.pop(0)
                time.sleep(delay)
                data = (body if isinstance(body, str) else json.dumps(body)).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

            def log_message(self, *_args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def answer(self, content: str, status: int = 200, delay: float = 0.0) -> None:
        body = {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "model": "test-vision",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
        }
        self.replies.append((status, body, delay))

    def images(self, n: int) -> list[str]:
        content = self.requests[n]["body"]["messages"][-1]["content"]
        return [part["image_url"]["url"] for part in content if part["type"] == "image_url"]

    def prompt(self, n: int) -> str:
        content = self.requests[n]["body"]["messages"][-1]["content"]
        return " ".join(part["text"] for part in content if part["type"] == "text")


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI()
    server.thread.start()
    try:
        yield server
    finally:
        server.httpd.shutdown()
        server.httpd.server_close()


def picker_for(server: FakeOpenAI, **kwargs: Any) -> OpenAIVisionPicker:
    return OpenAIVisionPicker(server.url, "test-vision", api_key="sk-test", timeout=5, **kwargs)


def test_tier_4_resolves_end_to_end_with_one_model_call(
    fake_openai: FakeOpenAI, snapshots: Path
) -> None:
    fake_openai.answer("2")
    backend = ReplayBackend(snapshots / "toolbar_unlabeled")
    with picker_for(fake_openai) as picker:
        result = Locator(backend, strategies=default_chain(recognition=False), picker=picker).find(
            "overflow menu"
        )
    assert result.ok and result.element.center.to_dict() == {"x": 1006, "y": 157}
    assert (result.tier, result.source, result.confidence) == (4, "visual", "medium")
    assert len(fake_openai.requests) == 1
    request = fake_openai.requests[0]
    assert request["path"] == "/v1/chat/completions"
    assert request["auth"] == "Bearer sk-test"
    assert request["body"]["model"] == "test-vision"
    urls = fake_openai.images(0)
    assert len(urls) == 3 and all(u.startswith("data:image/jpeg;base64,/9j/") for u in urls)
    assert "overflow menu" in fake_openai.prompt(0)


def test_tier_5_resolves_in_cell_then_position(fake_openai: FakeOpenAI, snapshots: Path) -> None:
    fake_openai.answer("Cell 12.")
    fake_openai.answer("3")
    backend = ReplayBackend(snapshots / "blank_canvas")
    with picker_for(fake_openai) as picker:
        locator = Locator(backend, strategies=default_chain(recognition=False), picker=picker)
        result = locator.find("yellow ball")
        locator.tap(result)
    assert result.element.center.to_dict() == {"x": 945, "y": 1000}
    assert result.tier == 5 and result.outcome == Found(
        (result.element,), "grid", 5, "low", grid_cell=12
    )
    assert len(fake_openai.requests) == 2  # find + cell + position: two model picks
    assert "24 cells" in fake_openai.prompt(0) and "5 numbered" in fake_openai.prompt(1)
    assert all(len(fake_openai.images(n)) == 1 for n in (0, 1))
    assert fake_openai.images(0) != fake_openai.images(1)
    assert [(p.x, p.y) for p in backend.taps] == [(945, 1000)]


def test_a_model_that_answers_none_leaves_the_choice_to_the_caller(
    fake_openai: FakeOpenAI, snapshots: Path
) -> None:
    fake_openai.answer("none")
    with picker_for(fake_openai) as picker:
        result = Locator(
            ReplayBackend(snapshots / "toolbar_unlabeled"),
            strategies=default_chain(recognition=False),
            picker=picker,
        ).find("settings")
    assert result.needs_pick and len(result.candidates) == 3
    assert "the picker chose none" in result.notes


def test_without_api_key_no_authorization_header(
    fake_openai: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    fake_openai.answer("7")
    with OpenAIVisionPicker(fake_openai.url, "local") as picker:
        assert picker.pick_grid_cell(Selector("x"), "iVBORw0KGgo=") == 7
    assert fake_openai.requests[0]["auth"] is None
    assert fake_openai.images(0) == ["data:image/png;base64,iVBORw0KGgo="]


def test_api_key_comes_from_the_environment(
    fake_openai: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
    fake_openai.answer("4")
    with OpenAIVisionPicker(fake_openai.url, "m", extra_body={"temperature": 0}) as picker:
        assert picker.pick_grid_position(Selector("x"), "/9j/AA==") == 4
    assert fake_openai.requests[0]["auth"] == "Bearer sk-env"
    assert fake_openai.requests[0]["body"]["temperature"] == 0


def test_http_error_is_a_picker_error_with_the_servers_message(fake_openai: FakeOpenAI) -> None:
    fake_openai.replies.append((401, {"error": {"message": "Incorrect API key provided"}}, 0.0))
    with picker_for(fake_openai) as picker, pytest.raises(PickerError) as caught:
        picker.pick_grid_cell(Selector("x"), "/9j/AA==")
    assert caught.value.status == 401
    assert "HTTP 401" in str(caught.value) and "Incorrect API key" in str(caught.value)


def test_a_slow_model_is_a_timeout_picker_error(fake_openai: FakeOpenAI) -> None:
    fake_openai.answer("3", delay=1.0)
    picker = OpenAIVisionPicker(fake_openai.url, "m", api_key="k", timeout=0.2)
    with picker, pytest.raises(PickerError, match=r"did not answer within 0\.2 s"):
        picker.pick_grid_position(Selector("x"), "/9j/AA==")


@pytest.mark.parametrize(
    ("reply", "message"),
    [("I think it is the gear", "no number"), ("31", "not one of 1-24")],
)
def test_unusable_replies_are_picker_errors(
    fake_openai: FakeOpenAI, reply: str, message: str
) -> None:
    fake_openai.answer(reply)
    with picker_for(fake_openai) as picker, pytest.raises(PickerError, match=message):
        picker.pick_grid_cell(Selector("x"), "/9j/AA==")


def test_a_response_that_is_not_a_chat_completion(fake_openai: FakeOpenAI) -> None:
    fake_openai.replies.append((200, "<html>gateway</html>", 0.0))
    with picker_for(fake_openai) as picker, pytest.raises(PickerError, match="not a chat"):
        picker.pick_grid_cell(Selector("x"), "/9j/AA==")


def test_nobody_listening_is_a_picker_error() -> None:
    with (
        OpenAIVisionPicker("http://127.0.0.1:9/v1", "m", api_key="k", timeout=2) as picker,
        pytest.raises(PickerError, match="cannot reach"),
    ):
        picker.pick_grid_cell(Selector("x"), "/9j/AA==")
