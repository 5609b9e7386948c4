"""Memory: the Desktop Accessibility Learner - learned UI targets that persist across sessions.

- :class:`Memory` the storage protocol; :class:`SQLiteMemory` the embedded store.
- :class:`MemoryStrategy` answers finds from learned targets; ``Locator(memory=...)`` feeds taps
  back; :class:`DesktopLearner` / :func:`get_screen_context` give an agent the screen as text.
- :mod:`~iconfind.memory.learning` (rules), :mod:`~iconfind.memory.merge` (a11y + vision +
  memory), :mod:`~iconfind.memory.fingerprint` (relocation), :mod:`~iconfind.memory.security`.

See ``docs/memory.md``.
"""

from iconfind.memory.audit import AuditEntry, export_jsonl
from iconfind.memory.base import Memory
from iconfind.memory.context import VisionDetector, get_screen_context
from iconfind.memory.feedback import record_tap
from iconfind.memory.learner import DesktopLearner
from iconfind.memory.learning import (
    CONFIDENCE_MAX,
    CONFIDENCE_MIN,
    ActionOutcome,
    Observation,
    observe,
    record_action_result,
    teach_target,
)
from iconfind.memory.merge import merge_detections
from iconfind.memory.models import (
    ROLES,
    DesktopTarget,
    LearnedPatterns,
    Role,
    ScreenContext,
    TargetSource,
)
from iconfind.memory.security import DEFAULT_BLOCKED_APPS, AppBlocklist
from iconfind.memory.sqlite import SQLiteMemory, default_path
from iconfind.memory.strategy import MemoryStrategy
from iconfind.memory.tree import role_of, targets_from_elements

__all__ = [
    "CONFIDENCE_MAX",
    "CONFIDENCE_MIN",
    "DEFAULT_BLOCKED_APPS",
    "ROLES",
    "ActionOutcome",
    "AppBlocklist",
    "AuditEntry",
    "DesktopLearner",
    "DesktopTarget",
    "LearnedPatterns",
    "Memory",
    "MemoryStrategy",
    "Observation",
    "Role",
    "SQLiteMemory",
    "ScreenContext",
    "TargetSource",
    "VisionDetector",
    "default_path",
    "export_jsonl",
    "get_screen_context",
    "merge_detections",
    "observe",
    "record_action_result",
    "record_tap",
    "role_of",
    "targets_from_elements",
    "teach_target",
]
