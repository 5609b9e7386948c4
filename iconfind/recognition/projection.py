"""A learned linear map of feature vectors that keeps what tells icon concepts apart and drops
what differs between families drawing the same concept (stroke weight, fill, corner style).

Linear discriminant analysis over the reference glyphs: the *within-concept* scatter (the same
concept drawn by Font Awesome, Phosphor thin/bold/fill, Remix line/fill, ..., at several sizes
and strokes) is whitened, shrunk towards the identity so that directions few glyphs vary along
are not blown up, and the directions that best separate concept means in that whitened space
are kept. Similarity is then the cosine of the projected vectors.

The map is learned from the reference set alone (``ReferenceSet.build``), so an evaluation that
holds a family out (``bench/icons.py``) also learns without it. numpy only.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from attrs import field, frozen

FloatArray = npt.NDArray[np.float32]

DIMS = 200
"""Directions kept (of the 580 of ``hog+mask``): fewer rows to compare, and measured best."""

SHRINKAGE = 0.3
"""Weight of the identity (scaled to the mean within-concept variance) added to the
within-concept scatter before whitening."""


@frozen(eq=False)
class Projection:
    """``unit((vector - mean) @ basis)``: the learned map from raw feature vectors."""

    mean: FloatArray = field(repr=False)
    basis: FloatArray = field(repr=lambda b: f"<{b.shape[0]} -> {b.shape[1]}>")

    @classmethod
    def learn(
        cls,
        vectors: FloatArray,
        labels: npt.NDArray[np.integer],
        *,
        dims: int = DIMS,
        shrinkage: float = SHRINKAGE,
    ) -> Projection:
        """LDA of ``vectors`` (one row per reference) grouped by ``labels`` (their concepts)."""
        x = np.asarray(vectors, np.float64)
        mean = x.mean(axis=0)
        centred = x - mean
        _, inverse, counts = np.unique(labels, return_inverse=True, return_counts=True)
        sums = np.zeros((len(counts), x.shape[1]))
        np.add.at(sums, inverse, centred)
        means = sums / counts[:, None]
        within = centred - means[inverse]
        scatter = within.T @ within / len(x)
        scatter += shrinkage * np.trace(scatter) / len(scatter) * np.eye(len(scatter))
        values, vectors_w = np.linalg.eigh(scatter)
        whiten = vectors_w / np.sqrt(np.maximum(values, 1e-12))[None, :]
        weighted = (means * np.sqrt(counts)[:, None]) @ whiten
        between = weighted.T @ weighted / len(x)
        spread, directions = np.linalg.eigh(between)
        keep = np.argsort(-spread)[: min(dims, len(spread))]
        basis = whiten @ directions[:, keep]
        return cls(mean=mean.astype(np.float32), basis=np.ascontiguousarray(basis, np.float32))

    def apply(self, vectors: FloatArray) -> FloatArray:
        """The rows of ``vectors`` (or one vector) mapped and scaled to unit length."""
        # einsum, not BLAS: a multi-threaded gemv is 10x slower on a busy 2-core machine.
        if vectors.ndim == 1:
            out: FloatArray = np.einsum("j,jk->k", vectors - self.mean, self.basis)
            norm = float(np.linalg.norm(out))
            return np.asarray(out / norm if norm > 0 else out, np.float32)
        rows = np.asarray((vectors - self.mean) @ self.basis, np.float32)
        norms = np.linalg.norm(rows, axis=1, keepdims=True)
        return np.asarray(rows / np.maximum(norms, 1e-12), np.float32)

    def same_as(self, other: Projection) -> bool:
        return self is other or (
            self.basis.shape == other.basis.shape
            and np.array_equal(self.mean, other.mean)
            and np.array_equal(self.basis, other.basis)
        )


__all__ = ["DIMS", "SHRINKAGE", "Projection"]
