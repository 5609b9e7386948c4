"""``iconfind tap`` is strict: several matches exit 1 with ``ambiguous_query`` unless --nth/--first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from iconfind.cli import main
from tests.screens import el, replay_of


@pytest.fixture
def two_items(tmp_path: Path) -> Path:
    replay_of(tmp_path, [el("[0,0][100,100]", text="Item"), el("[0,200][100,300]", text="Item")])
    return tmp_path


def test_tap_on_several_matches_exits_1_and_taps_nothing(
    two_items: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tap", "Item", "--replay", str(two_items), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["error"] == "ambiguous_query"
    assert out["matchCount"] == 2 and len(out["elements"]) == 2
    assert "tapped" not in out
    assert "--nth" in out["suggestion"]


@pytest.mark.parametrize(("flags", "center"), [(["--nth", "1"], 250), (["--first"], 50)])
def test_nth_and_first_say_which(
    two_items: Path, capsys: pytest.CaptureFixture[str], flags: list[str], center: int
) -> None:
    assert main(["tap", "Item", "--replay", str(two_items), "--json", *flags]) == 0
    assert json.loads(capsys.readouterr().out)["tapped"] == {"x": 50, "y": center}


def test_nth_and_first_exclude_each_other(two_items: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tap", "Item", "--replay", str(two_items), "--nth", "0", "--first"]) == 2
    assert capsys.readouterr().err.startswith("iconfind: usage:")
