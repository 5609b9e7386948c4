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
* ``min_margin``: above the largest lead of any wrong crop of an everyday concept (plus
  :data:`SAFETY`), so a concept never seen confused still needs that lead;
* ``class_margins``: per asked concept, above the largest lead of a wrong crop that ranked it
  first (plus :data:`SAFETY`), when larger than ``min_margin``.

Right crops accepted under these thresholds are reported per family (the price of safety).

    python tools/calibrate_acceptance.py [--families material fontawesome phosphor remix]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
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
FAMILIES = ("material", "fontawesome", "phosphor", "remix")
SIZES = (24, 48)
THEMES = ("light", "dark")
VARIANTS = ("tight", "plate")
OUT = ROOT / "iconfind" / "recognition" / "data" / "acceptance.toml"


def observe(family: str) -> list[tuple[str, str, float, float]]:
    """(true, top, score, margin) of every held-out crop of ``family``."""
    table = GlyphTable.default()
    references = load_or_build(table.select(exclude_families=[family]))
    recognizer = IconRecognizer.with_defaults(references, calibrated=False)
    known = set(references.classes)
    glyphs = [g for g in icons.held_out_glyphs(table, family) if g.icon_class in known]
    rows = []
    for crop, glyph, *_ in icons.cases(glyphs, SIZES, THEMES, VARIANTS):
        ranking = recognizer.rank(crop, top=2)
        score = ranking[0][1]
        margin = score - (ranking[1][1] if len(ranking) > 1 else 0.0)
        rows.append((glyph.icon_class, ranking[0][0], score, margin))
    return rows


def choose(rows: list[tuple[str, str, float, float]], common: set[str]) -> dict[str, object]:
    wrong = [(top, margin) for true, top, score, margin in rows if top != true and score >= MIN_SCORE]
    everyday = [m for top, m in wrong if top in common]
    min_margin = round(max([0.05, *everyday]) + SAFETY, 3)
    per_class: dict[str, float] = defaultdict(float)
    for top, margin in wrong:
        per_class[top] = max(per_class[top], margin)
    class_margins = {
        c: round(m + SAFETY, 3) for c, m in sorted(per_class.items()) if m + SAFETY > min_margin
    }
    return {"min_score": MIN_SCORE, "min_margin": min_margin, "class_margins": class_margins}


def accepted(rows: list[tuple[str, str, float, float]], chosen: dict[str, object]) -> tuple[int, int]:
    margins = chosen["class_margins"]
    assert isinstance(margins, dict)
    right = wrong = 0
    for true, top, score, margin in rows:
        need = max(float(chosen["min_margin"]), float(margins.get(top, 0.0)))  # type: ignore[arg-type]
        if score >= float(chosen["min_score"]) and margin >= need:  # type: ignore[arg-type]
            right += top == true
            wrong += top != true
    return right, wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--families", nargs="+", default=list(FAMILIES))
    parser.add_argument("--dry-run", action="store_true", help="print, do not write")
    args = parser.parse_args(argv)
    common = {c.id for c in ConceptTable.default().concepts.values() if c.common}
    by_family: dict[str, list[tuple[str, str, float, float]]] = {}
    for family in args.families:
        start = time.perf_counter()
        by_family[family] = observe(family)
        print(f"{family}: {len(by_family[family])} crops, {time.perf_counter() - start:.0f} s")
    rows = [r for family_rows in by_family.values() for r in family_rows]
    chosen = choose(rows, common)
    for family, family_rows in by_family.items():
        right, wrong = accepted(family_rows, chosen)
        top1 = sum(t == p for t, p, *_ in family_rows) / len(family_rows)
        print(
            f"{family}: top-1 {top1:.1%}, accepted & right {right / len(family_rows):.1%}, "
            f"accepted & wrong {wrong}"
        )
    lines = [
        "# Clear-winner thresholds, chosen by tools/calibrate_acceptance.py on the held-out",
        f"# families {', '.join(args.families)} (each left out of the references in turn).",
        f"min_score = {chosen['min_score']}",
        f"min_margin = {chosen['min_margin']}",
        "",
        "[class_margins]",
        *(f"{k} = {v}" for k, v in chosen["class_margins"].items()),  # type: ignore[attr-defined]
        "",
    ]
    print(json.dumps({k: v for k, v in chosen.items() if k != "class_margins"}))
    print(f"{len(chosen['class_margins'])} per-class margins")  # type: ignore[arg-type]
    if not args.dry_run:
        OUT.write_text("\n".join(lines), "utf-8")
        print(f"-> {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
