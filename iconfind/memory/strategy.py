"""``MemoryStrategy``: the chain asks memory first, for the apps and windows it has learned.

Put it in front of the chain::

    memory = SQLiteMemory()
    locator = Locator(backend, [MemoryStrategy(memory), *default_chain()], memory=memory)

For each find it:

1. asks the backend which app and window are in front
   (:func:`~iconfind.memory.context.window_of`: ``active_window()``, else the backend's snapshot
   metadata); backends that cannot tell, and blocklisted apps, are skipped (``None``);
2. with ``passive=True`` (default), learns from the accessibility tree when there is one
   (:meth:`Memory.observe`) - the tree is captured once per find and shared with tier 1;
3. answers with the *learned* targets of that window (clicked before, or taught) whose label
   matches the query like tier 1 does (exact label first, then whole words), skipping stale ones;
4. checks a target that has a fingerprint against the current screenshot: a match answers; a
   target found elsewhere (the layout changed) answers at its new place and memory is updated; a
   target that is nowhere is a miss and the chain re-scans.

Finding never writes: the observation (2), a relocation and a miss (4) are handed to the result
(:attr:`~iconfind.FindResult.on_tap`) and written when that result is tapped
(:meth:`~iconfind.Locator.tap`), whichever tier answered. A find that is only looked at leaves
memory as it was.

Results have ``source="memory"`` and no ``tier``. Confidence: ``high`` from 0.9, ``medium`` from
0.7, else ``low``.
"""

from __future__ import annotations

from functools import partial

from attrs import field, frozen

from iconfind._text import normalize
from iconfind.backends.base import WindowInfo
from iconfind.memory.audit import AuditEntry
from iconfind.memory.base import Memory
from iconfind.memory.context import window_of
from iconfind.memory.fingerprint import matches, relocate, visual_hash
from iconfind.memory.learning import CONFIDENCE_MIN, now_s, relocated
from iconfind.memory.models import DesktopTarget
from iconfind.memory.security import AppBlocklist
from iconfind.memory.tree import targets_from_elements
from iconfind.models import Confidence, FindResult, Found, Selector
from iconfind.screen import Screen
from iconfind.strategies._matches import label_matches
from iconfind.strategies.base import Query

HIGH = 0.9
MEDIUM = 0.7


def active_window(screen: Screen) -> WindowInfo | None:
    """The app and window in front, when the backend can tell (else ``None``)."""
    window = window_of(screen.backend)
    return window if window.app else None


def confidence_word(confidence: float) -> Confidence:
    """A target's confidence as the wire form's word."""
    if confidence >= HIGH:
        return "high"
    return "medium" if confidence >= MEDIUM else "low"


def matching(targets: list[DesktopTarget], selector: Selector) -> list[DesktopTarget]:
    """Targets that satisfy the selector: ``class_name`` is the role, ``text_contains`` a
    substring of the label, ``text`` tier 1's rule (exact label first, then whole words)."""
    pool = list(targets)
    if selector.class_name:
        wanted = selector.class_name.casefold()
        pool = [t for t in pool if t.role == wanted]
    if selector.text_contains:
        needle = normalize(selector.text_contains)
        pool = [t for t in pool if needle in normalize(t.label)]
    if not selector.text:
        return pool
    elements = [t.element() for t in pool]
    hits = {id(e) for e in label_matches(elements, selector.text)}
    return [t for t, e in zip(pool, elements, strict=True) if id(e) in hits]


@frozen
class MemoryStrategy:
    """Answers from learned targets of the frontmost app/window (see the module docstring)."""

    memory: Memory
    passive: bool = True
    blocklist: AppBlocklist = field(factory=AppBlocklist)
    min_confidence: float = CONFIDENCE_MIN
    """Learned targets below this confidence are not offered."""
    verify: bool = True
    """Check fingerprints against the screenshot before answering."""
    name: str = "memory"

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        if query.is_follow_up or query.selector.resource_id:
            return None
        window = active_window(screen)
        if window is None or self.blocklist.blocks(window):
            return None
        if self.passive and screen.hierarchy is not None:
            seen = targets_from_elements(screen.hierarchy, window)
            memory = self.memory
            screen.on_tap.append(partial(memory.observe, window.app, window.window, seen))
        learned = [
            t
            for t in self.memory.query(window.app, window.window)
            if t.is_learned and not t.stale and t.confidence >= self.min_confidence
        ]
        for target in matching(learned, query.selector):
            answer = self._check(target, screen)
            if answer is not None:
                found = Found(
                    (answer.element(),),
                    source="memory",
                    confidence=confidence_word(answer.confidence),
                )
                return FindResult(found, notes=(f"memory: learned target {answer.id}",))
        return None

    def _check(self, target: DesktopTarget, screen: Screen) -> DesktopTarget | None:
        """The target as it is now, or ``None`` (a miss, written on tap) when it cannot be seen."""
        width, height = screen.size
        if not (0 <= target.click_point.x < width and 0 <= target.click_point.y < height):
            return None
        if not self.verify or target.visual_hash is None:
            return target
        image = screen.screenshot
        if matches(visual_hash(image, target.bounds), target.visual_hash):
            return target
        found = relocate(
            target.visual_hash,
            (target.bounds.width, target.bounds.height),
            image,
            near=target.bounds,
            candidates=[e.bounds for e in screen.hierarchy or ()],
        )
        memory = self.memory
        if found is None:
            screen.on_tap.append(
                partial(
                    memory.record_action,
                    target.id,
                    False,
                    feedback="not on screen: fingerprint not found",
                )
            )
            return None
        moved = relocated(target, found.bounds, now_s())
        entry = AuditEntry(
            "relocate",
            now_s(),
            moved.app_name,
            moved.window_title,
            moved.id,
            {"from": target.bounds.to_list(), "to": moved.bounds.to_list()},
        )

        def store_relocation() -> None:
            # Atomic, counters and confidence kept as stored (another process may have tapped it).
            memory.learn(moved, entry, keep_confidence=True)

        screen.on_tap.append(store_relocation)
        return moved


__all__ = ["MemoryStrategy", "active_window", "confidence_word", "matching"]
