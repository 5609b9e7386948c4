"""FindResult's outcome types (issue 23): one outcome per result, device pixels inside, the scale
applied only at the edges (wire form, CLI, agent tools), ``exit_code`` in the CLI."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, get_args

import attrs
import pytest

from iconfind import (
    Bounds,
    Candidate,
    Candidates,
    Element,
    Empty,
    Failure,
    FindError,
    FindResult,
    Found,
    GridStep,
    InvalidArgumentError,
    Locator,
    Outcome,
    Point,
    ReplayBackend,
    Scaling,
)
from iconfind.agent import ToolBox
from iconfind.cli import exit_code
from iconfind.strategies import default_chain
from tests.conftest import SNAPSHOTS

ROOT = Path(__file__).resolve().parent.parent
MAIN_WIRE = ROOT / "tests" / "data" / "scaled_wire_main.json"

ELEMENT = Element(bounds=Bounds(0, 0, 10, 10), text="x")
CANDIDATE = Candidate(0, Bounds(0, 0, 10, 10), "aGk=")
EXAMPLES: dict[type[Any], Any] = {
    Found: Found((ELEMENT,), "accessibility", 1, "high"),
    Candidates: Candidates((CANDIDATE,), suggestion="pick"),
    GridStep: GridStep("aGk=", suggestion="choose"),
    Failure: Failure(FindError.NOT_FOUND, "gone"),
    Empty: Empty(),
}


# -- one outcome, no fields of another -----------------------------------------------------------


def test_outcome_is_the_union_of_the_five_and_each_is_frozen() -> None:
    assert set(get_args(Outcome)) == set(EXAMPLES)
    for outcome in EXAMPLES.values():
        assert attrs.has(type(outcome))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            outcome.source = "ocr"


@pytest.mark.parametrize("cls", list(EXAMPLES))
def test_match_on_the_outcome_takes_the_branch_of_its_type(cls: type[Any]) -> None:
    match FindResult(EXAMPLES[cls]).outcome:
        case Found(elements=elements):
            branch: type[Any] = Found
            assert elements == (ELEMENT,)
        case Candidates(candidates=candidates):
            branch = Candidates
            assert candidates == (CANDIDATE,)
        case GridStep(image=image, cell=None):
            branch = GridStep
            assert image == "aGk="
        case Failure(error=FindError.NOT_FOUND):
            branch = Failure
        case Empty():
            branch = Empty
    assert branch is cls


def _field_names(cls: type[Any]) -> set[str]:
    return {f.name for f in attrs.fields(cls)}


def test_the_contract_names_every_field_of_every_outcome_and_of_the_result() -> None:
    """docs/contract.md's Python section stays the shape's reference (no field goes unnamed)."""
    contract = (ROOT / "docs" / "contract.md").read_text(encoding="utf-8")
    section = contract[contract.index("### In Python") : contract.index("## 4.")]
    missing = [
        f"{cls.__name__}.{name}"
        for cls in [*EXAMPLES, FindResult]
        for name in _field_names(cls) - {"source", "tier", "confidence", "outcome"}
        if f"`{name}`" not in section
    ]
    assert missing == []
    assert all(f"`{cls.__name__}`" in section for cls in EXAMPLES)


@pytest.mark.parametrize("cls", list(EXAMPLES))
def test_an_outcome_refuses_every_field_of_another(cls: type[Any]) -> None:
    own = _field_names(cls)
    foreign = set().union(*(_field_names(other) for other in EXAMPLES)) - own
    foreign |= {"grid_image", "error", "elements", "candidates", "image"} - own
    assert foreign
    for name in sorted(foreign):
        with pytest.raises(TypeError):
            attrs.evolve(EXAMPLES[cls], **{name: None})


def test_found_and_candidates_cannot_be_empty_and_failure_holds_no_elements() -> None:
    with pytest.raises(TypeError):
        Found()  # type: ignore[call-arg]
    with pytest.raises(InvalidArgumentError, match="Found needs at least one"):
        Found(())
    with pytest.raises(InvalidArgumentError, match="Candidates needs at least one"):
        Candidates(())
    with pytest.raises(TypeError):
        Failure(FindError.NOT_FOUND, "gone", elements=(ELEMENT,))  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        GridStep()  # type: ignore[call-arg]
    with pytest.raises(InvalidArgumentError, match="below"):
        Candidates((CANDIDATE, CANDIDATE), total_candidates=1)
    # The old keyword soup is gone: a result is built from its outcome.
    with pytest.raises(TypeError):
        FindResult(elements=(ELEMENT,), source="accessibility")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        FindResult()  # type: ignore[call-arg]


def test_off_screen_matches_are_not_elements_but_the_wire_lists_them() -> None:
    result = FindResult.failure(FindError.ELEMENT_OFF_SCREEN, "scroll", matches=[ELEMENT])
    assert result.elements == () and not result.ok
    assert result.outcome.matches == (ELEMENT,)  # type: ignore[union-attr]
    assert result.to_dict()["elements"] == [ELEMENT.to_dict(0)]
    with pytest.raises(LookupError):
        _ = result.element


@pytest.mark.parametrize("cls", list(EXAMPLES))
def test_kind_and_shortcuts_follow_the_outcome(cls: type[Any]) -> None:
    result = FindResult(EXAMPLES[cls])
    assert result.kind == cls.kind
    assert result.ok is (cls is Found)
    assert result.needs_pick is (cls in (Candidates, GridStep))
    assert result.elements == ((ELEMENT,) if cls is Found else ())
    assert result.candidates == ((CANDIDATE,) if cls is Candidates else ())
    assert result.error is (FindError.NOT_FOUND if cls is Failure else None)
    assert exit_code(result) == (1 if cls in (Failure, Empty) else 0)
    match result.outcome:
        case Found(elements=elements):
            assert elements == (ELEMENT,) and cls is Found
        case Candidates(candidates=candidates):
            assert candidates == (CANDIDATE,) and cls is Candidates
        case GridStep(cell=cell):
            assert cell is None and cls is GridStep
        case Failure(error=error):
            assert error is FindError.NOT_FOUND and cls is Failure
        case Empty():
            assert cls is Empty


def test_exit_code_lives_in_the_cli_not_on_the_model() -> None:
    result = FindResult(EXAMPLES[Found])
    assert not hasattr(result, "exit_code")
    assert not hasattr(FindResult, "exit_code")
    assert "exit_code" not in _field_names(FindResult)


# -- device pixels inside, image pixels on the wire ----------------------------------------------


def _squash(value: Any) -> Any:
    """Images as their SHA-256 (as the recorded file holds them)."""
    if isinstance(value, dict):
        return {
            key: "sha256:" + hashlib.sha256(item.encode()).hexdigest()
            if key in ("image", "gridImage")
            else _squash(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_squash(item) for item in value]
    return value


def _scaled(snapshot: str, **kwargs: Any) -> Locator:
    return Locator(ReplayBackend(SNAPSHOTS / snapshot), scaling=Scaling(1000), **kwargs)


def test_scaled_wire_form_is_what_main_sent_while_python_holds_device_pixels() -> None:
    recorded = json.loads(MAIN_WIRE.read_text(encoding="utf-8"))
    results: dict[str, FindResult] = {
        "anr_wait": _scaled("anr_dialog").find("Wait"),
        "toolbar_overflow": _scaled("toolbar").find("overflow menu"),
        "blank_grid": _scaled("blank_canvas").find("settings icon"),
        "blank_grid_cell": _scaled("blank_canvas").find("settings icon", grid_cell=12),
        "blank_grid_pos": _scaled("blank_canvas").find(
            "settings icon", grid_cell=12, grid_position=3
        ),
        "anr_absent": _scaled("anr_dialog").find("Telescope"),
        "anr_dump": _scaled("anr_dialog").dump(),
        "null_root_dump": _scaled("sign_in_null_root").dump(),
    }
    unlabeled = _scaled("toolbar_unlabeled", strategies=default_chain(recognition=False))
    offer = unlabeled.find("overflow menu")
    results["unlabeled_candidates"] = offer
    results["unlabeled_pick1"] = unlabeled.pick(offer, 1)
    anr = ReplayBackend(SNAPSHOTS / "anr_dialog")
    results["anr_tap_wait"] = Locator(anr, scaling=Scaling(1000)).tap("Wait")

    assert sorted(results) == sorted(recorded)
    for name, result in results.items():
        assert _squash(result.to_dict()) == recorded[name], name

    # Python: device pixels. "Wait" is [70,1268][1010,1394] on the 1080x2400 screen.
    wait = results["anr_wait"]
    assert wait.element.bounds == Bounds(70, 1268, 1010, 1394) and wait.scale_factor == 2.4
    assert wait.to_image(wait.element).bounds == Bounds(29, 528, 421, 581)
    assert results["blank_grid_pos"].element.center == Point(945, 1000)
    assert results["unlabeled_candidates"].candidates[0].bounds == Bounds(0, 84, 147, 231)
    assert results["unlabeled_pick1"].element.bounds == Bounds(786, 84, 933, 231)
    # The tap lands on the element's own center, and says so in device pixels.
    assert anr.taps == [Point(540, 1331)] == [results["anr_tap_wait"].tapped]


def test_to_image_without_a_scale_is_the_identity() -> None:
    result = Locator(ReplayBackend(SNAPSHOTS / "anr_dialog")).find("Wait")
    assert result.transform is None and result.scale_factor is None
    assert result.to_image(result.element) == result.element
    assert result.to_image(Point(3, 4)) == Point(3, 4)


# -- the agent tools convert a model's image-space taps on the way in ---------------------------


def test_an_agent_tap_in_image_space_lands_on_the_right_device_pixel() -> None:
    backend = ReplayBackend(SNAPSHOTS / "toolbar")  # 1080x2400: a 1000-px screenshot is 450x1000
    box = ToolBox(Locator(backend, scaling=Scaling(1000)))
    answer = box.call("ui", {"operation": "tap", "x": 419, "y": 65})
    assert backend.taps == [Point(1006, 156)]  # round(419 * 2.4), round(65 * 2.4)
    assert answer["tapped"] == {"x": 419, "y": 65} and answer["scaleFactor"] == 2.4
    # The bottom-right image pixel is the bottom-right of the screen, never beyond it.
    box.call("ui", {"operation": "tap", "x": 449, "y": 999})
    assert backend.taps[-1] == Point(1078, 2398)
    # Off the screenshot: refused, nothing tapped.
    refused = box.call("ui", {"operation": "tap", "x": 450, "y": 0})
    assert refused["error"] == "invalid_arguments" and len(backend.taps) == 2


def test_an_agent_tap_without_a_scale_is_in_device_pixels() -> None:
    backend = ReplayBackend(SNAPSHOTS / "toolbar")
    box = ToolBox(Locator(backend, scaling=Scaling.raw()))
    answer = box.call("ui", {"operation": "tap", "x": 1006, "y": 157})
    assert backend.taps == [Point(1006, 157)] and answer["tapped"] == {"x": 1006, "y": 157}
