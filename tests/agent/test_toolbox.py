"""ToolBox.call on a replayed screen: wire form out, error objects for bad input, no exceptions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from iconfind import BackendError, Locator, Point, ReplayBackend, Scaling, default_chain
from iconfind.agent import ToolBox


def test_find_returns_the_wire_form(box: ToolBox) -> None:
    out = box.call("ui", {"operation": "find", "selector": {"text": "overflow menu"}})
    assert out["tier"] == 2
    assert out["source"] == "accessibility"
    assert out["elements"][0]["resourceId"] == "com.example.notes:id/iv_more_options"
    assert out["elements"][0]["center"] == {"x": 1006, "y": 157}
    json.dumps(out)


def test_tap_element_index_of_the_last_find(box: ToolBox, toolbar: ReplayBackend) -> None:
    box.call("ui", {"operation": "find", "selector": {"text": "Meeting notes"}})
    out = box.call("ui", {"operation": "tap", "elementIndex": 0})
    assert out["tapped"] == {"x": 542, "y": 584}
    assert toolbar.taps == [Point(542, 584)]


def test_tap_a_selector_a_point_and_text_input(box: ToolBox, toolbar: ReplayBackend) -> None:
    assert box.call("ui", {"operation": "tap", "selector": {"text": "search"}})["tier"] == 2
    assert box.call("ui", {"operation": "tap", "x": 10, "y": 20}) == {
        "elements": [],
        "tapped": {"x": 10, "y": 20},
    }
    assert box.call("ui", {"operation": "input", "text": "milk"}) == {"typed": "milk"}
    assert toolbar.taps == [Point(859, 157), Point(10, 20)]
    assert toolbar.inputs == ["milk"]


def test_input_into_a_selector_taps_it_first(box: ToolBox, toolbar: ReplayBackend) -> None:
    out = box.call("ui", {"operation": "input", "text": "eggs", "selector": {"text": "Ideas"}})
    assert out["typed"] == "eggs"
    assert toolbar.taps == [Point(542, 1088)]
    assert toolbar.inputs == ["eggs"]


def test_scaled_coordinates_are_image_space(toolbar: ReplayBackend) -> None:
    box = ToolBox(Locator(toolbar, scaling=Scaling()))
    out = box.call("ui", {"operation": "tap", "selector": {"text": "overflow menu"}})
    assert out["scaleFactor"] == 2.4
    assert out["tapped"] == {"x": 419, "y": 65}
    assert toolbar.taps == [Point(1006, 157)]  # the element's own center, in device pixels


def test_not_found_is_an_answer_not_a_tool_error(toolbar: ReplayBackend) -> None:
    box = ToolBox(Locator(toolbar, strategies=default_chain()[:2]))  # tiers 1-2 only
    out = box.call("ui", {"operation": "tap", "selector": {"text": "Login"}})
    assert out["error"] == "not_found"
    assert out["suggestion"]
    assert toolbar.taps == []
    [record] = box.rails.audit
    assert (record.outcome, record.reason) == ("failed", "not_found")


def test_dump_lists_the_tree(box: ToolBox) -> None:
    out = box.call("ui", {"operation": "dump"})
    assert len(out["elements"]) == 23
    assert out["elements"][22]["contentDesc"] == "New note"


def test_arguments_may_come_as_json_text(box: ToolBox) -> None:
    out = box.call("ui", '{"operation": "find", "selector": {"text": "New note"}}')
    assert out["tier"] == 1


@pytest.mark.parametrize(
    ("name", "arguments", "field"),
    [
        ("ui", {}, "operation"),
        ("ui", {"operation": "fly"}, "operation"),
        ("ui", {"operation": "find"}, "selector"),
        ("ui", {"operation": "find", "selector": {}}, "selector"),
        ("ui", {"operation": "find", "selector": {"txt": "Notes"}}, "selector.txt"),
        ("ui", {"operation": "find", "selector": {"text": 5}}, "selector.text"),
        ("ui", {"operation": "find", "selector": {"text": "   "}}, "selector"),
        ("ui", {"operation": "find", "selector": {"text": "a"}, "x": 1}, "x"),
        ("ui", {"operation": "tap"}, "elementIndex"),
        ("ui", {"operation": "tap", "x": 5}, "y"),
        ("ui", {"operation": "tap", "x": -5, "y": 1}, "x"),
        ("ui", {"operation": "tap", "x": 1, "y": 1, "elementIndex": 0}, "elementIndex"),
        ("ui", {"operation": "tap", "gridCell": 25, "gridPosition": 1}, "gridCell"),
        ("ui", {"operation": "tap", "gridCell": 3}, "gridPosition"),
        ("ui", {"operation": "tap", "elementIndex": 0}, "elementIndex"),  # no find before
        ("ui", {"operation": "tap", "elementIndex": "0"}, "elementIndex"),
        ("ui", {"operation": "input"}, "text"),
        ("ui", {"operation": "screenshot", "raw": True, "maxDimension": 800}, "maxDimension"),
        ("ui", {"operation": "dump", "color": "red"}, "color"),
        ("ui", "{not json", "arguments"),
        ("ui", ["find"], "arguments"),
        ("nope", {}, "name"),
        ("click_element", {}, "elementId"),
        ("teach_element", {"label": "Save", "x": 1}, "y"),
    ],
)
def test_bad_arguments_give_an_error_object_naming_the_field(
    box: ToolBox, toolbar: ReplayBackend, name: str, arguments: Any, field: str
) -> None:
    out = box.call(name, arguments)
    assert out["error"] in {"invalid_arguments", "unknown_tool"}
    assert out["field"] == field
    assert field.split(".")[-1] in out["message"] or out["error"] == "unknown_tool"
    assert toolbar.taps == []


def test_calls_rejected_by_validation_are_not_actions(box: ToolBox) -> None:
    box.call("ui", {"operation": "tap", "x": 5})
    box.call("ui", {"operation": "input"})
    assert box.rails.audit == []


def test_element_index_out_of_range(box: ToolBox) -> None:
    box.call("ui", {"operation": "find", "selector": {"text": "Ideas"}})
    out = box.call("ui", {"operation": "tap", "elementIndex": 7})
    assert out == {
        "error": "invalid_arguments",
        "field": "elementIndex",
        "message": "elementIndex: element index 7 is out of range: the result has 1",
    }


def test_learner_tools_without_memory(box: ToolBox) -> None:
    out = box.call("click_element", {"elementId": "x"})
    assert out["error"] == "memory_unavailable"
    assert [spec.name for spec in box.specs] == ["ui"]
    assert [tool["function"]["name"] for tool in box.openai_tools()] == ["ui"]
    assert [tool["name"] for tool in box.anthropic_tools()] == ["ui"]


class FailingBackend(ReplayBackend):
    """A replayed screen whose device fails on tap, as a disconnected phone does."""

    def tap(self, x: int, y: int) -> None:
        raise BackendError("device offline", phase="tap")


def test_a_failing_device_gives_an_error_object(snapshots: Path) -> None:
    box = ToolBox(Locator(FailingBackend(snapshots / "toolbar")))
    out = box.call("ui", {"operation": "tap", "x": 1, "y": 1})
    assert out == {"error": "backend_error", "message": "device offline", "phase": "tap"}
    [record] = box.rails.audit
    assert (record.outcome, record.reason) == ("failed", "backend_error")


def test_a_tap_on_several_matches_answers_ambiguous_and_taps_nothing(
    box: ToolBox, toolbar: ReplayBackend
) -> None:
    """The agent tools share the Locator's strict tap: several matches are an answer, not a
    guess; elementIndex then says which (it refers to the box's last answer)."""
    out = box.call("ui", {"operation": "tap", "selector": {"textContains": "notes"}})
    assert out["error"] == "ambiguous_query"
    assert out["matchCount"] == len(out["elements"]) >= 2
    assert "elementIndex" in out["suggestion"]
    assert toolbar.taps == []
    second = out["elements"][1]["center"]
    tapped = box.call("ui", {"operation": "tap", "elementIndex": 1})
    assert tapped["tapped"] == second
    assert box.call("ui", {"operation": "tap", "selector": {"textContains": "notes"}, "elementIndex": 1})["tapped"] == second
    assert toolbar.taps == [Point(second["x"], second["y"])] * 2
