"""Accuracy on the labeled corpus: how many queries each tier resolves to the right element with
no LLM in the loop.

    python -m bench.accuracy            # table
    python -m bench.accuracy --json     # one JSON object
    python -m bench.accuracy --record-floor   # write tests/corpus/floor.json from this run

Cases live in ``tests/corpus/cases.toml`` (see its header). Each query runs through
``Locator(ReplayBackend(snapshot))`` with the default chain, whatever tiers it holds in this
checkout. A result is *right* when it resolved (``result.ok``) and its first element's center lies
inside the expected bounds (and, for accessibility results, the expected resource id / text
agree); *wrong* when it resolved to anything else — the costly failure, a confident wrong tap.
Results that offer a next step (tier-4 candidates, tier-5 grid) need a model and count as neither;
a tier-4 result that resolved was recognised locally (no picker is configured here).

Absent queries (``expect = { absent = true }``, ``tier = 0``) name something the screen does not
show: they are *right* when nothing resolves (``not_found``, or a next step that claims no
element) and *wrong* when any element does: a near miss is a wrong answer.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from iconfind import Locator, ReplayBackend
from iconfind.models import Element, FindResult, Selector

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "tests" / "corpus"
CASES = CORPUS / "cases.toml"
FLOOR = CORPUS / "floor.json"
NO_LLM_TIERS = (1, 2, 3, 4)
"""Tiers that resolve with no model: tier 4 does when the local icon recognizer is sure."""


def snapshot_path(name: str) -> Path:
    if name.startswith("examples/"):
        return REPO / "examples" / "snapshots" / name.removeprefix("examples/")
    return CORPUS / "snapshots" / name


def load_cases(path: Path = CASES) -> list[dict[str, Any]]:
    with path.open("rb") as handle:
        cases: list[dict[str, Any]] = tomllib.load(handle)["case"]
    return cases


def is_right(element: Element, expect: dict[str, Any], source: str | None) -> bool:
    x1, y1, x2, y2 = expect["bounds"]
    center = element.center
    if not (x1 <= center.x < x2 and y1 <= center.y < y2):
        return False
    if source == "accessibility":
        if "resource_id" in expect and element.resource_id != expect["resource_id"]:
            return False
        if "text" in expect and element.text != expect["text"]:
            return False
    return True


def is_absent(case: dict[str, Any]) -> bool:
    return bool(case["expect"].get("absent"))


def run_case(case: dict[str, Any]) -> tuple[str, FindResult]:
    """``("right" | "wrong" | "next_step" | "unresolved", result)`` for one case."""
    query = case["query"]
    selector = Selector.coerce(query if isinstance(query, str) else dict(query))
    result = Locator(ReplayBackend(snapshot_path(case["snapshot"]))).find(selector)
    if is_absent(case):
        verdict = "wrong" if result.ok else "right"
    elif result.ok:
        verdict = "right" if is_right(result.element, case["expect"], result.source) else "wrong"
    elif result.needs_pick:
        verdict = "next_step"
    else:
        verdict = "unresolved"
    return verdict, result


def evaluate(cases: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Per-tier counts of right answers with no LLM, wrong answers, and the misses."""
    cases = cases if cases is not None else load_cases()
    right_by_tier: Counter[int] = Counter()
    absent_right = 0
    expected_by_tier: Counter[int] = Counter()
    outcomes: dict[str, str] = {}
    wrong: list[str] = []
    missed: list[str] = []
    for case in cases:
        verdict, result = run_case(case)
        expected_by_tier[case["tier"]] += 1
        outcomes[case["id"]] = verdict if result.tier is None else f"{verdict}@tier{result.tier}"
        if verdict == "right" and is_absent(case):
            absent_right += 1
        elif verdict == "right" and result.tier in NO_LLM_TIERS:
            right_by_tier[result.tier] += 1
        elif verdict == "wrong":
            wrong.append(case["id"])
        elif case["tier"] in NO_LLM_TIERS:
            missed.append(case["id"])
    right = sum(right_by_tier.values()) + absent_right
    return {
        "cases": len(cases),
        "right": right,
        "right_share": round(right / len(cases), 4) if cases else 0.0,
        "absent_cases": sum(1 for case in cases if is_absent(case)),
        "absent_right": absent_right,
        "expected_by_tier": {f"tier{t}": expected_by_tier[t] for t in sorted(expected_by_tier)},
        "right_by_tier": {f"tier{t}": right_by_tier[t] for t in NO_LLM_TIERS},
        "right_no_llm": sum(right_by_tier.values()),
        "wrong": len(wrong),
        "wrong_cases": wrong,
        "missed_cases": missed,
        "outcomes": outcomes,
    }


def floor_from(report: dict[str, Any]) -> dict[str, int]:
    return {**report["right_by_tier"], "right_no_llm": report["right_no_llm"],
            "absent_right": report["absent_right"], "max_wrong": report["wrong"]}  # fmt: skip


def measure(quick: bool = False) -> dict[str, Any]:
    """The bench section: ``accuracy_right_no_llm`` by tier and ``accuracy_wrong``."""
    report = evaluate()
    return {
        "accuracy_cases": report["cases"],
        "accuracy_right_share": report["right_share"],
        "accuracy_right_no_llm": report["right_by_tier"],
        "accuracy_wrong": report["wrong"],
    }


def main(argv: list[str]) -> int:
    report = evaluate()
    if "--record-floor" in argv:
        FLOOR.write_text(json.dumps(floor_from(report), indent=2) + "\n", encoding="utf-8")
    if "--json" in argv:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"{report['cases']} cases; expected tiers {report['expected_by_tier']}")
    print(f"  right: {report['right']} ({report['right_share']:.1%}); absent queries ending "
          f"unresolved: {report['absent_right']}/{report['absent_cases']}")
    for tier, count in report["right_by_tier"].items():
        print(f"  {tier}: {count} right with no LLM")
    print(f"  wrong (confident, wrong element): {report['wrong']} {report['wrong_cases']}")
    print(f"  missed (expected tiers 1-4, not resolved locally): {report['missed_cases']}")
    for case_id, outcome in report["outcomes"].items():
        print(f"    {case_id:45} {outcome}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
