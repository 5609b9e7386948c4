"""``get_screen_context``: one capture turned into the text list an agent reads.

Steps, for the frontmost app and window:

1. blocklisted app: nothing is read or stored; an empty context with ``blocked=True`` and an audit
   entry ``capture_blocked``;
2. the accessibility tree, mapped to targets (fingerprinted on the screenshot);
3. memory's targets for the window; a learned target whose fingerprint no longer matches its
   stored place is looked for elsewhere and, found, moved (audit ``relocate``);
4. an optional vision detector, when asked (``force_vision``) or when the tree gives fewer than
   5 targets;
5. :func:`~iconfind.memory.merge.merge_detections`; unlabeled targets take the label of a learned
   target within 30 px (:func:`name_from_memory`); then passive learning (:meth:`Memory.observe`)
   on what is on screen now.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence

from PIL import Image

from iconfind._secrets import mask_secrets
from iconfind.backends.base import AppAwareBackend, DeviceBackend, WindowInfo, backend_info
from iconfind.memory.audit import AuditEntry
from iconfind.memory.base import Memory
from iconfind.memory.fingerprint import matches, relocate, visual_hash
from iconfind.memory.learning import nearest, now_s, relocated
from iconfind.memory.merge import MEMORY_TOLERANCE_PX, merge_detections
from iconfind.memory.models import DesktopTarget, LearnedPatterns, ScreenContext, evolve
from iconfind.memory.security import AppBlocklist
from iconfind.memory.tree import targets_from_elements
from iconfind.models import Bounds

VisionDetector = Callable[
    [Image.Image, WindowInfo, Sequence[DesktopTarget]], Sequence[DesktopTarget]
]
"""``(screenshot, window, known targets) -> targets``: the vision model, any callable."""

MIN_A11Y_TARGETS = 5
"""Fewer accessibility targets than this and the vision detector runs."""
MEMORY_SCAN_LIMIT = 500
MAX_TARGETS_PER_SCREEN = 2_000
"""The most targets learned from one screen. Real screens hold a few hundred; past this the
capture is not learned from at all (a partial capture would mark the rest gone) and the
context says ``truncated``: the database cannot grow by tens of megabytes from one hostile
tree."""
COMMON_ACTIONS = 5


def window_of(backend: DeviceBackend) -> WindowInfo:
    """The frontmost app/window; ``WindowInfo("")`` for backends that cannot tell.

    Asks :meth:`~iconfind.backends.base.AppAwareBackend.active_window` when the backend has it,
    else the app and window of its :meth:`~iconfind.backends.base.BaseBackend.info` (the web,
    X11 and platform backends describe themselves that way for ``iconfind record``).
    """
    if isinstance(backend, AppAwareBackend):
        return backend.active_window()
    info = backend_info(backend)
    if info.app or info.window:
        return WindowInfo(app=info.app, window=info.window)
    return WindowInfo(app="")


def app_signature(window: WindowInfo) -> str:
    """A short hash of the app+window combination."""
    key = f"{window.app}\x1f{window.window}".encode()
    return hashlib.blake2b(key, digest_size=6).hexdigest()


def learned_patterns(window: WindowInfo, stored: Sequence[DesktopTarget]) -> LearnedPatterns:
    """The window's most used actions (labels of clicked targets, most hits first)."""
    used = sorted((t for t in stored if t.hit_count > 0 and t.label), key=lambda t: -t.hit_count)
    actions: list[str] = []
    for target in used:
        if target.label not in actions:
            actions.append(target.label)
    return LearnedPatterns(app_signature(window), tuple(actions[:COMMON_ACTIONS]))


def _relocate_moved(
    memory: Memory,
    stored: list[DesktopTarget],
    on_screen: set[str],
    screenshot: Image.Image,
    candidates: list[Bounds],
    now: float,
) -> list[DesktopTarget]:
    """Learned targets not in the tree whose fingerprint left their place: find them again."""
    out: list[DesktopTarget] = []
    for target in stored:
        if (
            target.id in on_screen
            or target.visual_hash is None
            or not target.is_learned
            or matches(visual_hash(screenshot, target.bounds), target.visual_hash)
        ):
            out.append(target)
            continue
        found = relocate(
            target.visual_hash,
            (target.bounds.width, target.bounds.height),
            screenshot,
            candidates=candidates,
        )
        if found is None:
            out.append(target)
            continue
        moved = relocated(target, found.bounds, now)
        # Atomic, counters and confidence kept as stored (another process may have tapped it).
        moved = memory.learn(
            moved,
            AuditEntry(
                "relocate",
                now,
                target.app_name,
                target.window_title,
                target.id,
                {"from": target.bounds.to_list(), "to": moved.bounds.to_list()},
            ),
            keep_confidence=True,
        )
        out.append(moved)
    return out


def name_from_memory(
    targets: list[DesktopTarget], stored: Sequence[DesktopTarget]
) -> list[DesktopTarget]:
    """Unlabeled targets take the label of a learned memory target within 30 px.

    After the merge, which transfers only counts and dates: an icon the user taught
    ("overflow menu") keeps its name when the tree shows it unlabeled.
    """
    named = [t for t in stored if t.is_learned and t.label]
    out: list[DesktopTarget] = []
    for target in targets:
        if not target.label:
            source = nearest(named, target.click_point, MEMORY_TOLERANCE_PX)
            if source is not None:
                target = evolve(target, label=source.label)
        out.append(target)
    return out


def get_screen_context(
    backend: DeviceBackend,
    memory: Memory,
    *,
    blocklist: AppBlocklist | None = None,
    vision: VisionDetector | None = None,
    force_vision: bool = False,
    learn: bool = True,
    now: float | None = None,
    budget_s: float | None = None,
) -> ScreenContext:
    """Capture the screen, merge it with memory, learn from it, and describe it as text.

    See the module docstring for the steps. ``learn=False`` reads without writing (no passive
    learning, no relocation written back). Raises :class:`~iconfind.BackendError` when the
    device fails and :class:`~iconfind.MemoryStoreError` when the store does.

    Bounded work: at most :data:`MAX_TARGETS_PER_SCREEN` targets are read from the tree, and
    with ``budget_s`` reading stops when the budget is spent; either way the capture is marked
    ``truncated`` and nothing is learned from it (audit ``capture_truncated``).
    """
    when = now_s() if now is None else now
    deadline = None if budget_s is None else time.monotonic() + budget_s
    window = window_of(backend)
    size = backend.screen_size()
    blocks = blocklist if blocklist is not None else AppBlocklist()
    if blocks.blocks(window):
        memory.log(AuditEntry("capture_blocked", when, window.app, window.window))
        return ScreenContext(
            when, window, size, (), LearnedPatterns(app_signature(window)), blocked=True
        )
    screenshot = backend.screenshot()
    elements = mask_secrets(backend.hierarchy()) or []
    a11y = targets_from_elements(
        elements,
        window,
        screenshot=screenshot,
        now=when,
        limit=MAX_TARGETS_PER_SCREEN + 1,
        deadline=deadline,
    )
    over_budget = deadline is not None and time.monotonic() > deadline
    truncated = len(a11y) > MAX_TARGETS_PER_SCREEN or over_budget
    if truncated:
        a11y = a11y[:MAX_TARGETS_PER_SCREEN]
        reason = "over the time budget" if over_budget else f"over {MAX_TARGETS_PER_SCREEN} targets"
        if learn:
            detail = {"reason": reason}
            memory.log(
                AuditEntry("capture_truncated", when, window.app, window.window, None, detail)
            )
        learn = False
    stored = memory.query(window.app, window.window, limit=MEMORY_SCAN_LIMIT)
    if learn:
        stored = _relocate_moved(
            memory, stored, {t.id for t in a11y}, screenshot, [t.bounds for t in a11y], when
        )
    vision_targets: list[DesktopTarget] = []
    if vision is not None and (force_vision or len(a11y) < MIN_A11Y_TARGETS):
        vision_targets = list(vision(screenshot, window, stored))
    targets = name_from_memory(merge_detections(a11y, vision_targets, stored), stored)
    if learn and window.app:
        seen = [t for t in targets if t.source != "learned"]
        memory.observe(window.app, window.window, seen, now=when)
    return ScreenContext(
        timestamp=when,
        active_app=window,
        screen_size=size,
        targets=targets,
        learned_patterns=learned_patterns(window, stored),
        truncated=truncated,
    )


__all__ = [
    "MIN_A11Y_TARGETS",
    "VisionDetector",
    "app_signature",
    "get_screen_context",
    "learned_patterns",
    "window_of",
]
