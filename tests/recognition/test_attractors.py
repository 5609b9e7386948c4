"""Attractors: concepts that other concepts' drawings fall on in every calibration family need a
larger lead (tools/calibrate_acceptance.py chooses them; the shipped policy applies them)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from iconfind.recognition import IconRecognizer
from iconfind.recognition.acceptance import default_policy
from iconfind.recognition.references import GlyphTable

from .conftest import DARK, LIGHT, screen_icon

TOOL = Path(__file__).resolve().parents[2] / "tools" / "calibrate_acceptance.py"
CLASSES = ["add", "hamburger", "gamepad", "first_aid", "database", "list_view", "search"]


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("calibrate_acceptance", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("calibrate_acceptance", module)
    spec.loader.exec_module(module)
    return module


def rows(tool: ModuleType, crops: Sequence[tuple[str, Sequence[tuple[str, float]]]]) -> Any:
    """Calibration rows of ``(true concept, [(concept, score), ...] best first)`` crops."""
    index = {c: i for i, c in enumerate(CLASSES)}
    width = max(len(context) for _, context in crops)
    top = np.zeros((len(crops), width), np.int64)
    score = np.zeros((len(crops), width), np.float32)
    for i, (_, context) in enumerate(crops):
        for j, (name, value) in enumerate(context):
            top[i, j], score[i, j] = index[name], value
    return tool.Rows(
        {
            "classes": np.asarray(CLASSES),
            "true": np.asarray([index[t] for t, _ in crops], np.int64),
            "top": top,
            "score": score,
            "masks": np.zeros((len(crops), 128), np.uint8),
            "traces": np.zeros((len(crops), 128), np.uint8),
            "curated": np.zeros(len(crops), bool),
        }
    )


def test_an_attractor_pulls_other_concepts_in_nearly_every_family(tool: ModuleType) -> None:
    one = rows(
        tool,
        [
            ("gamepad", [("add", 0.8), ("first_aid", 0.6)]),
            ("first_aid", [("add", 0.7), ("first_aid", 0.65)]),
            ("database", [("hamburger", 0.9), ("list_view", 0.8)]),
            ("list_view", [("hamburger", 0.85), ("list_view", 0.8)]),
            ("search", [("add", 0.5), ("search", 0.45)]),  # too weak to count
        ],
    )
    two = rows(
        tool,
        [
            ("gamepad", [("add", 0.75), ("gamepad", 0.7)]),
            ("search", [("add", 0.7), ("search", 0.6)]),
            ("database", [("hamburger", 0.9), ("database", 0.8)]),
            ("hamburger", [("hamburger", 0.95), ("list_view", 0.7)]),  # right: no pull
        ],
    )
    # add pulls two concepts in both families; hamburger two in one, one in the other (every
    # family but one is enough, as long as each pulls something)
    assert tool.attractors([(one, None), (two, None)], {}) == {"add", "hamburger"}
    assert tool.attractors([(one, None), (two, None), (two, None)], {}) == {"add"}
    # a near-duplicate ranked first is the same drawing, not a pull: add then pulls one concept
    # in each "two", two in "one"
    three = [(one, None), (two, None), (two, None)]
    assert tool.attractors(three, {"add": ["search"]}) == set()
    assert tool.attractors([(one, None)], {}) == {"add", "hamburger"}


def test_an_attractor_needs_a_larger_lead(tool: ModuleType) -> None:
    # confusions each training family has alone, at several leads: the global bands rise above
    # NOVEL_QUANTILE of their leads, a strict concept's (add, never misread here) above the
    # higher STRICT_QUANTILE
    leads = [0.05 + 0.03 * k for k in range(10)]
    one = [("gamepad", [("hamburger", 0.75), ("gamepad", 0.75 - m)]) for m in leads[0::2]]
    two = [("database", [("search", 0.75), ("database", 0.75 - m)]) for m in leads[1::2]]
    training = [(rows(tool, one), None), (rows(tool, two), None)]
    lenient = tool.choose(training, {}, {}, set())
    strict = tool.choose(training, {}, {}, set(), strict={"add"})
    needed = strict.lead_needed("add", 0.75, rare=False)
    assert needed > lenient.lead_needed("add", 0.75, rare=False)
    assert needed > lenient.global_lead(0.75)
    # a concept that is not strict keeps its bands
    assert strict.lead_needed("list_view", 0.75, rare=False) == lenient.lead_needed(
        "list_view", 0.75, rare=False
    )


@pytest.mark.parametrize("size", [24, 48, 96])
@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_a_server_rack_is_not_a_hamburger(
    held_out: IconRecognizer, table: GlyphTable, size: int, theme: Any
) -> None:
    # Material's "storage" (database) is three bars with status lights: to a recognizer that
    # never saw Material it is the best hamburger by far; hamburger is an attractor, so the
    # lead is not enough. Material's own "menu" ranks hamburger first; it is not accepted
    # either: Font Awesome's and Elusive's list icons are their bars with two thin gaps, and
    # Material's thin bars come closer to those than to their thick bars (the pair check with
    # list_view sides with list_view), so it goes out as a candidate with the hint.
    assert "hamburger" in default_policy().class_bins
    glyphs = {(g.font.id, g.name): g for g in table.glyphs}
    rack = held_out.rank(screen_icon(glyphs[("material", "storage")], size, theme), top=2)
    menu = held_out.rank(screen_icon(glyphs[("material", "menu")], size, theme), top=2)
    assert rack[0][0] == "hamburger"
    assert not held_out.accepts(rack, "hamburger")
    assert menu[0][0] == "hamburger"
