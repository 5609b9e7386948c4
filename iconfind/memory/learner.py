"""``DesktopLearner``: the memory service over a backend and a memory store.

The agent-facing operations, each one call: :meth:`~DesktopLearner.get_screen_context`,
:meth:`~DesktopLearner.click_target`, :meth:`~DesktopLearner.record_action_result`,
:meth:`~DesktopLearner.teach_target`. Every action lands in the audit log.
"""

from __future__ import annotations

from iconfind._secrets import mask_secrets
from iconfind.backends.base import DeviceBackend
from iconfind.errors import BackendError
from iconfind.memory.audit import AuditEntry
from iconfind.memory.base import Memory
from iconfind.memory.context import VisionDetector, get_screen_context, window_of
from iconfind.memory.fingerprint import visual_hash
from iconfind.memory.learning import ActionOutcome, now_s, teach_target
from iconfind.memory.models import DesktopTarget, ScreenContext, evolve
from iconfind.memory.security import AppBlocklist
from iconfind.memory.tree import role_of
from iconfind.models import Element


class DesktopLearner:
    """Learns a device's UI across sessions and describes it as text.

    >>> learner = DesktopLearner(ReplayBackend("snap"), SQLiteMemory())   # doctest: +SKIP
    >>> print(learner.get_screen_context().to_text())                      # doctest: +SKIP
    """

    def __init__(
        self,
        backend: DeviceBackend,
        memory: Memory,
        *,
        blocklist: AppBlocklist | None = None,
        vision: VisionDetector | None = None,
        budget_s: float | None = None,
    ) -> None:
        self.backend = backend
        self.budget_s = budget_s
        """Time allowed to read one capture (``None``: no limit); see :func:`get_screen_context`."""
        self.memory = memory
        self.blocklist = blocklist if blocklist is not None else AppBlocklist()
        self.vision = vision
        self.last_context: ScreenContext | None = None

    def get_screen_context(self, *, force_vision: bool = False) -> ScreenContext:
        """Capture, merge with memory, learn (see :func:`get_screen_context`)."""
        self.last_context = get_screen_context(
            self.backend,
            self.memory,
            blocklist=self.blocklist,
            vision=self.vision,
            force_vision=force_vision,
            budget_s=self.budget_s,
        )
        return self.last_context

    def get_target(self, target_id: str) -> DesktopTarget | None:
        """A stored target by id."""
        return self.memory.get(target_id)

    def record_action_result(
        self, target_id: str, success: bool, feedback: str | None = None
    ) -> ActionOutcome | None:
        """Active learning for one action; a miss re-scans the screen at once."""
        outcome = self.memory.record_action(target_id, success, feedback=feedback)
        if outcome is not None and outcome.rescan:
            self.get_screen_context()
        return outcome

    def click_target(self, target_id: str) -> DesktopTarget:
        """Tap a target by id and record the result: a hit when the device took the tap, a miss
        (and a re-scan) when it failed. Raises :class:`KeyError` for an unknown id and
        :class:`~iconfind.BackendError` after recording the miss."""
        target = self.memory.get(target_id)
        if target is None:
            raise KeyError(f"target {target_id} not found: call get_screen_context again")
        try:
            self.backend.tap(target.click_point.x, target.click_point.y)
        except BackendError as exc:
            self.record_action_result(target_id, False, feedback=str(exc))
            raise
        outcome = self.record_action_result(target_id, True)
        return outcome.target if outcome is not None else target

    def teach_target(self, label: str, x: int, y: int) -> DesktopTarget:
        """The user says what is at ``(x, y)``: remembered for future sessions (audit ``teach``).

        A 50 x 30 box around the point, refined at once when the accessibility tree
        has a clickable element under the point: its bounds and role are taken (the element's
        own label, if any, is replaced by the user's). Refused (``PermissionError``) for a
        blocklisted app.
        """
        window = window_of(self.backend)
        if self.blocklist.blocks(window):
            raise PermissionError(f"{window.app} is on the blocklist: not indexed")
        now = now_s()
        target = teach_target(window, label, x, y, now=now)
        under = _element_under(mask_secrets(self.backend.hierarchy()) or [], x, y)
        if under is not None:
            target = evolve(
                target,
                bounds=under.bounds,
                click_point=under.center,
                role=role_of(under),
                depth=under.depth,
            )
        target = evolve(target, visual_hash=visual_hash(self.backend.screenshot(), target.bounds))
        # One atomic write: a teach never loses hits other processes record meanwhile.
        entry = AuditEntry("teach", now, window.app, window.window, target.id, {"label": label})
        return self.memory.learn(target, entry)


def _element_under(elements: list[Element], x: int, y: int) -> Element | None:
    """The smallest clickable element containing the point."""
    under = [
        e
        for e in elements
        if (e.clickable or e.long_clickable) and e.bounds.area > 0 and e.bounds.contains(x, y)
    ]
    return min(under, key=lambda e: e.bounds.area) if under else None


__all__ = ["DesktopLearner"]
