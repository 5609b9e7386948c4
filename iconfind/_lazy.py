"""Lazy package attributes (PEP 562): a public name's module is imported on first access.

Used by the package ``__init__`` modules so that ``import iconfind`` (or ``iconfind.backends``)
costs nothing until a name is used: OpenCV, NumPy, httpx, Pillow's decoders and the desktop SDKs
load only with the feature that needs them. Type checkers see the names through
``if TYPE_CHECKING:`` imports beside each table.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def attach(
    package: str, names: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``, where ``names`` maps each lazy name to the
    module defining it. A resolved name is cached in the package's namespace, so the hook runs
    once per name."""

    def __getattr__(name: str) -> Any:
        module_name = names.get(name)
        if module_name is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module_name), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *names})

    return __getattr__, __dir__
