"""``merge_detections`` (docs/memory.md, "Merge"): accessibility, vision and memory in one list.

1. Accessibility targets are ground truth for positions: source ``a11y``, confidence 0.95.
2. A vision target within 50 px of a merged one corroborates it: ``+0.1`` (up to 0.99), source
   ``a11y+vision``, and it lends its label when the merged one has none. Otherwise it is new:
   source ``vision``, its confidence ``x 0.8``.
3. A memory target within 30 px of a merged one transfers its learned metadata (``hit_count``,
   ``first_seen``; ``learned`` when its confidence is above 0.9). Otherwise, if it was reliable
   (``hit_count > 3`` and confidence ``> 0.7``), it comes back as source ``learned``, stale.

The result is sorted by confidence, best first (stable: ties keep insertion order).

Two deliberate deviations, both at edges the original ``mergeDetections`` design leaves open:
confidences are clamped to [0.1, 0.99] like everywhere in memory (a faint vision guess below 0.125
ends at 0.1), and a memory target whose id is already on screen (it moved more than 30 px) is not
put back as a stale copy over the live one (a plain ``Map.set`` would overwrite the fresh position
with the old one).
"""

from __future__ import annotations

from collections.abc import Iterable

from iconfind.memory.learning import clamp, nearest
from iconfind.memory.models import DesktopTarget, evolve

A11Y_CONFIDENCE = 0.95
VISION_TOLERANCE_PX = 50
VISION_BOOST = 0.1
VISION_FACTOR = 0.8
MEMORY_TOLERANCE_PX = 30
LEARNED_CONFIDENCE = 0.9
RELIABLE_HITS = 3
RELIABLE_CONFIDENCE = 0.7


def merge_detections(
    a11y_targets: Iterable[DesktopTarget],
    vision_targets: Iterable[DesktopTarget],
    memory_targets: Iterable[DesktopTarget],
) -> list[DesktopTarget]:
    """Merge the three detections by the rules of docs/memory.md ("Merge")."""
    merged: dict[str, DesktopTarget] = {}

    for target in a11y_targets:
        merged[target.id] = evolve(target, source="a11y", confidence=A11Y_CONFIDENCE)

    for target in vision_targets:
        existing = nearest(list(merged.values()), target.click_point, VISION_TOLERANCE_PX)
        if existing is not None:
            merged[existing.id] = evolve(
                existing,
                confidence=clamp(existing.confidence + VISION_BOOST),
                source="a11y+vision",
                label=existing.label or target.label,
            )
        else:
            merged[target.id] = evolve(
                target, source="vision", confidence=clamp(target.confidence * VISION_FACTOR)
            )

    for target in memory_targets:
        existing = nearest(list(merged.values()), target.click_point, MEMORY_TOLERANCE_PX)
        if existing is not None:
            merged[existing.id] = evolve(
                existing,
                hit_count=target.hit_count,
                first_seen=target.first_seen,
                learned=existing.learned or target.confidence > LEARNED_CONFIDENCE,
            )
        elif (
            target.id not in merged
            and target.hit_count > RELIABLE_HITS
            and target.confidence > RELIABLE_CONFIDENCE
        ):
            merged[target.id] = evolve(target, source="learned", stale=True)

    return sorted(merged.values(), key=lambda t: -t.confidence)


__all__ = [
    "A11Y_CONFIDENCE",
    "MEMORY_TOLERANCE_PX",
    "VISION_TOLERANCE_PX",
    "merge_detections",
]
