"""Issue 22 items 4 and 8: decompression bombs and hostile inputs get one typed line, no crash."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession

from iconfind import Locator, Point, ReplayBackend, Scaling
from iconfind._decode import MAX_SCREEN_PIXELS, open_rgb
from iconfind.agent import ToolBox
from iconfind.errors import ImageTooLargeError, InvalidArgumentError, SnapshotError
from tests.agent.test_mcp_server import REPO, run_session, text_of
from tests.conftest import png_claiming
from tests.hostile.snapshots import SNAPSHOTS, snapshot

ENV = {**os.environ, "PYTHONPATH": str(REPO)}


def bomb(root: Path, side: int = 13_000) -> Path:
    """A snapshot whose small, valid PNG decodes to ``side`` x ``side`` pixels (169 MP)."""
    from PIL import Image

    snap = snapshot(root, "</node>" * 0)
    Image.new("1", (side, side)).save(snap / "screenshot.png", optimize=True)
    return snap


# -- 4: the pixel cap -----------------------------------------------------------------------------


def test_cap_covers_three_8k_monitors_and_refuses_the_bomb(tmp_path: Path) -> None:
    assert 3 * 7680 * 4320 <= MAX_SCREEN_PIXELS < 13_000 * 13_000
    snap = bomb(tmp_path / "bomb")
    assert (snap / "screenshot.png").stat().st_size < 1_000_000
    with pytest.raises(ImageTooLargeError, match="13000x13000 is 169 MP, over the 100 MP"):
        ReplayBackend(snap)
    with pytest.raises(ImageTooLargeError):
        open_rgb(png_claiming(20_000, 20_000), "bytes")


def test_cli_refuses_the_bomb_in_one_line_under_1_gb(tmp_path: Path) -> None:
    snap = bomb(tmp_path / "bomb")
    code = (
        "import resource, sys\n"
        "from iconfind.cli import main\n"
        f"status = main(['dump', '--replay', {str(snap)!r}])\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
        "sys.exit(status)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 2
    [line] = proc.stderr.splitlines()  # no DecompressionBombWarning, no traceback
    assert line.startswith("iconfind: ") and "over the 100 MP screenshot cap" in line
    peak_kib = int(proc.stdout.split()[-1])
    assert peak_kib < 1024 * 1024  # ru_maxrss is in KiB on Linux


def test_image_between_pillow_warning_and_cap_decodes_silently(tmp_path: Path) -> None:
    """95 MP: over Pillow's warning threshold (89 MP), under the cap: decoded, no warning line."""
    from PIL import Image

    path = tmp_path / "wide.png"
    Image.new("1", (10_000, 9_500)).save(path)
    code = (
        "import warnings; warnings.simplefilter('default')\n"
        "from iconfind._decode import open_rgb\n"
        f"print(open_rgb({str(path)!r}, 'x').size)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "(10000, 9500)"
    assert proc.stderr == ""


def test_mcp_server_refuses_a_bomb_snapshot_at_start_up(tmp_path: Path) -> None:
    snap = bomb(tmp_path / "bomb")
    proc = subprocess.run(
        [sys.executable, "-m", "iconfind", "mcp", "--replay", str(snap)],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    [line] = proc.stderr.splitlines()
    assert "over the 100 MP screenshot cap" in line


# -- 8: typed errors ------------------------------------------------------------------------------


def write_meta(tmp_path: Path, meta: Any) -> Path:
    snap = snapshot(tmp_path / "snap", "")
    text = meta if isinstance(meta, str) else json.dumps(meta)
    (snap / "meta.json").write_text(text, encoding="utf-8")
    return snap


def test_deep_meta_json_is_a_snapshot_error(tmp_path: Path, run_cli: Any) -> None:
    snap = write_meta(tmp_path, "[" * 100_000 + "]" * 100_000)
    with pytest.raises(SnapshotError, match="nested too deeply"):
        ReplayBackend(snap)
    out = run_cli("dump", "--replay", snap)
    assert out.returncode == 2
    [line] = out.stderr.splitlines()
    assert "nested too deeply" in line and "internal error" not in line


def test_huge_density_is_refused(tmp_path: Path, run_cli: Any) -> None:
    snap = write_meta(tmp_path, {"platform": "android", "density": 1e308})
    out = run_cli("accessibility-check", "--replay", snap)
    assert out.returncode == 2
    [line] = out.stderr.splitlines()
    assert "density must be a positive number" in line and "internal error" not in line


def test_null_app_is_no_app_not_none(tmp_path: Path) -> None:
    snap = write_meta(tmp_path, {"platform": "android", "app": None, "window": None})
    backend = ReplayBackend(snap)
    assert backend.meta.app == "" and backend.meta.window == ""
    with pytest.raises(SnapshotError, match="app must be a string"):
        ReplayBackend(write_meta(tmp_path / "b", {"app": 3}))


def test_malformed_backend_url_is_a_usage_line(run_cli: Any) -> None:
    out = run_cli("dump", "--backend", "appium+http://[::1")
    assert out.returncode == 2
    [line] = out.stderr.splitlines()
    assert "not a valid backend URL" in line and "internal error" not in line


def test_mcp_negative_rate_is_a_usage_line(run_cli: Any) -> None:
    out = run_cli("mcp", "--replay", SNAPSHOTS / "toolbar", "--max-actions-per-minute", "-1")
    assert out.returncode == 2
    [line] = out.stderr.splitlines()
    assert "--max-actions-per-minute must be 0 or more" in line


def test_off_screen_taps_are_refused_and_nothing_is_tapped() -> None:
    backend = ReplayBackend(SNAPSHOTS / "toolbar")
    locator = Locator(backend, scaling=Scaling.raw())
    for point in (Point(10**30, 5), Point(1080, 5), Point(5, 2400)):
        with pytest.raises(InvalidArgumentError, match="off the screen"):
            locator.tap(point)
    scaled = Locator(backend, scaling=Scaling())  # Python points are device pixels at any scale
    with pytest.raises(InvalidArgumentError, match="off the screen"):
        scaled.tap(Point(1080, 10))
    # A model's points are in the 450 x 1000 screenshot it was shown.
    answer = ToolBox(scaled).call("ui", {"operation": "tap", "x": 450, "y": 10})
    assert answer["error"] == "invalid_arguments" and "off the screenshot image" in answer["message"]
    assert backend.taps == []
    box = ToolBox(Locator(backend, scaling=Scaling.raw()))
    answer = box.call("ui", {"operation": "tap", "x": 5000, "y": 10})
    assert answer["error"] == "invalid_arguments" and "off the screen" in answer["message"]
    assert backend.taps == []


def test_coarse_scale_still_taps_inside_the_element(run_cli: Any) -> None:
    # Results hold device pixels whatever the scale, so a tap never goes through a rounded
    # image pixel: even a 1-pixel screenshot taps the element's own center.
    backend = ReplayBackend(SNAPSHOTS / "toolbar")
    result = Locator(backend, scaling=Scaling(1)).tap("overflow menu")
    assert backend.taps == [result.element.center]
    assert result.element.bounds.contains(backend.taps[0].x, backend.taps[0].y)
    out = run_cli(
        "tap", "overflow menu", "--replay", SNAPSHOTS / "toolbar", "--max-dimension", "1", "--json"
    )
    assert out.returncode == 0 and out.stderr == ""
    assert out.json()["scaleFactor"] == 2400 and out.json()["tapped"] == {"x": 0, "y": 0}


def test_mcp_huge_tap_coordinate_is_invalid_arguments() -> None:
    async def script(session: ClientSession) -> Any:
        floaty = await session.call_tool("ui", {"operation": "tap", "x": 1e308, "y": 1})
        huge = await session.call_tool("ui", {"operation": "tap", "x": 10**30, "y": 1})
        off = await session.call_tool("ui", {"operation": "tap", "x": 999_999, "y": 1})
        return floaty, huge, off

    results = run_session(["--replay", str(SNAPSHOTS / "toolbar")], script)
    for result in results:
        assert result.is_error
        answer = text_of(result)
        assert answer["error"] == "invalid_arguments" and answer["field"] in ("x", "arguments")
