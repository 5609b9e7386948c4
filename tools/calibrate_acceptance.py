"""Choose the clear-winner thresholds on held-out icon families; write ``data/acceptance.toml``.

For each held-out design family, the reference set is built *without* that family (so its
drawings are new to the recognizer, as an app's own icon set would be), and the family's glyphs
of every concept the references know are rendered as a screen shows them (sizes, light and dark
themes, tight and on a solid plate; ``bench/icons.py`` renders the cases). Each crop's ranking
gives (true concept, top concept, top score, lead over the runner-up).

A crop whose top concept is wrong is exactly the dangerous case: a user asks for that top
concept, it is absent, and this crop (its look-alike) is on screen. The thresholds make every
such crop rejected:

* ``min_score``: fixed floor (:data:`MIN_SCORE`);
* ``score_bins``: for each band of top scores, a lead above 85 % of the leads of wrong crops in
  that band whose top concept is an everyday one (plus :data:`SAFETY`), never less than in a
  higher band: a near-exact match (0.97+) needs less lead than a vague one;
* ``class_bins``: per asked concept and band, a lead above every wrong crop that ranked that
  concept first at that score or higher (so no wrong calibration crop is accepted);
* ``rare_margin``: concepts that are not everyday app icons always need the largest lead any
  wrong crop had.

Right crops accepted under these thresholds are reported per family (the price of safety).

    python tools/calibrate_acceptance.py [--families material fontawesome phosphor remix]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import icons  # noqa: E402  (bench/icons.py: the held-out renders)

from iconfind.recognition.concepts import ConceptTable  # noqa: E402
from iconfind.recognition.recognizer import IconRecognizer  # noqa: E402
from iconfind.recognition.references import GlyphTable, load_or_build  # noqa: E402

MIN_SCORE = 0.6
SAFETY = 0.01
FLOOR = 0.05
SCORE_BINS = (0.6, 0.8, 0.9, 0.95, 0.97)
BAND_QUANTILE = 0.85
ROWS = Path("/tmp") / "iconfind-calibration-rows.json"
FAMILIES = ("material", "fontawesome", "phosphor", "remix")
SIZES = (24, 48, 96)
THEMES = ("light", "dark")
VARIANTS = ("tight", "padded", "ripple", "plate")
OUT = ROOT / "iconfind" / "recognition" / "data" / "acceptance.toml"


def observe(family: str, everyday: set[str]) -> list[tuple[str, str, float, float]]:
    """(true, top, score, margin) of every held-out crop of ``family`` showing an everyday
    concept (the 22 classes and the common concepts: what screens show and people ask for)."""
    table = GlyphTable.default()
    references = load_or_build(table.select(exclude_families=[family]))
    recognizer = IconRecognizer.with_defaults(references, calibrated=False)
    known = set(references.classes) & everyday
    glyphs = [g for g in icons.held_out_glyphs(table, family) if g.icon_class in known]
    rows = []
    for crop, glyph, *_ in icons.cases(glyphs, SIZES, THEMES, VARIANTS):
        ranking = recognizer.rank(crop, top=2)
        score = ranking[0][1]
        margin = score - (ranking[1][1] if len(ranking) > 1 else 0.0)
        rows.append((glyph.icon_class, ranking[0][0], score, margin))
    return rows


def choose(rows: list[tuple[str, str, float, float]], everyday: set[str]) -> dict[str, object]:
    """Thresholds that reject every wrong crop of ``rows`` (see the module docstring)."""
    highs = (*SCORE_BINS[1:], 1.01)
    bins = []
    for low, high in zip(SCORE_BINS, highs, strict=True):
        leads = sorted(m for t, p, s, m in rows if t != p and p in everyday and low <= s < high)
        typical = leads[int(BAND_QUANTILE * (len(leads) - 1))] if leads else 0.0
        bins.append([low, round(max(FLOOR, typical + SAFETY), 3)])
    for i in range(len(bins) - 2, -1, -1):
        bins[i][1] = max(bins[i][1], bins[i + 1][1])
    # per asked concept and band: above every wrong crop that ranked it first at that score or
    # higher, so every wrong crop of the calibration set is rejected
    per_class: dict[str, list[list[float]]] = {}
    for concept in sorted({p for t, p, s, m in rows if t != p and s >= MIN_SCORE}):
        own = []
        for low in SCORE_BINS:
            leads = [m for t, p, s, m in rows if t != p and p == concept and s >= low]
            own.append([low, round(max(leads) + SAFETY, 3) if leads else 0.0])
        per_class[concept] = own
    strict = round(
        max([FLOOR, *(m for t, p, s, m in rows if t != p and s >= MIN_SCORE)]) + SAFETY, 3
    )
    return {
        "min_score": MIN_SCORE,
        "score_bins": bins,
        "rare_margin": strict,
        "class_bins": per_class,
    }


def needed(chosen: dict[str, object], score: float, top: str, everyday: set[str]) -> float:
    if top not in everyday:
        return float(chosen["rare_margin"])  # type: ignore[arg-type]
    lead = 9.0
    for low, margin in chosen["score_bins"]:  # type: ignore[attr-defined]
        if score >= low:
            lead = margin
    own = 0.0
    for low, margin in chosen["class_bins"].get(top, []):  # type: ignore[attr-defined]
        if score >= low:
            own = margin  # the band the score falls in (bins ascend)
    return max(lead, own)


def accepted(
    rows: list[tuple[str, str, float, float]], chosen: dict[str, object], everyday: set[str]
) -> tuple[int, int]:
    right = wrong = 0
    for true, top, score, margin in rows:
        if score >= MIN_SCORE and margin >= needed(chosen, score, top, everyday):
            right += top == true
            wrong += top != true
    return right, wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--families", nargs="+", default=list(FAMILIES))
    parser.add_argument("--dry-run", action="store_true", help="print, do not write")
    parser.add_argument(
        "--reuse", action="store_true", help=f"re-choose from the last run's rows ({ROWS})"
    )
    args = parser.parse_args(argv)
    everyday = {c.id for c in ConceptTable.default().concepts.values() if c.common}
    by_family: dict[str, list[tuple[str, str, float, float]]] = {}
    if args.reuse:
        by_family = {k: [tuple(r) for r in v] for k, v in json.loads(ROWS.read_text()).items()}  # type: ignore[misc]
    else:
        for family in args.families:
            start = time.perf_counter()
            by_family[family] = observe(family, everyday)
            print(f"{family}: {len(by_family[family])} crops, {time.perf_counter() - start:.0f} s")
        ROWS.write_text(json.dumps(by_family))
    rows = [r for family_rows in by_family.values() for r in family_rows]
    chosen = choose(rows, everyday)
    for family, family_rows in by_family.items():
        right, wrong = accepted(family_rows, chosen, everyday)
        top1 = sum(t == p for t, p, *_ in family_rows) / len(family_rows)
        print(
            f"{family}: top-1 {top1:.1%}, accepted & right {right / len(family_rows):.1%}, "
            f"accepted & wrong {wrong}"
        )
    lines = [
        "# Clear-winner thresholds, chosen by tools/calibrate_acceptance.py on the held-out",
        f"# families {', '.join(by_family)} (each left out of the references in turn).",
        "# score_bins: [lowest top score, lead over the runner-up needed from that score on].",
        "# rare_margin: the lead a concept that is not an everyday app icon always needs.",
        f"min_score = {chosen['min_score']}",
        f"score_bins = {json.dumps(chosen['score_bins'])}",
        f"rare_margin = {chosen['rare_margin']}",
        "",
        "# class_bins: per asked concept, [lowest top score, lead needed] above every wrong crop",
        "# that ranked it first at that score or higher (the larger of this and score_bins wins).",
        "[class_bins]",
        *(
            f"{k} = {json.dumps(v)}"
            for k, v in chosen["class_bins"].items()  # type: ignore[attr-defined]
        ),
        "",
    ]
    print(json.dumps({k: v for k, v in chosen.items() if k != "class_bins"}))
    if not args.dry_run:
        OUT.write_text("\n".join(lines), "utf-8")
        print(f"-> {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
