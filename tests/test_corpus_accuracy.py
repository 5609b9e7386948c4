"""The labeled corpus (tests/corpus/) must not lose accuracy: per tier, at least as many queries
resolve to the right element with no LLM as recorded in floor.json, and no more resolve to a wrong
element. Raise the floor with ``python -m bench.accuracy --record-floor`` when a change helps."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.accuracy import FLOOR, evaluate, load_cases, snapshot_path  # noqa: E402


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return evaluate()


@pytest.fixture(scope="module")
def floor() -> dict[str, int]:
    floor: dict[str, int] = json.loads(FLOOR.read_text(encoding="utf-8"))
    return floor


def test_corpus_has_at_least_30_cases_over_real_snapshots() -> None:
    cases = load_cases()
    assert len(cases) >= 30
    assert len({case["id"] for case in cases}) == len(cases)
    for case in cases:
        directory = snapshot_path(case["snapshot"])
        assert (directory / "screenshot.png").is_file(), case["id"]


@pytest.mark.parametrize("tier", ["tier1", "tier2", "tier3", "tier4"])
def test_right_answers_per_tier_do_not_drop(
    report: dict[str, Any], floor: dict[str, int], tier: str
) -> None:
    assert report["right_by_tier"][tier] >= floor[tier], report["outcomes"]


def test_total_right_answers_do_not_drop(report: dict[str, Any], floor: dict[str, int]) -> None:
    assert report["right_no_llm"] >= floor["right_no_llm"], report["missed_cases"]


def test_no_new_confident_wrong_answers(report: dict[str, Any], floor: dict[str, int]) -> None:
    assert report["wrong"] <= floor["max_wrong"], report["wrong_cases"]
