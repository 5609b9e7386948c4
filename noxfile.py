"""Developer sessions: ``nox -s tests``, ``lint``, ``typecheck``, ``bench``."""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "lint", "typecheck"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """The test suite, on this checkout installed with its test extra."""
    session.install("-e", ".[test,web,x11,android,mcp,postgres]")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff on the library and the tests."""
    session.install("ruff>=0.4")
    session.run("ruff", "check", "iconfind", "tests")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict on the library (configuration in pyproject.toml)."""
    session.install("-e", ".[test,web,x11,android,mcp,postgres]")
    session.run("mypy", "--strict", "iconfind")


@nox.session
def bench(session: nox.Session) -> None:
    """bench/run.py: ``nox -s bench -- --quick --json``."""
    session.install("-e", ".[test,bench]")
    session.run("python", "bench/run.py", *session.posargs)
