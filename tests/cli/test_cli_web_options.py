"""``--viewport WxH`` and ``--browser PATH`` / ``$ICONFIND_CHROMIUM`` for ``--backend web+...``."""

from __future__ import annotations

import json

import pytest

from iconfind.cli import main
from tests.live import resources


def test_a_missing_browser_is_a_one_line_device_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["dump", "--backend", "web+http://127.0.0.1:9/", "--browser", "/nonexistent/chromium"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "/nonexistent/chromium" in err


def test_the_environment_names_the_browser(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ICONFIND_CHROMIUM", "/nonexistent/from-env")
    code = main(["dump", "--backend", "web+http://127.0.0.1:9/", "--viewport", "800x600"])
    assert code == 2
    assert "/nonexistent/from-env" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["dump", "--backend", "web+http://x/", "--viewport", "800"], "--viewport"),
        (["dump", "--backend", "web+http://x/", "--viewport", "0x600"], "--viewport"),
        (["dump", "--replay", "examples/snapshots/toolbar", "--viewport", "800x600"], "web+"),
        (["dump", "--backend", "android://", "--browser", "/usr/bin/chromium"], "web+"),
    ],
)
def test_bad_web_options_are_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("iconfind: usage:") and message in err


@pytest.mark.web
def test_viewport_sets_the_page_size(capsys: pytest.CaptureFixture[str]) -> None:
    url = resources.base_url() + "toolbar.html"
    argv = ["screenshot", "--inline", "--raw", "--json", "--backend", f"web+{url}"]
    assert main([*argv, "--viewport", "640x480", "--browser", "/usr/bin/chromium"]) == 0
    shot = json.loads(capsys.readouterr().out)
    assert shot["device"] == {"width": 640, "height": 480}
