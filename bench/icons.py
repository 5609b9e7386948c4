"""Benchmark: local icon recognition on a held-out icon family.

The reference set is built from every installed icon font EXCEPT the held-out design family
(default ``material``: Google Material Icons and Templarian MDI, which share a design lineage, are
both left out). The evaluation crops are Google Material Icons glyphs of every icon class,
rendered as a screen would show them:

* themes: ``light`` (dark grey on white), ``dark`` (light grey on near-black), ``colour``
  (a purple glyph on a lavender chip);
* sizes: 24, 48 and 96 px glyphs;
* variants: ``tight`` (small margin), ``padded`` (the glyph in a touch target twice its size,
  off-centre), ``ripple`` (a translucent pressed-state circle behind it), ``plate`` (a solid
  contrasting disc behind it, as on a FAB).

Prints a table of top-1 accuracy and ms per crop, or one JSON object with ``--json``.
:func:`measure` is the entry point for the benchmarks suite.

    python bench/icons.py [--quick] [--json] [--method hog+mask] [--holdout material]
    python bench/icons.py --all-methods      # the comparison table of docs/icon-recognition.md
    python bench/icons.py --leave-one-out    # acceptance per held-out family (honest)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from iconfind.recognition.concepts import ConceptTable
from iconfind.recognition.features import DEFAULT_METHOD, METHODS, Method
from iconfind.recognition.recognizer import IconRecognizer
from iconfind.recognition.references import (
    Glyph,
    GlyphTable,
    load_or_build,
    render_glyph,
)

THEMES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "light": ((73, 69, 79), (255, 251, 254)),
    "dark": ((230, 225, 229), (28, 27, 31)),
    "colour": ((103, 80, 164), (234, 221, 255)),
}
SIZES = (24, 48, 96)
VARIANTS = ("tight", "padded", "ripple", "plate")
TEST_FONT = "material"


def held_out_glyphs(table: GlyphTable, holdout: str) -> list[Glyph]:
    """The test glyphs: the held-out family's first installed font (Material Icons first), for
    the 22 curated classes and every icon concept."""
    fonts = [f for f in table.installed() if f.family == holdout]
    if not fonts:
        raise SystemExit(f"no installed font of family {holdout!r}")
    test_font = next((f for f in fonts if f.id == TEST_FONT), fonts[0])
    return [g for g in table.glyphs if g.font == test_font]


Colour = tuple[int, int, int]
Drawer = Callable[[int, float, Colour, Colour], Image.Image]
"""Draws one icon ``size`` px tall, ``pad`` x size of margin: ``(size, pad, ink, background)``."""


def render_case(glyph: Glyph, size: int, theme: str, variant: str) -> Image.Image:
    """One evaluation crop: ``glyph`` at ``size`` px in ``theme``, framed as ``variant``."""

    def draw(size: int, pad: float, ink: Colour, background: Colour) -> Image.Image:
        return render_glyph(glyph, size, pad=pad, ink=ink, background=background)

    return frame_case(draw, size, theme, variant)


def frame_case(draw_icon: Drawer, size: int, theme: str, variant: str) -> Image.Image:
    """One evaluation crop of any icon source (a font glyph, a held-out PNG mask): the icon
    drawn by ``draw_icon`` at ``size`` px in ``theme``, framed as ``variant``."""
    ink, background = THEMES[theme]
    if variant == "tight":
        return draw_icon(size, 0.12, ink, background)
    if variant == "padded":
        icon = draw_icon(size, 0.0, ink, background)
        side = size * 2
        canvas = Image.new("RGB", (side, side), background)
        canvas.paste(icon, (size // 2 - size // 8, size // 2 + size // 10))
        return canvas
    side = round(size * 2)
    canvas = Image.new("RGB", (side, side), background)
    draw = ImageDraw.Draw(canvas, "RGBA")
    radius = round(size * 0.9)
    box = (side // 2 - radius, side // 2 - radius, side // 2 + radius, side // 2 + radius)
    if variant == "ripple":
        shade = (255, 255, 255, 40) if theme == "dark" else (0, 0, 0, 30)
        draw.ellipse(box, fill=shade)
        glyph_ink = ink
    elif variant == "plate":
        draw.ellipse(box, fill=ink)
        glyph_ink = background
    else:
        raise ValueError(variant)
    icon = draw_icon(size, 0.0, glyph_ink, (0, 0, 0))
    mask = draw_icon(size, 0.0, (255, 255, 255), (0, 0, 0))
    offset = (side - icon.width) // 2
    canvas.paste(icon, (offset, offset), mask.convert("L"))
    return canvas


def cases(
    glyphs: Sequence[Glyph], sizes: Sequence[int], themes: Sequence[str], variants: Sequence[str]
) -> Iterator[tuple[Image.Image, Glyph, int, str, str]]:
    for glyph in glyphs:
        for size in sizes:
            for theme in themes:
                for variant in variants:
                    yield render_case(glyph, size, theme, variant), glyph, size, theme, variant


def evaluate(
    method: Method = DEFAULT_METHOD,
    *,
    holdout: str = "material",
    sizes: Sequence[int] = SIZES,
    themes: Sequence[str] = tuple(THEMES),
    variants: Sequence[str] = VARIANTS,
    all_concepts: bool = False,
) -> dict[str, Any]:
    """Held-out accuracy over the everyday concepts (the 22 classes and the common concepts of
    ``icon_concepts.toml``; every concept with ``all_concepts``), with three views:

    * ``top1`` (all concepts) and ``top1_22`` (the 22 original classes' glyphs, ranked against
      every concept: open set), per slice; ``per_concept`` top-1 over the held-out concepts;
    * ``accepted_correct`` / ``accepted_wrong``: share of crops the clear-winner rule accepts as
      their top concept, right / wrong;
    * ``absent_lookalike``: for each of the 22 classes, every crop of *another* concept that
      ranks it first or second (the screen lacks the asked class, its look-alike is there);
      ``accepted_wrong`` counts the asks the rule would have resolved to the look-alike.
    """
    table = GlyphTable.default()
    references = load_or_build(table.select(exclude_families=[holdout]), method=method)
    recognizer = IconRecognizer.with_defaults(references)
    curated = {g.icon_class for g in table.glyphs if g.curated}
    known = set(references.classes)
    if not all_concepts:
        concepts = ConceptTable.default().concepts
        known &= {c for c in known if c in curated or (c in concepts and concepts[c].common)}
    test = [g for g in held_out_glyphs(table, holdout) if g.icon_class in known]
    curated_index = [recognizer.classes.index(c) for c in sorted(curated)]
    hits: dict[str, list[bool]] = defaultdict(list)
    per_concept: dict[str, list[bool]] = defaultdict(list)
    closed_per_class: dict[str, list[bool]] = defaultdict(list)
    timings: list[float] = []
    accepted_right = accepted_wrong = accepted_right_22 = 0
    lookalike_calls = lookalike_wrong = 0
    lookalike_by_class: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    confusions: Counter[tuple[str, str]] = Counter()
    total = 0
    for crop, glyph, size, theme, variant in cases(test, sizes, themes, variants):
        start = time.perf_counter()
        scores = recognizer.score_array(crop)
        ranking = recognizer.ranking(scores, top=3, crop=crop)
        timings.append((time.perf_counter() - start) * 1000)
        if glyph.curated:
            closed = max(curated_index, key=lambda i: float(scores[i]))
            hits["22_closed"].append(recognizer.classes[closed] == glyph.icon_class)
            closed_per_class[glyph.icon_class].append(hits["22_closed"][-1])
        best = ranking[0][0]
        hit = best == glyph.icon_class
        total += 1
        keys = ["all", f"size={size}", f"theme={theme}", f"variant={variant}"]
        if glyph.curated:
            keys.append("22")
        for key in keys:
            hits[key].append(hit)
        per_concept[glyph.icon_class].append(hit)
        if not hit:
            confusions[(glyph.name, best)] += 1
        # asked for its own concept (present): accepted & right; asked for any other concept
        # that could be accepted here (not a twin: one drawing, two names): accepted & wrong
        if recognizer.accepts(ranking, glyph.icon_class):
            accepted_right += 1
            if glyph.curated:
                accepted_right_22 += 1
        same = recognizer.policy.same_drawing
        for asked, _ in ranking.context:
            if not same(glyph.icon_class, asked) and recognizer.accepts(ranking, asked):
                accepted_wrong += 1
                break
        for asked, _ in ranking[:2]:
            if asked in curated and not same(glyph.icon_class, asked):
                lookalike_calls += 1
                wrong = recognizer.accepts(ranking, asked)
                lookalike_wrong += wrong
                lookalike_by_class[asked][0] += 1
                lookalike_by_class[asked][1] += wrong
    concept_top1 = {c: round(sum(v) / len(v), 3) for c, v in sorted(per_concept.items())}
    return {
        "method": method,
        "holdout": holdout,
        "references": len(references),
        "test_glyphs": len(test),
        "concepts": len(per_concept),
        "crops": total,
        "top1": {key: round(sum(v) / len(v), 4) for key, v in sorted(hits.items())},
        "top1_22_by_class": {c: v for c, v in concept_top1.items() if c in curated},
        "top1_22_closed_by_class": {
            c: round(sum(v) / len(v), 3) for c, v in sorted(closed_per_class.items())
        },
        "per_concept": concept_top1,
        "ms_per_crop": round(statistics.mean(timings), 3),
        "ms_p95": round(sorted(timings)[int(0.95 * (len(timings) - 1))], 3),
        "accepted_correct": round(accepted_right / total, 4),
        "accepted_correct_22": round(accepted_right_22 / max(len(hits["22"]), 1), 4),
        "accepted_wrong": round(accepted_wrong / total, 4),
        "accepted_wrong_crops": accepted_wrong,
        "absent_lookalike": {
            "calls": lookalike_calls,
            "accepted_wrong": lookalike_wrong,
            "accepted_wrong_rate": round(lookalike_wrong / max(lookalike_calls, 1), 4),
            "by_class": {
                c: {"calls": n, "accepted_wrong": w}
                for c, (n, w) in sorted(lookalike_by_class.items())
            },
        },
        "confusions": [
            {"glyph": g, "as": c, "count": n} for (g, c), n in confusions.most_common(12)
        ],
    }


def leave_one_out(families: Sequence[str] | None = None) -> dict[str, Any]:
    """The honest acceptance figures: for each calibration family, the policy
    ``tools/calibrate_acceptance.py`` chooses on the *other* families, applied to its crops
    (rendered against references without it); then the pure test families (real thin-stroke
    sets of ``bench/heldout.py``) under the policy chosen on all calibration families.

    Per family: ``accepted_right`` (asked concept present, accepted), ``accepted_right_22`` (the
    same on the 22 original classes' crops), ``accepted_wrong`` (crops accepted as another,
    non-twin concept), ``absent_lookalike_wrong`` / ``_calls`` (one of the 22 asked, absent,
    its look-alike on screen). Rows are cached under ``/tmp/iconfind-calibration``.
    """
    tools = str(Path(__file__).resolve().parent.parent / "tools")
    if tools not in sys.path:
        sys.path.insert(0, tools)
    import calibrate_acceptance as calibrate  # tools/ is not a package

    calibration = calibrate.Calibration(families or calibrate.FAMILIES, quiet=True)
    held_out = {f: calibration.leave_one_out(f)[1] for f in calibration.families}
    full = calibration.full
    policy, _, _ = calibration.policy(calibration.families, full.references, None)
    tests = {
        name: calibrate.evaluate(policy, rows, full, calibration.curated, calibration.rare)
        for name, rows in calibrate.test_families().items()
    }
    return {"leave_one_out": held_out, "test_families": tests}


def measure(quick: bool) -> dict[str, Any]:
    """Top-1 accuracy and ms per crop of the default method on the held-out family.

    ``quick`` renders only 48 px crops (light and dark, tight and ripple) for a fast check.
    """
    if quick:
        return evaluate(sizes=(48,), themes=("light", "dark"), variants=("tight", "ripple"))
    return evaluate()


def _table(results: Sequence[dict[str, Any]]) -> str:
    keys = [k for k in results[0]["top1"] if k != "all"]
    head = ["method", "top-1", *keys, "ms/crop", "acc.ok", "acc.wrong"]
    rows = [head]
    for r in results:
        rows.append(
            [
                r["method"],
                f"{r['top1']['all']:.1%}",
                *(f"{r['top1'][k]:.0%}" for k in keys),
                f"{r['ms_per_crop']:.2f}",
                f"{r['accepted_correct']:.0%}",
                f"{r['accepted_wrong']:.1%}",
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    return "\n".join(
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows
    )


def _weakest(by_class: dict[str, float]) -> str:
    """The four weakest classes of a per-class accuracy table, as text."""
    return ", ".join(f"{c} {v:.0%}" for c, v in sorted(by_class.items(), key=lambda kv: kv[1])[:4])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="48 px, light/dark, two variants")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--method", choices=METHODS, default=DEFAULT_METHOD)
    parser.add_argument("--all-methods", action="store_true", help="compare every method")
    parser.add_argument("--holdout", default="material", help="design family to hold out")
    parser.add_argument(
        "--all-concepts", action="store_true", help="every concept, not only everyday ones"
    )
    parser.add_argument(
        "--leave-one-out",
        action="store_true",
        help="acceptance per held-out family, policy chosen on the other families",
    )
    args = parser.parse_args(argv)
    if args.leave_one_out:
        report = leave_one_out()
        if args.json:
            print(json.dumps(report, default=str))
            return 0
        print("family        crops  acc.ok  acc.ok(22)  acc.wrong  absent-lookalike wrong/asks")
        for title, block in (("held out", "leave_one_out"), ("test", "test_families")):
            for name, r in report[block].items():
                print(
                    f"{name:<12} {r['crops']:>6} {r['accepted_right']:>7.1%} "
                    f"{r['accepted_right_22']:>10.1%} {r['accepted_wrong']:>9}  "
                    f"{r['absent_lookalike_wrong']}/{r['absent_lookalike_calls']} ({title})"
                )
        return 0
    methods = list(METHODS) if args.all_methods else [args.method]
    kwargs: dict[str, Any] = {"holdout": args.holdout, "all_concepts": args.all_concepts}
    if args.quick:
        kwargs.update(sizes=(48,), themes=("light", "dark"), variants=("tight", "ripple"))
    results = [evaluate(m, **kwargs) for m in methods]
    if args.json:
        print(json.dumps(results[0] if len(results) == 1 else {"results": results}))
        return 0
    print(f"held-out family: {args.holdout}; crops per method: {results[0]['crops']}")
    print(_table(results))
    for r in results:
        worst = ", ".join(f"{c['glyph']}->{c['as']} x{c['count']}" for c in r["confusions"][:8])
        print(f"{r['method']}: most frequent errors: {worst}")

        print(
            f"{r['method']}: 22 classes top-1 {r['top1'].get('22_closed', 0):.1%} among the 22 "
            f"(weakest: {_weakest(r['top1_22_closed_by_class'])}), "
            f"{r['top1'].get('22', 0):.1%} among all concepts (weakest: "
            f"{_weakest(r['top1_22_by_class'])}); {r['concepts']} concepts, mean per-concept "
            f"top-1 {statistics.mean(r['per_concept'].values()):.1%}"
        )
        look = r["absent_lookalike"]
        print(
            f"{r['method']}: accepted & wrong {r['accepted_wrong_crops']} of {r['crops']} "
            f"crops; absent look-alike: {look['calls']} asks, accepted & wrong "
            f"{look['accepted_wrong']} ({look['accepted_wrong_rate']:.1%})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
