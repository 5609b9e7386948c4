"""The learned projection: it drops what differs within a concept and keeps what separates them."""

from __future__ import annotations

import numpy as np
import pytest

from iconfind.recognition import references
from iconfind.recognition.projection import Projection
from iconfind.recognition.references import ReferenceSet


def test_projection_ignores_style_and_keeps_the_concept() -> None:
    # Two concepts, drawn in two "styles": the style direction is much larger than the concept
    # direction in the raw space, so a raw cosine pairs rows by style, the projected one by concept.
    rng = np.random.default_rng(0)
    concept = np.zeros(20, np.float32)
    concept[0] = 1.0
    style = np.zeros(20, np.float32)
    style[1] = 4.0
    rows, labels = [], []
    for label in (0, 1):
        for _ in range(40):
            row = (1 if label else -1) * concept + rng.choice([-1, 1]) * style
            rows.append(row + rng.normal(0, 0.1, 20).astype(np.float32))
            labels.append(label)
    vectors = np.asarray(rows, np.float32)
    projection = Projection.learn(vectors, np.asarray(labels), dims=1)
    mapped = projection.apply(vectors)
    assert mapped.shape == (80, 1)
    assert np.allclose(np.linalg.norm(mapped, axis=1), 1.0, atol=1e-5)
    query = projection.apply(concept + style)  # concept 1 in the style concept 0 rows also have
    assert query.shape == (1,)
    same = mapped[np.asarray(labels) == 1] @ query
    other = mapped[np.asarray(labels) == 0] @ query
    assert same.mean() > 0.9 and other.mean() < -0.9


def test_shipped_set_is_in_a_learned_space_and_maps_raw_rows() -> None:
    shipped = references.shipped_references()
    assert shipped is not None and shipped.projection is not None
    assert shipped.vectors.shape[1] == shipped.projection.basis.shape[1]
    raw = ReferenceSet.empty()  # raw width: the projection's input
    assert raw.vectors.shape[1] == shipped.projection.basis.shape[0]
    merged = shipped.merged(raw)
    assert merged.projection is shipped.projection and len(merged) == len(shipped)
    foreign = ReferenceSet(
        method=shipped.method,
        classes=shipped.classes,
        vectors=shipped.vectors[:3],
        labels=shipped.labels[:3],
        sources=shipped.sources[:3],
        projection=Projection(
            mean=shipped.projection.mean, basis=shipped.projection.basis[:, ::-1].copy()
        ),
    )
    with pytest.raises(ValueError, match="different learned projection"):
        shipped.merged(foreign)
