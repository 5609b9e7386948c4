"""A real Appium server with Appium's fake driver, on 127.0.0.1, for the Appium backend tests.

Appium and ``@appium/fake-driver`` come from the npm registry into ``.ci/appium`` (``.ci/run``
installs them; this module installs them on first use when they are missing, so a plain
``pytest`` works too). The server is started once per test session and stopped at exit.
"""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parent.parent
APPIUM_HOME = Path(os.environ.get("ICONFIND_APPIUM_HOME", REPO / ".ci" / "appium"))
PACKAGES = ("appium@3", "@appium/fake-driver@6")

FAKE_APP = """<app width="400" height="852">
  <title>Home screen</title>
  <XCUIElementTypeIcon name="com.apple.AppStore" label="App Store" x="38" y="80" width="60" height="60"/>
  <XCUIElementTypeIcon name="com.apple.Music" label="Music" x="128" y="80" width="60" height="60"/>
  <XCUIElementTypeIcon name="com.apple.mobilenotes" label="Notes" x="307" y="398" width="60" height="60"/>
  <XCUIElementTypeIcon name="ic_home" label="" x="38" y="610" width="60" height="60"/>
  <XCUIElementTypeIcon name="com.apple.mobilesafari" label="Safari" x="128" y="762" width="60" height="60"/>
</app>
"""


def _appium_bin() -> Path:
    return APPIUM_HOME / "node_modules" / ".bin" / "appium"


def ensure_installed() -> Path:
    """Install Appium and the fake driver into APPIUM_HOME when missing; returns the binary."""
    binary = _appium_bin()
    if binary.exists() and (APPIUM_HOME / "node_modules" / "@appium" / "fake-driver").exists():
        return binary
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed to install Appium for these tests (apt-get install npm)")
    APPIUM_HOME.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--prefix", str(APPIUM_HOME), *PACKAGES],
        check=True,
        capture_output=True,
        timeout=600,
    )
    return binary


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class AppiumServer:
    """One running ``appium`` process."""

    def __init__(self, log_path: Path) -> None:
        binary = ensure_installed()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._log = log_path.open("wb")
        env = {**os.environ, "APPIUM_HOME": str(APPIUM_HOME)}
        self.process = subprocess.Popen(
            [
                str(binary),
                "--address",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--log-level",
                "warn",
            ],
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"appium exited with {self.process.returncode}; see {log_path}")
            try:
                if httpx.get(f"{self.url}/status", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"appium did not start within 60 s; see {log_path}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()

    def capabilities(self, app_dir: Path) -> dict[str, str]:
        app = app_dir / "fake-app.xml"
        app.write_text(FAKE_APP)
        return {
            "platformName": "Fake",
            "appium:automationName": "Fake",
            "appium:deviceName": "Fake",
            "appium:app": str(app),
        }

    def action_log(self, session_id: str) -> list[list[dict[str, object]]]:
        """The fake driver's record of every W3C action sequence the session received."""
        response = httpx.post(
            f"{self.url}/session/{session_id}/se/log", json={"type": "actions"}, timeout=10
        )
        response.raise_for_status()
        value: list[list[dict[str, object]]] = response.json()["value"]
        return value


_shared: AppiumServer | None = None


def shared_server() -> AppiumServer:
    """The session-wide server, started on first use."""
    global _shared
    if _shared is None:
        log = Path(os.environ.get("TMPDIR", "/tmp")) / f"iconfind-appium-{os.getpid()}.log"
        _shared = AppiumServer(log)
        atexit.register(_shared.stop)
    return _shared


def last_tap(server: AppiumServer, session_id: str) -> tuple[int, int]:
    """Where the last pointer sequence moved before pressing."""
    for sequence in reversed(server.action_log(session_id)):
        for source in sequence:
            if source.get("type") != "pointer":
                continue
            actions = source.get("actions", [])
            assert isinstance(actions, list)
            moves = [a for a in actions if a.get("type") == "pointerMove"]
            if moves:
                return int(moves[-1]["x"]), int(moves[-1]["y"])
    raise AssertionError("the server recorded no tap")
