"""`IconRecognizer`: which common icon a screen crop shows, locally, in about a millisecond.

A crop is normalised (:mod:`iconfind.recognition.features`), described, and compared with every
rendered reference glyph; a class scores the similarity of its closest reference. Scores lie in
[0, 1] (1 = the crop's shape equals a reference's).

**The clear-winner rule** (:meth:`IconRecognizer.accepts`): a ranking resolves a query for class
``wanted`` only when

* the top class *is* ``wanted``,
* its score is at least :data:`MIN_SCORE`, and
* it leads the runner-up class by at least :data:`MIN_MARGIN`.

So an icon that merely resembles the wanted one (asking for "settings" on a screen of
back/search/overflow icons) is not accepted: either another class ranks first, or the lead is too
thin to act on without asking. The thresholds were set by measurement
(``docs/icon-recognition.md``, ``bench/icons.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image

from iconfind.recognition.features import (
    DEFAULT_METHOD,
    Method,
    chamfer_similarity,
    crop_distance_map,
    shape_of,
    similarities,
)
from iconfind.recognition.references import ReferenceSet, load_or_build

MIN_SCORE = 0.6
"""Lowest top score the clear-winner rule accepts."""

MIN_MARGIN = 0.05
"""Lowest lead of the top class over the runner-up the clear-winner rule accepts."""

Ranking = list[tuple[str, float]]

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
    ) -> None:
        """``rare``: classes whose coarse score gets :data:`RARE_PENALTY`. ``score_bins``:
        calibrated ``(lowest top score, lead needed)`` pairs that replace ``min_margin`` from
        that score on; ``rare_margin``: the lead a rare class always needs; ``class_bins``: per
        class, the same pairs, applied when larger (calibrated look-alike pairs)."""
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
        self.min_score = min_score
        self.min_margin = min_margin
        self.score_bins = tuple(sorted(score_bins))
        self.rare_margin = rare_margin
        self.class_bins = {k: tuple(sorted(v)) for k, v in (class_bins or {}).items()}
        self._rare = frozenset(rare_set)

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

    def score_shape(self, shape: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """:meth:`score_array` of an already normalised shape (:func:`features.shape_of`)."""
        best = np.zeros(len(self.classes), np.float32)
        if not shape.any() or not len(self._vectors):
            return best
        vector = self.references.embed(shape)
        sims = similarities(self._vectors, vector, self.method)
        best[self._segment_class] = np.maximum.reduceat(sims, self._starts)
        best -= self._penalty
        if self._masks is None or not (shape > 0.5).any():
            return np.clip(best, 0.0, 1.0)
        return self._refined(best, sims, shape)

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

    def rank(self, crop: Image.Image, top: int = 3) -> list[tuple[str, float]]:
        """The ``top`` most likely classes for ``crop``, best first, scores in [0, 1].

        A crop with no visible shape (blank, one flat colour) scores 0 for every class.
        """
        return self.ranking(self.score_array(crop), top)

    def ranking(self, best: npt.NDArray[np.float32], top: int = 3) -> list[tuple[str, float]]:
        """The ``top`` classes of a :meth:`score_array`, best first (ties by name)."""
        count = min(max(top, 0), len(best))
        if count == 0:
            return []
        # a few more than asked, so that ties at the cut are ordered by name like a full sort
        pool = min(len(best), count + 8)
        part = np.argpartition(-best, pool - 1)[:pool] if pool < len(best) else np.arange(len(best))
        ordered = sorted(part.tolist(), key=lambda i: (-float(best[i]), self.classes[i]))
        return [(self.classes[i], round(float(best[i]), 4)) for i in ordered[:count]]

    def accepts(self, ranking: Sequence[tuple[str, float]], wanted: str) -> bool:
        """The clear-winner rule: top class is ``wanted``, score >= min, lead over the runner-up
        (any other known concept) >= :meth:`lead_needed` (calibrated by score band)."""
        if not ranking:
            return False
        best, score = ranking[0]
        runner_up = ranking[1][1] if len(ranking) > 1 else 0.0
        return (
            best == wanted
            and score >= self.min_score
            and score - runner_up >= self.lead_needed(wanted, score)
        )

    def lead_needed(self, wanted: str, score: float) -> float:
        """The lead over the runner-up that accepting ``wanted`` at ``score`` needs."""
        if wanted in self._rare and self.rare_margin is not None:
            return self.rare_margin
        lead = self.min_margin
        for low, needed in self.score_bins:
            if score >= low:
                lead = needed
        own = 0.0
        for low, needed in self.class_bins.get(wanted, ()):
            if score >= low:
                own = needed  # the band the score falls in (bins ascend)
        return max(lead, own)

    def recognize(self, crop: Image.Image, wanted: str) -> bool:
        """Shorthand: ``accepts(rank(crop), wanted)``."""
        return self.accepts(self.rank(crop, top=2), wanted)


__all__ = ["MIN_MARGIN", "MIN_SCORE", "IconRecognizer", "Ranking"]
