"""Tap feedback for the :class:`~iconfind.Locator`: every tap it makes teaches memory.

``Locator(backend, memory=memory)`` calls :func:`record_tap` after each tap on an element: the
element is matched to memory's target for the frontmost window (same box, then same label, then
the nearest click point within 30 px) and a hit is recorded; an element memory has never seen is
learned first. Taps on bare points teach nothing: there is no element to name.
"""

from __future__ import annotations

import attrs

from iconfind.backends.base import DeviceBackend
from iconfind.memory.base import Memory
from iconfind.memory.context import window_of
from iconfind.memory.merge import MEMORY_TOLERANCE_PX
from iconfind.memory.models import DesktopTarget
from iconfind.memory.security import AppBlocklist, safe_label
from iconfind.memory.tree import targets_from_elements
from iconfind.models import Element

TAP_SCAN_LIMIT = 500


def match_tapped(targets: list[DesktopTarget], element: Element) -> DesktopTarget | None:
    """The stored target that is this element: same bounds first, then same label, then nearest
    (within :data:`~iconfind.memory.merge.MEMORY_TOLERANCE_PX`)."""
    center = element.center
    label = safe_label(element)
    best: tuple[bool, bool, float] | None = None
    found: DesktopTarget | None = None
    for target in targets:
        dx, dy = target.click_point.x - center.x, target.click_point.y - center.y
        distance = (dx * dx + dy * dy) ** 0.5
        if distance > MEMORY_TOLERANCE_PX:
            continue
        key = (target.bounds != element.bounds, bool(label) and target.label != label, distance)
        if best is None or key < best:
            best, found = key, target
    return found


def record_tap(
    memory: Memory,
    backend: DeviceBackend,
    element: Element,
    *,
    blocklist: AppBlocklist | None = None,
) -> tuple[str, ...]:
    """Record a hit for the tapped ``element`` (device pixels, as results hold them). Returns
    notes for the tap's result."""
    window = window_of(backend)
    blocks = blocklist if blocklist is not None else AppBlocklist()
    if not window.app or blocks.blocks(window):
        return ()
    stored = memory.query(window.app, window.window, limit=TAP_SCAN_LIMIT)
    target = match_tapped(stored, element)
    if target is None:
        fresh = targets_from_elements([attrs.evolve(element, index=0, parent=None)], window)
        if not fresh:
            return ()
        # learn(), not upsert(): another process may have stored it meanwhile, with hits.
        target = memory.learn(fresh[0], keep_confidence=True)
    outcome = memory.record_action(target.id, True, feedback="tap")
    if outcome is None:
        return ()
    return (f"memory: hit recorded for {target.id}",)


__all__ = ["match_tapped", "record_tap"]
