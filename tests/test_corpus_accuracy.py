"""The labeled corpus (tests/corpus/) must not lose accuracy: per tier, at least as many queries
resolve to the right element with no LLM as recorded in floor.json, and no more resolve to a wrong
element. Raise the floor with ``python -m bench.accuracy --record-floor`` when a change helps.

Issue 21's bar holds on the whole corpus: right on at least 95 % of the queries, never wrong (an
absent query that lands on any element is wrong), over real screens whose origins SOURCES.md
records."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bench.accuracy import CORPUS, FLOOR, evaluate, load_cases, snapshot_path

MIN_RIGHT_SHARE = 0.95
MIN_REAL_SCREENS = 37
"""The 7 first transcribed dumps plus the 30 added for issue 21."""


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


def test_right_on_95_percent_and_never_wrong(report: dict[str, Any]) -> None:
    assert report["wrong"] == 0, report["wrong_cases"]
    assert report["right_share"] >= MIN_RIGHT_SHARE, report["missed_cases"]


def test_absent_queries_never_resolve(report: dict[str, Any], floor: dict[str, int]) -> None:
    assert report["absent_cases"] >= 50
    assert report["absent_right"] >= floor["absent_right"], report["outcomes"]


def test_every_real_screen_has_its_origin_recorded() -> None:
    sources = sorted((CORPUS / "sources").glob("*.xml"))
    assert len(sources) >= MIN_REAL_SCREENS
    recorded = (CORPUS / "SOURCES.md").read_text(encoding="utf-8")
    for source in sources:
        assert f"`{source.stem}`" in recorded, source.stem
        assert (CORPUS / "snapshots" / source.stem / "hierarchy.xml").is_file(), source.stem
