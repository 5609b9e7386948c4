"""Recognition on a machine with no icon font and an empty cache: the shipped reference set."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from iconfind.recognition.references import FONT_ROOT_ENV
from tests.conftest import SNAPSHOTS, CliRun


def test_readme_first_command_recognises_the_overflow_icon_without_fonts(
    run_cli: Callable[..., CliRun], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "cache").mkdir()
    monkeypatch.setenv(FONT_ROOT_ENV, str(tmp_path / "fonts"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    run = run_cli("find", "overflow menu", "--replay", SNAPSHOTS / "toolbar_unlabeled", "--json")
    assert run.returncode == 0, run.stderr
    wire = run.json()
    assert wire["recognizedAs"] == "overflow" and wire["tier"] == 4
    assert wire["elements"][0]["bounds"] == [933, 84, 1080, 231]
    assert list((tmp_path / "cache").rglob("*.npz")) == []  # nothing rendered, nothing cached
