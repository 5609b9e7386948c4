"""The learning rules (docs/memory.md), as pure functions on frozen targets.

Nothing here touches storage: each rule takes targets and returns new ones, so the rules are
tested alone and any :class:`~iconfind.memory.Memory` can persist the outcome.

- Passive (every capture, :func:`observe`): a stored target seen again at the same place gains
  ``+0.1`` (up to 0.99); seen elsewhere, it takes the new place and keeps its confidence; not seen
  (only judged for targets the accessibility tree vouched for), it becomes stale and ``x0.8``.
- Active (after an action, :func:`record_action_result`): a hit is ``hit_count + 1`` and
  ``+0.05`` (up to 0.99), a miss is ``miss_count + 1`` and ``-0.15`` (down to 0.1); a miss asks
  the caller to re-scan.
- Explicit (:func:`teach_target`): the user names what is at ``(x, y)``; confidence 0.8.

Every rule clamps confidence to [:data:`CONFIDENCE_MIN`, :data:`CONFIDENCE_MAX`].
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable, Sequence

from attrs import frozen

from iconfind.backends.base import WindowInfo
from iconfind.memory.models import DesktopTarget, evolve
from iconfind.models import Bounds, Point

CONFIDENCE_MIN = 0.1
CONFIDENCE_MAX = 0.99
SEEN_BOOST = 0.1
"""Passive: a target seen again at the same place."""
GONE_DECAY = 0.8
"""Passive: a target missing from the capture (multiplied)."""
HIT_BOOST = 0.05
"""Active: a successful click."""
MISS_PENALTY = 0.15
"""Active: a failed click."""
TAUGHT_CONFIDENCE = 0.8
TAUGHT_SIZE = (50, 30)
"""The box around a taught point: 50 x 30 px centred on it."""
SAME_POSITION_PX = 4
"""A target whose click point moved at most this far is "in the same position" (rounding and
sub-pixel layout jitter); further, it "moved" and takes the new position."""
TREE_SOURCES = frozenset({"a11y", "a11y+vision"})
"""Targets whose absence from the accessibility tree means they are gone."""


def clamp(confidence: float) -> float:
    """Confidence kept in [0.1, 0.99], rounded to 6 places so repeated updates do not drift."""
    return round(min(CONFIDENCE_MAX, max(CONFIDENCE_MIN, confidence)), 6)


def now_s() -> float:
    """Timestamps are Unix seconds (float)."""
    return time.time()


# -- passive --------------------------------------------------------------------------------------


@frozen
class Observation:
    """What one capture changed: targets to store (new or updated) and which ids are new."""

    changed: tuple[DesktopTarget, ...]
    new_ids: frozenset[str]
    gone_ids: frozenset[str]


def seen_again(stored: DesktopTarget, seen: DesktopTarget, now: float) -> DesktopTarget:
    """Passive rule for a stored target present in the capture.

    Same position (within :data:`SAME_POSITION_PX`): ``confidence + 0.1``. Moved: confidence
    kept. Either way it takes the capture's bounds (the tree is ground truth for positions), is
    no longer stale, and the label and visual hash follow what was seen (when it has them).
    """
    same_place = stored.distance_to(seen) <= SAME_POSITION_PX
    boost = SEEN_BOOST if same_place else 0.0
    return evolve(
        stored,
        bounds=seen.bounds,
        click_point=seen.click_point,
        confidence=clamp(stored.confidence + boost),
        last_seen=now,
        stale=False,
        visual_hash=seen.visual_hash or stored.visual_hash,
        label=seen.label or stored.label,
        parent_id=seen.parent_id,
        depth=seen.depth,
    )


def gone(stored: DesktopTarget) -> DesktopTarget:
    """Passive rule for a stored target missing from the capture: stale, ``confidence x 0.8``."""
    return evolve(stored, stale=True, confidence=clamp(stored.confidence * GONE_DECAY))


def observe(
    stored: Iterable[DesktopTarget],
    seen: Iterable[DesktopTarget],
    *,
    now: float | None = None,
) -> Observation:
    """Apply the passive rules for one capture of one window.

    ``stored`` are memory's targets of that window, ``seen`` the targets of the capture (by
    stable id). Seen and stored: :func:`seen_again`. Seen only: stored as new. Stored only, and
    vouched for by the tree (source ``a11y`` / ``a11y+vision``): :func:`gone`. Taught and
    vision-only targets are left alone: the tree's silence says nothing about them.
    """
    when = now_s() if now is None else now
    known = {t.id: t for t in stored}
    changed: list[DesktopTarget] = []
    new_ids: set[str] = set()
    seen_ids: set[str] = set()
    for target in seen:
        seen_ids.add(target.id)
        previous = known.get(target.id)
        if previous is None:
            changed.append(evolve(target, confidence=clamp(target.confidence), last_seen=when))
            new_ids.add(target.id)
        else:
            changed.append(seen_again(previous, target, when))
    gone_ids = set()
    for target in known.values():
        if target.id not in seen_ids and target.source in TREE_SOURCES:
            changed.append(gone(target))
            gone_ids.add(target.id)
    return Observation(tuple(changed), frozenset(new_ids), frozenset(gone_ids))


def relocated(stored: DesktopTarget, bounds: Bounds, now: float) -> DesktopTarget:
    """A target found at a new place by its visual fingerprint: moved, confidence kept."""
    return evolve(stored, bounds=bounds, click_point=bounds.center, last_seen=now, stale=False)


# -- active ---------------------------------------------------------------------------------------


@frozen
class ActionOutcome:
    """The target after an action, and whether the caller should re-scan the screen."""

    target: DesktopTarget
    rescan: bool


def record_action_result(
    target: DesktopTarget, success: bool, *, now: float | None = None
) -> ActionOutcome:
    """Active rule. Hit: ``hit_count + 1``, ``+0.05`` (up to 0.99), no longer stale. Miss:
    ``miss_count + 1``, ``-0.15`` (down to 0.1), and ``rescan`` is true."""
    when = now_s() if now is None else now
    if success:
        return ActionOutcome(
            evolve(
                target,
                hit_count=target.hit_count + 1,
                confidence=clamp(target.confidence + HIT_BOOST),
                last_seen=when,
                stale=False,
            ),
            rescan=False,
        )
    return ActionOutcome(
        evolve(
            target,
            miss_count=target.miss_count + 1,
            confidence=clamp(target.confidence - MISS_PENALTY),
            last_seen=when,
        ),
        rescan=True,
    )


# -- explicit -------------------------------------------------------------------------------------


def teach_target(
    window: WindowInfo, label: str, x: int, y: int, *, now: float | None = None
) -> DesktopTarget:
    """Explicit rule: the user says "that's the Save button" at ``(x, y)``.

    A ``button`` (refined later by the tree) with a 50 x 30 box centred on the point, confidence
    0.8, source ``learned``. Its id is stable for the same app, window and label, so teaching
    again corrects the position instead of adding a duplicate.
    """
    when = now_s() if now is None else now
    half_w, half_h = TAUGHT_SIZE[0] // 2, TAUGHT_SIZE[1] // 2
    x1, y1 = max(0, x - half_w), max(0, y - half_h)
    bounds = Bounds(x1, y1, x1 + 2 * half_w, y1 + 2 * half_h)
    return DesktopTarget(
        id=target_id(window.app, window.window, "taught", label),
        app_name=window.app,
        window_title=window.window,
        role="button",
        label=label,
        bounds=bounds,
        click_point=Point(x, y),
        confidence=TAUGHT_CONFIDENCE,
        source="learned",
        first_seen=when,
        last_seen=when,
    )


# -- identity ------------------------------------------------------------------------------------


def _slug(text: str, limit: int) -> str:
    cleaned = "".join(c if c.isalnum() else "_" for c in text.casefold())
    parts = [p for p in cleaned.split("_") if p]
    return "_".join(parts)[:limit].strip("_") or "app"


def target_id(app: str, window: str, role: str, label: str, *extra: str) -> str:
    """A stable id ``"<app>_<role>_<hash>"``: the same element of the same window gets the same
    id in every session. The hash covers app, window, role, label and ``extra`` (resource id,
    occurrence); the readable prefix helps an agent that reads the id."""
    key = "\x1f".join((app, window, role, label, *extra))
    digest = hashlib.blake2b(key.encode("utf-8"), digest_size=5).hexdigest()
    return f"{_slug(app.rpartition('.')[2] or app, 12)}_{role}_{digest}"


def nearest(
    targets: Sequence[DesktopTarget], point: Point, tolerance: float
) -> DesktopTarget | None:
    """The target whose click point is nearest to ``point``, if within ``tolerance`` px."""
    best: DesktopTarget | None = None
    best_distance = tolerance
    for target in targets:
        distance = (target.click_point.x - point.x) ** 2 + (target.click_point.y - point.y) ** 2
        distance **= 0.5
        if distance <= best_distance and (best is None or distance < best_distance):
            best, best_distance = target, distance
    return best


__all__ = [
    "CONFIDENCE_MAX",
    "CONFIDENCE_MIN",
    "GONE_DECAY",
    "HIT_BOOST",
    "MISS_PENALTY",
    "SAME_POSITION_PX",
    "SEEN_BOOST",
    "TAUGHT_CONFIDENCE",
    "ActionOutcome",
    "Observation",
    "clamp",
    "gone",
    "observe",
    "record_action_result",
    "relocated",
    "seen_again",
    "target_id",
    "teach_target",
]
