"""``iconfind record``: a live screen becomes a snapshot that replays like the real thing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from iconfind import Locator, ReplayBackend
from iconfind.backends.record import record_snapshot
from iconfind.backends.web import WebBackend
from tests.conftest import CliRun
from tests.live import resources

RunCli = Callable[..., CliRun]


@pytest.mark.web
def test_record_web_then_replay_finds_the_same_button(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "login_page"
    run = run_cli(
        "record",
        "--backend",
        "web",
        "--url",
        resources.base_url() + "toolbar.html",
        "--viewport",
        "640x480",
        "--device-scale-factor",
        "2",
        out,
    )
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in out.iterdir()) == ["hierarchy.xml", "meta.json", "screenshot.png"]
    meta = json.loads((out / "meta.json").read_text())
    assert meta["platform"] == "web"
    assert meta["window"] == "iconfind test: toolbar"
    assert meta["density"] == 2.0
    with Image.open(out / "screenshot.png") as image:
        assert image.size == (1280, 960)

    found = run_cli("find", "overflow menu", "--replay", out, "--json")
    assert found.returncode == 0, found.stderr
    body = found.json()
    assert body["tier"] == 2
    assert body["elements"][0]["resourceId"] == "btn-more-options"


@pytest.mark.web
def test_recorded_snapshot_taps_where_the_live_page_is_hit(
    open_page: Callable[..., WebBackend], tmp_path: Path
) -> None:
    web = open_page("toolbar.html")
    snapshot = record_snapshot(web, tmp_path / "snap")
    replay = ReplayBackend(snapshot)
    Locator(replay).tap("Log in")
    (tap,) = replay.taps
    web.tap(tap.x, tap.y)
    assert resources.clicks(web) == ["login"]


@pytest.mark.x11
def test_record_x11_writes_no_hierarchy_and_replays_as_unavailable(
    run_cli: RunCli, tk_app: Path, tmp_path: Path
) -> None:
    out = tmp_path / "desktop"
    run = run_cli("record", "--backend", "x11", "--display", resources.xvfb_display(), out)
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in out.iterdir()) == ["meta.json", "screenshot.png"]
    assert json.loads((out / "meta.json").read_text())["platform"] == "x11"
    with Image.open(out / "screenshot.png") as image:
        assert image.size == (1024, 768)
        # The Tk program's blue icon button is in the picture.
        assert image.convert("RGB").getpixel((830, 150)) == (0x15, 0x65, 0xC0)

    dump = run_cli("dump", "--replay", out, "--json")
    assert dump.returncode == 0
    assert dump.json()["accessibilityUnavailable"] is True


def test_record_refuses_a_non_empty_directory(run_cli: RunCli, tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    run = run_cli("record", "--backend", "web", "--url", "http://127.0.0.1:9/", tmp_path)
    assert run.returncode == 2
    assert run.stderr.strip() == f"iconfind: {tmp_path}: exists and is not an empty directory"
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_record_usage_errors_are_one_line(run_cli: RunCli, tmp_path: Path) -> None:
    no_url = run_cli("record", "--backend", "web", tmp_path / "a")
    assert no_url.returncode == 2
    assert no_url.stderr.strip() == "iconfind: usage: record --backend web needs --url URL"
    unknown = run_cli("record", "--backend", "gopher", tmp_path / "b")
    assert unknown.returncode == 2
    assert "unknown backend 'gopher'" in unknown.stderr
    bad_viewport = run_cli(
        "record",
        "--backend",
        "web",
        "--url",
        "http://127.0.0.1:9/",
        "--viewport",
        "big",
        tmp_path / "c",
    )
    assert bad_viewport.returncode == 2
    assert "--viewport" in bad_viewport.stderr
    assert not (tmp_path / "a").exists() and not (tmp_path / "c").exists()
