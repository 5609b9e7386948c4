"""Held-out icon families: real icon sets (thin-stroke, filled, sharp) iconfind has no reference
glyphs from.

``bench/data/heldout/<family>/<concept>__<file stem>.png`` holds 96 x 96 px coverage masks
(255 = ink) of Lucide, Tabler, Feather, Heroicons, Eva, Carbon, Bootstrap Icons, Ionicons,
Octicons, Iconoir and Fluent icons, each filed under the iconfind concept it shows
(``bench/data/heldout/mapping.toml``; sources and licences in ``SOURCES.md``; drawn by
``tools/render_heldout_icons.py``). :func:`render_case` frames a mask exactly as
``bench/icons.py`` frames a font glyph (same themes, sizes and variants), so results compare::

    from bench.heldout import families, glyph_images, render_case
    for family in families():
        for concept, name, mask in glyph_images(family):
            crop = render_case(mask, 48, "light", "tight")

Run it for a quick top-1 check of the shipped recognizer on every family::

    python bench/heldout.py [--sizes 48] [--themes light dark] [--variants tight]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

if TYPE_CHECKING:
    from iconfind.recognition.recognizer import IconRecognizer

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.icons import SIZES, THEMES, VARIANTS, Colour, frame_case

DATA = Path(__file__).resolve().parent / "data" / "heldout"
CURATED = [
    *("overflow", "back", "close", "home", "search", "settings", "share", "edit", "delete"),
    *("add", "play", "pause", "refresh", "favorite", "bookmark", "notification", "filter"),
    *("sort", "download", "upload", "profile", "hamburger"),
]
"""The 22 original classes (``iconfind/data/icon_patterns.toml``)."""


def families() -> list[str]:
    """The held-out family names (``bootstrap``, ``carbon``, ``eva``, ... ``tabler``)."""
    return sorted(p.name for p in DATA.iterdir() if p.is_dir() and any(p.glob("*.png")))


@lru_cache(maxsize=8)
def _load(family: str) -> tuple[tuple[str, str, Image.Image], ...]:
    folder = DATA / family
    if not folder.is_dir():
        raise ValueError(f"unknown held-out family {family!r}; known: {families()}")
    out = []
    for path in sorted(folder.glob("*.png")):
        concept, _, name = path.stem.partition("__")
        with Image.open(path) as image:
            out.append((concept, name, image.convert("L")))
    return tuple(out)


def glyph_images(family: str) -> list[tuple[str, str, Image.Image]]:
    """``(concept, file stem, mask)`` of every icon of ``family``; the mask is a 96 x 96 ``L``
    image, 255 where the icon is inked (the icon's full 24-unit box, not cropped to its ink)."""
    return list(_load(family))


def draw_mask(
    mask: Image.Image, size: int, pad: float, ink: Colour, background: Colour
) -> Image.Image:
    """``mask`` as an RGB icon ``size`` px tall (its box scaled like a font's em), centred with
    ``pad`` x size of margin on each side, like ``render_glyph`` draws a font glyph."""
    scaled = mask.convert("L").resize((size, size), Image.Resampling.LANCZOS)
    side = round(size * (1 + 2 * pad))
    image = Image.new("RGB", (side, side), background)
    offset = (side - size) // 2
    image.paste(Image.new("RGB", (size, size), ink), (offset, offset), scaled)
    return image


def render_case(mask_image: Image.Image, size: int, theme: str, variant: str) -> Image.Image:
    """One evaluation crop of a held-out mask, framed as ``bench/icons.py`` frames glyphs."""

    def draw(size: int, pad: float, ink: Colour, background: Colour) -> Image.Image:
        return draw_mask(mask_image, size, pad, ink, background)

    return frame_case(draw, size, theme, variant)


def closed_set_per_class(
    recognizer: IconRecognizer,
    family: str,
    sizes: Sequence[int] = (48,),
    themes: Sequence[str] = ("light", "dark"),
    variants: Sequence[str] = ("tight",),
) -> dict[str, float]:
    """Top-1 per class of the 22 on ``family`` when only the 22 compete (closed set): the share
    of crops of each class whose best score among the 22 classes is that class."""
    index = [recognizer.classes.index(c) for c in CURATED]
    hits: dict[str, list[bool]] = defaultdict(list)
    for concept, _, mask in glyph_images(family):
        if concept not in CURATED:
            continue
        for size in sizes:
            for theme in themes:
                for variant in variants:
                    scores = recognizer.score_array(render_case(mask, size, theme, variant))
                    best = max(index, key=lambda i: float(scores[i]))
                    hits[concept].append(recognizer.classes[best] == concept)
    return {c: sum(v) / len(v) for c, v in sorted(hits.items())}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[48], choices=SIZES)
    parser.add_argument("--themes", nargs="+", default=["light", "dark"], choices=list(THEMES))
    parser.add_argument("--variants", nargs="+", default=["tight"], choices=VARIANTS)
    parser.add_argument(
        "--per-class",
        action="store_true",
        help="also print the 22-class closed-set top-1 per class",
    )
    args = parser.parse_args(argv)
    from iconfind.recognition.recognizer import IconRecognizer

    recognizer = IconRecognizer.default()
    curated_index = [recognizer.classes.index(c) for c in CURATED]
    pooled: dict[str, list[bool]] = defaultdict(list)
    for family in families():
        hits: dict[str, list[bool]] = defaultdict(list)
        errors: list[str] = []
        per_class: dict[str, list[bool]] = defaultdict(list)
        for concept, _, mask in glyph_images(family):
            for size in args.sizes:
                for theme in args.themes:
                    for variant in args.variants:
                        scores = recognizer.score_array(render_case(mask, size, theme, variant))
                        best = recognizer.ranking(scores, top=1)[0][0]
                        hits["all"].append(best == concept)
                        per_class[concept].append(best == concept)
                        pooled[concept].append(best == concept)
                        if best != concept and concept in CURATED:
                            errors.append(f"{concept}->{best}")
                        if concept in CURATED:
                            closed = max(curated_index, key=lambda i: float(scores[i]))
                            hits["22_closed"].append(recognizer.classes[closed] == concept)
                            hits["22_open"].append(best == concept)
        rates = {k: sum(v) / len(v) for k, v in hits.items()}
        worst = sorted(per_class.items(), key=lambda kv: (sum(kv[1]) / len(kv[1]), kv[0]))
        print(
            f"{family}: {len(per_class)} concepts, {len(hits['all'])} crops; top-1 all "
            f"{rates['all']:.1%}; 22 classes among the 22 {rates['22_closed']:.1%}, among all "
            f"{rates['22_open']:.1%}"
        )
        weak22 = [(c, v) for c, v in worst if c in CURATED][:10]
        print("  worst of the 22: " + ", ".join(f"{c} {sum(v) / len(v):.0%}" for c, v in weak22))
        print("  errors on the 22: " + ", ".join(sorted(set(errors))))
        if args.per_class:
            closed = closed_set_per_class(
                recognizer, family, args.sizes, args.themes, args.variants
            )
            print(
                "  22 closed-set per class: " + ", ".join(f"{c} {r:.0%}" for c, r in closed.items())
            )
    rate = {c: sum(v) / len(v) for c, v in pooled.items()}
    worst22 = sorted((c for c in rate if c in CURATED), key=lambda c: (rate[c], c))[:10]
    print("all families, worst of the 22: " + ", ".join(f"{c} {rate[c]:.0%}" for c in worst22))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
