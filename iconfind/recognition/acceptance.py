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
    """Keyword arguments for :class:`IconRecognizer`: ``min_score``, ``score_bins``
    (``[(lowest score, lead needed), ...]``) and ``rare_margin``."""
    resource = resources.files("iconfind.recognition").joinpath("data/acceptance.toml")
    try:
        raw = tomllib.loads(resource.read_text("utf-8"))
    except FileNotFoundError:
        return {}
    return {
        "min_score": float(raw["min_score"]),
        "score_bins": tuple((float(low), float(lead)) for low, lead in raw["score_bins"]),
        "rare_margin": float(raw["rare_margin"]),
        "class_bins": {
            str(name): tuple((float(low), float(lead)) for low, lead in bins)
            for name, bins in raw.get("class_bins", {}).items()
        },
    }


__all__ = ["default_acceptance"]
