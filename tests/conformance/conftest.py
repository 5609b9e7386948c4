"""Parametrise the conformance suite over every module in ``factories/``."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol

import pytest

from tests.conformance import factories
from tests.conformance.case import ConformanceCase


class Factory(Protocol):
    def __call__(self, tmp_path: Path) -> AbstractContextManager[ConformanceCase]: ...


def _factories() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for info in pkgutil.iter_modules(factories.__path__):
        module = importlib.import_module(f"{factories.__name__}.{info.name}")
        found[info.name] = module
    return found


FACTORIES = _factories()


@pytest.fixture(params=sorted(FACTORIES), ids=sorted(FACTORIES))
def case(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ConformanceCase]:
    module = FACTORIES[request.param]
    for mark in getattr(module, "MARKS", ()):
        request.applymarker(mark)
    with module.make_case(tmp_path) as made:
        yield made
