"""Local servers on 127.0.0.1 that misbehave the way a broken Appium farm does.

- :class:`SilentServer`: accepts TCP connections and never answers a byte.
- :class:`W3CStub`: an HTTP server that starts sessions normally and answers each later
  endpoint the way a test says (hang, HTTP 500 with HTML, broken JSON, a W3C error).

Both are context managers; on exit every connection is released so no thread outlives a test.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SESSION_ID = "stub-session"
Reply = tuple[int, str, bytes]
"""HTTP status, content type, body."""


class SilentServer:
    """A TCP listener that accepts and then says nothing until :meth:`close`."""

    def __init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"
        self._accepted: list[socket.socket] = []
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._accept, name="silent-server", daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        self._listener.settimeout(0.1)
        while not self._closed.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self._accepted.append(conn)

    def close(self) -> None:
        self._closed.set()
        self._thread.join(5)
        for conn in self._accepted:
            conn.close()
        self._listener.close()

    def __enter__(self) -> SilentServer:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def w3c_error(error: str, message: str, status: int = 404) -> Reply:
    """A W3C WebDriver error reply (``{"value": {"error", "message", "stacktrace"}}``)."""
    body = {"value": {"error": error, "message": message, "stacktrace": ""}}
    return status, "application/json", json.dumps(body).encode()


def w3c_value(value: Any) -> Reply:
    return 200, "application/json", json.dumps({"value": value}).encode()


HANG: Reply = (0, "", b"")
"""Marker reply: hold the request until the stub closes."""


class W3CStub:
    """``POST /session`` creates :data:`SESSION_ID`; ``routes[(method, path)]`` answers the rest
    (path relative to the session, e.g. ``("GET", "/source")``), default a W3C ``unknown
    command``. ``session_reply`` replaces the answer to ``POST /session``."""

    def __init__(
        self,
        routes: dict[tuple[str, str], Reply] | None = None,
        *,
        session_reply: Reply | None = None,
    ) -> None:
        self.routes = dict(routes or {})
        self.session_reply = session_reply or w3c_value(
            {"sessionId": SESSION_ID, "capabilities": {"platformName": "Fake"}}
        )
        self.released = threading.Event()
        handler = _handler(self._answer, self.released)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(
            target=lambda: self._server.serve_forever(0.05), name="w3c-stub", daemon=True
        )
        self._thread.start()

    def _answer(self, method: str, path: str) -> Reply:
        if method == "POST" and path == "/session":
            return self.session_reply
        prefix = f"/session/{SESSION_ID}"
        relative = path.removeprefix(prefix) if path.startswith(prefix) else path
        if method == "DELETE" and relative == "":
            return w3c_value(None)
        return self.routes.get(
            (method, relative), w3c_error("unknown command", f"{method} {path}", 404)
        )

    def close(self) -> None:
        self.released.set()
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> W3CStub:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def _handler(
    answer: Callable[[str, str], Reply], released: threading.Event
) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _reply(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if length:
                self.rfile.read(length)
            status, content_type, body = answer(self.command, self.path)
            if (status, content_type, body) == HANG:
                released.wait(30)
                return
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = do_DELETE = _reply

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: the tests read results, not access logs."""

    return Handler
