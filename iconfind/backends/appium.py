"""Appium: any device a farm or grid serves, through the W3C WebDriver protocol.

Plain httpx against the W3C endpoints (no extra client library): page source, screenshot, window
rect, pointer actions for taps and key actions for typing. HTTP failures and a lost session
become :class:`~iconfind.BackendError` with the phase that failed.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

import httpx
from PIL import Image, UnidentifiedImageError

from iconfind._deadline import current
from iconfind._decode import open_rgb
from iconfind.backends.base import BackendInfo, BaseBackend
from iconfind.backends.page_source import parse_page_source
from iconfind.errors import BackendError, ImageTooLargeError
from iconfind.models import Element

W3C_ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
CONNECT_TIMEOUT_S = 10.0
"""At most this long to open a connection: a farm that does not accept fails fast, while a
slow session start (installing the app, booting a simulator) still gets the whole ``timeout``."""


def http_timeout(seconds: float) -> httpx.Timeout:
    """Every read, write and pool wait bounded by ``seconds``; connecting by at most
    :data:`CONNECT_TIMEOUT_S`. No request to the server can block forever."""
    if seconds <= 0:
        raise ValueError(f"timeout must be positive, got {seconds}")
    return httpx.Timeout(seconds, connect=min(seconds, CONNECT_TIMEOUT_S))


class AppiumBackend(BaseBackend):
    """A session on an Appium server (``server_url`` like ``http://127.0.0.1:4723``).

    ``capabilities`` are the W3C ``alwaysMatch`` capabilities (``platformName``,
    ``appium:automationName``, ``appium:app``…). Use it as a context manager, or call
    :meth:`close`, to end the session. ``timeout`` bounds every request (see
    :func:`http_timeout`): a server that accepts but never answers ends in
    :class:`~iconfind.BackendError` naming the phase. Inside a find, a request waits at most
    what is left of the find's deadline. A ``client`` you pass keeps its own timeouts otherwise.

    :meth:`attach` drives a session that already exists (started by your Appium client or
    test framework) instead of creating one; :meth:`close` then leaves that session alone.
    """

    def __init__(
        self,
        server_url: str,
        capabilities: Mapping[str, Any],
        *,
        timeout: float = 60.0,
        client: httpx.Client | None = None,
    ) -> None:
        self.server_url = server_url.rstrip("/")
        self.timeout = timeout
        self._client = client or httpx.Client(timeout=http_timeout(timeout))
        self._owns_client = client is None
        self._closed = False
        body = {"capabilities": {"alwaysMatch": dict(capabilities), "firstMatch": [{}]}}
        value = self._call("POST", f"{self.server_url}/session", "session", json=body)
        session_id = value.get("sessionId") if isinstance(value, dict) else None
        if not isinstance(session_id, str):
            raise BackendError("Appium did not return a session id", phase="session")
        self.session_id = session_id
        self.capabilities: dict[str, Any] = dict(value.get("capabilities", {}))
        self._pixels_per_point: float | None = None
        self._owns_session = True

    @classmethod
    def attach(
        cls,
        server_url: str,
        session_id: str,
        *,
        timeout: float = 60.0,
        client: httpx.Client | None = None,
    ) -> AppiumBackend:
        """Drive the existing session ``session_id`` on ``server_url`` (e.g. your Appium-Python
        client's ``driver.session_id``). Checked at once: an unknown session raises
        :class:`~iconfind.BackendError` (phase ``session``). :meth:`close` does not end it."""
        if not isinstance(session_id, str) or not session_id.strip():
            raise BackendError(f"not an Appium session id: {session_id!r}", phase="session")
        self = cls.__new__(cls)
        self.server_url = server_url.rstrip("/")
        self.timeout = timeout
        self._client = client or httpx.Client(timeout=http_timeout(timeout))
        self._owns_client = client is None
        self._closed = False
        self.session_id = session_id.strip()
        self.capabilities = {}
        self._pixels_per_point = None
        self._owns_session = False
        try:
            self._session("GET", "/timeouts", "session")  # W3C Get Timeouts: cheap, any driver
        except BaseException:
            self.close()
            raise
        return self

    def __repr__(self) -> str:
        return f"AppiumBackend({self.server_url!r}, session={self.session_id!r})"

    def __enter__(self) -> AppiumBackend:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- protocol plumbing ---------------------------------------------------------------------

    def _request_timeout(self, phase: str) -> httpx.Timeout | None:
        """What is left of the active find's deadline (``None`` outside a find: the client's)."""
        deadline = current()
        if deadline is None or deadline.remaining() == float("inf"):
            return None
        left = deadline.remaining()
        if left <= 0:
            raise deadline.error(f"device:{phase}")
        return http_timeout(min(self.timeout, left))

    def _call(self, method: str, url: str, phase: str, json: Any = None) -> Any:
        timeout = self._request_timeout(phase)
        try:
            if timeout is None:
                response = self._client.request(method, url, json=json)
            else:
                response = self._client.request(method, url, json=json, timeout=timeout)
        except httpx.TimeoutException as exc:
            deadline = current()
            if deadline is not None and deadline.expired:  # the find's budget ran out
                raise deadline.error(f"device:{phase}") from None
            raise BackendError(
                f"Appium did not answer {method} {url} in time ({type(exc).__name__})",
                phase=phase,
            ) from None
        except httpx.HTTPError as exc:
            raise BackendError(
                f"cannot reach Appium at {self.server_url}: {exc}", phase=phase
            ) from None
        try:
            payload = response.json()
        except ValueError:
            raise BackendError(
                f"Appium answered {response.status_code} with no JSON to {method} {url}",
                phase=phase,
            ) from None
        value = payload.get("value") if isinstance(payload, dict) else None
        if response.status_code >= 400 or (isinstance(value, dict) and "error" in value):
            error = value.get("error", "") if isinstance(value, dict) else ""
            message = value.get("message", "") if isinstance(value, dict) else ""
            if error == "invalid session id":
                raise BackendError(f"the Appium session is gone: {message}", phase=phase)
            raise BackendError(f"Appium {error or response.status_code}: {message}", phase=phase)
        return value

    def _session(self, method: str, path: str, phase: str, json: Any = None) -> Any:
        return self._call(method, f"{self.server_url}/session/{self.session_id}{path}", phase, json)

    # -- DeviceBackend -------------------------------------------------------------------------

    def screen_size(self) -> tuple[int, int]:
        """The screenshot's size: taps and bounds are in its pixels."""
        return self.screenshot().size

    def screenshot(self) -> Image.Image:
        data = self._session("GET", "/screenshot", "screenshot")
        try:
            rgb = open_rgb(base64.b64decode(data), "Appium screenshot")
        except ImageTooLargeError as exc:
            raise BackendError(str(exc), phase="screenshot") from None
        except (TypeError, ValueError, UnidentifiedImageError, OSError) as exc:
            raise BackendError(
                f"Appium sent a screenshot that is not an image: {exc}", phase="screenshot"
            ) from None
        return rgb

    def pixels_per_point(self) -> float:
        """Screenshot pixels per W3C window unit (3.0 on a 3x iPhone, 1.0 on Android)."""
        if self._pixels_per_point is None:
            rect = self._session("GET", "/window/rect", "window_rect")
            width = float(rect.get("width") or 0) if isinstance(rect, dict) else 0.0
            shot_width = self.screenshot().size[0]
            self._pixels_per_point = shot_width / width if width > 0 else 1.0
        return self._pixels_per_point

    def hierarchy(self) -> list[Element] | None:
        source = self._session("GET", "/source", "hierarchy")
        if not isinstance(source, str):
            return None
        uiautomator = "bounds=" in source
        return parse_page_source(source, scale=1.0 if uiautomator else self.pixels_per_point())

    def tap(self, x: int, y: int) -> None:
        scale = self.pixels_per_point()
        actions = {
            "actions": [
                {
                    "type": "pointer",
                    "id": "finger1",
                    "parameters": {"pointerType": "touch"},
                    "actions": [
                        {
                            "type": "pointerMove",
                            "duration": 0,
                            "origin": "viewport",
                            "x": round(x / scale),
                            "y": round(y / scale),
                        },
                        {"type": "pointerDown", "button": 0},
                        {"type": "pause", "duration": 50},
                        {"type": "pointerUp", "button": 0},
                    ],
                }
            ]
        }
        self._session("POST", "/actions", "tap", actions)

    def input_text(self, text: str) -> None:
        keys: list[dict[str, str]] = []
        for char in text:
            keys += [{"type": "keyDown", "value": char}, {"type": "keyUp", "value": char}]
        self._session(
            "POST",
            "/actions",
            "input",
            {"actions": [{"type": "key", "id": "keyboard", "actions": keys}]},
        )

    def info(self) -> BackendInfo:
        """Platform (``android`` for Android sessions; ``""`` for others, which a snapshot cannot
        name) and the app under test from the session's capabilities."""
        caps = self.capabilities
        platform = str(caps.get("platformName", "")).lower()
        app = caps.get("appPackage") or caps.get("appium:appPackage") or caps.get("bundleId") or ""
        return BackendInfo(platform="android" if platform == "android" else "", app=str(app))

    def close(self) -> None:
        """End the session if this backend created it (errors ignored: the server may already
        have dropped it); an attached session is left running. Idempotent."""
        if self._closed:
            return
        self._closed = True
        try:
            if self._owns_session:
                self._session("DELETE", "", "close")
        except BackendError:
            pass
        finally:
            if self._owns_client:
                self._client.close()


def _capability_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in {"true", "false"}:
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text


def appium_from_url(url: str) -> AppiumBackend:
    """``appium+http://host:4723/wd/hub?platformName=Android&appium:app=/x.apk`` -> a session.

    The query string holds the capabilities (``true``/``false`` and integers are converted);
    ``?sessionId=ID`` alone attaches to that running session instead
    (:meth:`AppiumBackend.attach`).
    """
    from urllib.parse import parse_qsl, urlsplit

    parts = urlsplit(url)
    scheme = parts.scheme.removeprefix("appium+")
    if scheme not in {"http", "https"} or not parts.netloc:
        raise BackendError(f"not an Appium URL (appium+http://host:port/?caps): {url}", phase="url")
    server = f"{scheme}://{parts.netloc}{parts.path.rstrip('/')}"
    pairs = parse_qsl(parts.query)
    session = [value for key, value in pairs if key == "sessionId"]
    if session:
        if len(pairs) > 1:
            raise BackendError(
                f"{url}: sessionId attaches to a running session; give no capabilities with it",
                phase="url",
            )
        return AppiumBackend.attach(server, session[0])
    capabilities = {key: _capability_value(value) for key, value in pairs}
    return AppiumBackend(server, capabilities)


__all__ = ["CONNECT_TIMEOUT_S", "AppiumBackend", "appium_from_url", "http_timeout"]
