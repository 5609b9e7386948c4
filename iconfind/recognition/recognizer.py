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
from PIL import Image

from iconfind.recognition.features import DEFAULT_METHOD, Method, describe, shape_of, similarities
from iconfind.recognition.references import ReferenceSet, load_or_build

MIN_SCORE = 0.6
"""Lowest top score the clear-winner rule accepts."""

MIN_MARGIN = 0.05
"""Lowest lead of the top class over the runner-up the clear-winner rule accepts."""

Ranking = list[tuple[str, float]]


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
    ) -> None:
        self.references = references
        order = np.argsort(references.labels, kind="stable")
        self._vectors = np.ascontiguousarray(references.vectors[order])
        labels = references.labels[order]
        boundaries = np.r_[True, labels[1:] != labels[:-1]] if len(labels) else labels
        self._starts = np.flatnonzero(boundaries)
        self._segment_class = labels[self._starts] if len(labels) else labels
        self.min_score = min_score
        self.min_margin = min_margin

    @classmethod
    def default(cls, *, cache_dir: Path | None = None) -> IconRecognizer:
        """Built from every installed icon font of the glyph table (cached after first use).

        Raises :class:`~iconfind.RecognizerUnavailableError` when no icon font is installed.
        """
        return cls(load_or_build(cache_dir=cache_dir))

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
        return cls(base.with_images(images))

    @property
    def classes(self) -> tuple[str, ...]:
        return self.references.classes

    @property
    def method(self) -> Method:
        return self.references.method

    def scores(self, crop: Image.Image) -> dict[str, float]:
        """Every class's score for ``crop`` (its best reference's similarity)."""
        shape = shape_of(crop)
        if not shape.any():
            return {name: 0.0 for name in self.classes}
        best = np.zeros(len(self.classes), np.float32)
        if len(self._vectors):
            vector = describe(shape, self.method)
            sims = similarities(self._vectors, vector, self.method)
            best[self._segment_class] = np.maximum.reduceat(sims, self._starts)
        return {name: float(best[i]) for i, name in enumerate(self.classes)}

    def rank(self, crop: Image.Image, top: int = 3) -> list[tuple[str, float]]:
        """The ``top`` most likely classes for ``crop``, best first, scores in [0, 1].

        A crop with no visible shape (blank, one flat colour) scores 0 for every class.
        """
        scores = self.scores(crop)
        ordered = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        return [(name, round(score, 4)) for name, score in ordered[: max(top, 0)]]

    def accepts(self, ranking: Sequence[tuple[str, float]], wanted: str) -> bool:
        """The clear-winner rule: top class is ``wanted``, score >= min, lead >= margin."""
        if not ranking:
            return False
        best, score = ranking[0]
        runner_up = ranking[1][1] if len(ranking) > 1 else 0.0
        return best == wanted and score >= self.min_score and score - runner_up >= self.min_margin

    def recognize(self, crop: Image.Image, wanted: str) -> bool:
        """Shorthand: ``accepts(rank(crop), wanted)``."""
        return self.accepts(self.rank(crop, top=2), wanted)


__all__ = ["MIN_MARGIN", "MIN_SCORE", "IconRecognizer", "Ranking"]
