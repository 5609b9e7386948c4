"""Tier 3 speed: naive pytesseract on the full screenshot vs the OCR strategy, cold and warm.

    python bench/ocr.py [--quick]

Same images, same run. "naive" is ``pytesseract.image_to_data`` on the full-size RGB screenshot
with Tesseract's defaults; "cold" is the strategy's first query on a screen (empty cache: text
height measured, grayscale, rescaled, plain pass, and the inverted pass when the first misses);
"warm" is every further query on the same screen (cache hit: no OCR). Recall counts the expected
labels each approach read.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pytesseract

from iconfind import Locator, OcrText, ReplayBackend
from iconfind.ocr.engine import words_from_data
from iconfind.ocr.phrases import find_phrases

SNAPSHOTS = Path(__file__).resolve().parent.parent / "examples" / "snapshots"
CASES: dict[str, list[str]] = {
    "sign_in_null_root": ["Sign in", "Welcome back", "Email", "Password", "Forgot password"],
    "anr_dialog": ["Wait", "Close app", "Pixel Launcher isn't responding"],
    "toolbar_unlabeled_dark": ["Notes", "Shopping list", "Meeting notes", "Books to read"],
}


def _naive(backend: ReplayBackend, queries: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    data = pytesseract.image_to_data(backend.screenshot(), output_type=pytesseract.Output.DICT)
    elapsed = time.perf_counter() - start
    words = words_from_data(data)
    return elapsed, sum(1 for q in queries if find_phrases(words, q))


def _strategy(backend: ReplayBackend, queries: list[str]) -> tuple[float, list[float], int]:
    locator = Locator(backend, [OcrText()], budget_s=120)
    start = time.perf_counter()
    found = int(locator.find(queries[0]).ok)
    cold = time.perf_counter() - start
    warm: list[float] = []
    for query in queries[1:]:
        start = time.perf_counter()
        found += int(locator.find(query).ok)
        warm.append(time.perf_counter() - start)
    return cold, warm, found


def measure_detailed(quick: bool = False) -> dict[str, Any]:
    """Every number of the benchmark, per image and overall."""
    names = ["sign_in_null_root"] if quick else list(CASES)
    rounds = 1 if quick else 3
    naive: list[float] = []
    cold: list[float] = []
    warm: list[float] = []
    expected = naive_found = strategy_found = 0
    per_image: dict[str, dict[str, float]] = {}
    for name in names:
        backend = ReplayBackend(SNAPSHOTS / name)
        queries = CASES[name]
        image_naive: list[float] = []
        image_cold: list[float] = []
        for _ in range(rounds):
            seconds, found = _naive(backend, queries)
            image_naive.append(seconds)
            c, w, f = _strategy(backend, queries)
            image_cold.append(c)
            warm.extend(w)
        expected += len(queries)
        naive_found += found
        strategy_found += f
        naive.extend(image_naive)
        cold.extend(image_cold)
        per_image[name] = {
            "naive_s": statistics.median(image_naive),
            "cold_s": statistics.median(image_cold),
        }
    return {
        "ocr_naive_s": round(statistics.median(naive), 3),
        "ocr_cold_s": round(statistics.median(cold), 3),
        "ocr_warm_ms": round(statistics.median(warm) * 1000, 2),
        "ocr_naive_recall": f"{naive_found}/{expected}",
        "ocr_recall": f"{strategy_found}/{expected}",
        "per_image": per_image,
    }


def measure(quick: bool = False) -> dict[str, float]:
    """Median seconds per screenshot, naive and cold, and median milliseconds per warm query."""
    detailed = measure_detailed(quick)
    return {key: detailed[key] for key in ("ocr_naive_s", "ocr_cold_s", "ocr_warm_ms")}


def main(argv: list[str]) -> int:
    result = measure_detailed(quick="--quick" in argv)
    print(f"{'image':<26}{'naive s':>10}{'cold s':>10}")
    for name, row in result["per_image"].items():
        print(f"{name:<26}{row['naive_s']:>10.3f}{row['cold_s']:>10.3f}")
    print(
        f"median: naive {result['ocr_naive_s']} s, strategy cold {result['ocr_cold_s']} s, "
        f"warm {result['ocr_warm_ms']} ms per query"
    )
    print(f"labels read: naive {result['ocr_naive_recall']}, strategy {result['ocr_recall']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
