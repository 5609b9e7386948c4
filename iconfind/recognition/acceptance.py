"""The calibrated acceptance thresholds of the clear-winner rule, shipped as a data file.

``data/acceptance.toml`` is written by ``tools/calibrate_acceptance.py``: held-out icon families
(whole design lineages left out of the references) are rendered as screens would show them, and
the lowest score and lead are chosen so that no crop of a *different* concept is accepted as the
asked one (the absent-look-alike case), globally and per asked class.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from importlib import resources
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib


@lru_cache(maxsize=1)
def default_acceptance() -> dict[str, Any]:
    """``{"min_score": ..., "min_margin": ..., "class_margins": {...}}`` for IconRecognizer."""
    resource = resources.files("iconfind.recognition").joinpath("data/acceptance.toml")
    try:
        raw = tomllib.loads(resource.read_text("utf-8"))
    except FileNotFoundError:
        return {}
    return {
        "min_score": float(raw["min_score"]),
        "min_margin": float(raw["min_margin"]),
        "class_margins": {str(k): float(v) for k, v in raw.get("class_margins", {}).items()},
    }


__all__ = ["default_acceptance"]
