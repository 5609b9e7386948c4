"""The learner tools on the real UI memory (``iconfind.memory``: DesktopLearner + SQLite).

Pending: passes once the memory branch is merged (verified on a scratch merge of both branches).
"""

from __future__ import annotations

from pathlib import Path

from iconfind import Locator, Point, ReplayBackend
from iconfind.agent import ToolBox
from iconfind.memory import DesktopLearner, SQLiteMemory


def test_learner_tools_on_desktop_learner(snapshots: Path, tmp_path: Path) -> None:
    backend = ReplayBackend(snapshots / "toolbar")
    learner = DesktopLearner(backend, SQLiteMemory(tmp_path / "memory.sqlite3"))
    box = ToolBox(Locator(backend), memory=learner)

    listing = box.call("get_screen_targets", {"roleFilter": "button"})
    assert listing["app"] == "com.example.notes"
    assert all(element["type"] == "button" for element in listing["elements"])
    new_note = next(e for e in listing["elements"] if e["label"] == "New note")
    assert new_note["position"] == "(964, 2116)"

    clicked = box.call("click_element", {"elementId": new_note["id"]})
    assert clicked["success"] is True
    assert clicked["clicked"] == "New note"
    assert backend.taps == [Point(964, 2116)]
    assert learner.get_target(new_note["id"]).hit_count == 1  # type: ignore[union-attr]

    taught = box.call("teach_element", {"label": "Save", "x": 1000, "y": 150})
    assert taught["success"] is True
    assert learner.get_target(taught["targetId"]).label == "Save"  # type: ignore[union-attr]

    typed = box.call("type_in_element", {"elementId": taught["targetId"], "text": "x"})
    assert typed == {"success": True, "typed": "x", "in": "Save"}
    taught_target = learner.get_target(taught["targetId"])
    assert taught_target is not None
    assert backend.taps[-1] == taught_target.click_point  # memory may snap it onto the tree
    assert backend.inputs == ["x"]

    relisted = box.call("get_screen_targets", {})
    learned = {e["id"]: e["learned"] for e in relisted["elements"]}
    assert learned[new_note["id"]] is True
