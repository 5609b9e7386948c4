"""Choose the acceptance policy on held-out icon families, report it honestly, write the data files.

**Rows.** For each calibration family F (a design lineage of the installed icon fonts), the
reference set is built *without* F, and F's glyphs of every everyday concept the references know
are rendered as screens show them: the sizes, themes and variants of ``bench/icons.py`` (24/48/96
px; light, dark and colour; tight / padded / ripple / plate), so that the bench measures no
render the bands never saw. Each crop gives a row: its true concept, the top
:data:`RAW_CONTEXT` concepts with their scores before the exclusions, and its 32x32 shape mask
and trace (for the pair check and the exclusions, which :class:`Rows` applies offline as the
recognizer does). Extra *test* families (real thin-stroke icon sets rendered to PNG,
``bench/heldout.py``) are scored against the full shipped references. Rows are cached under
``/tmp/iconfind-calibration/``, keyed by a hash of the references, the scoring code and the
renders, so a rerun after a rule or exclusion change takes minutes and a rerun after a scoring
change about twenty.

**Policy** (:class:`~iconfind.recognition.acceptance.AcceptancePolicy`), chosen from rows of
some families and the references that do not contain the family under test:

* near-duplicates (:func:`near_duplicates`): an icon font maps two concepts to the very same
  glyph, or draws one with exactly the other's structure
  (:data:`~iconfind.recognition.structure.SHARED_STRUCTURES`: two bars are pause and columns);
* confusable partners (:func:`confusable_partners`): every (asked W, true T) pair of a training
  crop of T that ranked W first (with the exclusions or before them: a check that catches most
  of a confusion leaves the pair check for the drawings it misses), plus the few concepts whose
  references drawn by one family come closest (>= :data:`PARTNER_SIM`) to W's drawn by
  another; accepting W needs the pair check to side with W against each;
* leads over the best competing concept (:func:`choose`): a confusion seen in two or more
  training families is *known* and W's own bands (``class_bins``) rise above it; one seen in a
  single family stands for the confusions a new family brings: attractor concepts, and the
  global bands (from concepts no other family misread anything as), rise above
  :data:`NOVEL_QUANTILE` of those, counting those an exclusion catches at their lead without it
  (an exclusion catches the confusion it was written for, not a new family's); rare concepts
  need more than any wrong crop had. 0.8 keeps
  the right answers of tests/recognition and tests/strategies; against 0.7 it costs Remix 4.6
  points of right answers on the 22 classes (leave-one-family-out) and the others 0-2.5, and
  cuts wrong acceptances by a third to four fifths; 0.9 drops Material to 70 % right;
* attractors (:func:`attractors`): a concept that crops of other concepts fall on in (nearly)
  every training family (three bars: hamburger; a plus: add) will attract a new family's look-alikes
  too, with leads no training family showed: its own bands rise to :data:`STRICT_QUANTILE` of
  the novel confusions' leads, one step above :data:`NOVEL_QUANTILE`.

**Report.** Printed first: leave-one-family-out -- for each family, the policy chosen on the
*other* families, applied to it (accepted & right over all crops and over the 22 original
classes' crops, accepted & wrong, absent-lookalike asks resolved wrong). Then the in-sample
figures of the shipped policy (chosen on all calibration families), and the pure test families.

    python tools/calibrate_acceptance.py            # rows cached in /tmp, writes the data files
    python tools/calibrate_acceptance.py --dry-run  # report only
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import icons  # noqa: E402  (bench/icons.py: the held-out renders)

from iconfind.recognition import exclusions, features, structure  # noqa: E402
from iconfind.recognition import references as references_module  # noqa: E402
from iconfind.recognition.acceptance import (  # noqa: E402
    AcceptancePolicy,
    Reference,
    band_lead,
    class_references,
    pair_evidence,
    settled_by_parts,
    unusual_for,
)
from iconfind.recognition.concepts import ConceptTable  # noqa: E402
from iconfind.recognition.features import FINE_THRESHOLD, unpack_masks  # noqa: E402
from iconfind.recognition.recognizer import CONTEXT, IconRecognizer  # noqa: E402
from iconfind.recognition.references import (  # noqa: E402
    Glyph,
    GlyphTable,
    ReferenceSet,
    cache_key,
    load_or_build,
)

FAMILIES = ("material", "fontawesome", "phosphor", "remix")
# the renders bench/icons.py measures (a theme the bands never saw let wrong crops through)
SIZES = icons.SIZES
THEMES = tuple(icons.THEMES)
VARIANTS = icons.VARIANTS
CACHE = Path("/tmp") / "iconfind-calibration"
DATA = ROOT / "iconfind" / "recognition" / "data"

MIN_SCORE = 0.6
SAFETY = 0.01
FLOOR = 0.03
SCORE_BINS = (0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.96, 0.97, 0.98)
PARTNER_SIM = 0.9
PARTNERS_PER = 4
PAIR_MARGIN = 0.0
RIVALS = 0
STRONG_PAIR: float | None = 0.8
NOVEL_QUANTILE = 0.8
ATTRACTOR_PULL = 2
"""An attractor pulls crops of this many other concepts in every training family but at most one
(:func:`attractors`)."""
STRICT_QUANTILE = 0.9
"""An attractor's own bands rise above this quantile of the novel confusions' leads (the global
bands use :data:`NOVEL_QUANTILE`)."""
RAW_CONTEXT = CONTEXT + 4
"""Concepts a row keeps before the exclusions: those it rules out leave :data:`CONTEXT`."""
ROW_PARTNER_LEAD = FLOOR
"""A training crop of T ranked W first with at least this lead: (W, T) become partners."""


# --------------------------------------------------------------------------- rows


class Rows:
    """One family's crops: true concept, top concepts and scores, shape masks and the trace
    masks exclusions read.

    The scores are stored as the templates and structures give them, before the exclusions
    (:data:`RAW_CONTEXT` concepts); :attr:`top` and :attr:`score` apply the exclusions as the
    recognizer does (a ruled-out concept scores 0), so a new exclusion needs no re-scoring.
    :attr:`unchecked` is the same crops without the exclusions, :meth:`allowing` with every
    exclusion but those of one concept: the novel confusions, the attractors and the partners
    count what they show too (:func:`choose`)."""

    def __init__(
        self,
        data: Mapping[str, Any],
        *,
        rule_out: bool = True,
        allow: str | None = None,
    ) -> None:
        self.data = data
        self.rule_out = rule_out
        self.allow = allow
        self.classes: list[str] = [str(c) for c in data["classes"]]
        self.true: npt.NDArray[np.int64] = np.asarray(data["true"], np.int64)
        self.raw_top: npt.NDArray[np.int64] = np.asarray(data["top"], np.int64)
        self.raw_score: npt.NDArray[np.float32] = np.asarray(data["score"], np.float32)
        self.masks: npt.NDArray[np.uint8] = np.asarray(data["masks"], np.uint8)
        self.traces: npt.NDArray[np.uint8] = np.asarray(data["traces"], np.uint8)
        self.curated: npt.NDArray[np.bool_] = np.asarray(data["curated"], bool)
        self._structures: dict[int, list[str]] = {}
        self._fired: dict[int, list[int]] = {}  # row -> indices of the CHECKS that fire on it
        self._views: dict[str, Rows] = {}
        self.aliases: list[frozenset[str]] = [frozenset()] * len(self.true)
        """Per crop, the other concepts its very glyph is filed under (:func:`_with_aliases`)."""

    def __len__(self) -> int:
        return len(self.true)

    @cached_property
    def unchecked(self) -> Rows:
        """These crops scored without the exclusions (shares the masks)."""
        if not self.rule_out:
            return self
        return self._view(Rows(self.data, rule_out=False))

    def allowing(self, concept: str) -> Rows:
        """These crops scored with every exclusion but those of ``concept`` (shares the masks):
        how a confusion with ``concept`` that its checks catch looks to the recognizer where
        they do not apply -- the other concepts' checks still rule out what they rule out."""
        assert self.rule_out and self.allow is None, "a view of the checked rows only"
        if concept not in self._views:
            self._views[concept] = self._view(Rows(self.data, allow=concept))
        return self._views[concept]

    def _view(self, view: Rows) -> Rows:
        view.__dict__["_mask_pixels"] = self._mask_pixels
        view.__dict__["_trace_pixels"] = self._trace_pixels
        view._structures = self._structures
        view._fired = self._fired
        view.aliases = self.aliases  # the same list: _with_aliases fills it in place
        return view

    def fired(self, i: int) -> list[int]:
        """The indices of the :data:`~iconfind.recognition.exclusions.CHECKS` that fire on row
        ``i`` (each check runs once per row, whatever the view)."""
        if i not in self._fired:
            ink = self.ink(i)
            self._fired[i] = [k for k, (check, _) in enumerate(exclusions.CHECKS) if check(ink)]
        return self._fired[i]

    def catching(self, concept: str) -> list[int]:
        """The rows that rank ``concept`` among their top concepts before the exclusions and
        whose checks rule it out: the only rows where :meth:`allowing` ``concept`` changes
        anything."""
        if concept not in self.classes:
            return []
        ranked = np.flatnonzero((self.raw_top == self.classes.index(concept)).any(axis=1))
        checks = {k for k, (_, concepts) in enumerate(exclusions.CHECKS) if concept in concepts}
        return [int(i) for i in ranked if checks.intersection(self.fired(int(i)))]

    def ruled_out(self, i: int) -> set[str]:
        """The concepts the exclusions of this view rule out for row ``i``."""
        if not self.rule_out:
            return set()
        return {
            concept
            for k in self.fired(i)
            for concept in exclusions.CHECKS[k][1]
            if concept != self.allow
        }

    @cached_property
    def _ranked(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        top, score = self.raw_top.copy(), self.raw_score.copy()
        if self.rule_out:
            index = {c: k for k, c in enumerate(self.classes)}
            excludable = np.array([c in exclusions.EXCLUSIONS for c in self.classes])
            for i in np.flatnonzero(excludable[top].any(axis=1)):
                out = {index[c] for c in self.ruled_out(int(i)) if c in index}
                kept = [k for k, c in enumerate(top[i]) if int(c) not in out]
                if len(kept) == top.shape[1]:
                    continue
                if len(kept) < CONTEXT <= top.shape[1]:  # the recognizer would show others
                    raise ValueError(
                        f"row {i}: {top.shape[1] - len(kept)} of its {top.shape[1]} concepts "
                        f"ruled out, fewer than {CONTEXT} left: raise RAW_CONTEXT"
                    )
                gone = [k for k, c in enumerate(top[i]) if int(c) in out]
                top[i] = top[i, kept + gone]
                score[i] = np.concatenate([score[i, kept], np.zeros(len(gone), np.float32)])
        return top[:, :CONTEXT], score[:, :CONTEXT]

    @property
    def top(self) -> npt.NDArray[np.int64]:
        """Per crop, the :data:`CONTEXT` best concepts (indices into :attr:`classes`)."""
        return self._ranked[0]

    @property
    def score(self) -> npt.NDArray[np.float32]:
        """Their scores, best first."""
        return self._ranked[1]

    def context(self, i: int) -> list[tuple[str, float]]:
        return [
            (self.classes[c], float(s)) for c, s in zip(self.top[i], self.score[i], strict=True)
        ]

    def truth(self, i: int) -> str:
        return self.classes[int(self.true[i])]

    @cached_property
    def _mask_pixels(self) -> npt.NDArray[np.bool_]:
        return unpack_masks(self.masks)

    @cached_property
    def _trace_pixels(self) -> npt.NDArray[np.bool_]:
        return unpack_masks(self.traces)

    def mask(self, i: int) -> npt.NDArray[np.bool_]:
        return self._mask_pixels[i]

    def ink(self, i: int) -> exclusions.Ink:
        """Row ``i``'s ink as the exclusions read it (its shape mask and its trace)."""
        return exclusions.Ink(self._mask_pixels[i], self._trace_pixels[i])

    def structures(self, i: int) -> list[str]:
        """Row ``i``'s structures (:func:`~iconfind.recognition.structure.structural_concepts`)."""
        if i not in self._structures:
            self._structures[i] = structure.structural_concepts(self.mask(i))
        return self._structures[i]

    def unusual(self, i: int, concept: str) -> bool:
        """Whether row ``i`` is an unusual drawing of ``concept`` (:func:`unusual_for`)."""
        return concept in structure.STRUCTURES and unusual_for(concept, self.structures(i))


def _scoring_fingerprint() -> str:
    """Everything a row depends on besides the references: scoring code, renders, concepts."""
    digest = hashlib.sha256()
    for source in (
        inspect.getsource(IconRecognizer.score_array),
        inspect.getsource(IconRecognizer.score_shape),
        inspect.getsource(IconRecognizer._refined),
        inspect.getsource(IconRecognizer._structured),
        inspect.getsource(structure),
        inspect.getsource(exclusions.Ink),
        repr(exclusions.TRACE_THRESHOLD),
        inspect.getsource(IconRecognizer.with_defaults),
        inspect.getsource(icons.render_case),
        inspect.getsource(icons.frame_case),
        inspect.getsource(icons.held_out_glyphs),
        Path(features.__file__).read_text("utf-8"),
        Path(references_module.__file__).read_text("utf-8"),
        (Path(features.__file__).parent / "projection.py").read_text("utf-8"),
        json.dumps([SIZES, THEMES, VARIANTS, RAW_CONTEXT]),
        json.dumps(sorted(c.id for c in ConceptTable.default().concepts.values() if c.common)),
    ):
        digest.update(source.encode())
    import iconfind.recognition.recognizer as rec

    consts = [
        getattr(rec, n)
        for n in dir(rec)
        if n.isupper() and isinstance(getattr(rec, n), float | int)
    ]
    digest.update(repr(consts).encode())
    return digest.hexdigest()[:16]


def everyday_concepts() -> set[str]:
    table = GlyphTable.default()
    curated = {g.icon_class for g in table.glyphs if g.curated}
    return curated | {c.id for c in ConceptTable.default().concepts.values() if c.common}


def fold_references(family: str | None) -> ReferenceSet:
    """The references without ``family`` (all installed fonts when ``None``)."""
    table = GlyphTable.default()
    if family is None:
        return load_or_build()
    return load_or_build(table.select(exclude_families=[family]))


def collect(family: str, *, quiet: bool = False) -> Rows:
    """The rows of one calibration family (cached; see the module docstring)."""
    table = GlyphTable.default()
    glyph_sel = table.select(exclude_families=[family])
    references_key = cache_key(glyph_sel, features.DEFAULT_METHOD)
    key = hashlib.sha256(f"{references_key}|{_scoring_fingerprint()}|{family}".encode())
    key = key.hexdigest()[:20]
    path = CACHE / f"rows-{family}-{key}.npz"
    if path.exists():
        with np.load(path) as data:
            rows = Rows({k: data[k] for k in data.files})
        return _with_aliases(rows, family, _family_glyphs(table, family, rows.classes))
    start = time.perf_counter()
    references = load_or_build(glyph_sel)
    recognizer = IconRecognizer.with_defaults(references, calibrated=False)
    glyphs = _family_glyphs(table, family, references.classes)
    crops = (
        (crop, glyph.icon_class, glyph.curated)
        for crop, glyph, *_ in icons.cases(glyphs, SIZES, THEMES, VARIANTS)
    )
    rows = _score(recognizer, crops)
    _save(path, rows)
    if not quiet:
        print(f"  rows {family}: {len(rows)} crops, {time.perf_counter() - start:.0f} s")
    return _with_aliases(rows, family, glyphs)


def _family_glyphs(table: GlyphTable, family: str, classes: Iterable[str]) -> list[Glyph]:
    """The glyphs of ``family`` that become rows: those of everyday concepts the references
    (without ``family``) know, in row order."""
    known = set(classes) & everyday_concepts()
    return [g for g in icons.held_out_glyphs(table, family) if g.icon_class in known]


def _with_aliases(rows: Rows, family: str, glyphs: Sequence[Glyph]) -> Rows:
    """``rows`` (those of ``glyphs``, in order) knowing, per crop, the other concepts ``family``
    files the very same glyph under (Phosphor's counter-clockwise arrow is both refresh and
    rotate_left), everyday or not.

    Accepting one of those is not wrong whatever the policy knows: leaving the family out drops
    the twin its naming makes (:func:`near_duplicates`), and the report would count the glyph's
    own second name as a look-alike."""
    names: dict[tuple[int, int], set[str]] = defaultdict(set)
    for glyph in icons.held_out_glyphs(GlyphTable.default(), family):
        names[(glyph.codepoint, glyph.turn)].add(glyph.icon_class)
    per_glyph = len(SIZES) * len(THEMES) * len(VARIANTS)
    if len(rows) != per_glyph * len(glyphs):
        raise ValueError(f"{len(rows)} rows for {len(glyphs)} glyphs of {per_glyph} crops each")
    # the cache key does not cover the family's own glyph table: a row must be its glyph's
    expected = np.repeat([rows.classes.index(g.icon_class) for g in glyphs], per_glyph)
    curated = np.repeat([g.curated for g in glyphs], per_glyph)
    if not (np.array_equal(rows.true, expected) and np.array_equal(rows.curated, curated)):
        raise ValueError(f"cached rows of {family} do not follow its glyphs: delete {CACHE}")
    rows.aliases[:] = [  # in place: views share the list
        frozenset(names[(glyph.codepoint, glyph.turn)] - {glyph.icon_class})
        for glyph in glyphs
        for _ in range(per_glyph)
    ]
    return rows


def collect_test_family(name: str, crops: Iterable[tuple[Any, str, bool]], key: str) -> Rows:
    """Rows of an extra test family (crops scored against the full references), cached."""
    references = fold_references(None)
    full = hashlib.sha256(
        f"{cache_key(GlyphTable.default().select(), features.DEFAULT_METHOD)}|"
        f"{_scoring_fingerprint()}|{name}|{key}".encode()
    ).hexdigest()[:20]
    path = CACHE / f"rows-test-{name}-{full}.npz"
    if path.exists():
        with np.load(path) as data:
            return Rows({k: data[k] for k in data.files})
    recognizer = IconRecognizer.with_defaults(references, calibrated=False)
    known = set(references.classes)
    rows = _score(recognizer, ((c, t, cur) for c, t, cur in crops if t in known))
    _save(path, rows)
    return rows


def _score(recognizer: IconRecognizer, crops: Iterable[tuple[Any, str, bool]]) -> Rows:
    classes = list(recognizer.classes)
    index = {c: i for i, c in enumerate(classes)}
    true, top, score, masks, traces, curated = [], [], [], [], [], []
    for crop, concept, is_curated in crops:
        shape = features.shape_of(crop)
        scores = recognizer.score_shape(shape, rule_out=False)
        order = np.argsort(-scores, kind="stable")[:RAW_CONTEXT]
        true.append(index[concept])
        top.append(order)
        score.append(scores[order])
        masks.append(np.packbits((shape > FINE_THRESHOLD).ravel()))
        traces.append(np.packbits(exclusions.Ink.of(shape).trace.ravel()))
        curated.append(is_curated)
    return Rows(
        {
            "classes": np.asarray(classes),
            "true": np.asarray(true, np.int64),
            "top": np.asarray(top, np.int64).reshape(-1, RAW_CONTEXT),
            "score": np.asarray(score, np.float32).reshape(-1, RAW_CONTEXT),
            "masks": np.asarray(masks, np.uint8).reshape(len(true), -1),
            "traces": np.asarray(traces, np.uint8).reshape(len(true), -1),
            "curated": np.asarray(curated, bool),
        }
    )


def _save(path: Path, rows: Rows) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(
        tmp,
        classes=np.asarray(rows.classes),
        true=rows.true,
        top=rows.raw_top,
        score=rows.raw_score,
        masks=rows.masks,
        traces=rows.traces,
        curated=rows.curated,
    )
    tmp.replace(path)


# --------------------------------------------------------------------------- look-alike data


def near_duplicates(table: GlyphTable, exclude: str | None) -> dict[str, list[str]]:
    """Concept -> its twins: concepts an icon font maps to the very same glyph (module docstring).

    Shape similarity alone does not tell twins from look-alikes: at 32 px, lock / unlock,
    zoom_in / zoom_out and download / upload are as close as true duplicates. A font naming one
    glyph twice does; so does a structure two concepts share (:func:`shared_drawings`)."""
    by_glyph: dict[tuple[str, int, int], set[str]] = defaultdict(set)
    for glyph in table.select(exclude_families=[exclude] if exclude else []):
        # a glyph turned is another drawing (⇄ exchange, ⇅ sort): not a twin
        by_glyph[(glyph.font.id, glyph.codepoint, glyph.turn)].add(glyph.icon_class)
    twins: dict[str, set[str]] = defaultdict(set)
    for names in [*by_glyph.values(), *shared_drawings()]:
        for name in names:
            twins[name] |= names - {name}
    return {k: sorted(v) for k, v in sorted(twins.items()) if v}


def shared_drawings() -> list[set[str]]:
    """Concepts drawn with one structure
    (:data:`~iconfind.recognition.structure.SHARED_STRUCTURES`): no part tells them apart, so
    they are near-duplicates whichever family is left out."""
    return [{concept, *others} for concept, others in structure.SHARED_STRUCTURES.items()]


def _class_similarity(
    references: ReferenceSet,
) -> tuple[list[str], dict[str, npt.NDArray[np.float32]]]:
    """Per design family F, the class x class matrix of the best similarity between a reference
    of one class drawn by F and a reference of the other class drawn by *another* family: how
    much F's drawing of a concept looks like someone else's drawing of another (what a new
    family's crop will meet). Duplicated "tofu" renders of glyphs a font lacks are left out."""
    table = GlyphTable.default()
    family_of_font = {f.id: f.family for f in table.fonts.values()}
    classes = list(references.classes)
    fam = np.asarray([family_of_font.get(s.partition(":")[0], "?") for s in references.sources])
    seen: dict[bytes, set[int]] = defaultdict(set)
    for label, vector in zip(references.labels, references.vectors, strict=True):
        seen[vector.tobytes()].add(int(label))
    tofu = np.asarray([len(seen[v.tobytes()]) > 2 for v in references.vectors])
    labels_all = references.labels
    out: dict[str, npt.NDArray[np.float32]] = {}
    for family in sorted(set(fam)):
        mine = np.flatnonzero((fam == family) & ~tofu)
        theirs = np.flatnonzero((fam != family) & ~tofu)
        if not len(mine) or not len(theirs):
            continue
        best = np.zeros((len(classes), len(classes)), np.float32)
        row_l, col_l = labels_all[mine], labels_all[theirs]
        ro, co = np.argsort(row_l, kind="stable"), np.argsort(col_l, kind="stable")
        rs = np.flatnonzero(np.r_[True, row_l[ro][1:] != row_l[ro][:-1]])
        cs = np.flatnonzero(np.r_[True, col_l[co][1:] != col_l[co][:-1]])
        sims = (
            references.vectors[mine[ro]].astype(np.float32)
            @ references.vectors[theirs[co]].astype(np.float32).T
        )
        reduced = np.maximum.reduceat(np.maximum.reduceat(sims, rs, axis=0), cs, axis=1)
        best[np.ix_(row_l[ro][rs], col_l[co][cs])] = np.clip(reduced, 0.0, 1.0)
        np.fill_diagonal(best, 0.0)
        out[family] = best
    return classes, out


_SIM_CACHE: dict[int, tuple[list[str], dict[str, npt.NDArray[np.float32]]]] = {}


def _similarity(references: ReferenceSet) -> tuple[list[str], dict[str, npt.NDArray[np.float32]]]:
    key = id(references)
    if key not in _SIM_CACHE:
        _SIM_CACHE[key] = _class_similarity(references)
    return _SIM_CACHE[key]


def confusable_partners(
    references: ReferenceSet,
    twins: Mapping[str, Sequence[str]],
    training: Sequence[Rows],
    everyday: set[str],
) -> dict[str, list[str]]:
    """Concept -> concepts it is confused with (module docstring): the :data:`PARTNERS_PER`
    closest by references (similarity >= :data:`PARTNER_SIM` in one family), and every concept
    a training crop of which ranked it first (``training``: rows with the exclusions and
    before them)."""
    classes, per_family = _similarity(references)
    best = np.maximum.reduce(list(per_family.values()))
    best = np.maximum(best, best.T)
    pairs: set[tuple[str, str]] = set()
    for a, name in enumerate(classes):
        order = np.argsort(-best[a])[:PARTNERS_PER]
        pairs.update((name, classes[b]) for b in order if best[a, b] >= PARTNER_SIM)
    known = set(classes)
    for rows in training:
        for i in range(len(rows)):
            context = rows.context(i)
            top, score = context[0]
            truth = rows.truth(i)
            lead = score - context[1][1]
            if top != truth and score >= MIN_SCORE and lead >= ROW_PARTNER_LEAD and truth in known:
                pairs.add((top, truth))
    out: dict[str, list[str]] = defaultdict(list)
    for a, b in sorted(pairs):
        if a in everyday and b in everyday and b not in twins.get(a, ()):
            out[a].append(b)
    return dict(out)


# --------------------------------------------------------------------------- the rule, offline


class Fold:
    """What evaluating rows against one reference set needs: its masks per class, the policy's
    look-alike data, and memoised pair evidence."""

    def __init__(self, references: ReferenceSet) -> None:
        self.references = references
        self._refs: dict[str, list[Reference]] = {}
        self._index = {c: i for i, c in enumerate(references.classes)}
        self._memo: dict[tuple[int, int, str, str], float | None] = {}
        self._settled: dict[tuple[Any, ...], bool] = {}

    def refs(self, name: str) -> list[Reference]:
        if name not in self._refs:
            self._refs[name] = class_references(self.references, self._index[name])
        return self._refs[name]

    def evidence(self, rows: Rows, i: int, wanted: str, other: str) -> float | None:
        """The pair check of row ``i`` as the recognizer runs it: settled (1.0) by the crop's
        parts or by an exclusion of ``other`` that applies to ``rows`` (none in
        :attr:`Rows.unchecked`; in :meth:`Rows.allowing`, all but those of one concept)."""
        shortcut = (id(rows.data), i, wanted, other, rows.rule_out, rows.allow)
        if shortcut not in self._settled:
            settled = wanted in structure.STRUCTURES and settled_by_parts(
                rows.structures(i), wanted, other
            )
            self._settled[shortcut] = settled or other in rows.ruled_out(i)
        if self._settled[shortcut]:
            return 1.0  # settled by the parts, as the recognizer does
        key = (id(rows.data), i, wanted, other)
        if key not in self._memo:
            if other not in self._index or wanted not in self._index:
                self._memo[key] = None
            else:
                self._memo[key] = pair_evidence(rows.mask(i), self.refs(wanted), self.refs(other))
        return self._memo[key]


def verdict(
    policy: AcceptancePolicy, fold: Fold, rows: Rows, i: int, wanted: str, rare: set[str]
) -> bool:
    """:meth:`IconRecognizer.accepts` on a row (same rule, evaluated offline)."""
    return policy.decide(
        rows.context(i),
        wanted,
        lambda other: fold.evidence(rows, i, wanted, other),
        rare=wanted in rare,
        unusual=rows.unusual(i, wanted),
    )


def candidates(policy: AcceptancePolicy, rows: Rows, i: int) -> list[str]:
    """The concepts of row ``i`` that could be accepted at all (no competitor above them)."""
    context = rows.context(i)
    return [n for n, _ in context if policy.standing(context, n)[0] >= policy.min_score]


def choose(
    training: Sequence[tuple[Rows, Fold]],
    twins: Mapping[str, Sequence[str]],
    partners: Mapping[str, Sequence[str]],
    rare: set[str],
    strict: Iterable[str] = (),
) -> AcceptancePolicy:
    """The policy for these training rows (module docstring).

    Every wrong acceptance the pair check leaves (a crop of T that a non-twin W leads, W asked)
    is a constraint. A *known* confusion (T read as W in two or more training families) is
    what a new family will show again: W's own bands (``class_bins``) are above all of them,
    unless an exclusion catches them. A *novel* one (seen in one family only) stands for the
    confusions a new family brings that no training family had: the global band leads are
    above :data:`NOVEL_QUANTILE` of them (plus :data:`SAFETY`); the bands of the ``strict``
    concepts (:func:`attractors`) rise above :data:`STRICT_QUANTILE` of them. The novel ones
    include those an exclusion catches: a crop of T read as W, W ruled out, at its lead with
    every exclusion but W's (:meth:`Rows.allowing`): an exclusion catches the confusion it was
    written for, not the ones a new family brings, so writing one must not lower the bands
    every other confusion meets. Counted before all the exclusions, a confusion whose runner-up
    another concept's check rules out shows a smaller lead than the recognizer saw before the
    new check (Material's server racks read as ☰: 0.152 against 0.167), and writing the new
    check lowered a band. A crop two concepts' checks rule out counts once for each, each at its
    lead with the other ruled out. A
    concept W whose every confusion an exclusion catches needs no lead of its own above them,
    but keeps the global and attractor floors: it attracted them. Rare concepts need more
    than any wrong acceptance had."""
    base = AcceptancePolicy(
        min_score=MIN_SCORE,
        score_bins=((0.0, 0.0),),
        pair_margin=PAIR_MARGIN,
        twins={k: frozenset(v) for k, v in twins.items()},
        partners={k: tuple(v) for k, v in partners.items()},
        rivals=RIVALS,
    )
    checked, strong = _wrong_acceptances(base, training, partners, rare)
    before = _wrong_acceptances(
        base, [(rows.unchecked, fold) for rows, fold in training], partners, rare
    )[0]
    # where W's checks catch a confusion with W: its lead with the other concepts' checks
    caught: dict[tuple[int, int, str], tuple[int, str, str, float, float]] = {}
    for concept in exclusions.EXCLUSIONS:
        views = [(rows.allowing(concept), fold) for rows, fold in training]
        caught.update(_wrong_acceptances(base, views, partners, rare, asked=concept)[0])
    wrong = list(checked.values())
    # the pool the novel confusions come from: a crop's wrong acceptance with the exclusions
    # (the lead the recognizer sees) or, where W's checks catch it, without them (the lead a
    # new family's drawing shows where they do not apply); before them all, the rest
    pool = list({**before, **caught, **checked}.values())
    families_of: dict[tuple[str, str], set[int]] = defaultdict(set)
    attracted: dict[str, set[int]] = defaultdict(set)
    for k, truth, name, _, _ in pool:
        families_of[(truth, name)].add(k)
        attracted[name].add(k)
    everyday_pool = [w for w in pool if w[2] not in rare]
    # a concept no other training family misread anything as: what a new attractor looks like
    unseen = [w for w in everyday_pool if not attracted[w[2]] - {w[0]}]
    # a known attractor misread from a concept no other family confused with it
    novel = [
        w for w in everyday_pool if attracted[w[2]] - {w[0]} and len(families_of[(w[1], w[2])]) < 2
    ]
    everyday_wrong = [w for w in wrong if w[2] not in rare]
    bins = _bands(unseen)
    attractor_bins = _bands(novel)
    strict_bins = _bands(unseen, STRICT_QUANTILE)
    per_class: dict[str, tuple[tuple[float, float], ...]] = {}
    # a concept whose every confusion an exclusion catches keeps the floors: it attracted them
    for concept in sorted({w[2] for w in everyday_wrong + everyday_pool}):
        own = []
        for (low, floor), (_, unseen_lead) in zip(attractor_bins, bins, strict=True):
            leads = [m for _, _, n, s, m in wrong if n == concept and s >= low]
            mine = max(leads) + SAFETY if leads else 0.0
            own.append((low, round(max(mine, floor, unseen_lead), 3)))
        per_class[concept] = tuple(own)
    for concept in sorted(set(strict) - rare):
        current = per_class.get(concept, tuple(bins))
        per_class[concept] = tuple(
            (low, max(lead, tight))
            for (low, lead), (_, tight) in zip(current, strict_bins, strict=True)
        )
    rare_margin = round(max([FLOOR, *(m + SAFETY for *_, m in wrong)]), 3)
    return AcceptancePolicy(
        min_score=MIN_SCORE,
        score_bins=tuple(bins),
        rare_margin=rare_margin,
        class_bins=per_class,
        pair_margin=PAIR_MARGIN,
        twins=base.twins,
        partners=base.partners,
        rivals=RIVALS,
        strong_pair=STRONG_PAIR,
        strong_blocked=frozenset(n for n, s, m in strong if m >= band_lead(bins, s)),
    )


def _wrong_acceptances(
    base: AcceptancePolicy,
    training: Sequence[tuple[Rows, Fold]],
    partners: Mapping[str, Sequence[str]],
    rare: set[str],
    *,
    asked: str | None = None,
) -> tuple[
    dict[tuple[int, int, str], tuple[int, str, str, float, float]], list[tuple[str, float, float]]
]:
    """The wrong acceptances ``base`` (leads 0) leaves -- (family index, truth, asked, score,
    lead) of a crop of T that a non-twin W leads, W asked, the pair check not rejecting it,
    keyed by (family index, row, asked) -- and those of them every pair check confirms
    (asked, score, lead). With ``asked``, only that concept's, in the rows whose checks rule it
    out (:meth:`Rows.catching`): elsewhere a view :meth:`~Rows.allowing` it ranks it as the
    checked rows do."""
    wrong: dict[tuple[int, int, str], tuple[int, str, str, float, float]] = {}
    strong: list[tuple[str, float, float]] = []
    for k, (rows, fold) in enumerate(training):
        for i in range(len(rows)) if asked is None else rows.catching(asked):
            truth = rows.truth(i)
            context = rows.context(i)
            for name in candidates(base, rows, i):
                if asked not in (None, name) or base.same_drawing(truth, name):
                    continue
                if not verdict(base, fold, rows, i, name, rare):
                    continue  # the pair check rejects it already
                score, lead = base.standing(context, name)
                wrong[(k, i, name)] = (k, truth, name, score, lead)
                if STRONG_PAIR is not None and not rows.unusual(i, name):
                    values = [fold.evidence(rows, i, name, o) for o in partners.get(name, ())]
                    if values and all(v is not None and v >= STRONG_PAIR for v in values):
                        strong.append((name, score, lead))
    return wrong, strong


def attractors(
    training: Sequence[tuple[Rows, Fold]], twins: Mapping[str, Sequence[str]]
) -> set[str]:
    """The *attractors*: concepts that crops of at least :data:`ATTRACTOR_PULL` other concepts
    ranked first (score >= :data:`MIN_SCORE`, not a near-duplicate) in every training family but
    at most one, and crops of some other concept in that one too. Simple shapes -- a plus,
    three bars -- that each family's drawings of other things fall on: a new family's will too
    (Material's D-pad "gamepad" reads as "add", its server-rack "database" as "hamburger"), with
    leads no training family showed. One family may pull less: Remix's bar drawings are few, and
    a rule that needs every family turned on and off with one reference render. Counted with
    the exclusions, before them (:attr:`Rows.unchecked`) and with each concept's own checks
    off (:meth:`Rows.allowing`: only pulls to that concept), like the novel confusions of
    :func:`choose`."""
    pulls: dict[str, list[int]] = defaultdict(lambda: [0] * len(training))
    for k, (checked, _) in enumerate(training):
        pulled: dict[str, set[int]] = defaultdict(set)
        views = {concept: checked.allowing(concept) for concept in exclusions.EXCLUSIONS}
        for rows in (checked, checked.unchecked, *views.values()):
            first = rows.top[:, 0]
            for i in np.flatnonzero((first != rows.true) & (rows.score[:, 0] >= MIN_SCORE)):
                name = rows.classes[int(first[i])]
                if rows.allow not in (None, name):
                    continue  # a view counts pulls to the concept whose checks it leaves off
                if rows.truth(int(i)) not in twins.get(name, ()):
                    pulled[name].add(int(rows.true[i]))
        for name, truths in pulled.items():
            pulls[name][k] = len(truths)
    return {
        name
        for name, counts in pulls.items()
        if min(counts) >= 1 and sum(c >= ATTRACTOR_PULL for c in counts) >= len(counts) - 1
    }


def _bands(
    wrong: Sequence[tuple[int, str, str, float, float]], quantile: float = NOVEL_QUANTILE
) -> list[tuple[float, float]]:
    """Per score band, a lead above ``quantile`` of these wrong crops' leads at that score or
    higher (plus :data:`SAFETY`, at least :data:`FLOOR`), never less than a higher band's."""
    bands = []
    for low in SCORE_BINS:
        leads = sorted(m for *_, s, m in wrong if s >= low)
        typical = leads[int(quantile * (len(leads) - 1))] if leads else 0.0
        bands.append((low, round(max(FLOOR, typical + SAFETY), 3)))
    for k in range(len(bands) - 2, -1, -1):  # a vaguer match never needs less lead
        bands[k] = (bands[k][0], max(bands[k][1], bands[k + 1][1]))
    return bands


def evaluate(
    policy: AcceptancePolicy, rows: Rows, fold: Fold, curated: set[str], rare: set[str]
) -> dict[str, Any]:
    """Accepted & right / wrong per crop, on the 22 classes, and the absent-lookalike asks."""
    right = wrong = twin = 0
    right22 = n22 = 0
    look_calls = look_wrong = 0
    errors: dict[tuple[str, str], int] = defaultdict(int)
    for i in range(len(rows)):
        truth = rows.truth(i)
        context = rows.context(i)
        # the crop's own drawing: its twins, and the names its family files the glyph under
        own = {name for name, _ in context if policy.same_drawing(truth, name)} | rows.aliases[i]
        ok = verdict(policy, fold, rows, i, truth, rare)
        right += ok
        if rows.curated[i]:
            n22 += 1
            right22 += ok
        for name in candidates(policy, rows, i):
            if name == truth or not verdict(policy, fold, rows, i, name, rare):
                continue
            if name in own:
                twin += 1
            else:
                wrong += 1
                errors[(truth, name)] += 1
        for asked, _ in context[:2]:
            if asked in curated and asked not in own:
                look_calls += 1
                look_wrong += verdict(policy, fold, rows, i, asked, rare)
    n = max(len(rows), 1)
    return {
        "crops": len(rows),
        "top1": round(float(np.mean(rows.top[:, 0] == rows.true)), 4) if len(rows) else 0.0,
        "accepted_right": round(right / n, 4),
        "accepted_right_22": round(right22 / max(n22, 1), 4),
        "crops_22": n22,
        "accepted_wrong": wrong,
        "accepted_twin": twin,
        "absent_lookalike_calls": look_calls,
        "absent_lookalike_wrong": look_wrong,
        "errors": sorted(errors.items(), key=lambda kv: -kv[1])[:6],
    }


# --------------------------------------------------------------------------- the whole run


def test_families() -> dict[str, Rows]:
    """Rows of the pure test families: the real thin-stroke icon sets of ``bench/heldout.py``
    (Lucide, Tabler, Feather, Heroicons, Eva), none of which the references contain."""
    import heldout  # bench/heldout.py

    everyday = everyday_concepts()
    out = {}
    for family in heldout.families():
        images = [(c, m) for c, _, m in heldout.glyph_images(family) if c in everyday]
        digest = hashlib.sha256(inspect.getsource(heldout).encode())
        for concept, mask in images:
            digest.update(concept.encode())
            digest.update(mask.tobytes())
        crops = (
            (heldout.render_case(mask, size, theme, variant), concept, concept in heldout.CURATED)
            for concept, mask in images
            for size in SIZES
            for theme in THEMES
            for variant in VARIANTS
        )
        out[family] = collect_test_family(family, crops, digest.hexdigest()[:16])
    return out


class Calibration:
    """Rows, folds and look-alike data of the calibration families (everything cached)."""

    def __init__(self, families: Sequence[str], *, quiet: bool = False) -> None:
        self.families = list(families)
        self.table = GlyphTable.default()
        self.everyday = everyday_concepts()
        self.curated = {g.icon_class for g in self.table.glyphs if g.curated}
        concepts = ConceptTable.default().concepts
        self.rare = {c for c in concepts if not concepts[c].common} - self.curated
        self.rows = {f: collect(f, quiet=quiet) for f in self.families}
        self.folds = {f: Fold(fold_references(f)) for f in self.families}
        self._full: Fold | None = None

    @property
    def full(self) -> Fold:
        if self._full is None:
            self._full = Fold(fold_references(None))
        return self._full

    def policy(
        self, train: Sequence[str], references: ReferenceSet, exclude: str | None
    ) -> tuple[AcceptancePolicy, dict[str, list[str]], dict[str, list[str]]]:
        """The policy chosen on the ``train`` families, with the look-alike data of
        ``references`` (which must not contain the family it will be tested on)."""
        twins = near_duplicates(self.table, exclude)
        # partners from the crops with the exclusions and before them: a check that catches
        # most of a confusion leaves the pair check for the drawings it misses
        training_rows = [r for f in train for r in (self.rows[f], self.rows[f].unchecked)]
        partners = confusable_partners(references, twins, training_rows, self.everyday)
        training = [(self.rows[f], self.folds[f]) for f in train]
        strict = attractors(training, twins)
        chosen = choose(training, twins, partners, self.rare, strict=strict)
        return chosen, twins, partners

    def leave_one_out(self, family: str) -> tuple[AcceptancePolicy, dict[str, Any]]:
        """The policy chosen without ``family``, evaluated on it."""
        train = [f for f in self.families if f != family]
        fold = self.folds[family]
        policy, _, _ = self.policy(train, fold.references, family)
        return policy, evaluate(policy, self.rows[family], fold, self.curated, self.rare)


def _line(name: str, r: Mapping[str, Any]) -> str:
    return (
        f"{name:<12} {r['crops']:>6} {r['top1']:>6.1%} {r['accepted_right']:>8.1%} "
        f"{r['accepted_right_22']:>8.1%} {r['accepted_wrong']:>6} {r['accepted_twin']:>5} "
        f"{r['absent_lookalike_wrong']:>4}/{r['absent_lookalike_calls']:<5}"
    )


HEADER = "family        crops  top-1  acc.ok  acc.ok22  wrong  twin  absent-lookalike wrong/asks"


def write(
    policy: AcceptancePolicy,
    twins: Mapping[str, Sequence[str]],
    partners: Mapping[str, Sequence[str]],
    families: Sequence[str],
    strict: Iterable[str] = (),
) -> None:
    acceptance = [
        "# The clear-winner thresholds, chosen by tools/calibrate_acceptance.py on the held-out",
        f"# families {', '.join(families)} (each rendered against references without it).",
        "# Leave-one-family-out (policy chosen on the others, tested on the one left out) is what",
        "# the tool prints first; docs/icon-recognition.md has the table.",
        "# score_bins: [lowest score, lead over the best competing concept needed from there on].",
        "# rare_margin: the lead a concept that is not an everyday app icon always needs.",
        "# pair_margin: the pair check (in [-1, 1], > 0 sides with the asked concept) must",
        "# exceed it.",
        "# tie: a near-duplicate may rank above the asked concept by less than this.",
        "# strong_pair: pair checks all at least this decisive: the score_bins lead suffices,",
        "# except for strong_blocked (a calibration crop of another concept got there).",
        f"min_score = {policy.min_score}",
        f"score_bins = {json.dumps([list(b) for b in policy.score_bins])}",
        f"rare_margin = {policy.rare_margin}",
        f"pair_margin = {policy.pair_margin}",
        f"tie = {policy.tie}",
        *([f"strong_pair = {policy.strong_pair}"] if policy.strong_pair is not None else []),
        f"strong_blocked = {json.dumps(sorted(policy.strong_blocked))}",
        "",
        "# class_bins: per asked concept, [lowest score, lead needed] above every known confusion",
        "# (a concept read as it in 2+ calibration families); the larger of this and score_bins",
        "# wins. Attractors (crops of other concepts fall on them in all calibration families but",
        "# one),",
        f"# with bands above the {STRICT_QUANTILE} quantile of novel confusions: "
        f"{', '.join(sorted(strict)) or '-'}.",
        "[class_bins]",
        *(
            f"{k} = {json.dumps([list(b) for b in v])}"
            for k, v in sorted(policy.class_bins.items())
            if any(lead > 0 for _, lead in v)
        ),
        "",
    ]
    (DATA / "acceptance.toml").write_text("\n".join(acceptance), "utf-8")
    looks = [
        "# Look-alike data of the icon concepts, derived by tools/calibrate_acceptance.py from the",
        "# shipped references and the calibration crops (no thresholds here).",
        "#",
        "# [twins]: near-duplicates, one drawing under several names (an icon font maps both names",
        "# to the very same glyph, or draws one with exactly the other's structure: two bars are",
        "# pause and columns). Twins do not take each other's lead (not transitive).",
        "# [partners]: concepts that mean other things but are drawn alike (references >= "
        f"{PARTNER_SIM},",
        "# or a calibration crop of one ranked the other first): accepting the key needs the pair",
        "# check (iconfind/recognition/acceptance.py) to side with it against each of them.",
        "",
        "[twins]",
        *(f"{k} = {json.dumps(list(v))}" for k, v in sorted(twins.items())),
        "",
        "[partners]",
        *(f"{k} = {json.dumps(list(v))}" for k, v in sorted(partners.items())),
        "",
    ]
    (DATA / "lookalikes.toml").write_text("\n".join(looks), "utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--families", nargs="+", default=list(FAMILIES))
    parser.add_argument("--dry-run", action="store_true", help="report, do not write")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    calibration = Calibration(args.families, quiet=args.json)
    report: dict[str, Any] = {"leave_one_out": {}, "in_sample": {}, "test": {}}
    if not args.json:
        print("Leave-one-family-out (policy chosen on the other families, tested on this one):")
        print(HEADER)
    for family in calibration.families:
        _, result = calibration.leave_one_out(family)
        report["leave_one_out"][family] = result
        if not args.json:
            print(_line(family, result))
    full = calibration.full
    policy, twins, partners = calibration.policy(calibration.families, full.references, None)
    tests = test_families()
    if not args.json:
        print("Pure test families (policy chosen on all calibration families, full references):")
        print(HEADER)
    for name, rows in tests.items():
        result = evaluate(policy, rows, full, calibration.curated, calibration.rare)
        report["test"][name] = result
        if not args.json:
            print(_line(name, result))
    if not args.json:
        print("In sample (the shipped policy on its own calibration rows; not a test):")
        print(HEADER)
    for family in calibration.families:
        result = evaluate(
            policy,
            calibration.rows[family],
            calibration.folds[family],
            calibration.curated,
            calibration.rare,
        )
        report["in_sample"][family] = result
        if not args.json:
            print(_line(family, result))
    report["policy"] = {
        "score_bins": policy.score_bins,
        "rare_margin": policy.rare_margin,
        "twins": sum(len(v) for v in twins.values()) // 2,
        "partners": sum(len(v) for v in partners.values()),
    }
    if args.json:
        print(json.dumps(report, default=str))
    else:
        print(json.dumps(report["policy"]))
        for family, r in report["leave_one_out"].items():
            print(f"  {family} held-out errors (true, accepted as): {r['errors']}")
    if not args.dry_run:
        strict = attractors(
            [(calibration.rows[f], calibration.folds[f]) for f in calibration.families], twins
        )
        write(policy, twins, partners, calibration.families, strict)
        if not args.json:
            print(f"-> {DATA / 'acceptance.toml'}, {DATA / 'lookalikes.toml'}")
    if not args.json:
        print(f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
