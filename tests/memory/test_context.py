"""get_screen_context and DesktopLearner on replayed screens: the text an agent reads."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from PIL import Image

from iconfind import BackendError, Bounds, Element, Point, ReplayBackend
from iconfind.backends.base import WindowInfo
from iconfind.memory import (
    DesktopLearner,
    DesktopTarget,
    SQLiteMemory,
    get_screen_context,
    role_of,
    targets_from_elements,
)
from tests.memory.conftest import APP, SNAPSHOTS, WINDOW

TOOLBAR = SNAPSHOTS / "toolbar"


def test_screen_context_as_the_seed_tool_response(memory: SQLiteMemory) -> None:
    context = get_screen_context(ReplayBackend(TOOLBAR), memory, now=100.0)
    assert context.active_app == WindowInfo(APP, WINDOW)
    assert context.screen_size == (1080, 2400)
    response = context.to_tool_response(role_filter="button")
    assert response["app"] == APP
    assert response["window"] == WINDOW
    assert response["elementCount"] == len(context.buttons) == 9
    new_note = next(e for e in response["elements"] if e["label"] == "New note")
    assert new_note == {
        "id": new_note["id"],
        "type": "button",
        "label": "New note",
        "position": "(964, 2116)",
        "confidence": "0.95",
        "learned": False,
    }
    labels = [e["label"] for e in response["elements"]]
    assert {"toolbar nav up", "action search", "iv more options", "Shopping list"} <= set(labels)
    assert context.inputs == () and context.links == ()
    assert context.to_tool_response(app_filter="firefox")["elementCount"] == 0
    assert len(context.to_tool_response(limit=3)["elements"]) == 3
    text = context.to_text(role_filter="button")
    assert text.splitlines()[0] == f"{APP} — {WINDOW} (9 targets)"
    assert f'{new_note["id"]}  button  "New note"  (964, 2116)  0.95' in text


def test_learning_across_captures_and_sessions(db_path: Path) -> None:
    with SQLiteMemory(db_path) as memory:
        learner = DesktopLearner(ReplayBackend(TOOLBAR), memory)
        first = learner.get_screen_context()
        new_note = next(t for t in first.targets if t.label == "New note")
        clicked = learner.click_target(new_note.id)
        assert clicked.hit_count == 1
        stored = memory.get(new_note.id)
        assert stored is not None and stored.visual_hash is not None
    with SQLiteMemory(db_path) as memory:  # a new session
        learner = DesktopLearner(ReplayBackend(TOOLBAR), memory)
        again = learner.get_screen_context()
        same = next(t for t in again.targets if t.label == "New note")
        assert same.id == new_note.id, "ids are stable across sessions"
        assert same.hit_count == 1, "memory transferred the learned metadata"
        response = again.to_tool_response()
        assert next(e for e in response["elements"] if e["id"] == same.id)["learned"] is True
        assert again.learned_patterns.common_actions == ("New note",)
        stored = memory.get(same.id)
        assert stored is not None and stored.confidence == 0.99  # 0.95 + 0.05, then + 0.1


def test_gone_targets_go_stale_and_reliable_ones_come_back_learned(
    memory: SQLiteMemory, snapshot_writer: Callable[..., Path]
) -> None:
    learner = DesktopLearner(ReplayBackend(TOOLBAR), memory)
    target = next(t for t in learner.get_screen_context().targets if t.label == "New note")
    for _ in range(4):
        learner.click_target(target.id)
    # The same window without its floating "New note" button.
    backend = ReplayBackend(TOOLBAR)
    tree = [e for e in backend.hierarchy() or [] if e.content_desc != "New note"]
    without = snapshot_writer("without_fab", backend.screenshot(), tree)
    context = DesktopLearner(ReplayBackend(without), memory).get_screen_context()
    back = next(t for t in context.targets if t.id == target.id)
    assert back.source == "learned" and back.stale
    stored = memory.get(target.id)
    assert stored is not None and stored.stale
    assert stored.confidence == pytest.approx(0.99 * 0.8)
    assert "stale" in context.to_text()


def test_a_miss_rescans(memory: SQLiteMemory) -> None:
    class Flaky(ReplayBackend):
        fail = False

        def tap(self, x: int, y: int) -> None:
            if self.fail:
                raise BackendError("device gone", phase="tap")
            super().tap(x, y)

    backend = Flaky(TOOLBAR)
    learner = DesktopLearner(backend, memory)
    target = learner.get_screen_context().targets[0]
    captures = len([e for e in memory.audit() if e.action == "capture"])
    backend.fail = True
    with pytest.raises(BackendError):
        learner.click_target(target.id)
    stored = memory.get(target.id)
    assert stored is not None and stored.miss_count == 1
    assert len([e for e in memory.audit() if e.action == "capture"]) == captures + 1
    with pytest.raises(KeyError):
        learner.click_target("nope")


def test_vision_fills_in_when_the_tree_is_thin(memory: SQLiteMemory) -> None:
    calls: list[int] = []

    def vision(
        image: Image.Image, window: WindowInfo, known: Sequence[DesktopTarget]
    ) -> list[DesktopTarget]:
        calls.append(len(known))
        return [
            DesktopTarget(
                id="v-sign-in",
                app_name=window.app,
                window_title=window.window,
                role="button",
                label="Sign in",
                bounds=Bounds(90, 1120, 990, 1260),
                click_point=Point(540, 1190),
                confidence=0.9,
                source="vision",
                first_seen=1.0,
                last_seen=1.0,
            )
        ]

    null_root = ReplayBackend(SNAPSHOTS / "sign_in_null_root")
    context = get_screen_context(null_root, memory, vision=vision)
    [target] = context.targets
    assert target.source == "vision" and target.confidence == pytest.approx(0.72)
    assert memory.get("v-sign-in") is not None
    get_screen_context(ReplayBackend(TOOLBAR), memory, vision=vision)
    assert len(calls) == 1, "a tree with 5+ targets needs no vision"
    forced = get_screen_context(ReplayBackend(TOOLBAR), memory, vision=vision, force_vision=True)
    assert len(calls) == 2
    assert all(t.id != "v-sign-in" for t in forced.targets if t.window_title == WINDOW)


def test_read_only_context_writes_nothing(memory: SQLiteMemory) -> None:
    get_screen_context(ReplayBackend(TOOLBAR), memory, learn=False)
    assert memory.count() == 0


@pytest.mark.parametrize(
    ("class_name", "clickable", "role"),
    [
        ("android.widget.ImageButton", True, "button"),
        ("android.widget.Button", True, "button"),
        ("AXButton", True, "button"),
        ("ButtonControl", True, "button"),
        ("push button", True, "button"),
        ("android.widget.EditText", True, "input"),
        ("EditControl", True, "input"),
        ("android.widget.AutoCompleteTextView", True, "input"),
        ("AXTextArea", True, "textarea"),
        ("android.widget.CheckBox", True, "checkbox"),
        ("android.widget.Switch", True, "checkbox"),
        ("android.widget.RadioButton", True, "radio"),
        ("android.widget.Spinner", True, "select"),
        ("AXPopUpButton", True, "select"),
        ("AXMenuItem", True, "menuitem"),
        ("AXMenu", False, "menu"),
        ("TabItemControl", True, "tab"),
        ("android.widget.SeekBar", True, "slider"),
        ("AXLink", True, "link"),
        ("android.widget.ImageView", False, "image"),
        ("android.widget.ImageView", True, "button"),
        ("android.widget.TextView", False, "text"),
        ("AXStaticText", False, "text"),
        ("AXHeading", False, "heading"),
        ("android.widget.Toolbar", False, "toolbar"),
        ("AXWindow", False, "window"),
        ("android.widget.LinearLayout", True, "button"),
        ("android.view.ViewGroup", False, "unknown"),
    ],
)
def test_roles_from_class_names(class_name: str, clickable: bool, role: str) -> None:
    element = Element(bounds=(0, 0, 10, 10), class_name=class_name, clickable=clickable)
    assert role_of(element) == role


def test_identical_unlabeled_icons_get_distinct_stable_ids() -> None:
    backend = ReplayBackend(SNAPSHOTS / "toolbar_unlabeled")
    hierarchy = backend.hierarchy()
    assert hierarchy is not None
    window = backend.active_window()
    first = targets_from_elements(hierarchy, window, now=1.0)
    second = targets_from_elements(hierarchy, window, now=2.0)
    assert [t.id for t in first] == [t.id for t in second]
    assert len({t.id for t in first}) == len(first)
    other_window = targets_from_elements(hierarchy, WindowInfo(APP, "Settings"), now=1.0)
    assert not {t.id for t in first} & {t.id for t in other_window}
