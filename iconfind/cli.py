"""The ``iconfind`` command line (CONTRACT.md section 2).

Exit status: 0 when an element was resolved or a next step (candidates / grid) is offered, 1 for
``not_found`` / ``ambiguous_query`` / ``element_off_screen`` / ``timeout``, 2 for usage errors and
unreadable input, with one line on stderr and no traceback (``ICONFIND_DEBUG=1`` shows it).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import NoReturn

from iconfind._errors import BackendError, IconfindError
from iconfind._locator import Locator, NotResolvedError
from iconfind._models import FindResult
from iconfind._scaling import Scaling
from iconfind.backends.base import DeviceBackend
from iconfind.backends.replay import ReplayBackend

EXIT_OK, EXIT_NOT_RESOLVED, EXIT_USAGE = 0, 1, 2


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
            "--replay", metavar="SNAPSHOT", help="a snapshot directory (CONTRACT.md section 1)"
        )
        sub.add_argument("--json", action="store_true", help="print one JSON object (wire form)")
        sub.add_argument(
            "--budget", type=float, default=10.0, metavar="SECONDS", help="time budget (default 10)"
        )

    find = commands.add_parser("find", help="find an element (text, icon name, selector)")
    find.add_argument("query", metavar="QUERY")
    add_backend(find)
    find.add_argument("--grid-cell", type=int, metavar="N", help="tier 5: the chosen cell (1-24)")
    find.add_argument(
        "--grid-position", type=int, metavar="P", help="tier 5: position in the cell (1-5)"
    )
    find.add_argument("--pick", type=int, metavar="INDEX", help="tier 4: the chosen candidate")

    tap = commands.add_parser("tap", help="find an element, then tap it")
    tap.add_argument("query", metavar="QUERY")
    add_backend(tap)

    dump = commands.add_parser("dump", help="print the accessibility tree")
    add_backend(dump)

    mcp = commands.add_parser("mcp", help="serve the agent tools over MCP on stdio")
    mcp.add_argument("--replay", metavar="SNAPSHOT", help="a snapshot directory")
    mcp.add_argument("--backend", metavar="URL", help="a live backend URL")
    mcp.add_argument("--budget", type=float, default=10.0, metavar="SECONDS")
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
    return parser


def open_backend(args: argparse.Namespace) -> DeviceBackend:
    """The backend the arguments name."""
    if args.replay:
        return ReplayBackend(args.replay)
    raise UsageError("no screen given: pass --replay SNAPSHOT")


def _run_mcp(args: argparse.Namespace) -> int:
    if args.replay and args.backend:
        raise UsageError("give --replay or --backend, not both")
    if args.backend:
        try:
            urls = importlib.import_module("iconfind.backends.urls")
        except ImportError:
            raise UsageError("--backend URL is not available in this iconfind") from None
        backend: DeviceBackend = urls.backend_from_url(args.backend)
    else:
        backend = open_backend(args)
    try:
        from iconfind.agent import Rails, ToolBox
        from iconfind.agent.mcp import run_stdio
    except ImportError as exc:
        raise UsageError(f"iconfind mcp needs: pip install 'iconfind[mcp]' ({exc})") from None
    scaling = Scaling.raw() if args.raw else Scaling(args.max_dimension)
    rails = Rails(
        max_actions_per_minute=args.max_actions_per_minute,
        blocklist=args.block,
        audit_path=args.audit_log,
    )
    run_stdio(ToolBox(Locator(backend, budget_s=args.budget, scaling=scaling), rails=rails))
    return EXIT_OK


def _emit(result: FindResult, as_json: bool, out: Callable[[str], None]) -> None:
    if as_json:
        out(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        out(describe(result))


def describe(result: FindResult) -> str:
    """A short human-readable rendering of a result."""
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
    if result.error is not None:
        extra = f" ({result.match_count} matches)" if result.match_count else ""
        phase = f" in phase {result.phase}" if result.phase else ""
        lines.append(f"{result.error.value}{extra}{phase}: {result.suggestion or ''}".rstrip(": "))
    if result.accessibility_unavailable:
        lines.append("accessibility unavailable")
    for i, element in enumerate(result.elements):
        label = element.label or element.short_id or element.class_name
        c = element.center
        lines.append(
            f"[{i}] {label!r} {element.class_name} {element.bounds.format()} center=({c.x},{c.y})"
            + (f" id={element.resource_id}" if element.resource_id else "")
        )
    for candidate in result.candidates:
        c = candidate.center
        lines.append(
            f"candidate [{candidate.index}] {candidate.bounds.format()} center=({c.x},{c.y})"
        )
    if result.truncated:
        lines.append(f"(showing {len(result.candidates)} of {result.total_candidates} candidates)")
    if result.grid_image:
        lines.append(
            "grid image offered: choose --grid-cell 1-24"
            if result.grid_cell is None
            else f"cell {result.grid_cell}: choose --grid-position 1-5"
        )
    if result.tapped is not None:
        lines.append(f"tapped ({result.tapped.x},{result.tapped.y})")
    lines.extend(f"note: {note}" for note in result.notes)
    return "\n".join(lines) if lines else "(empty result)"


def _run(args: argparse.Namespace) -> int:
    if args.budget <= 0:
        raise UsageError(f"--budget must be a positive number of seconds, got {args.budget}")
    if args.command == "mcp":
        return _run_mcp(args)
    backend = open_backend(args)
    locator = Locator(backend, budget_s=args.budget)
    out = print
    if args.command == "dump":
        result = locator.dump()
        _emit(result, args.json, out)
        return EXIT_OK
    if args.command == "find":
        if args.pick is not None and args.grid_cell is not None:
            raise UsageError("--pick answers tier 4 and --grid-cell tier 5: give one")
        result = locator.find(
            args.query, grid_cell=args.grid_cell, grid_position=args.grid_position
        )
        if args.pick is not None:
            result = locator.pick(result, args.pick)
        _emit(result, args.json, out)
        return result.exit_code
    if args.command == "tap":
        try:
            result = locator.tap(args.query)
        except NotResolvedError as exc:
            result = exc.result
        _emit(result, args.json, out)
        return result.exit_code
    raise UsageError("give a command: find, tap or dump")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``iconfind`` and ``python -m iconfind``; returns the exit status."""
    debug = os.environ.get("ICONFIND_DEBUG") == "1"
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            raise UsageError("give a command: find, tap or dump (see iconfind --help)")
        return _run(args)
    except UsageError as exc:
        return _fail(f"usage: {exc}", debug)
    except BackendError as exc:
        phase = f" ({exc.phase})" if exc.phase else ""
        return _fail(f"device error{phase}: {exc}", debug)
    except IconfindError as exc:
        return _fail(str(exc), debug)
    except KeyboardInterrupt:
        return _fail("interrupted", debug)
    except Exception as exc:  # the CLI never shows a traceback unless asked
        return _fail(f"internal error ({type(exc).__name__}): {exc} — please report it", debug)


def _fail(message: str, debug: bool) -> int:
    if debug:
        traceback.print_exc()
    first_line = message.splitlines()[0] if message else "error"
    print(f"iconfind: {first_line}", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
