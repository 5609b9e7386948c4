"""`IconRecognizer`: which common icon a screen crop shows, locally, in about a millisecond.

A crop is normalised (:mod:`iconfind.recognition.features`), described, and compared with every
rendered reference glyph; a class scores the similarity of its closest reference. Scores lie in
[0, 1] (1 = the crop's shape equals a reference's).

**The clear-winner rule** (:meth:`IconRecognizer.accepts`, open set): a ranking resolves a query
for class ``wanted`` only when

* no *competing* concept ranks above ``wanted`` (a near-duplicate -- the same drawing under
  another name -- may tie with it),
* its score is at least the calibrated minimum,
* it leads the best competing concept by the calibrated lead for its score band, and
* for each concept it is known to be confused with (play / send, wifi / wifi_off), the pair
  check on the region where the two differ sides with ``wanted``
  (:func:`~iconfind.recognition.acceptance.pair_evidence`); when all of them side with it
  decisively, the lead of the score band suffices, unless ``wanted`` has a structure check
  the crop fails (:func:`~iconfind.recognition.acceptance.unusual_for`: a sword is no usual
  pencil, and its known look-alikes are not the only ones to fear).

So an icon that merely resembles the wanted one (asking for "settings" on a screen of
back/search/overflow icons) is not accepted: either another class ranks first, or the lead is too
thin to act on without asking. The policy is calibrated on held-out icon families
(``tools/calibrate_acceptance.py``, ``docs/icon-recognition.md``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image

from iconfind.recognition.acceptance import (
    AcceptancePolicy,
    Reference,
    class_references,
    pair_evidence,
    settled_by_parts,
    unusual_for,
)
from iconfind.recognition.exclusions import Ink, excluded_concepts, rules_out
from iconfind.recognition.features import (
    DEFAULT_METHOD,
    FINE_THRESHOLD,
    Method,
    chamfer_similarity,
    crop_distance_map,
    shape_of,
    similarities,
)
from iconfind.recognition.references import ReferenceSet, load_or_build
from iconfind.recognition.structure import STRUCTURE_SCORE, structural_concepts

MIN_SCORE = 0.6
"""Lowest top score the clear-winner rule accepts."""

MIN_MARGIN = 0.05
"""Lowest lead of the top class over the runner-up the clear-winner rule accepts."""

CONTEXT = 12
"""How many top classes a :class:`Ranking` keeps for acceptance (leads over competing concepts)."""


class Ranking(list[tuple[str, float]]):
    """``(class, score)`` pairs, best first, plus what acceptance needs beyond them:
    ``context`` (the top :data:`CONTEXT` classes), ``pairs`` (the pair check's evidence,
    ``{(candidate, confused-with): value in [-1, 1] or None}``, for the candidates that could be
    accepted) and ``structures`` (the concepts whose structure the crop shows,
    :func:`~iconfind.recognition.structure.structural_concepts`). A plain list is a ranking
    too: it is its own context and has no pair evidence and no structures."""

    def __init__(
        self,
        items: Sequence[tuple[str, float]] = (),
        *,
        context: Sequence[tuple[str, float]] | None = None,
        pairs: Mapping[tuple[str, str], float | None] | None = None,
        structures: Iterable[str] | None = None,
    ) -> None:
        super().__init__(items)
        self.context: tuple[tuple[str, float], ...] = tuple(
            context if context is not None else items
        )
        self.pairs: Mapping[tuple[str, str], float | None] | None = pairs
        self.structures: frozenset[str] | None = (
            None if structures is None else frozenset(structures)
        )


FINE_CLASSES = 6
"""The classes with the best coarse scores are compared again, finely (chamfer distance)."""
FINE_REFERENCES = 6
"""Per re-ranked class, its references with the best coarse scores take part."""
FINE_WEIGHT = 0.3
"""Share of the fine (chamfer) similarity in a re-ranked class's score."""
RARE_PENALTY = 0.1
"""Subtracted from the coarse score of concepts that are not everyday app icons (a prior:
on a screen, a gear is a settings icon far more often than a flower or a nut)."""


class IconRecognizer:
    """Ranks the icon classes a crop may show, against a :class:`ReferenceSet`.

    >>> recognizer = IconRecognizer.default()                 # doctest: +SKIP
    >>> ranking = recognizer.rank(crop)                        # doctest: +SKIP
    [('overflow', 0.93), ('hamburger', 0.61), ('pause', 0.55)]
    >>> recognizer.accepts(ranking, "overflow")                # doctest: +SKIP
    True
    """

    def __init__(
        self,
        references: ReferenceSet,
        *,
        min_score: float = MIN_SCORE,
        min_margin: float = MIN_MARGIN,
        rare: Iterable[str] = (),
        score_bins: Sequence[tuple[float, float]] = (),
        rare_margin: float | None = None,
        class_bins: Mapping[str, Sequence[tuple[float, float]]] | None = None,
        policy: AcceptancePolicy | None = None,
    ) -> None:
        """``rare``: classes whose coarse score gets :data:`RARE_PENALTY`. ``policy``: the
        acceptance policy (near-duplicates, confusable pairs, calibrated leads); without
        it, one is made of ``min_score`` / ``min_margin`` and ``score_bins`` (calibrated
        ``(lowest top score, lead needed)`` pairs that replace ``min_margin`` from that score
        on), ``rare_margin`` (the lead a rare class always needs) and ``class_bins`` (per class,
        the same pairs, applied when larger)."""
        self.references = references
        order = np.argsort(references.labels, kind="stable")
        self._vectors = np.ascontiguousarray(references.vectors[order])
        labels = references.labels[order]
        boundaries = np.r_[True, labels[1:] != labels[:-1]] if len(labels) else labels
        self._starts = np.flatnonzero(boundaries)
        self._segment_class = labels[self._starts] if len(labels) else labels
        self._ends = np.r_[self._starts[1:], len(labels)].astype(np.int64)
        self._segment_of = np.full(len(references.classes), -1, np.int64)
        self._segment_of[self._segment_class] = np.arange(len(self._starts))
        self._masks = (
            np.ascontiguousarray(references.masks[order]) if references.masks is not None else None
        )
        rare_set = set(rare)
        self._penalty = np.asarray(
            [RARE_PENALTY if name in rare_set else 0.0 for name in references.classes], np.float32
        )
        if policy is None:
            policy = AcceptancePolicy(
                min_score=min_score,
                score_bins=((0.0, min_margin), *sorted(score_bins)),
                rare_margin=rare_margin,
                class_bins={k: tuple(sorted(v)) for k, v in (class_bins or {}).items()},
            )
        self.policy = policy
        self._rare = frozenset(rare_set)
        self._class_index = {name: i for i, name in enumerate(references.classes)}
        self._pair_refs: dict[str, list[Reference]] = {}

    @property
    def min_score(self) -> float:
        """Lowest score the clear-winner rule accepts."""
        return self.policy.min_score

    @classmethod
    def default(cls, *, cache_dir: Path | None = None) -> IconRecognizer:
        """Built from every installed icon font of the glyph table (cached after first use).

        Raises :class:`~iconfind.RecognizerUnavailableError` when no icon font is installed.
        """
        return cls.with_defaults(load_or_build(cache_dir=cache_dir))

    @classmethod
    def with_defaults(cls, references: ReferenceSet, *, calibrated: bool = True) -> IconRecognizer:
        """Over ``references``, with the concept priors (rare concepts penalised) and, when
        ``calibrated``, the shipped calibrated thresholds (``data/acceptance.toml``)."""
        from iconfind.recognition.acceptance import default_acceptance
        from iconfind.recognition.concepts import ConceptTable

        concepts = ConceptTable.default().concepts
        rare = [c for c in references.classes if c in concepts and not concepts[c].common]
        return cls(references, rare=rare, **(default_acceptance() if calibrated else {}))

    @classmethod
    def from_images(
        cls,
        images: Mapping[str, Iterable[Path | Image.Image]],
        *,
        include_fonts: bool = True,
        method: Method = DEFAULT_METHOD,
    ) -> IconRecognizer:
        """With user-supplied reference crops (``{"settings": [Path("gear.png")]}``), added to
        the font references, or alone with ``include_fonts=False``."""
        base = load_or_build(method=method) if include_fonts else ReferenceSet.empty(method)
        return cls.with_defaults(base.with_images(images))

    @property
    def classes(self) -> tuple[str, ...]:
        return self.references.classes

    @property
    def method(self) -> Method:
        return self.references.method

    def score_array(self, crop: Image.Image) -> npt.NDArray[np.float32]:
        """Every class's score for ``crop`` (its best reference's similarity), indexed like
        :attr:`classes`."""
        return self.score_shape(shape_of(crop))

    def score_shape(
        self,
        shape: npt.NDArray[np.float32],
        *,
        shown: Sequence[str] | None = None,
        rule_out: bool = True,
    ) -> npt.NDArray[np.float32]:
        """:meth:`score_array` of an already normalised shape (:func:`features.shape_of`);
        ``shown``: the shape's structures, when the caller has them
        (:func:`~iconfind.recognition.structure.structural_concepts`). ``rule_out=False``
        leaves the concepts the shape's parts rule out their template scores: the calibration
        measures how far the confusions the exclusions catch would lead without them."""
        best = np.zeros(len(self.classes), np.float32)
        if not shape.any() or not len(self._vectors):
            return best
        vector = self.references.embed(shape)
        sims = similarities(self._vectors, vector, self.method)
        best[self._segment_class] = np.maximum.reduceat(sims, self._starts)
        best -= self._penalty
        if self._masks is None or not (shape > 0.5).any():
            scores = np.clip(best, 0.0, 1.0).astype(np.float32)
        else:
            scores = self._refined(best, sims, shape)
        return self._structured(scores, shape, shown, rule_out=rule_out)

    def _structured(
        self,
        scores: npt.NDArray[np.float32],
        shape: npt.NDArray[np.float32],
        shown: Sequence[str] | None = None,
        *,
        rule_out: bool = True,
    ) -> npt.NDArray[np.float32]:
        """Concepts whose parts the shape shows (:mod:`~iconfind.recognition.structure`: an
        arrow beside graded bars is a sort icon in any layout, a bin a delete icon, a triangle
        pointing right a play icon, a bust a profile icon) score at least
        :data:`~iconfind.recognition.structure.STRUCTURE_SCORE`; concepts its parts rule out
        (:mod:`~iconfind.recognition.exclusions`: two plain upright bars are no sort icon, a
        magnifier with an empty lens no zoom icon) score 0."""
        if shown is None:
            shown = structural_concepts(shape > FINE_THRESHOLD)
        for concept in shown:
            index = self._class_index.get(concept)
            if index is not None:
                scores[index] = max(float(scores[index]), STRUCTURE_SCORE)
        if not rule_out:
            return scores
        for concept in excluded_concepts(Ink.of(shape)):
            index = self._class_index.get(concept)
            if index is not None:
                scores[index] = 0.0
        return scores

    def _refined(
        self,
        coarse: npt.NDArray[np.float32],
        sims: npt.NDArray[np.float32],
        shape: npt.NDArray[np.float32],
    ) -> npt.NDArray[np.float32]:
        """The second, finer comparison: the best coarse classes re-scored with the chamfer
        similarity of their closest references. Classes not re-scored get the best fine value
        seen, so they never gain a lead from not being checked."""
        assert self._masks is not None
        count = min(FINE_CLASSES, len(coarse))
        top = np.argpartition(-coarse, count - 1)[:count]
        mask, distance = crop_distance_map(shape)
        fine = np.zeros(len(coarse), np.float32)
        for cls_index in top:
            segment = self._segment_of[cls_index]
            if segment < 0:
                continue
            start, end = int(self._starts[segment]), int(self._ends[segment])
            local = sims[start:end]
            pick = np.argsort(-local)[:FINE_REFERENCES] + start
            fine[cls_index] = float(chamfer_similarity(mask, distance, self._masks[pick]).max())
        ceiling = float(fine[top].max())
        out = (1 - FINE_WEIGHT) * coarse + FINE_WEIGHT * ceiling
        out[top] = (1 - FINE_WEIGHT) * coarse[top] + FINE_WEIGHT * fine[top]
        refined: npt.NDArray[np.float32] = np.clip(out, 0.0, 1.0).astype(np.float32)
        return refined

    def scores(self, crop: Image.Image) -> dict[str, float]:
        """Every class's score for ``crop`` (its best reference's similarity)."""
        best = self.score_array(crop)
        return {name: float(best[i]) for i, name in enumerate(self.classes)}

    def rank(self, crop: Image.Image, top: int = 3) -> Ranking:
        """The ``top`` most likely classes for ``crop``, best first, scores in [0, 1].

        A crop with no visible shape (blank, one flat colour) scores 0 for every class. The
        result carries what :meth:`accepts` needs (:class:`Ranking`).
        """
        shape = shape_of(crop)
        shown = structural_concepts(shape > FINE_THRESHOLD)  # once: for scores and acceptance
        return self.ranking(self.score_shape(shape, shown=shown), top, shape=shape, shown=shown)

    def ranking(
        self,
        best: npt.NDArray[np.float32],
        top: int = 3,
        *,
        crop: Image.Image | None = None,
        shape: npt.NDArray[np.float32] | None = None,
        shown: Sequence[str] | None = None,
    ) -> Ranking:
        """The ``top`` classes of a :meth:`score_array`, best first (ties by name), with the
        context acceptance needs; with the scored ``crop`` (or its ``shape``), the pair checks
        and the structures too (``shown``, when the caller has them already)."""
        context = self._ordered(best, max(top, CONTEXT))
        if shape is None and crop is not None:
            shape = shape_of(crop)
        if shape is None:
            return Ranking(context[: max(top, 0)], context=context)
        if shown is None:
            shown = structural_concepts(shape > FINE_THRESHOLD)
        return Ranking(
            context[: max(top, 0)],
            context=context,
            pairs=self.pair_checks(shape, context, shown),
            structures=shown,
        )

    def pair_checks(
        self,
        shape: npt.NDArray[np.float32],
        context: Sequence[tuple[str, float]],
        shown: Collection[str] = (),
    ) -> dict[tuple[str, str], float | None]:
        """The pair check of every class of ``context`` that could be accepted against each
        concept it is known to be confused with (:func:`pair_evidence`); against a concept the
        shape's parts rule out (:func:`~iconfind.recognition.exclusions.rules_out`), or when its
        structures (``shown``) show the class and not that concept (:func:`settled_by_parts`),
        the evidence is decisive (1.0) without comparing."""
        pairs: dict[tuple[str, str], float | None] = {}
        crop: tuple[npt.NDArray[np.bool_], npt.NDArray[np.float32]] | None = None
        ink = Ink.of(shape)
        for name, _ in context:
            own, _lead = self.policy.standing(context, name)
            if own < self.policy.min_score:
                continue
            for other in self.policy.checked_against(context, name):
                if rules_out(ink, other) or settled_by_parts(shown, name, other):
                    pairs[(name, other)] = 1.0
                    continue
                if other not in self._class_index:
                    continue
                if crop is None:  # once per crop, not once per pair
                    crop = crop_distance_map(shape)
                mask, far = crop
                pairs[(name, other)] = pair_evidence(
                    mask, self._references_of(name), self._references_of(other), crop_far=far
                )
        return pairs

    def _references_of(self, name: str) -> list[Reference]:
        """Every reference of class ``name`` as the pair check takes it (font, mask, distances)."""
        cached = self._pair_refs.get(name)
        if cached is None:
            cached = class_references(self.references, self._class_index[name])
            self._pair_refs[name] = cached
        return cached

    def _ordered(self, best: npt.NDArray[np.float32], top: int) -> list[tuple[str, float]]:
        count = min(max(top, 0), len(best))
        if count == 0:
            return []
        # a few more than asked, so that ties at the cut are ordered by name like a full sort
        pool = min(len(best), count + 8)
        part = np.argpartition(-best, pool - 1)[:pool] if pool < len(best) else np.arange(len(best))
        ordered = sorted(part.tolist(), key=lambda i: (-float(best[i]), self.classes[i]))
        return [(self.classes[i], round(float(best[i]), 4)) for i in ordered[:count]]

    def accepts(self, ranking: Sequence[tuple[str, float]], wanted: str) -> bool:
        """The clear-winner rule (module docstring): no competing concept above ``wanted``,
        score >= the minimum, lead over the best competing concept >= :meth:`lead_needed`, and
        the pair check siding with ``wanted`` against each concept it is confused with.

        ``ranking`` is a :meth:`rank` result (a plain list works too: it is then its own
        context, and the pair check, which needs the crop, is skipped)."""
        if not ranking:
            return False
        context = getattr(ranking, "context", ranking)
        pairs = getattr(ranking, "pairs", None)
        evidence = None if pairs is None else lambda other: pairs.get((wanted, other))
        shown = getattr(ranking, "structures", None)
        return self.policy.decide(
            context,
            wanted,
            evidence,
            rare=wanted in self._rare,
            unusual=shown is not None and unusual_for(wanted, shown),
        )

    def lead_needed(self, wanted: str, score: float) -> float:
        """The lead over the best competing concept that accepting ``wanted`` at ``score``
        needs (calibrated by score band, per concept, and for rare concepts)."""
        return self.policy.lead_needed(wanted, score, rare=wanted in self._rare)

    def recognize(self, crop: Image.Image, wanted: str) -> bool:
        """Shorthand: ``accepts(rank(crop), wanted)``."""
        return self.accepts(self.rank(crop, top=2), wanted)


__all__ = ["CONTEXT", "MIN_MARGIN", "MIN_SCORE", "IconRecognizer", "Ranking"]
