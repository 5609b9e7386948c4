"""The command line with tier 3 and the scaling flags (docs/contract.md sections 2-3)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from iconfind.cli import main
from tests.conftest import CliRun

SIGN_IN_BUTTON = (90, 1120, 990, 1260)


def _inside(center: dict[str, int], box: tuple[float, ...]) -> bool:
    x1, y1, x2, y2 = box
    return x1 <= center["x"] < x2 and y1 <= center["y"] < y2


def test_sign_in_on_a_null_root_dump_is_found_by_ocr(
    run_cli: Callable[..., CliRun], snapshots: Path
) -> None:
    run = run_cli("find", "Sign in", "--replay", snapshots / "sign_in_null_root", "--json")
    assert run.returncode == 0, run.stderr
    out = run.json()
    assert out["tier"] == 3
    assert out["source"] == "ocr"
    assert out["confidence"] == "high"
    assert out["accessibilityUnavailable"] is True
    assert _inside(out["elements"][0]["center"], SIGN_IN_BUTTON)
    assert "scaleFactor" not in out  # device pixels by default


def test_max_dimension_gives_image_space_and_taps_device_pixels(
    run_cli: Callable[..., CliRun], snapshots: Path
) -> None:
    snapshot = snapshots / "sign_in_null_root"
    run = run_cli("tap", "Sign in", "--replay", snapshot, "--json", "--max-dimension", "1000")
    assert run.returncode == 0, run.stderr
    out = run.json()
    assert out["scaleFactor"] == 2.4
    assert out["tier"] == 3
    scaled_button = tuple(v / 2.4 for v in SIGN_IN_BUTTON)
    assert _inside(out["elements"][0]["center"], scaled_button)
    assert out["tapped"] == out["elements"][0]["center"]


def test_scaling_flags_are_checked(capsys: pytest.CaptureFixture[str], snapshots: Path) -> None:
    snapshot = str(snapshots / "anr_dialog")
    assert main(["find", "Wait", "--replay", snapshot, "--raw", "--max-dimension", "800"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not allowed" in err
    assert main(["dump", "--replay", snapshot, "--max-dimension", "0"]) == 2
    assert "--max-dimension" in capsys.readouterr().err
    assert main(["find", "Wait", "--replay", snapshot, "--raw", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["elements"][0]["center"] == {"x": 540, "y": 1331}
