"""Find reference glyphs whose drawing contradicts their icon concept, and concepts that split.

Development tool, not shipped. Concepts group glyph *names* across icon fonts
(``tools/concept_table.py``), and a name can lie about the drawing: Phosphor's
``warning-circle`` is a circle with "!" (concept ``error``), not the triangle of ``warning``.
Such a glyph teaches the recognizer that a circle-! is a warning. This tool looks for them
systematically, in the recognizer's own feature space (the shipped references' rows, through
their learned projection):

* **Suspects** (:func:`suspects`): for every glyph, each concept is scored by its closest
  reference drawn by *another* design family (a family never vouches for itself). A glyph is
  suspect when its own concept ranks below :data:`SUSPECT_RANK` there while one rival concept
  beats its own concept in most of the other families that draw both.
* **Splits** (:func:`splits`): a concept whose glyphs form several groups (average linkage on
  glyph similarity) that are dissimilar to each other (below :data:`SPLIT_SIMILARITY`), each
  drawn by different families: one of the groups may be another concept.

It prints both lists and writes contact sheets (PNG grids of the glyphs, their own concept's
closest references and the rival's) to look at before deciding. Decide by what the drawing
shows, as a person would name it; fix the mapping in ``tools/concept_table.py``
(``ALIASES``/``EXCLUDE``) or ``glyphs.toml`` (the 22 curated classes), then regenerate.

    python tools/audit_concepts.py                      # lists + sheets in /tmp/iconfind-audit
    python tools/audit_concepts.py --concepts warning error --out /tmp/audit
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
from attrs import frozen
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iconfind.recognition.concepts import ConceptTable  # noqa: E402
from iconfind.recognition.references import (  # noqa: E402
    Glyph,
    GlyphTable,
    ReferenceSet,
    load_or_build,
    render_glyph,
)

SUSPECT_RANK = 3
"""A glyph is suspect when at least this many concepts come closer than its own (0 = first)."""
CONSISTENT = 0.5
"""... and one rival beats its own concept in more than this share of the other families
that draw both (and in at least two of them, or the only one)."""
MIN_RIVAL = 0.6
"""Listed suspects: the rival's closest reference is at least this similar (a real pull)."""
SPLIT_SIMILARITY = 0.45
"""Glyph groups of one concept less similar than this (average linkage) are a split."""

FloatArray = npt.NDArray[np.float32]


@frozen
class Suspect:
    """A glyph whose own concept ranks poorly among other families' references."""

    glyph: int
    concept: str
    rank: int
    """How many concepts come closer than its own (0: its own is the closest)."""
    own: float
    """Similarity to its own concept's closest reference of another family."""
    rival: str
    rival_score: float
    beaten_in: int
    """Other families (drawing both concepts) in which ``rival`` comes closer than ``concept``."""
    families: int
    """Other families that draw both."""


@frozen
class Split:
    """A concept whose glyphs fall into dissimilar groups."""

    concept: str
    groups: tuple[tuple[int, ...], ...]
    """Glyph indices of each group, largest first."""
    similarity: float
    """Average-linkage similarity between the two closest groups."""


def glyph_similarity(vectors: FloatArray, row_glyph: npt.NDArray[np.int64]) -> FloatArray:
    """Glyph x glyph similarity: the best cosine over their renders (rows grouped by glyph).

    ``row_glyph`` must be sorted (rows of one glyph contiguous, glyphs numbered 0..n-1)."""
    starts = np.flatnonzero(np.r_[True, row_glyph[1:] != row_glyph[:-1]])
    out = np.empty((len(starts), len(starts)), np.float32)
    chunk = 512
    for begin in range(0, len(starts), chunk):
        stop = min(begin + chunk, len(starts))
        row_lo = starts[begin]
        row_hi = starts[stop] if stop < len(starts) else len(row_glyph)
        sims = vectors[row_lo:row_hi] @ vectors.T
        per_col = np.maximum.reduceat(sims, starts, axis=1)
        out[begin:stop] = np.maximum.reduceat(per_col, starts[begin:stop] - row_lo, axis=0)
    return out


def suspects(
    similarity: FloatArray,
    concept: Sequence[str],
    family: Sequence[str],
    *,
    suspect_rank: int = SUSPECT_RANK,
    consistent: float = CONSISTENT,
) -> list[Suspect]:
    """The glyphs (indices into ``similarity``) whose own concept ranks poorly against the
    references of other design families, worst first (see the module docstring)."""
    concepts = sorted(set(concept))
    families = sorted(set(family))
    c_index = np.asarray([concepts.index(c) for c in concept])
    f_index = np.asarray([families.index(f) for f in family])
    # best[g, f, c]: glyph g's closest glyph of concept c drawn by family f (-1: none)
    best = np.full((len(concept), len(families), len(concepts)), -1.0, np.float32)
    for f in range(len(families)):
        for c in range(len(concepts)):
            members = np.flatnonzero((f_index == f) & (c_index == c))
            if len(members):
                best[:, f, c] = similarity[:, members].max(axis=1)
    out = []
    for g in range(len(concept)):
        own_c, own_f = c_index[g], f_index[g]
        others = np.ones(len(families), bool)
        others[own_f] = False
        scores = best[g, others]  # (other families, concepts)
        pooled = scores.max(axis=0)
        own = float(pooled[own_c])
        if own < 0:
            continue  # no other family draws its concept: nothing to compare with
        rank = int((pooled > own).sum())
        if rank < suspect_rank:
            continue
        rivals = np.argsort(-pooled)
        rival = int(rivals[0] if rivals[0] != own_c else rivals[1])
        both = (scores[:, own_c] >= 0) & (scores[:, rival] >= 0)
        beaten = int((scores[both, rival] > scores[both, own_c]).sum())
        drawn = int(both.sum())
        if drawn == 0 or beaten <= consistent * drawn or (beaten < 2 and drawn > 1):
            continue
        out.append(
            Suspect(
                glyph=g,
                concept=concept[g],
                rank=rank,
                own=own,
                rival=concepts[rival],
                rival_score=float(pooled[rival]),
                beaten_in=beaten,
                families=drawn,
            )
        )
    return sorted(out, key=lambda s: (s.own - s.rival_score, -s.rank))


def splits(
    similarity: FloatArray,
    concept: Sequence[str],
    family: Sequence[str],
    *,
    threshold: float = SPLIT_SIMILARITY,
) -> list[Split]:
    """Concepts whose glyphs form groups less similar than ``threshold`` (average linkage),
    where at least two groups hold glyphs of different families; least similar first."""
    from scipy.cluster.hierarchy import fcluster, linkage
    from scipy.spatial.distance import squareform

    members: dict[str, list[int]] = defaultdict(list)
    for g, name in enumerate(concept):
        members[name].append(g)
    out = []
    for name, glyphs in members.items():
        if len(glyphs) < 3:
            continue
        sub = similarity[np.ix_(glyphs, glyphs)]
        distance = 1.0 - np.minimum(sub, sub.T)
        np.fill_diagonal(distance, 0.0)
        tree = linkage(squareform(np.clip(distance, 0.0, 2.0), checks=False), "average")
        labels = fcluster(tree, 1.0 - threshold, "distance")
        groups = [tuple(glyphs[i] for i in np.flatnonzero(labels == k)) for k in set(labels)]
        if len(groups) < 2:
            continue
        drawn_by = [{family[g] for g in group} for group in groups]
        if sum(1 for fams in drawn_by if fams) < 2 or len(set().union(*drawn_by)) < 2:
            continue
        groups.sort(key=len, reverse=True)
        between = max(
            float(similarity[np.ix_(a, b)].mean())
            for i, a in enumerate(groups)
            for b in groups[i + 1 :]
        )
        out.append(Split(concept=name, groups=tuple(groups), similarity=between))
    return sorted(out, key=lambda s: s.similarity)


# --------------------------------------------------------------------------- data


@frozen
class Audited:
    """The reference glyphs as the audit sees them: one entry per glyph, not per render."""

    glyphs: tuple[Glyph, ...]
    similarity: FloatArray

    @property
    def concepts(self) -> list[str]:
        return [g.icon_class for g in self.glyphs]

    @property
    def families(self) -> list[str]:
        return [g.font.family for g in self.glyphs]


def audited(references: ReferenceSet, table: GlyphTable) -> Audited:
    """Group ``references``' rows by glyph (``font:name`` and concept) and compare glyphs."""
    by_label = {(g.label, g.icon_class): g for g in table.glyphs}
    keys = [
        (s, references.classes[int(c)])
        for s, c in zip(references.sources, references.labels, strict=True)
    ]
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    glyphs: list[Glyph] = []
    row_glyph = np.empty(len(order), np.int64)
    rows = np.empty(len(order), np.int64)
    seen: dict[tuple[str, str], int] = {}
    for position, i in enumerate(order):
        key = keys[i]
        if key not in seen:
            if key not in by_label:
                raise SystemExit(f"reference {key} is not in the glyph table: rebuild references")
            seen[key] = len(glyphs)
            glyphs.append(by_label[key])
        row_glyph[position] = seen[key]
        rows[position] = i
    vectors = np.ascontiguousarray(references.vectors[rows], np.float32)
    return Audited(glyphs=tuple(glyphs), similarity=glyph_similarity(vectors, row_glyph))


# --------------------------------------------------------------------------- sheets

CELL = 72
LABEL = 14


def _cell(glyph: Glyph, caption: str, frame: tuple[int, int, int] | None = None) -> Image.Image:
    image = Image.new("RGB", (CELL, CELL + LABEL), "white")
    icon = render_glyph(glyph, 44, pad=0.12).resize((CELL - 8, CELL - 8))
    image.paste(icon, (4, 4))
    draw = ImageDraw.Draw(image)
    draw.text((2, CELL), caption[:13], fill=(0, 0, 0), font=ImageFont.load_default(10))
    if frame is not None:
        draw.rectangle((0, 0, CELL - 1, CELL + LABEL - 1), outline=frame, width=3)
    return image


def sheet(
    rows: Sequence[tuple[str, Sequence[tuple[Glyph, str, tuple[int, int, int] | None]]]],
) -> Image.Image:
    """A grid: one titled row per entry, each cell a rendered glyph with a caption."""
    width = max(len(cells) for _, cells in rows) * CELL
    title = 14
    out = Image.new("RGB", (max(width, 400), len(rows) * (CELL + LABEL + title)), "white")
    draw = ImageDraw.Draw(out)
    for r, (heading, cells) in enumerate(rows):
        top = r * (CELL + LABEL + title)
        draw.text((2, top), heading, fill=(160, 0, 0), font=ImageFont.load_default(11))
        for c, (glyph, caption, frame) in enumerate(cells):
            out.paste(_cell(glyph, caption, frame), (c * CELL, top + title))
    return out


def _closest(data: Audited, g: int, concept: str, count: int) -> list[int]:
    """``concept``'s glyphs of other families than ``g``'s, closest to ``g`` first."""
    family = data.glyphs[g].font.family
    pool = [
        i
        for i, other in enumerate(data.glyphs)
        if other.icon_class == concept and other.font.family != family
    ]
    return sorted(pool, key=lambda i: -float(data.similarity[g, i]))[:count]


RED, BLUE, GREEN = (200, 0, 0), (0, 90, 200), (0, 150, 0)


def suspect_rows(
    data: Audited, found: Sequence[Suspect]
) -> list[tuple[str, list[tuple[Glyph, str, tuple[int, int, int] | None]]]]:
    rows = []
    for s in found:
        glyph = data.glyphs[s.glyph]
        cells: list[tuple[Glyph, str, tuple[int, int, int] | None]] = [(glyph, glyph.name, RED)]
        for i in _closest(data, s.glyph, s.concept, 4):
            cells.append(
                (data.glyphs[i], f"{data.similarity[s.glyph, i]:.2f} {data.glyphs[i].name}", GREEN)
            )
        for i in _closest(data, s.glyph, s.rival, 4):
            cells.append(
                (data.glyphs[i], f"{data.similarity[s.glyph, i]:.2f} {data.glyphs[i].name}", BLUE)
            )
        heading = (
            f"{glyph.label} in {s.concept} (green, rank {s.rank}, {s.own:.2f}) "
            f"vs {s.rival} (blue, {s.rival_score:.2f}, closer in {s.beaten_in}/{s.families})"
        )
        rows.append((heading, cells))
    return rows


def split_rows(
    data: Audited, found: Sequence[Split]
) -> list[tuple[str, list[tuple[Glyph, str, tuple[int, int, int] | None]]]]:
    rows = []
    colours = [GREEN, BLUE, RED, (150, 0, 150), (200, 120, 0)]
    for s in found:
        cells: list[tuple[Glyph, str, tuple[int, int, int] | None]] = []
        for k, group in enumerate(s.groups):
            for i in group[:6]:
                glyph = data.glyphs[i]
                cells.append(
                    (glyph, f"{glyph.font.id[:3]} {glyph.name}", colours[k % len(colours)])
                )
        sizes = "/".join(str(len(g)) for g in s.groups)
        rows.append((f"{s.concept}: groups {sizes}, between {s.similarity:.2f}", cells))
    return rows


def near_rows(
    data: Audited, labels: Sequence[str], count: int = 10
) -> list[tuple[str, list[tuple[Glyph, str, tuple[int, int, int] | None]]]]:
    """Per glyph label, the closest glyphs of other design families (with their concepts)."""
    rows = []
    for label in labels:
        matches = [i for i, g in enumerate(data.glyphs) if g.label == label]
        if not matches:
            raise SystemExit(f"no reference glyph {label!r}")
        g = matches[0]
        family = data.glyphs[g].font.family
        order = [
            int(i)
            for i in np.argsort(-data.similarity[g])
            if data.glyphs[int(i)].font.family != family
        ]
        cells: list[tuple[Glyph, str, tuple[int, int, int] | None]] = [
            (data.glyphs[g], data.glyphs[g].name, RED)
        ]
        for i in order[:count]:
            other = data.glyphs[i]
            colour = GREEN if other.icon_class == data.glyphs[g].icon_class else BLUE
            cells.append((other, f"{data.similarity[g, i]:.2f} {other.icon_class}", colour))
        heading = f"{label} ({data.glyphs[g].icon_class}): " + ", ".join(
            f"{data.glyphs[i].label}={data.glyphs[i].icon_class}" for i in order[:count]
        )
        rows.append((heading, cells))
    return rows


def write_sheets(
    rows: Sequence[tuple[str, Sequence[tuple[Glyph, str, tuple[int, int, int] | None]]]],
    out: Path,
    stem: str,
    per_sheet: int = 12,
) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for start in range(0, len(rows), per_sheet):
        path = out / f"{stem}-{start // per_sheet:02d}.png"
        sheet(rows[start : start + per_sheet]).save(path)
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/iconfind-audit"))
    parser.add_argument("--concepts", nargs="*", help="only glyphs of these concepts")
    parser.add_argument("--rank", type=int, default=SUSPECT_RANK)
    parser.add_argument("--split", type=float, default=SPLIT_SIMILARITY)
    parser.add_argument(
        "--min-rival", type=float, default=MIN_RIVAL, help="only suspects whose rival scores this"
    )
    parser.add_argument(
        "--everyday",
        action="store_true",
        help="only suspects of (or rivalling) everyday "
        "concepts: the 22 classes and the common concepts, the ones calibrated and asked for",
    )
    parser.add_argument(
        "--near",
        nargs="*",
        default=[],
        metavar="FONT:NAME",
        help="also show the references of other families closest to these glyphs "
        "(why a held-out icon is read as another concept)",
    )
    parser.add_argument("--no-sheets", action="store_true")
    parser.add_argument(
        "--built",
        action="store_true",
        help="audit the glyph table as it is now (render it) "
        "rather than the shipped references.npz",
    )
    args = parser.parse_args(argv)
    table = GlyphTable.default()
    references = load_or_build(table.select()) if args.built else load_or_build()
    data = audited(references, table)
    found = suspects(data.similarity, data.concepts, data.families, suspect_rank=args.rank)
    split = splits(data.similarity, data.concepts, data.families, threshold=args.split)
    found = [s for s in found if s.rival_score >= args.min_rival]
    if args.everyday:
        everyday = {g.icon_class for g in table.glyphs if g.curated} | {
            c.id for c in ConceptTable.default().concepts.values() if c.common
        }
        found = [s for s in found if s.concept in everyday]
        split = [s for s in split if s.concept in everyday]
    if args.concepts:
        wanted = set(args.concepts)
        found = [s for s in found if s.concept in wanted or s.rival in wanted]
        split = [s for s in split if s.concept in wanted]
    print(f"{len(data.glyphs)} glyphs, {len(set(data.concepts))} concepts")
    print(
        f"\n{len(found)} suspect glyphs (own concept rank >= {args.rank}, "
        "a rival consistently closer):"
    )
    for s in found:
        print(
            f"  {data.glyphs[s.glyph].label:40s} {s.concept:22s} rank {s.rank:3d} own {s.own:.2f}"
            f"  -> {s.rival:22s} {s.rival_score:.2f} ({s.beaten_in}/{s.families} families)"
        )
    print(f"\n{len(split)} concepts splitting into dissimilar groups (< {args.split}):")
    for part in split:
        groups = " | ".join(
            ", ".join(data.glyphs[i].label for i in group[:5]) + (" ..." if len(group) > 5 else "")
            for group in part.groups
        )
        print(f"  {part.concept:22s} {part.similarity:.2f}: {groups}")
    near = near_rows(data, args.near)
    for heading, _ in near:
        print(f"\nnear {heading}")
    if not args.no_sheets:
        paths = write_sheets(near, args.out, "near") if near else []
        paths += write_sheets(suspect_rows(data, found), args.out, "suspects")
        paths += write_sheets(split_rows(data, split), args.out, "splits")
        print(f"\n{len(paths)} contact sheets in {args.out}", file=sys.stderr)
    counts = Counter(s.concept for s in found)
    if counts:
        print(
            "\nconcepts with most suspects: "
            + ", ".join(f"{c} {n}" for c, n in counts.most_common(10))
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
