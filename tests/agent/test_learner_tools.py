"""The learner tools (get_screen_targets, click_element, type_in_element, teach_element).

``Notebook`` below is a minimal memory speaking the ToolBox's ``LearnerMemory`` protocol with the
shapes of ``iconfind.memory`` (targets with ``id``/``label``/``click_point``/``confidence``, a
context with ``to_tool_response``); ``test_learner_tools_memory_pending.py`` runs the same tools
on the real ``DesktopLearner``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from iconfind import Locator, Point, ReplayBackend, Scaling
from iconfind.agent import Rails, ToolBox

from .conftest import FakeClock


@attrs.frozen
class Target:
    id: str
    label: str
    role: str
    click_point: Point
    confidence: float
    hit_count: int = 0


@attrs.frozen
class Context:
    app: str
    targets: tuple[Target, ...]

    def to_tool_response(
        self, *, app_filter: str | None = None, role_filter: str | None = None
    ) -> dict[str, Any]:
        chosen = [t for t in self.targets if role_filter in (None, t.role)]
        return {
            "app": self.app,
            "elementCount": len(chosen),
            "elements": [{"id": t.id, "type": t.role, "label": t.label} for t in chosen],
        }


class Notebook:
    """Remembers targets in a dict and every action result in a list."""

    def __init__(self) -> None:
        self.targets = {
            "notes_search": Target("notes_search", "Search", "button", Point(859, 157), 0.9),
            "notes_title": Target("notes_title", "Title", "input", Point(304, 157), 0.7),
        }
        self.results: list[tuple[str, bool]] = []

    def get_screen_context(self) -> Context:
        return Context("com.example.notes", tuple(self.targets.values()))

    def get_target(self, target_id: str) -> Target | None:
        return self.targets.get(target_id)

    def record_action_result(self, target_id: str, success: bool) -> None:
        self.results.append((target_id, success))

    def teach_target(self, label: str, x: int, y: int) -> Target:
        target = Target(f"taught_{label.lower()}", label, "button", Point(x, y), 0.8)
        self.targets[target.id] = target
        return target


@pytest.fixture
def notebook() -> Notebook:
    return Notebook()


@pytest.fixture
def learner_box(toolbar: ReplayBackend, notebook: Notebook, clock: FakeClock) -> ToolBox:
    return ToolBox(Locator(toolbar, scaling=Scaling()), memory=notebook, rails=Rails(clock=clock))


def test_learner_tools_are_listed_with_a_memory(learner_box: ToolBox) -> None:
    assert [spec.name for spec in learner_box.specs] == [
        "ui",
        "get_screen_targets",
        "click_element",
        "type_in_element",
        "teach_element",
    ]


def test_get_screen_targets_filters_by_role(learner_box: ToolBox) -> None:
    assert learner_box.call("get_screen_targets", {})["elementCount"] == 2
    out = learner_box.call("get_screen_targets", {"roleFilter": "input"})
    assert out["elements"] == [{"id": "notes_title", "type": "input", "label": "Title"}]
    assert learner_box.call("get_screen_targets", {"roleFilter": "all"})["elementCount"] == 2


def test_click_element_taps_device_pixels_and_learns(
    learner_box: ToolBox, toolbar: ReplayBackend, notebook: Notebook
) -> None:
    out = learner_box.call("click_element", {"elementId": "notes_search"})
    assert out == {
        "success": True,
        "clicked": "Search",
        "position": {"x": 859, "y": 157},
        "confidence": 0.9,
    }
    assert toolbar.taps == [Point(859, 157)]  # memory points are device pixels, never scaled
    assert notebook.results == [("notes_search", True)]
    [record] = learner_box.rails.audit
    assert (record.tool, record.kind, record.outcome) == (
        "click_element",
        "click_element",
        "performed",
    )


def test_type_in_element_focuses_then_types(
    learner_box: ToolBox, toolbar: ReplayBackend, notebook: Notebook
) -> None:
    out = learner_box.call("type_in_element", {"elementId": "notes_title", "text": "Groceries"})
    assert out == {"success": True, "typed": "Groceries", "in": "Title"}
    assert toolbar.taps == [Point(304, 157)]
    assert toolbar.inputs == ["Groceries"]
    assert notebook.results == [("notes_title", True)]
    assert learner_box.rails.audit[0].arguments["text"] == "<9 characters>"


def test_unknown_element_names_the_field(learner_box: ToolBox, toolbar: ReplayBackend) -> None:
    out = learner_box.call("click_element", {"elementId": "gone"})
    assert out == {
        "error": "unknown_element",
        "field": "elementId",
        "message": "Element gone not found. Try get_screen_targets again.",
    }
    assert toolbar.taps == []


def test_teach_element(learner_box: ToolBox, notebook: Notebook) -> None:
    out = learner_box.call("teach_element", {"label": "Save", "x": 1000.4, "y": 150})
    assert out["targetId"] == "taught_save"
    assert notebook.targets["taught_save"].click_point == Point(1000, 150)
    assert learner_box.rails.audit == []  # teaching is not an action on the device


def test_learner_actions_share_the_rate_limit(learner_box: ToolBox, clock: FakeClock) -> None:
    for _ in range(5):
        learner_box.call("click_element", {"elementId": "notes_search"})
        learner_box.call("ui", {"operation": "tap", "x": 1, "y": 1})
    out = learner_box.call("click_element", {"elementId": "notes_search"})
    assert out["error"] == "rate_limited"
