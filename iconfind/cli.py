"""The ``iconfind`` command line (docs/contract.md section 2).

Exit status: 0 when an element was resolved or a next step (candidates / grid) is offered, 1 for
``not_found`` / ``ambiguous_query`` / ``element_off_screen`` / ``timeout``, 2 for usage errors and
unreadable input, with one line on stderr and no traceback (``ICONFIND_DEBUG=1`` shows it).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from iconfind._deadline import Deadline, default_budget
from iconfind.backends.base import DeviceBackend, close_backend
from iconfind.backends.replay import ReplayBackend
from iconfind.backends.urls import backend_from_url
from iconfind.errors import AmbiguousError, BackendError, DeviceTimeoutError, IconfindError
from iconfind.locator import Locator, NotResolvedError, refused_tap
from iconfind.memory import cli as memory_cli
from iconfind.models import (
    Candidates,
    Empty,
    Failure,
    FindResult,
    Found,
    GridStep,
)
from iconfind.progress import Progress
from iconfind.scaling import Scaling
from iconfind.strategies import default_chain
from iconfind.wire import listed_elements

EXIT_OK, EXIT_NOT_RESOLVED, EXIT_USAGE = 0, 1, 2
EXIT_BROKEN_PIPE = 141
"""The reader of stdout went away (``iconfind find ... --json | head -c 100``): no message, and
the status a shell reports for a program ended by SIGPIPE (128 + 13)."""


class UsageError(Exception):
    """Bad command-line usage; printed as one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # argparse prints a multi-line usage block; the contract wants one line.
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="iconfind",
        description="Find UI elements, text and unlabeled icons, on a screen and tap them.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def add_backend(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--replay", metavar="SNAPSHOT", help="a snapshot directory (docs/contract.md section 1)"
        )
        sub.add_argument(
            "--backend",
            metavar="URL",
            help="a live screen: android://SERIAL, macos://[APP], windows://[TITLE], "
            "web+https://..., x11://:99, replay:///PATH",
        )
        sub.add_argument("--json", action="store_true", help="print one JSON object (wire form)")
        sub.add_argument(
            "--budget",
            type=float,
            default=None,
            metavar="SECONDS",
            help="time budget of one find (default 10, or $ICONFIND_BUDGET)",
        )
        sub.add_argument(
            "--viewport",
            metavar="WxH",
            help="web+...: the page size in CSS pixels (default 1280x800)",
        )
        sub.add_argument(
            "--browser",
            metavar="PATH",
            help="web+...: the Chromium binary (default $ICONFIND_CHROMIUM or /usr/bin/chromium)",
        )

    def add_scaling(sub: argparse.ArgumentParser) -> None:
        scale = sub.add_mutually_exclusive_group()
        scale.add_argument(
            "--max-dimension",
            type=int,
            metavar="N",
            help="coordinates in a screenshot scaled to fit N px (longest side); taps convert back",
        )
        scale.add_argument(
            "--raw", action="store_true", help="coordinates in device pixels (the default)"
        )

    def add_recognition(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--no-recognition",
            action="store_true",
            help="no local icon recognition: tier 4 offers candidates to pick from",
        )

    find = commands.add_parser("find", help="find an element (text, icon name, selector)")
    find.add_argument("query", metavar="QUERY")
    add_backend(find)
    add_scaling(find)
    add_recognition(find)
    find.add_argument("--grid-cell", type=int, metavar="N", help="tier 5: the chosen cell (1-24)")
    find.add_argument(
        "--grid-position", type=int, metavar="P", help="tier 5: position in the cell (1-5)"
    )
    find.add_argument(
        "--pick",
        type=int,
        metavar="INDEX",
        help="tier 4: the chosen candidate (implies --no-recognition: the list shown)",
    )

    tap = commands.add_parser(
        "tap", help="find an element, then tap it (refuses when several match: --nth/--first)"
    )
    tap.add_argument("query", metavar="QUERY")
    which = tap.add_mutually_exclusive_group()
    which.add_argument(
        "--nth", type=int, metavar="INDEX", help="tap match INDEX (0-based) when several match"
    )
    which.add_argument("--first", action="store_true", help="tap the first of several matches")
    add_backend(tap)
    add_scaling(tap)
    add_recognition(tap)

    dump = commands.add_parser("dump", help="print the accessibility tree")
    add_backend(dump)
    add_scaling(dump)

    mcp = commands.add_parser("mcp", help="serve the agent tools over MCP on stdio")
    mcp.add_argument("--replay", metavar="SNAPSHOT", help="a snapshot directory")
    mcp.add_argument("--backend", metavar="URL", help="a live backend URL")
    mcp.add_argument("--budget", type=float, default=None, metavar="SECONDS")
    mcp.add_argument(
        "--max-dimension",
        type=int,
        default=1000,
        metavar="PX",
        help="scale screenshots to this longest side (default 1000)",
    )
    mcp.add_argument("--raw", action="store_true", help="no scaling: device pixels")
    mcp.add_argument("--max-actions-per-minute", type=int, default=10, metavar="N")
    mcp.add_argument(
        "--block",
        action="append",
        default=[],
        metavar="APP",
        help="refuse to read or act while APP is in front (repeatable, wildcards)",
    )
    mcp.add_argument("--audit-log", metavar="FILE", help="append every action as a JSON line")
    mcp.add_argument(
        "--output-dir",
        metavar="DIR",
        help="the only directory ui screenshot may write to (default: a new temporary directory)",
    )
    record = commands.add_parser(
        "record", help="write a live screen as a snapshot directory (replay case, bug report)"
    )
    record.add_argument("out", metavar="OUT", help="the snapshot directory to create")
    record.add_argument(
        "--backend", required=True, metavar="KIND", help="web, x11 (or a backend URL)"
    )
    record.add_argument("--url", help="web: the page to load")
    record.add_argument("--display", help="x11: the X display (default $DISPLAY)")
    record.add_argument(
        "--viewport", default="1280x800", metavar="WxH", help="web: CSS pixels (default 1280x800)"
    )
    record.add_argument(
        "--device-scale-factor", type=float, default=1.0, metavar="F", help="web: default 1"
    )
    record.add_argument("--json", action="store_true", help="print what was written as JSON")

    shot = commands.add_parser("screenshot", help="capture the screen (scaled, file or inline)")
    add_backend(shot)
    shot.add_argument("--output", "-o", metavar="PATH", help="where to write the PNG/JPEG")
    shot.add_argument("--inline", action="store_true", help="base64 in the JSON, no file")
    sizes = shot.add_mutually_exclusive_group()
    sizes.add_argument(
        "--max-dimension", type=int, metavar="PX", help="longest side (default 1000)"
    )
    sizes.add_argument("--raw", action="store_true", help="no scaling (device pixels)")

    typing = commands.add_parser("input", help="type text, optionally tapping a target first")
    typing.add_argument("text", metavar="TEXT")
    typing.add_argument("--target", metavar="QUERY", help="tap this element first")
    add_backend(typing)

    check = commands.add_parser(
        "accessibility-check", help="clickables lacking labels or ids, or under 48 dp"
    )
    add_backend(check)
    check.add_argument("--strict", action="store_true", help="exit 1 when there are issues")

    snap = commands.add_parser("visual-snapshot", help="screenshot plus screen and app metadata")
    add_backend(snap)
    memory_cli.add_parser(commands, add_backend)
    return parser


def open_backend(args: argparse.Namespace, deadline: Deadline | None = None) -> DeviceBackend:
    """The backend the arguments name; a snapshot is loaded under ``deadline`` when given."""
    if args.replay and args.backend:
        raise UsageError("give --replay SNAPSHOT or --backend URL, not both")
    web_options = getattr(args, "viewport", None) or getattr(args, "browser", None)
    if web_options and not (args.backend or "").lower().startswith("web+"):
        raise UsageError("--viewport and --browser are for --backend web+http(s)://... only")
    if args.replay:
        return ReplayBackend(args.replay, deadline=deadline)
    if args.backend and web_options:
        from iconfind.backends.web import DEFAULT_VIEWPORT, WebBackend, parse_viewport

        try:
            viewport = parse_viewport(args.viewport) if args.viewport else DEFAULT_VIEWPORT
        except IconfindError as exc:
            raise UsageError(f"--viewport: {exc}") from None
        return WebBackend(
            args.backend.split("+", 1)[1], viewport=viewport, executable_path=args.browser
        )
    if args.backend:
        return backend_from_url(args.backend)
    raise UsageError("no screen given: pass --replay SNAPSHOT or --backend URL")


def _viewport(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit() or not int(width) or not int(height):
        raise UsageError(f"--viewport must look like 1280x800, not {text!r}")
    return int(width), int(height)


def _record(args: argparse.Namespace) -> int:
    from contextlib import ExitStack

    from iconfind.backends.record import check_target, record_snapshot

    check_target(args.out)  # before starting a browser
    with ExitStack() as stack:
        backend: DeviceBackend
        if args.backend == "web":
            if not args.url:
                raise UsageError("record --backend web needs --url URL")
            from iconfind.backends.web import WebBackend

            backend = stack.enter_context(
                WebBackend(
                    args.url,
                    viewport=_viewport(args.viewport),
                    device_scale_factor=args.device_scale_factor,
                )
            )
        elif args.backend == "x11":
            from iconfind.backends.x11 import X11Backend

            backend = stack.enter_context(X11Backend(args.display))
        elif "://" in args.backend:
            backend = backend_from_url(args.backend)
            stack.callback(close_backend, backend)
        else:
            raise UsageError(f"unknown backend {args.backend!r}: use web or x11")
        path = record_snapshot(backend, args.out)
    written = sorted(p.name for p in path.iterdir())
    if args.json:
        print(json.dumps({"snapshot": str(path), "files": written}))
    else:
        print(f"recorded {path}: {', '.join(written)}")
    return EXIT_OK


def _run_mcp(args: argparse.Namespace) -> int:
    backend = open_backend(args)
    try:
        from iconfind.agent import Rails, ToolBox
        from iconfind.agent.mcp import run_stdio
    except ImportError as exc:
        raise UsageError(f"iconfind mcp needs: pip install 'iconfind[mcp]' ({exc})") from None
    if args.max_actions_per_minute < 0:
        raise UsageError(
            f"--max-actions-per-minute must be 0 or more, got {args.max_actions_per_minute}"
        )
    if not args.raw and args.max_dimension < 1:
        raise UsageError(f"--max-dimension must be a positive number, got {args.max_dimension}")
    scaling = Scaling.raw() if args.raw else Scaling(args.max_dimension)
    # Refused here, before serving: an unwritable audit log or output directory.
    rails = Rails(
        max_actions_per_minute=args.max_actions_per_minute,
        blocklist=args.block,
        audit_path=args.audit_log,
    )
    try:
        toolbox = ToolBox(
            Locator(backend, budget_s=args.budget, scaling=scaling),
            rails=rails,
            output_dir=args.output_dir,
        )
        run_stdio(toolbox)
    finally:
        close_backend(backend)
    return EXIT_OK


def _emit(result: FindResult, as_json: bool, out: Callable[[str], None]) -> None:
    if as_json:
        out(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        out(describe(result))


def exit_code(result: FindResult) -> int:
    """The exit status for a find's or tap's result: 0 when it resolved or offers a next step
    (candidates, grid), 1 for a failure or an empty result."""
    match result.outcome:
        case Found() | Candidates() | GridStep():
            return EXIT_OK
        case Failure() | Empty():
            return EXIT_NOT_RESOLVED


def describe(result: FindResult) -> str:
    """A short human-readable rendering of a result, in the coordinates ``--json`` shows (the
    scaled screenshot's pixels under ``--max-dimension``)."""
    outcome = result.outcome
    to_image = result.to_image
    lines: list[str] = []
    head: list[str] = []
    if result.tier is not None:
        head.append(f"tier {result.tier}")
    if result.source:
        head.append(result.source)
    if result.confidence:
        head.append(f"{result.confidence} confidence")
    if result.scale_factor:
        head.append(f"scale {result.scale_factor}")
    if head:
        lines.append(" · ".join(head))
    if isinstance(outcome, Failure):
        extra = f" ({outcome.match_count} matches)" if outcome.match_count else ""
        phase = f" in phase {outcome.phase}" if outcome.phase else ""
        lines.append(f"{outcome.error.value}{extra}{phase}: {outcome.suggestion}".rstrip(": "))
    if result.accessibility_unavailable:
        lines.append("accessibility unavailable")
    for i, element in enumerate(listed_elements(result)):
        label = element.label or element.short_id or element.class_name
        shown = to_image(element)
        c = shown.center
        lines.append(
            f"[{i}] {label!r} {element.class_name} {shown.bounds.format()} center=({c.x},{c.y})"
            + (f" id={element.resource_id}" if element.resource_id else "")
        )
    if isinstance(outcome, Candidates):
        for candidate in outcome.candidates:
            shown_candidate = to_image(candidate)
            c = shown_candidate.center
            lines.append(
                f"candidate [{candidate.index}] {shown_candidate.bounds.format()} "
                f"center=({c.x},{c.y})"
            )
        if outcome.truncated:
            lines.append(
                f"(showing {len(outcome.candidates)} of {outcome.total_candidates} candidates)"
            )
    if isinstance(outcome, GridStep):
        lines.append(
            "grid image offered: choose --grid-cell 1-24"
            if outcome.cell is None
            else f"cell {outcome.cell}: choose --grid-position 1-5"
        )
    tapped = result.to_dict().get("tapped")  # the wire's point: the elements' space
    if tapped is not None:
        lines.append(f"tapped ({tapped['x']},{tapped['y']})")
    lines.extend(f"note: {note}" for note in result.notes)
    return "\n".join(lines) if lines else "(empty result)"


def ambiguous_result(exc: AmbiguousError) -> FindResult:
    """A tap that refused to guess, as a result: the matches, ``ambiguous_query`` (exit 1)."""
    return refused_tap(exc, "Several elements match: tap one with --nth INDEX or --first")


def _check_follow_up_flags(args: argparse.Namespace) -> None:
    """The follow-up flags, checked before any device work, with messages naming the flags."""
    if args.pick is not None and args.grid_cell is not None:
        raise UsageError("--pick answers tier 4 and --grid-cell tier 5: give one")
    if args.grid_position is not None and args.grid_cell is None:
        raise UsageError("--grid-position needs --grid-cell N (the cell it refines)")
    if args.grid_cell is not None and not 1 <= args.grid_cell <= 24:
        raise UsageError(
            f"--grid-cell must be 1-24 (cells numbered left-to-right, top-to-bottom), "
            f"got {args.grid_cell}"
        )
    if args.grid_position is not None and not 1 <= args.grid_position <= 5:
        raise UsageError(
            "--grid-position must be 1-5 (1 top-left, 2 top-right, 3 center, 4 bottom-left, "
            f"5 bottom-right), got {args.grid_position}"
        )
    if args.pick is not None and args.pick < 0:
        raise UsageError(f"--pick takes a candidate index from 0, got {args.pick}")


def scaling_from(args: argparse.Namespace) -> Scaling | None:
    """The coordinate scaling ``find`` / ``tap`` / ``dump`` ask for: ``None`` (device pixels)
    unless ``--max-dimension N``; ``--raw`` says device pixels explicitly. Other commands
    (``screenshot`` scales its image itself) get ``None``."""
    if args.command not in ("find", "tap", "dump"):
        return None
    if args.raw:
        return Scaling.raw()
    if args.max_dimension is None:
        return None
    if args.max_dimension < 1:
        raise UsageError(f"--max-dimension must be a positive number, got {args.max_dimension}")
    return Scaling(args.max_dimension)


def _run(args: argparse.Namespace) -> int:
    if args.command == "record":
        return _record(args)
    if args.budget is None:
        args.budget = default_budget()  # $ICONFIND_BUDGET or 10 s (a bad value: exit 2)
    elif not (math.isfinite(args.budget) and args.budget > 0):
        raise UsageError(f"--budget must be a positive number of seconds, got {args.budget}")
    if args.command == "mcp":
        return _run_mcp(args)
    if args.command == "memory":
        return memory_cli.run(args, open_backend, UsageError)
    # One deadline for find/tap, made before the snapshot is read: loading counts against it.
    deadline = Deadline.after(args.budget) if args.command in ("find", "tap") else None
    backend = open_backend(args, deadline)
    try:
        return _run_with(backend, args, deadline)
    finally:
        close_backend(backend)  # an Appium session is deleted, a browser closed


def _run_with(backend: DeviceBackend, args: argparse.Namespace, deadline: Deadline | None) -> int:
    # Answering a candidate list (--pick) must see that list again, not a local recognition.
    recognition = not (
        getattr(args, "no_recognition", False) or getattr(args, "pick", None) is not None
    )
    locator = Locator(
        backend,
        strategies=default_chain(recognition=recognition),
        budget_s=args.budget,
        scaling=scaling_from(args),
    )
    out = print
    if args.command == "dump":
        result = locator.dump()
        _emit(result, args.json, out)
        return EXIT_OK
    if args.command == "find":
        _check_follow_up_flags(args)
        result = locator.find(
            args.query,
            grid_cell=args.grid_cell,
            grid_position=args.grid_position,
            deadline=deadline,
        )
        if args.pick is not None:
            result = locator.pick(result, args.pick)
        _emit(result, args.json, out)
        return exit_code(result)
    if args.command == "tap":
        if args.nth is not None and args.nth < 0:
            raise UsageError(f"--nth takes a match index from 0, got {args.nth}")
        try:
            result = locator.tap(
                locator.find(args.query, deadline=deadline), nth=args.nth, first=args.first
            )
        except NotResolvedError as exc:
            result = exc.result
        except AmbiguousError as exc:
            result = ambiguous_result(exc)
        _emit(result, args.json, out)
        return exit_code(result)
    if args.command in OPERATIONS:
        return OPERATIONS[args.command](locator, args, out)
    raise UsageError(f"unknown command {args.command!r}")


def _json_or(value: Any, as_json: bool, text: str, out: Callable[[str], None]) -> None:
    out(json.dumps(value.to_dict(), ensure_ascii=False) if as_json else text)


def _screenshot(locator: Locator, args: argparse.Namespace, out: Callable[[str], None]) -> int:
    if args.inline and args.output:
        raise UsageError("--inline returns the image in the JSON: drop --output")
    if args.max_dimension is not None and args.max_dimension < 1:
        raise UsageError("--max-dimension must be a positive number of pixels")
    scaling = (
        Scaling.raw()
        if args.raw
        else Scaling(args.max_dimension)
        if args.max_dimension is not None
        else None
    )
    shot = locator.screenshot(args.output, inline=args.inline, scaling=scaling)
    where = str(shot.path) if shot.path is not None else "inline"
    text = (
        f"{where}: {shot.image_size[0]}x{shot.image_size[1]} "
        f"(device {shot.device_size[0]}x{shot.device_size[1]}, scale {shot.scale_factor})"
    )
    _json_or(shot, args.json, text, out)
    return EXIT_OK


def _input(locator: Locator, args: argparse.Namespace, out: Callable[[str], None]) -> int:
    try:
        result = locator.input(args.text, target=args.target)
    except NotResolvedError as exc:
        _emit(exc.result, args.json, out)
        return exit_code(exc.result)
    except AmbiguousError as exc:
        result = ambiguous_result(exc)
        _emit(result, args.json, out)
        return exit_code(result)
    if args.json:
        _emit(result, True, out)
    else:
        tapped = f"tapped ({result.tapped.x},{result.tapped.y}), " if result.tapped else ""
        out(f"{tapped}typed {args.text!r}")
    return EXIT_OK


def _accessibility_check(
    locator: Locator, args: argparse.Namespace, out: Callable[[str], None]
) -> int:
    report = locator.accessibility_check()
    if report.accessibility_unavailable:
        text = "accessibility unavailable: no tree to check"
    else:
        lines = [
            f"{report.clickables} clickables: {report.missing_label} without a label, "
            f"{report.missing_id} without an id, {report.too_small} under 48 dp "
            f"({report.min_target_px} px at density {report.density:g}"
            + (", assumed)" if report.density_assumed else ")")
        ]
        for issue in report.issues:
            element = issue.element
            name = element.label or element.short_id or element.class_name
            lines.append(f"  {name!r} {element.bounds.format()}: {', '.join(issue.problems)}")
        text = "\n".join(lines)
    _json_or(report, args.json, text, out)
    return EXIT_NOT_RESOLVED if args.strict and not report.ok else EXIT_OK


def _visual_snapshot(locator: Locator, args: argparse.Namespace, out: Callable[[str], None]) -> int:
    snap = locator.visual_snapshot()
    shot = snap.screenshot
    text = (
        f"{snap.platform or 'screen'} {shot.device_size[0]}x{shot.device_size[1]} "
        f"density {snap.density:g}; app {snap.app or '?'} window {snap.window or '?'}; "
        f"{snap.element_count} elements; image {shot.image_size[0]}x{shot.image_size[1]} "
        "(base64 in --json)"
    )
    _json_or(snap, args.json, text, out)
    return EXIT_OK


OPERATIONS: dict[str, Callable[[Locator, argparse.Namespace, Callable[[str], None]], int]] = {
    "screenshot": _screenshot,
    "input": _input,
    "accessibility-check": _accessibility_check,
    "visual-snapshot": _visual_snapshot,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``iconfind`` and ``python -m iconfind``; returns the exit status."""
    debug = os.environ.get("ICONFIND_DEBUG") == "1"
    # Library warnings (a dropped node, a tree that is not XML) as prefixed lines, not bare text.
    logging.basicConfig(format="iconfind: warning: %(message)s", level=logging.WARNING)
    args = argparse.Namespace()
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            raise UsageError(
                "give a command: find, tap, dump, screenshot, input, accessibility-check or "
                "visual-snapshot (see iconfind --help)"
            )
        if args.command == "mcp":  # a server: no progress line
            return _run(args)
        with Progress(progress_label(args)):
            return _run(args)
    except UsageError as exc:
        return _fail(f"usage: {exc}", debug)
    except DeviceTimeoutError as exc:  # a timeout is an answer (exit 1), never a crash
        _emit(FindResult.from_timeout(exc), bool(getattr(args, "json", False)), print)
        return EXIT_NOT_RESOLVED
    except BackendError as exc:
        phase = f" ({exc.phase})" if exc.phase else ""
        return _fail(f"device error{phase}: {exc}", debug)
    except IconfindError as exc:
        return _fail(str(exc), debug)
    except KeyboardInterrupt:
        return _fail("interrupted", debug)
    except BrokenPipeError:  # the reader closed the pipe (``| head``): nothing left to say
        # stdout's final flush at exit would fail again: point it at devnull
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except Exception as exc:  # the CLI never shows a traceback unless asked
        return _fail(f"internal error ({type(exc).__name__}): {exc} — please report it", debug)


def progress_label(args: argparse.Namespace) -> str:
    """What the progress line says the command is doing: ``find 'overflow menu'``."""
    what = getattr(args, "query", None) or getattr(args, "text", None)
    return f"{args.command} {what!r}" if what else str(args.command)


def _fail(message: str, debug: bool) -> int:
    if debug:
        traceback.print_exc()
    first_line = message.splitlines()[0] if message else "error"
    print(f"iconfind: {first_line}", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
