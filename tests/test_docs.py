"""The docs match the code: every ``python`` block of README.md and docs/*.md runs and
type-checks, every ``console`` block prints what it shows, and docs/images are what
docs/make_images.py draws.

A ``python`` block whose first line is ``# not run: <reason>`` needs something CI does not have
(a device, a server); those are few, and counted below so they stay few.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from iconfind.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.S | re.M)
NOT_RUN = "# not run:"
MAX_NOT_RUN = 7


def blocks(language: str) -> list[tuple[str, str]]:
    """``(where, source)`` of every fenced block in that language."""
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1) == language:
                line = text.count("\n", 0, match.start()) + 1
                found.append((f"{path.relative_to(ROOT)}:{line}", match.group(2)))
    return found


PYTHON = blocks("python")
CONSOLE = blocks("console")


def test_the_docs_have_python_blocks_and_few_are_not_run() -> None:
    assert len(PYTHON) >= 12
    skipped = [where for where, source in PYTHON if source.startswith(NOT_RUN)]
    assert len(skipped) <= MAX_NOT_RUN, skipped


@pytest.mark.parametrize(
    "source", [s for _, s in PYTHON if not s.startswith(NOT_RUN)], ids=[w for w, s in PYTHON if not s.startswith(NOT_RUN)]
)
def test_python_block_runs(source: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code = compile(source, "<doc block>", "exec")
    exec(code, {"__name__": "__doc_block__"})


@pytest.mark.parametrize("source", [s for s in (b for _, b in PYTHON) if s.startswith(NOT_RUN)])
def test_blocks_that_are_not_run_still_compile(source: str) -> None:
    compile(source, "<doc block>", "exec")


def test_python_blocks_type_check(tmp_path: Path) -> None:
    """The examples are what a typed user writes: mypy accepts every block (a find returns one
    outcome of five, so reading ``result.outcome.phase`` without narrowing is an error)."""
    names = []
    for where, source in PYTHON:
        path = tmp_path / (re.sub(r"\W", "_", where) + ".py")
        path.write_text(source, encoding="utf-8")
        names.append(str(path))
    (tmp_path / "mypy.ini").write_text("[mypy]\n", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(tmp_path / "mypy.ini"),
            "--cache-dir",
            str(tmp_path / "cache"),
            "--python-version",
            "3.10",
            "--check-untyped-defs",
            "--ignore-missing-imports",
            *names,
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "MYPYPATH": str(ROOT)},  # this checkout's iconfind, not an installed one
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _pattern(expected: str) -> re.Pattern[str]:
    """``...`` stands for any text; runs of whitespace for any whitespace."""
    parts = [re.escape(part) for part in expected.strip().split("...")]
    pattern = ".*?".join(parts)
    pattern = re.sub(r"(\\\s|\s)+", r"\\s*", pattern)
    return re.compile(pattern, re.S)


def commands(source: str) -> list[tuple[list[str], str]]:
    out: list[tuple[list[str], str]] = []
    for chunk in re.split(r"^\$ ", source, flags=re.M)[1:]:
        command, _, expected = chunk.partition("\n")
        argv = shlex.split(command)
        assert argv[0] == "iconfind", command
        out.append((argv[1:], expected))
    return out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [pair for _, source in CONSOLE for pair in commands(source)],
    ids=[" ".join(argv) for _, source in CONSOLE for argv, _ in commands(source)],
)
def test_console_block_shows_what_the_cli_prints(
    argv: list[str], expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        main([*argv, "--budget", "600"])  # a budget it cannot hit: the output is checked
    assert _pattern(expected).fullmatch(stdout.getvalue().strip()), stdout.getvalue()


def test_console_blocks_exist() -> None:
    assert len([pair for _, source in CONSOLE for pair in commands(source)]) >= 4


def test_the_quickstart_example_prints_its_tour() -> None:
    """``python examples/quickstart.py``, as the README says to run it (a fresh interpreter)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "quickstart.py")],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "ICONFIND_BUDGET": "600", "PYTHONPATH": str(ROOT)},
    )
    lines = done.stdout.splitlines()
    assert lines[:2] == [
        "text   -> 1 Point(x=542, y=332)",
        "icon   -> 2 com.example.notes:id/iv_more_options Point(x=1006, y=157)",
    ]
    assert "taps   -> [Point(x=73, y=157)]" in lines
    assert lines[-1].startswith("tap    -> cannot tap: not_found")


DRAWN = ["grid.png", "candidates.png"]
MEASURED = {"tier12_scaling.png": "python -m bench.plot"}
"""Timing charts: re-measured by the command (named in the docs), not redrawn by the tests."""


def test_every_docs_image_is_drawn_by_make_images_or_a_named_measurement() -> None:
    """A picture added to docs/images is checked below, or its producing command is documented."""
    names = {path.name for path in (ROOT / "docs" / "images").iterdir()}
    assert names == {*DRAWN, *MEASURED}
    docs = "\n".join(path.read_text(encoding="utf-8") for path in DOCS)
    for name, command in MEASURED.items():
        assert f"{command} /tmp/bench.json docs/images/{name}" in docs, name


@pytest.mark.parametrize("name", DRAWN)
def test_docs_images_are_what_make_images_draws(name: str, tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(ROOT / "docs" / "make_images.py"), str(tmp_path)],
        check=True,
        capture_output=True,
    )
    with Image.open(ROOT / "docs" / "images" / name) as committed_file:
        committed = committed_file.convert("RGB")
    with Image.open(tmp_path / name) as fresh_file:
        fresh = fresh_file.convert("RGB")
    assert fresh.size == committed.size, "run: python docs/make_images.py"
    difference = ImageStat.Stat(ImageChops.difference(fresh, committed)).mean
    assert max(difference) < 2.0, "docs/images are stale: run python docs/make_images.py"
    # Not blank: a picture of icons and a grid has contrast (a grey box has none).
    assert min(ImageStat.Stat(fresh.convert("L")).stddev) > 20


AGENT_CALL = re.compile(r"^```json (\w+)\n(.*?)^```", re.S | re.M)


def test_agent_doc_tool_calls_are_valid_and_answered() -> None:
    """Every ``json <tool>`` block of docs/agent.md passes the tool's validation, and the ``ui``
    ones, sent in order to one ToolBox on a recorded screen, get an answer (a follow-up the
    screen does not fit may be refused, never crash)."""
    from iconfind import Locator, ReplayBackend, Scaling
    from iconfind.agent import ToolBox

    text = (ROOT / "docs" / "agent.md").read_text(encoding="utf-8")
    calls = [(m.group(1), json.loads(m.group(2))) for m in AGENT_CALL.finditer(text)]
    assert len(calls) >= 15
    backend = ReplayBackend(ROOT / "examples" / "snapshots" / "toolbar")
    box = ToolBox(Locator(backend, scaling=Scaling()))
    for tool, arguments in calls:
        assert box.validate(tool, arguments) is None, (tool, arguments)
        if tool == "ui":  # the learner tools need a memory: tests/agent/test_learner_tools.py
            answer = box.call(tool, arguments)
            assert answer.get("error") != "internal_error", (arguments, answer)
    assert backend.taps, "the documented taps reached the device"


def test_every_wire_key_the_code_can_send_is_in_the_contract() -> None:
    """docs/contract.md section 3 lists every key ``to_dict()`` can produce (no silent change)."""
    from iconfind import (
        Bounds,
        Candidate,
        Candidates,
        Element,
        Failure,
        FindError,
        FindResult,
        Found,
        GridStep,
        Point,
        ScreenTransform,
    )

    element = Element(bounds=Bounds(0, 0, 10, 10), text="x")
    outcomes = [
        Found((element,), "grid", 5, "low", match_count=2, recognized_as="overflow", grid_cell=3),
        Candidates(
            (Candidate(0, Bounds(0, 0, 10, 10), "aGk=", hints=(("overflow", 0.9),)),),
            suggestion="s",
            total_candidates=9,
            image_bytes=10,
            estimated_tokens=4,
        ),
        GridStep("aGk=", cell=3, positions=("Center",), image_bytes=10, estimated_tokens=4),
        Failure(FindError.NOT_FOUND, "s", phase="ocr", match_count=2, matches=(element,)),
    ]
    keys: set[str] = set()
    for outcome in outcomes:
        wire = FindResult(
            outcome,
            accessibility_unavailable=True,
            transform=ScreenTransform(1080, 2400, 2.4),
            tapped=Point(1, 2),
            notes=("n",),
        ).to_dict()
        keys |= set(wire)
        for nested in ("elements", "candidates"):
            keys.update(*(set(item) for item in wire.get(nested, [])))
    contract = (ROOT / "docs" / "contract.md").read_text(encoding="utf-8")
    section = contract[contract.index("## 3.") : contract.index("## 4.")]
    missing = sorted(key for key in keys if f'"{key}"' not in section)
    assert missing == []
