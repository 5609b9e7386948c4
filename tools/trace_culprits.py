"""Run the recognizer on an icon set no bench holds and trace each wrong acceptance to the
reference glyphs that drew it there.

Development tool, not shipped. The eleven held-out families of ``bench/heldout.py`` are measured
so often that their errors are known; a new icon set shows what they do not. Give it the SVG
files of one or more sets (a checkout's icon folder; PNG coverage masks work too, 255 = ink)::

    python tools/trace_culprits.py radix=CHECKOUT/packages/radix-icons/icons \\
        mingcute=CHECKOUT/svg/system boxicons=CHECKOUT/svg/regular
    python tools/trace_culprits.py tabler=bench/data/heldout/tabler

Each file is filed under the concept its name says (:func:`concept_for_words`: ``bx-search``,
``settings_3_line``, ``share_24_regular``); files whose name names no concept the recognizer
knows are skipped. SVG files are drawn by Chromium like the held-out families
(``tools/render_heldout_icons.py``), then framed as ``bench/icons.py`` frames crops at 24 and
48 px, light and dark. For each crop whose best concept is accepted
(:meth:`~iconfind.recognition.recognizer.IconRecognizer.accepts`) but is neither the file's
concept nor a twin of it, one line names the :data:`CULPRITS` references of the accepted concept
closest to the crop by the recognizer's own measure (its embedding similarity and the chamfer
similarity, weighted as its fine check weighs them): the glyphs that drew it there.
A reference filed under the wrong concept shows up as the culprit of several sets' wrong answers
(MDI's ``contrast``, a ``+/-`` drawing, made two sets' plus-minus answer "contrast"); fix it in
``GLYPH_CONCEPTS`` of ``tools/concept_table.py`` (``tools/audit_concepts.py`` describes how).

Names lie too: a line may be a right answer under a name that says something else (css.gg's
``add`` is a circled plus, ``add_circle``). Decide by the drawing.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import numpy as np
from attrs import frozen
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench.heldout import render_case  # noqa: E402
from iconfind.recognition.concepts import concept_for_words  # noqa: E402
from iconfind.recognition.features import (  # noqa: E402
    chamfer_similarity,
    crop_distance_map,
    shape_of,
    similarities,
)
from iconfind.recognition.recognizer import FINE_WEIGHT, IconRecognizer  # noqa: E402

SIZES = (24, 48)
THEMES = ("light", "dark")
CULPRITS = 3
"""References of the accepted concept named per wrong acceptance."""


@frozen
class Icon:
    """One file of a set: the concept its name says, its file name (without the suffix), its
    coverage mask."""

    concept: str
    name: str
    mask: Image.Image


@frozen
class WrongAnswer:
    """A crop of ``icon`` accepted as ``accepted`` (not its concept, nor a twin)."""

    icon: Icon
    size: int
    theme: str
    accepted: str
    score: float
    culprits: tuple[tuple[str, float], ...]
    """The accepted concept's references closest to the crop, with their similarity."""


@frozen
class SetReport:
    """What the recognizer made of one icon set."""

    name: str
    icons: int
    crops: int
    right: int
    """Crops accepted as their file's concept."""
    wrong: tuple[WrongAnswer, ...]
    skipped: tuple[str, ...] = ()
    """Files named after a known concept that could not be read or drew nothing."""


def icons_in(
    folder: Path, known: set[str], page: Any = None, skipped: list[str] | None = None
) -> Iterator[Icon]:
    """The files of ``folder`` (``*.svg``, drawn on ``page``, or ``*.png``: the alpha channel
    of an image that has one, a one-band image as a coverage mask, else its darkness) whose
    names name a concept in ``known``; a held-out mask's ``concept__name`` stem keeps its
    concept. Files that cannot be read or draw nothing are left out, their names added to
    ``skipped``."""
    if not folder.is_dir():
        raise SystemExit(f"{folder}: no such folder")
    for path in sorted(folder.iterdir()):
        suffix = path.suffix.lower()
        if suffix not in (".svg", ".png"):
            continue
        filed, _, rest = path.stem.partition("__")
        concept = filed if rest and filed in known else concept_for_words(path.stem)
        if concept is None or concept not in known:
            continue
        mask = _mask_of(path, suffix, page)
        if mask is None or mask.getbbox() is None:
            if skipped is not None:
                skipped.append(path.name)
            continue
        yield Icon(concept, path.stem, mask)


def _mask_of(path: Path, suffix: str, page: Any) -> Image.Image | None:
    """``path`` as a coverage mask (255 = ink), or None when it cannot be read."""
    if suffix == ".svg":
        if page is None:
            raise SystemExit(f"{path.parent}: SVG files need Chromium (playwright)")
        from render_heldout_icons import render_svg

        return render_svg(page, path.read_text("utf-8", errors="replace"))
    try:
        with Image.open(path) as image:
            image.load()
            bands = image.getbands()
            mask: Image.Image
            if "A" in bands:
                mask = image.getchannel("A")
            elif len(bands) == 1:  # a coverage mask, as bench/data/heldout holds
                mask = image.convert("L")
            else:  # dark ink on a light ground
                mask = Image.eval(image.convert("L"), lambda value: 255 - value)
            return mask
    except OSError:
        return None


def trace(
    recognizer: IconRecognizer, name: str, icons: Sequence[Icon], skipped: Sequence[str] = ()
) -> SetReport:
    """Every icon at :data:`SIZES` x :data:`THEMES`: right acceptances counted, wrong ones
    traced to their culprit references; ``skipped`` is carried into the report."""
    references = recognizer.references
    if references.masks is None:
        raise SystemExit("the reference set has no masks to compare crops with")
    sources = list(references.sources)
    labels = np.asarray(references.labels)
    right, wrong = 0, []
    for icon in icons:
        for size in SIZES:
            for theme in THEMES:
                crop = render_case(icon.mask, size, theme, "tight")
                ranking = recognizer.rank(crop, top=2)
                if not ranking:
                    continue
                right += recognizer.accepts(ranking, icon.concept)
                top, score = ranking[0]
                if recognizer.policy.same_drawing(top, icon.concept):
                    continue
                if not recognizer.accepts(ranking, top):
                    continue
                rows = np.flatnonzero(labels == recognizer.classes.index(top))
                shape = shape_of(crop)
                mask, far = crop_distance_map(shape)
                coarse = similarities(
                    references.vectors[rows], references.embed(shape), recognizer.method
                )
                fine = chamfer_similarity(mask, far, references.masks[rows])
                similarity = (1 - FINE_WEIGHT) * coarse + FINE_WEIGHT * fine
                best = np.argsort(-similarity)[:CULPRITS]
                culprits = tuple((sources[rows[i]], round(float(similarity[i]), 2)) for i in best)
                wrong.append(WrongAnswer(icon, size, theme, top, score, culprits))
    crops = len(icons) * len(SIZES) * len(THEMES)
    return SetReport(name, len(icons), crops, right, tuple(wrong), tuple(skipped))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", nargs="+", help="NAME=DIR of one icon set's SVG (or PNG) files")
    args = parser.parse_args(argv)
    recognizer = IconRecognizer.default()
    known = set(recognizer.classes)
    specs = [spec.partition("=")[::2] for spec in args.sets]
    if any(not name or not folder for name, folder in specs):
        raise SystemExit("expected NAME=DIR")
    with ExitStack() as stack:
        page = None
        if any(
            path.suffix.lower() == ".svg"
            for _, folder in specs
            if Path(folder).is_dir()
            for path in Path(folder).iterdir()
        ):
            from playwright.sync_api import sync_playwright
            from render_heldout_icons import open_page

            browser, page = open_page(stack.enter_context(sync_playwright()))
            stack.callback(browser.close)
        blamed: Counter[str] = Counter()
        for name, folder in specs:
            skipped: list[str] = []
            icons = list(icons_in(Path(folder), known, page, skipped))
            report = trace(recognizer, name, icons, skipped)
            print(
                f"{name}: {report.icons} files named after a known concept, {report.crops} "
                f"crops; accepted as their concept {report.right / max(report.crops, 1):.1%}, "
                f"as another {len(report.wrong)}"
            )
            if report.skipped:
                print(f"  unreadable or blank, left out: {', '.join(report.skipped)}")
            by_icon: dict[tuple[str, str], list[WrongAnswer]] = defaultdict(list)
            for answer in report.wrong:
                by_icon[(answer.icon.name, answer.accepted)].append(answer)
            for (icon, accepted), answers in by_icon.items():
                first = answers[0]
                culprits = ", ".join(f"{source} {sim:.2f}" for source, sim in first.culprits)
                blamed.update({a.culprits[0][0] for a in answers if a.culprits})
                print(
                    f"  {icon} ({first.icon.concept}) -> {accepted} in {len(answers)} of "
                    f"{len(SIZES) * len(THEMES)} crops (best {max(a.score for a in answers):.2f}):"
                    f" {culprits}"
                )
        if blamed:
            print(
                "references closest to the most wrong answers (each counted once per file and"
                " concept it was accepted as):"
            )
            for source, count in blamed.most_common(15):
                print(f"  {count:3d}  {source}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
