"""``iconfind memory ...`` through the real CLI process."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from tests.conftest import CliRun
from tests.memory.conftest import SNAPSHOTS

UNLABELED = SNAPSHOTS / "toolbar_unlabeled"


def test_teach_then_context_then_audit(run_cli: Callable[..., CliRun], db_path: Path) -> None:
    taught = run_cli(
        "memory", "teach", "overflow menu", "1006", "157", "--replay", UNLABELED, "--db", db_path
    )
    assert taught.returncode == 0, taught.stderr
    target_id = taught.stdout.strip()

    context = run_cli(
        "memory", "context", "--replay", UNLABELED, "--db", db_path, "--json", "--role", "button"
    )
    assert context.returncode == 0, context.stderr
    response = context.json()
    assert response["app"] == "com.example.notes"
    overflow = next(e for e in response["elements"] if e["position"] == "(1006, 157)")
    assert overflow["label"] == "overflow menu", "the taught name labels the unlabeled icon"

    text = run_cli("memory", "context", "--replay", UNLABELED, "--db", db_path)
    assert '"overflow menu"  (1006, 157)' in text.stdout

    audit = run_cli("memory", "audit", "--db", db_path)
    entries = [json.loads(line) for line in audit.stdout.splitlines()]
    assert [e["action"] for e in entries] == ["teach", "capture", "capture"]
    assert entries[0]["targetId"] == target_id

    apps = run_cli("memory", "apps", "--db", db_path)
    assert apps.stdout.startswith("com.example.notes\t")
    forget = run_cli("memory", "forget", "com.example.notes", "--db", db_path)
    assert int(forget.stdout) > 0
    assert run_cli("memory", "apps", "--db", db_path).stdout == ""


def test_memory_cli_errors_are_one_line(run_cli: Callable[..., CliRun], tmp_path: Path) -> None:
    bad = tmp_path / "bad.db"
    bad.write_bytes(os.urandom(512))
    result = run_cli("memory", "apps", "--db", bad)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "not an SQLite database" in result.stderr
    usage = run_cli("memory", "teach", "Save", "--replay", UNLABELED, "--db", tmp_path / "m.db")
    assert usage.returncode == 2
    assert "LABEL X Y" in usage.stderr
