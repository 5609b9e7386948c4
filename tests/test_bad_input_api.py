"""The Python API refuses bad input with typed :class:`IconfindError` subclasses, never raw
PIL, ``ValueError``, ``TypeError`` or ``OverflowError``."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from iconfind import (
    Bounds,
    FollowUpError,
    IconfindError,
    InvalidArgumentError,
    InvalidBoundsError,
    Locator,
    ReplayBackend,
    Scaling,
    SnapshotError,
)
from iconfind.strategies import default_chain
from tests.conftest import SNAPSHOTS, png_claiming


def _snapshot(tmp_path: Path, name: str, content: str | bytes) -> Path:
    snapshot = tmp_path / "snap"
    shutil.copytree(SNAPSHOTS / "anr_dialog", snapshot)
    target = snapshot / name
    if isinstance(content, bytes):
        target.write_bytes(content)
    else:
        target.write_text(content, encoding="utf-8")
    return snapshot


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("screenshot.png", png_claiming(100_000, 100_000), "too large to decode"),
        ("meta.json", '{"density": Infinity}', "density"),
        ("meta.json", '{"density": NaN}', "density"),
        ("meta.json", '{"density": true}', "density"),
    ],
    ids=["png-bomb", "density-inf", "density-nan", "density-bool"],
)
def test_replay_backend_refuses_with_snapshot_error(
    tmp_path: Path, name: str, content: str | bytes, message: str
) -> None:
    with pytest.raises(SnapshotError, match=message):
        ReplayBackend(_snapshot(tmp_path, name, content))


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_bounds_from_xywh_refuses_non_finite_numbers(value: float) -> None:
    for args in ((value, 0, 1, 1), (0, value, 1, 1), (0, 0, value, 1), (0, 0, 1, value)):
        with pytest.raises(InvalidBoundsError, match="not finite"):
            Bounds.from_xywh(*args)


@pytest.mark.parametrize("budget", [0, -1, float("nan"), float("inf")])
def test_locator_budget_must_be_positive_and_finite(budget: float) -> None:
    with pytest.raises(InvalidArgumentError, match="budget_s"):
        Locator(ReplayBackend(SNAPSHOTS / "toolbar"), budget_s=budget)


@pytest.mark.parametrize("max_dimension", [0, -5, True, 2.5])
def test_scaling_max_dimension_must_be_a_positive_whole_number(max_dimension: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="max_dimension"):
        Scaling(max_dimension)


@pytest.mark.parametrize(
    ("cell", "position"), [("abc", None), (3.5, None), (None, 3), (3, "x"), (3, 9)]
)
def test_grid_follow_ups_of_the_wrong_type_are_follow_up_errors(cell: Any, position: Any) -> None:
    locator = Locator(ReplayBackend(SNAPSHOTS / "blank_canvas"))
    with pytest.raises(FollowUpError, match="grid"):
        locator.find("x", grid_cell=cell, grid_position=position)


@pytest.mark.parametrize("index", [99, -1, "a", True])
def test_pick_out_of_range_is_a_follow_up_error(index: Any) -> None:
    locator = Locator(
        ReplayBackend(SNAPSHOTS / "toolbar_unlabeled"), strategies=default_chain(recognition=False)
    )
    with pytest.raises(FollowUpError, match="out of range"):
        locator.pick(locator.find("overflow menu"), index)


@pytest.mark.parametrize(
    "target",
    [
        lambda tmp: tmp / "shot.txt",
        lambda tmp: tmp / "shot.psd",  # Pillow reads PSD but cannot write it
        lambda tmp: tmp,  # a directory
        lambda tmp: (tmp / "dir.png").mkdir() or tmp / "dir.png",
        lambda tmp: (tmp / "file").touch() or tmp / "file" / "shot.png",
    ],
    ids=["txt", "psd", "directory", "directory-named-png", "under-a-file"],
)
def test_screenshot_to_a_bad_path_is_invalid_argument(
    tmp_path: Path, target: Callable[[Path], Path]
) -> None:
    locator = Locator(ReplayBackend(SNAPSHOTS / "toolbar"))
    with pytest.raises(InvalidArgumentError, match="screenshot"):
        locator.screenshot(target(tmp_path))


def test_the_new_error_is_an_iconfind_error_and_a_value_error() -> None:
    assert issubclass(InvalidArgumentError, IconfindError)
    assert issubclass(InvalidArgumentError, ValueError)  # older `except ValueError` still works
