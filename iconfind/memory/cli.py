"""``iconfind memory ...``: the learner from the command line.

    iconfind memory context --replay SNAPSHOT [--json] [--role button] [--db PATH]
    iconfind memory teach LABEL X Y --replay SNAPSHOT [--db PATH]
    iconfind memory audit [--db PATH]            # JSON lines, oldest first
    iconfind memory apps [--db PATH]             # which apps are indexed
    iconfind memory forget APP [--window W] [--db PATH]

``--db`` defaults to :func:`~iconfind.memory.default_path`. Errors are the CLI's usual one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from iconfind.backends.base import DeviceBackend
from iconfind.memory.audit import export_jsonl
from iconfind.memory.learner import DesktopLearner
from iconfind.memory.models import ROLES
from iconfind.memory.sqlite import SQLiteMemory

ACTIONS = ("context", "teach", "audit", "apps", "forget")


def add_parser(
    commands: argparse._SubParsersAction,  # type: ignore[type-arg]
    add_backend: Callable[[argparse.ArgumentParser], None],
) -> None:
    """Register ``memory`` on the main parser's subcommands."""
    memory = commands.add_parser("memory", help="learned targets: context, teach, audit, apps")
    memory.add_argument("action", choices=ACTIONS)
    memory.add_argument("args", nargs="*", metavar="ARG", help="teach: LABEL X Y; forget: APP")
    memory.add_argument("--db", metavar="PATH", help="memory database (default: user data dir)")
    memory.add_argument("--role", choices=(*ROLES, "all"), help="context: only this role")
    memory.add_argument("--window", help="forget: only this window")
    add_backend(memory)


def run(
    args: argparse.Namespace,
    open_backend: Callable[[argparse.Namespace], DeviceBackend],
    usage: Callable[[str], Exception],
) -> int:
    """Run one ``memory`` action; returns the exit status."""
    with SQLiteMemory(args.db) as memory:
        if args.action == "audit":
            export_jsonl(memory.audit(), sys.stdout)
            return 0
        if args.action == "apps":
            for app, count in memory.apps():
                print(f"{app}\t{count}")
            return 0
        if args.action == "forget":
            if len(args.args) != 1:
                raise usage("memory forget takes one APP")
            print(memory.forget(args.args[0], args.window))
            return 0
        learner = DesktopLearner(open_backend(args), memory, budget_s=args.budget)
        if args.action == "teach":
            if len(args.args) != 3:
                raise usage("memory teach takes LABEL X Y")
            label, x, y = args.args
            try:
                point = int(x), int(y)
            except ValueError:
                raise usage(f"X and Y are integers, got {x!r} {y!r}") from None
            target = learner.teach_target(label, *point)
            print(json.dumps(target.to_dict()) if args.json else target.id)
            return 0
        context = learner.get_screen_context()
        if args.json:
            print(json.dumps(context.to_tool_response(role_filter=args.role), ensure_ascii=False))
        else:
            print(context.to_text(role_filter=args.role))
        return 0


__all__ = ["add_parser", "run"]
