"""Bad input on every replay command: a correct result, ``accessibilityUnavailable``, or one line
on stderr with exit 2 (1 for ``not_found``) — never a traceback nor an "internal error"."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from iconfind.cli import main
from tests.conftest import SNAPSHOTS, CliRun, png_claiming

COMMANDS = (
    ("find", "Wait"),
    ("tap", "Wait"),
    ("dump",),
    ("screenshot", "--inline"),
    ("accessibility-check",),
    ("visual-snapshot",),
)
NULL_ROOT = "ERROR: null root node returned by UiTestAutomationBridge.\n"


def _tree(bounds: str) -> str:
    """One clickable "Wait" node with ``bounds`` around a child with good bounds."""
    return (
        "<?xml version='1.0' encoding='UTF-8'?><hierarchy rotation='0'>"
        "<node index='0' text='Wait' class='android.widget.Button' clickable='true' "
        f"{bounds}><node text='Inner' class='android.widget.TextView' bounds='[10,10][20,20]'/>"
        "</node></hierarchy>"
    )


def _snapshot(tmp_path: Path, name: str, content: str | bytes | None) -> Path:
    """A copy of ``anr_dialog`` with file ``name`` replaced by ``content`` (``None``: removed)."""
    snapshot = tmp_path / "snap"
    shutil.copytree(SNAPSHOTS / "anr_dialog", snapshot)
    target = snapshot / name
    if content is None:
        target.unlink()
    elif isinstance(content, bytes):
        target.write_bytes(content)
    else:
        target.write_text(content, encoding="utf-8")
    return snapshot


def _run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "internal error" not in captured.err
    return code, captured.out, captured.err


def _one_line_error(code: int, out: str, err: str, message: str) -> None:
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("iconfind: ") and message in lines[0], err


# -- hierarchy.xml: accessibility unavailable, every command still answers ----------------------


@pytest.mark.parametrize(
    "hierarchy",
    [
        "<hierarchy><node text='Wait' bounds='[0,0][1,1]'>",
        NULL_ROOT,
        "",
        b"\x00\xff\xfe junk, not XML \x89PNG",
        "just some words",
    ],
    ids=["malformed", "null-root", "empty", "binary-junk", "text"],
)
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_an_unusable_tree_means_accessibility_unavailable(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    hierarchy: str | bytes,
    command: tuple[str, ...],
) -> None:
    snapshot = _snapshot(tmp_path, "hierarchy.xml", hierarchy)
    code, out, _ = _run(capsys, *command, "--replay", snapshot, "--json")
    assert code == 0
    wire = json.loads(out)
    if command[0] in ("find", "tap", "dump", "accessibility-check"):
        assert wire["accessibilityUnavailable"] is True
    if command[0] == "find":  # falls through to OCR, which reads the button
        assert (wire["tier"], wire["source"]) == (3, "ocr")


# -- bounds: a junk node is dropped (its child kept), odd-but-valid bounds are used --------------


@pytest.mark.parametrize(
    "bounds",
    ["bounds='[a,b][c,d]'", "bounds='[500,0][100,200]'", "", "bounds=''", "bounds='[1,2]'"],
    ids=["letters", "inverted", "missing", "empty", "half"],
)
def test_a_node_with_junk_bounds_is_dropped_not_fatal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, bounds: str
) -> None:
    snapshot = _snapshot(tmp_path, "hierarchy.xml", _tree(bounds))
    code, out, _ = _run(capsys, "dump", "--replay", snapshot, "--json")
    assert code == 0
    assert [e["text"] for e in json.loads(out)["elements"]] == ["Inner"]
    code, out, _ = _run(capsys, "accessibility-check", "--replay", snapshot, "--json")
    assert code == 0 and json.loads(out)["elements"] == 1


def test_negative_bounds_are_kept_and_the_center_is_on_screen(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    snapshot = _snapshot(tmp_path, "hierarchy.xml", _tree("bounds='[-10,-20][100,200]'"))
    code, out, _ = _run(capsys, "find", "Wait", "--replay", snapshot, "--json")
    assert code == 0
    assert json.loads(out)["elements"][0]["center"] == {"x": 45, "y": 90}


@pytest.mark.parametrize(
    "bounds", ["[0,0][99999999999999999999999,99999999999999999999]", "[5000,5000][6000,6000]"]
)
def test_bounds_beyond_the_screen_are_element_off_screen(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, bounds: str
) -> None:
    snapshot = _snapshot(tmp_path, "hierarchy.xml", _tree(f"bounds='{bounds}'"))
    for command in ("find", "tap"):
        code, out, _ = _run(capsys, command, "Wait", "--replay", snapshot, "--json")
        assert code == 1 and json.loads(out)["error"] == "element_off_screen"


# -- screenshot.png / meta.json: exit 2, one line, for every command ------------------------------


def _first_100_bytes() -> bytes:
    return (SNAPSHOTS / "anr_dialog" / "screenshot.png").read_bytes()[:100]


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("screenshot.png", _first_100_bytes(), "not a readable image"),
        ("screenshot.png", b"", "not a readable image"),
        ("screenshot.png", "this is not an image", "not a readable image"),
        ("screenshot.png", None, "missing (a snapshot needs screenshot.png)"),
        ("screenshot.png", png_claiming(100_000, 100_000), "too large to decode"),
        ("meta.json", '{"density": Infinity}', "density must be a positive number"),
        ("meta.json", '{"density": NaN}', "density must be a positive number"),
        ("meta.json", '{"density": true}', "density must be a positive number"),
        ("meta.json", b"\xff\xfe\x00", "not valid JSON"),
    ],
    ids=[
        "png-100-bytes",
        "png-zero-bytes",
        "png-text",
        "png-missing",
        "png-bomb",
        "density-inf",
        "density-nan",
        "density-bool",
        "meta-binary",
    ],
)
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_an_unreadable_snapshot_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    content: str | bytes | None,
    message: str,
    command: tuple[str, ...],
) -> None:
    snapshot = _snapshot(tmp_path, name, content)
    _one_line_error(*_run(capsys, *command, "--replay", snapshot, "--json"), message)


def test_a_missing_meta_json_is_fine(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    snapshot = _snapshot(tmp_path, "meta.json", None)
    code, out, _ = _run(capsys, "find", "Wait", "--replay", snapshot, "--json")
    assert code == 0 and json.loads(out)["elements"][0]["center"] == {"x": 540, "y": 1331}


@pytest.mark.parametrize("where", ["absent", "a-file"])
def test_a_snapshot_that_is_not_a_directory(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str
) -> None:
    path = tmp_path / where
    if where == "a-file":
        path.write_text("x")
    for command in COMMANDS:
        result = _run(capsys, *command, "--replay", path, "--json")
        _one_line_error(*result, "not a snapshot directory")


# -- arguments ------------------------------------------------------------------------------------

TOOLBAR = SNAPSHOTS / "toolbar"
BLANK = SNAPSHOTS / "blank_canvas"
UNLABELED = SNAPSHOTS / "toolbar_unlabeled"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("find", "x", "--replay", BLANK, "--grid-cell", "0"), "--grid-cell must be 1-24"),
        (("find", "x", "--replay", BLANK, "--grid-cell", "25"), "--grid-cell must be 1-24"),
        (("find", "x", "--replay", BLANK, "--grid-cell", "abc"), "invalid int value: 'abc'"),
        (
            ("find", "x", "--replay", BLANK, "--grid-cell", "3", "--grid-position", "9"),
            "--grid-position must be 1-5",
        ),
        (("find", "overflow menu", "--replay", UNLABELED, "--pick", "99"), "out of range"),
        (("find", "", "--replay", TOOLBAR), "empty query"),
        (("find", " \t\n", "--replay", TOOLBAR), "empty query"),
        (("tap", "", "--replay", TOOLBAR), "empty query"),
        (("find", "x", "--replay", TOOLBAR, "--budget", "nan"), "--budget"),
        (("find", "x", "--replay", TOOLBAR, "--budget", "inf"), "--budget"),
        (("screenshot", "--replay", TOOLBAR, "-o", "shot.txt"), "needs an image extension"),
        (("screenshot", "--replay", TOOLBAR, "-o", "shot.psd"), "needs an image extension"),
    ],
    ids=lambda v: None if isinstance(v, tuple) else v,
)
def test_bad_arguments_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str | Path, ...], message: str
) -> None:
    _one_line_error(*_run(capsys, *args), message)


def test_a_screenshot_path_that_is_a_directory(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "shot.png").mkdir()
    for target in (tmp_path, tmp_path / "shot.png"):
        args = ("screenshot", "--replay", TOOLBAR, "-o", target)
        _one_line_error(*_run(capsys, *args), str(target))


@pytest.mark.parametrize(
    ("query", "snapshot", "code", "expect"),
    [
        ("x" * 10_240, TOOLBAR, 1, {"error": "not_found"}),
        ("overflow menu " * 700, TOOLBAR, 1, {"error": "not_found"}),
        ("x" * 10_240, BLANK, 0, {"tier": 5}),
        ("ünïcødé ⋮ 🔍 日本語", TOOLBAR, 1, {"error": "not_found"}),
        ("⋮", TOOLBAR, 0, {"tier": 2}),
        ("日本語", SNAPSHOTS / "sign_in_null_root", 0, {"tier": 5}),
    ],
    ids=["10kb", "10kb-words", "10kb-grid", "unicode", "vertical-ellipsis", "cjk-no-tree"],
)
def test_long_and_unicode_queries_get_a_result(
    capsys: pytest.CaptureFixture[str],
    query: str,
    snapshot: Path,
    code: int,
    expect: dict[str, Any],
) -> None:
    got, out, err = _run(capsys, "find", query, "--replay", snapshot, "--json")
    assert got == code and err == ""
    wire = json.loads(out)
    assert {key: wire.get(key) for key in expect} == expect


# -- the same, as a real process: nothing but one line on stderr ----------------------------------


@pytest.mark.parametrize(
    ("name", "content", "code"),
    [
        ("hierarchy.xml", NULL_ROOT, 0),
        ("screenshot.png", _first_100_bytes(), 2),
        ("screenshot.png", png_claiming(100_000, 100_000), 2),
    ],
    ids=["null-root", "png-100-bytes", "png-bomb"],
)
def test_as_a_process(
    run_cli: Callable[..., CliRun],
    tmp_path: Path,
    name: str,
    content: str | bytes,
    code: int,
) -> None:
    run = run_cli("dump", "--replay", _snapshot(tmp_path, name, content), "--json")
    assert run.returncode == code
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr
    if code == 0:
        assert run.json()["accessibilityUnavailable"] is True and run.stderr == ""
    else:
        assert run.stdout == "" and len(run.stderr.splitlines()) == 1


def test_a_dropped_node_is_one_prefixed_warning_line(
    run_cli: Callable[..., CliRun], tmp_path: Path
) -> None:
    snapshot = _snapshot(tmp_path, "hierarchy.xml", _tree("bounds='[a,b][c,d]'"))
    run = run_cli("dump", "--replay", snapshot, "--json")
    assert run.returncode == 0 and [e["text"] for e in run.json()["elements"]] == ["Inner"]
    assert run.stderr.splitlines() == [
        "iconfind: warning: dropping a node with junk bounds: not a bounds string of the form "
        "[x1,y1][x2,y2]: '[a,b][c,d]'"
    ]


def test_a_reader_that_goes_away_is_not_an_error() -> None:
    """``iconfind find ... --json | head -c 0``: the pipe's reader is gone before the result is
    written. No "internal error", no traceback: the status a shell gives a SIGPIPE'd program."""
    import os
    import subprocess
    import sys

    read_end, write_end = os.pipe()
    os.close(read_end)  # closed before the child writes: its first write fails with EPIPE
    try:
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "iconfind",
                "find",
                "Wait",
                "--replay",
                str(SNAPSHOTS / "anr_dialog"),
                "--json",
            ],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=600,
            check=False,
        )
    finally:
        os.close(write_end)
    assert proc.stderr == ""
    assert proc.returncode == 141
