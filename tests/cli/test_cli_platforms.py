"""The CLI's --backend flag and the ui-operation subcommands, run as real processes."""

from __future__ import annotations

import base64
import socket
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliRun

Run = Callable[..., CliRun]


def test_backend_replay_url_works_for_find(run_cli: Run, snapshots: Path) -> None:
    run = run_cli("find", "Wait", "--backend", f"replay://{snapshots / 'anr_dialog'}", "--json")
    assert run.returncode == 0, run.stderr
    assert run.json()["elements"][0]["resourceId"] == "android:id/aerr_wait"


def test_replay_and_backend_together_is_a_usage_error(run_cli: Run, snapshots: Path) -> None:
    snap = snapshots / "anr_dialog"
    run = run_cli("dump", "--replay", snap, "--backend", f"replay://{snap}")
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "not both" in run.stderr


def test_unknown_backend_url_is_one_line_exit_2(run_cli: Run) -> None:
    run = run_cli("dump", "--backend", "ios://phone")
    assert run.returncode == 2 and run.stderr.startswith("iconfind: unknown backend scheme")
    assert "Traceback" not in run.stderr


def test_android_without_a_device_is_one_line_device_error(
    run_cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as probe:  # a port where no adb server listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("ANDROID_ADB_SERVER_PORT", str(port))
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")  # never start an adb server
    monkeypatch.delenv("ANDROID_SERIAL", raising=False)
    run = run_cli("dump", "--backend", "android://")
    assert run.returncode == 2
    assert run.stderr.startswith("iconfind: device error (connect)")
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr


def test_macos_backend_on_linux_names_the_platform(run_cli: Run) -> None:
    run = run_cli("dump", "--backend", "macos://")
    assert run.returncode == 2 and "macOS" in run.stderr and "Traceback" not in run.stderr


def test_screenshot_subcommand_file_and_inline(
    run_cli: Run, snapshots: Path, tmp_path: Path
) -> None:
    snap = snapshots / "toolbar"
    out = tmp_path / "s.png"
    run = run_cli("screenshot", "--replay", snap, "--output", out, "--json")
    assert run.returncode == 0, run.stderr
    assert run.json() == {
        "mode": "file",
        "path": str(out),
        "device": {"width": 1080, "height": 2400},
        "image": {"width": 450, "height": 1000},
        "scaleFactor": 2.4,
    }
    assert out.is_file()
    inline = run_cli("screenshot", "--replay", snap, "--inline", "--raw", "--json").json()
    assert inline["image"] == {"width": 1080, "height": 2400} and inline["scaleFactor"] == 1.0
    assert base64.b64decode(inline["base64"]).startswith(b"\x89PNG")


def test_input_subcommand(run_cli: Run, snapshots: Path) -> None:
    run = run_cli("input", "milk", "--target", "New note", "--replay", snapshots / "toolbar")
    assert run.returncode == 0 and "typed 'milk'" in run.stdout and "tapped" in run.stdout
    missing = run_cli("input", "x", "--target", "Nope nothing", "--replay", snapshots / "toolbar")
    assert missing.returncode == 1


def test_accessibility_check_subcommand(run_cli: Run, snapshots: Path) -> None:
    snap = snapshots / "toolbar_unlabeled"
    run = run_cli("accessibility-check", "--replay", snap, "--json")
    assert run.returncode == 0
    assert run.json()["missingLabel"] == 3
    strict = run_cli("accessibility-check", "--replay", snap, "--strict")
    assert strict.returncode == 1 and "3 without a label" in strict.stdout


def test_visual_snapshot_subcommand(run_cli: Run, snapshots: Path) -> None:
    run = run_cli("visual-snapshot", "--replay", snapshots / "toolbar_unlabeled", "--json")
    assert run.returncode == 0
    data = run.json()
    assert data["app"]["name"] == "com.example.notes" and data["screenshot"]["mode"] == "inline"
