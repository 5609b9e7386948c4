"""The ui operations: screenshot, accessibility_check, visual_snapshot, input."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pytest
from PIL import Image

from iconfind import (
    AndroidBackend,
    DeviceTimeoutError,
    Locator,
    MacBackend,
    ReplayBackend,
    Scaling,
)
from tests.backends.standins import (
    HangingU2Device,
    RecordedAXSession,
    RecordedU2Device,
    android_dump,
)


def test_screenshot_to_file_is_scaled_with_the_seed_metadata(
    snapshots: Path, tmp_path: Path
) -> None:
    locator = Locator(ReplayBackend(snapshots / "toolbar"))
    shot = locator.screenshot(tmp_path / "shot.png")
    assert shot.to_dict() == {
        "mode": "file",
        "path": str(tmp_path / "shot.png"),
        "device": {"width": 1080, "height": 2400},
        "image": {"width": 450, "height": 1000},
        "scaleFactor": 2.4,
    }
    with Image.open(tmp_path / "shot.png") as saved:
        assert saved.size == (450, 1000)


def test_screenshot_default_path_and_raw_and_custom_sizes(
    snapshots: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    locator = Locator(ReplayBackend(snapshots / "toolbar"))
    shot = locator.screenshot()
    assert shot.path is not None and shot.path.parent == Path(".iconfind/screenshots")
    assert (tmp_path / shot.path).is_file()
    assert locator.screenshot(scaling=Scaling.raw()).image_size == (1080, 2400)
    assert locator.screenshot(scaling=Scaling(1500)).image_size == (675, 1500)


def test_inline_screenshot_is_a_decodable_png(snapshots: Path) -> None:
    shot = Locator(ReplayBackend(snapshots / "anr_dialog")).screenshot(inline=True)
    data = shot.to_dict()
    assert data["mode"] == "inline" and "path" not in data
    with Image.open(io.BytesIO(base64.b64decode(data["base64"]))) as image:
        assert image.format == "PNG" and image.size == (450, 1000)


def test_accessibility_check_on_unlabeled_toolbar(snapshots: Path) -> None:
    report = Locator(ReplayBackend(snapshots / "toolbar_unlabeled")).accessibility_check()
    assert (report.clickables, report.missing_label, report.missing_id, report.too_small) == (
        9,
        3,
        3,
        0,
    )
    assert report.density == 2.625 and not report.density_assumed
    assert report.min_target_px == 126
    unlabeled = sorted(issue.element.bounds.to_list() for issue in report.issues)
    assert unlabeled == [[0, 84, 147, 231], [786, 84, 933, 231], [933, 84, 1080, 231]]
    assert not report.ok
    wire = report.to_dict()
    assert wire["missingLabel"] == 3 and wire["issues"][0]["problems"] == ["no_label", "no_id"]


def test_accessibility_check_on_a_real_android_dump() -> None:
    backend = AndroidBackend(device=RecordedU2Device([android_dump("settings_home.xml")]))
    report = Locator(backend).accessibility_check()
    # Rows are labelled by the text inside them; none of Settings' clickables is unlabelled,
    # but most carry no resource id.
    assert report.missing_label == 0
    assert report.clickables == 8 and report.missing_id == 7
    assert report.too_small == 0


def test_accessibility_check_flags_small_targets_in_points_on_retina() -> None:
    report = Locator(MacBackend(session=RecordedAXSession())).accessibility_check()
    small = {issue.element.class_name for issue in report.issues if "too_small" in issue.problems}
    # 32-point toolbar buttons are under 48 points (96 px at scale 2).
    assert "AXButton" in small and report.min_target_px == 96
    unlabeled = [i.element for i in report.issues if "no_label" in i.problems]
    assert [e.bounds.to_list() for e in unlabeled] == [[1480, 140, 1544, 204]]


def test_accessibility_check_without_a_tree(snapshots: Path) -> None:
    report = Locator(ReplayBackend(snapshots / "sign_in_null_root")).accessibility_check()
    assert report.accessibility_unavailable and report.clickables == 0


def test_visual_snapshot_carries_screen_and_app(snapshots: Path) -> None:
    snap = Locator(ReplayBackend(snapshots / "toolbar_unlabeled")).visual_snapshot().to_dict()
    assert snap["screen"] == {
        "width": 1080,
        "height": 2400,
        "density": 2.625,
        "densityAssumed": False,
    }
    assert snap["app"] == {"platform": "android", "name": "com.example.notes", "window": "Notes"}
    assert snap["accessibilityAvailable"] is True and snap["elementCount"] > 0
    assert snap["screenshot"]["mode"] == "inline" and snap["screenshot"]["scaleFactor"] == 2.4


def test_input_taps_the_target_first(snapshots: Path) -> None:
    backend = ReplayBackend(snapshots / "toolbar")
    locator = Locator(backend)
    result = locator.input("milk", target="New note")
    assert result.tapped is not None and backend.taps == [result.tapped]
    assert backend.inputs == ["milk"]
    locator.input("eggs")
    assert backend.inputs == ["milk", "eggs"] and len(backend.taps) == 1


def test_a_hanging_device_times_out_the_operation() -> None:
    device = HangingU2Device([android_dump("settings_home.xml")])
    try:
        with pytest.raises(DeviceTimeoutError) as caught:
            Locator(AndroidBackend(device=device), budget_s=0.2).accessibility_check()
    finally:
        device.release.set()
    assert caught.value.phase == "device:hierarchy" and caught.value.culprit == "device"
