"""``ui`` operations served by the Locator's ui operations and tiers 4-5: ``screenshot`` /
``accessibility-check`` / ``visual-snapshot`` / ``input`` (Locator.input), tier-4 candidates
(``candidateIndex``) and the tier-5 grid (``gridCell`` / ``gridPosition``), and their pictures as
MCP image content."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import mcp.types as types
from PIL import Image

from iconfind import Locator, Point, ReplayBackend, Scaling
from iconfind.agent import ToolBox
from iconfind.agent.mcp import tool_result

from .test_mcp_server import run_session, text_of


def png(data: str) -> Image.Image:
    raw = base64.b64decode(data)
    assert raw.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(raw))


def test_screenshot_inline_scaled_and_to_a_file(toolbar: ReplayBackend, tmp_path: Path) -> None:
    box = ToolBox(Locator(toolbar, scaling=Scaling()), output_dir=tmp_path)
    shot = box.call("ui", {"operation": "screenshot", "inline": True})
    assert shot["mode"] == "inline"
    assert shot["device"] == {"width": 1080, "height": 2400}
    assert shot["image"] == {"width": 450, "height": 1000}
    assert shot["scaleFactor"] == 2.4
    assert png(shot["base64"]).size == (450, 1000)

    target = tmp_path / "shot.png"
    saved = box.call("ui", {"operation": "screenshot", "localPath": str(target), "raw": True})
    assert saved["mode"] == "file"
    assert Path(saved["path"]) == target
    assert Image.open(target).size == (1080, 2400)

    small = box.call("ui", {"operation": "screenshot", "inline": True, "maxDimension": 500})
    assert small["image"] == {"width": 225, "height": 500}


def test_screenshot_over_mcp_is_image_content(toolbar: ReplayBackend) -> None:
    box = ToolBox(Locator(toolbar, scaling=Scaling()))
    result = tool_result(box.call("ui", {"operation": "screenshot", "inline": True}))
    text, image = result.content
    assert isinstance(text, types.TextContent)
    assert isinstance(image, types.ImageContent)
    assert image.mime_type == "image/png"
    assert png(image.data).size == (450, 1000)
    assert '"base64": "<image 1>"' in text.text


def test_accessibility_check_reports_unlabeled_icons(snapshots: Path) -> None:
    box = ToolBox(Locator(ReplayBackend(snapshots / "toolbar_unlabeled")))
    report = box.call("ui", {"operation": "accessibility-check"})
    assert report["accessibilityUnavailable"] is False
    assert report["missingLabel"] >= 3  # nav-up, search and overflow carry neither text nor id
    unlabeled = {
        tuple(issue["bounds"]) for issue in report["issues"] if "no_label" in issue["problems"]
    }
    assert {(0, 84, 147, 231), (786, 84, 933, 231), (933, 84, 1080, 231)} <= unlabeled


def test_visual_snapshot_has_picture_and_app(toolbar: ReplayBackend) -> None:
    box = ToolBox(Locator(toolbar, scaling=Scaling()))
    snap = box.call("ui", {"operation": "visual-snapshot"})
    assert snap["app"]["name"] == "com.example.notes"
    assert snap["screen"]["width"] == 1080
    assert png(snap["screenshot"]["base64"]).size == (450, 1000)


def test_input_into_a_target_uses_locator_input(box: ToolBox, toolbar: ReplayBackend) -> None:
    out = box.call("ui", {"operation": "input", "text": "eggs", "selector": {"text": "Ideas"}})
    assert out["tapped"] == {"x": 542, "y": 1088}
    assert out["typed"] == "eggs"
    assert toolbar.taps == [Point(542, 1088)]
    assert toolbar.inputs == ["eggs"]


def test_tier_4_candidates_then_candidate_index(snapshots: Path) -> None:
    backend = ReplayBackend(snapshots / "toolbar_unlabeled")
    box = ToolBox(Locator(backend, scaling=Scaling.raw()))
    # No share icon on this screen, so not even the icon recognizer settles it: candidates.
    found = box.call("ui", {"operation": "find", "selector": {"text": "share"}})
    assert found["tier"] == 4
    assert [c["center"] for c in found["candidates"]] == [
        {"x": 73, "y": 157},
        {"x": 859, "y": 157},
        {"x": 1006, "y": 157},
    ]
    images = [c for c in tool_result(found).content if isinstance(c, types.ImageContent)]
    assert len(images) == 3
    assert {image.mime_type for image in images} <= {"image/jpeg", "image/png"}

    tapped = box.call("ui", {"operation": "tap", "candidateIndex": 2})
    assert tapped["tapped"] == {"x": 1006, "y": 157}
    assert backend.taps == [Point(1006, 157)]


def test_tier_5_grid_then_cell_and_position(snapshots: Path) -> None:
    backend = ReplayBackend(snapshots / "blank_canvas")
    box = ToolBox(Locator(backend, scaling=Scaling.raw()))
    grid = box.call("ui", {"operation": "find", "selector": {"text": "play button"}})
    assert grid["tier"] == 5
    assert "gridImage" in grid
    cell = box.call("ui", {"operation": "find", "gridCell": 12})
    assert cell["gridCell"] == 12
    assert len(cell["gridPositions"]) == 5
    tapped = box.call("ui", {"operation": "tap", "gridCell": 12, "gridPosition": 3})
    assert tapped["tapped"] == {"x": 945, "y": 1000}  # docs/contract.md section 4
    assert backend.taps == [Point(945, 1000)]


def test_grid_image_over_mcp_stdio(snapshots: Path) -> None:
    async def script(session):  # type: ignore[no-untyped-def]
        return await session.call_tool(
            "ui", {"operation": "find", "selector": {"text": "play button"}}
        )

    result = run_session(["--replay", str(snapshots / "blank_canvas")], script)
    assert not result.is_error
    answer = text_of(result)
    assert answer["tier"] == 5
    assert answer["gridImage"] == "<image 1>"
    [image] = [c for c in result.content if isinstance(c, types.ImageContent)]
    assert image.mime_type in {"image/jpeg", "image/png"}
    picture = Image.open(io.BytesIO(base64.b64decode(image.data)))
    assert max(picture.size) <= 1000
