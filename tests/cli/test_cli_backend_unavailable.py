"""``--backend URL`` for a platform, SDK or device that is not there: one line on stderr, exit 2,
no traceback, promptly (real processes; no adb server is started, no device is needed)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator

import adbutils
import pytest
import uiautomator2

from iconfind import cli
from iconfind.backends import android
from tests.backends.standins import DisconnectedU2Device
from tests.conftest import REPO


@pytest.fixture
def no_adb_server() -> Iterator[dict[str, str]]:
    """An environment whose adb server port has nothing listening and whose adb never starts."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.update(ANDROID_ADB_SERVER_PORT=str(port), ADBUTILS_ADB_PATH="/bin/false")
    for name in ("ANDROID_SERIAL", "ICONFIND_DEBUG"):
        env.pop(name, None)
    yield env


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("macos://", "macOS"),
        ("windows://", "Windows"),
        ("android://NOSUCHSERIAL", "(connect)"),
        ("appium+http://127.0.0.1:1/", "cannot reach Appium"),
        ("x11://:987", "cannot open X display"),
        pytest.param("web+http://127.0.0.1:1/", "(goto)", marks=pytest.mark.web),
    ],
)
@pytest.mark.parametrize("command", ["find", "dump"])
def test_an_unavailable_backend_is_one_line_exit_2(
    url: str, says: str, command: str, no_adb_server: dict[str, str]
) -> None:
    query = ["Settings"] if command == "find" else []
    proc = subprocess.run(
        [sys.executable, "-m", "iconfind", command, *query, "--backend", url, "--budget", "2"],
        capture_output=True,
        text=True,
        env=no_adb_server,
        timeout=60,  # a generous ceiling: a hang fails the test instead of the suite
        check=False,
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("iconfind: ") and proc.stderr.count("\n") == 1, proc.stderr
    assert says in proc.stderr and "Traceback" not in proc.stderr
    assert proc.stdout == ""


@pytest.mark.parametrize(
    "error",
    [
        adbutils.AdbError("device 'emulator-5554' not found"),
        adbutils.AdbTimeout("adb read timeout"),
        uiautomator2.exceptions.ConnectError("uiautomator2 server is not responding"),
        uiautomator2.exceptions.HTTPTimeoutError("HTTP request timeout"),
    ],
    ids=["adb-error", "adb-timeout", "u2-connect", "u2-http-timeout"],
)
@pytest.mark.parametrize(
    ("argv", "phase"),
    [
        (["find", "Settings"], "hierarchy"),
        (["dump"], "hierarchy"),
        (["tap", "Network & internet"], "hierarchy"),
        (["input", "hi"], "input"),
        (["screenshot", "--inline"], "screenshot"),
    ],
)
def test_a_device_that_disconnects_is_one_line_exit_2(
    error: Exception,
    argv: list[str],
    phase: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(android, "_connect", lambda serial: DisconnectedU2Device(error))
    monkeypatch.delenv("ICONFIND_DEBUG", raising=False)
    code = cli.main([*argv, "--backend", "android://emulator-5554"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"iconfind: device error ({phase})"), err
    assert type(error).__name__ in err
