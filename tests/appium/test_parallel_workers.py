"""The pytest plugin under pytest-xdist: two workers drive two Appium sessions at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.appium_server import shared_server

INNER_TEST = """
import json, os, time
from pathlib import Path

from tests.appium_server import AppiumServer, last_tap

TARGETS = {"gw0": ("Notes", (337, 428)), "gw1": ("Music", (158, 110))}


def test_drive_my_own_device(locator, iconfind_backend):
    worker = os.environ["PYTEST_XDIST_WORKER"]
    shared = Path(os.environ["ICONFIND_SHARED_DIR"])
    (shared / f"{worker}.session").write_text(iconfind_backend.session_id)
    # A barrier: both sessions exist before either worker taps, so they really run at once.
    deadline = time.monotonic() + 60
    while len(list(shared.glob("*.session"))) < 2:
        assert time.monotonic() < deadline, "the other worker never started"
        time.sleep(0.05)
    label, point = TARGETS[worker]
    locator.tap(label)
    server = AppiumServer.__new__(AppiumServer)
    server.url = iconfind_backend.server_url
    taps = [s for s in server.action_log(iconfind_backend.session_id) if s[0]["type"] == "pointer"]
    (shared / f"{worker}.json").write_text(json.dumps({
        "session": iconfind_backend.session_id,
        "taps": len(taps),
        "last": list(last_tap(server, iconfind_backend.session_id)),
        "expected": list(point),
    }))
"""


def test_two_workers_two_sessions_no_shared_state(tmp_path: Path) -> None:
    server = shared_server()
    urls = []
    for name in ("device-a", "device-b"):
        app_dir = tmp_path / name
        app_dir.mkdir()
        caps = server.capabilities(app_dir)
        query = "&".join(f"{key}={value}" for key, value in caps.items())
        urls.append(f"appium+{server.url}/?{query}")
    test_file = tmp_path / "test_inner.py"
    test_file.write_text(INNER_TEST)
    shared = tmp_path / "shared"
    shared.mkdir()
    repo = Path(__file__).resolve().parents[2]
    env = {**os.environ, "ICONFIND_SHARED_DIR": str(shared), "PYTHONPATH": str(repo)}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-n",
            "2",
            "--dist",
            "each",
            "--rootdir",
            str(tmp_path),
            "--iconfind-backend",
            urls[0],
            "--iconfind-backend",
            urls[1],
            str(test_file),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    reports = {w: json.loads((shared / f"{w}.json").read_text()) for w in ("gw0", "gw1")}
    assert reports["gw0"]["session"] != reports["gw1"]["session"]
    for report in reports.values():
        assert report["taps"] == 1, "a session saw a tap that was not its own"
        assert report["last"] == report["expected"]
