"""ReplayBackend: reading snapshot directories, and refusing bad ones with SnapshotError."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from iconfind import Point, ReplayBackend, SnapshotError
from tests.conftest import SNAPSHOTS


def copy_snapshot(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copytree(SNAPSHOTS / name, target)
    return target


def test_reads_a_snapshot_and_records_actions() -> None:
    backend = ReplayBackend(SNAPSHOTS / "anr_dialog")
    assert backend.screen_size() == (1080, 2400)
    assert backend.screenshot().size == (1080, 2400)
    assert backend.meta.platform == "android" and backend.meta.density == 2.625
    backend.tap(540, 1331)
    backend.input_text("hello")
    assert backend.taps == [Point(540, 1331)] and backend.inputs == ["hello"]


def test_null_root_dump_means_unavailable() -> None:
    assert ReplayBackend(SNAPSHOTS / "sign_in_null_root").hierarchy() is None


def test_missing_hierarchy_means_unavailable(tmp_path: Path) -> None:
    path = copy_snapshot("anr_dialog", tmp_path)
    (path / "hierarchy.xml").unlink()
    (path / "meta.json").unlink()
    backend = ReplayBackend(path)
    assert backend.hierarchy() is None and backend.meta.platform == "android"


def test_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(SnapshotError, match="not a snapshot directory"):
        ReplayBackend(tmp_path / "absent")


def test_missing_screenshot(tmp_path: Path) -> None:
    path = copy_snapshot("anr_dialog", tmp_path)
    (path / "screenshot.png").unlink()
    with pytest.raises(SnapshotError, match="missing"):
        ReplayBackend(path)


def test_truncated_screenshot(tmp_path: Path) -> None:
    path = copy_snapshot("anr_dialog", tmp_path)
    data = (path / "screenshot.png").read_bytes()
    (path / "screenshot.png").write_bytes(data[: len(data) // 2])
    with pytest.raises(SnapshotError, match="not a readable image"):
        ReplayBackend(path)


def test_screenshot_that_is_not_an_image(tmp_path: Path) -> None:
    path = copy_snapshot("anr_dialog", tmp_path)
    (path / "screenshot.png").write_text("hello")
    with pytest.raises(SnapshotError, match="not a readable image"):
        ReplayBackend(path)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"platform": "symbian"}', "platform"),
        ('{"density": -1}', "density"),
    ],
)
def test_bad_meta(tmp_path: Path, content: str, message: str) -> None:
    path = copy_snapshot("anr_dialog", tmp_path)
    (path / "meta.json").write_text(content)
    with pytest.raises(SnapshotError, match=message):
        ReplayBackend(path)
