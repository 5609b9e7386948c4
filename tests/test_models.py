"""Bounds, Element, Selector and FindResult: parsing, geometry and the wire form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iconfind import (
    Bounds,
    Element,
    FindError,
    FindResult,
    InvalidBoundsError,
    InvalidQueryError,
    Selector,
)
from iconfind.cli import exit_code
from iconfind.models import Candidate, Candidates, Found, Point

coordinates = st.integers(min_value=-5000, max_value=20000)
sizes = st.integers(min_value=0, max_value=5000)


@st.composite
def bounds(draw: st.DrawFn) -> Bounds:
    x1, y1 = draw(coordinates), draw(coordinates)
    return Bounds(x1, y1, x1 + draw(sizes), y1 + draw(sizes))


def test_parse_real_bounds() -> None:
    b = Bounds.parse("[70,1268][1010,1394]")
    assert (b.x1, b.y1, b.x2, b.y2) == (70, 1268, 1010, 1394)
    assert (b.width, b.height, b.area) == (940, 126, 940 * 126)
    assert b.center == Point(540, 1331)


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "[1,2][3]",
        "[a,b][c,d]",
        "1,2,3,4",
        "[10,10][5,20]",
        "[0,50][10,20]",
        "[1,2][3,4]x",
        "[1.5,2][3,4]",
    ],
)
def test_junk_bounds_raise_a_typed_error(junk: str) -> None:
    with pytest.raises(InvalidBoundsError):
        Bounds.parse(junk)


@given(bounds())
def test_bounds_round_trip_through_the_uiautomator_form(b: Bounds) -> None:
    assert Bounds.parse(b.format()) == b


@given(bounds())
def test_center_always_inside_bounds(b: Bounds) -> None:
    c = b.center
    assert b.x1 <= c.x <= b.x2 and b.y1 <= c.y <= b.y2
    if b.width > 0 and b.height > 0:
        assert b.contains(c.x, c.y)


@given(bounds(), st.integers(1, 5000), st.integers(1, 5000))
def test_quadrant_assignment_is_total(b: Bounds, width: int, height: int) -> None:
    quadrant = b.quadrant(width, height)
    assert quadrant in {"top-left", "top-right", "bottom-left", "bottom-right"}
    c = b.center
    assert quadrant.startswith("bottom") == (c.y >= height / 2)
    assert quadrant.endswith("right") == (c.x >= width / 2)


def test_quadrants_of_a_phone_screen() -> None:
    assert Bounds.parse("[0,84][147,231]").quadrant(1080, 2400) == "top-left"
    assert Bounds.parse("[933,84][1080,231]").quadrant(1080, 2400) == "top-right"
    assert Bounds.parse("[891,2043][1038,2190]").quadrant(1080, 2400) == "bottom-right"
    assert Bounds.parse("[0,2200][100,2300]").quadrant(1080, 2400) == "bottom-left"


def test_element_wire_form_is_the_contract_example() -> None:
    element = Element(
        bounds="[70,1268][1010,1394]",
        text="Wait",
        resource_id="android:id/aerr_wait",
        class_name="android.widget.Button",
        clickable=True,
    )
    assert element.to_dict(0) == {
        "index": 0,
        "text": "Wait",
        "contentDesc": "",
        "resourceId": "android:id/aerr_wait",
        "className": "android.widget.Button",
        "clickable": True,
        "bounds": [70, 1268, 1010, 1394],
        "center": {"x": 540, "y": 1331},
    }
    assert element.short_id == "aerr_wait"


def test_find_result_omits_keys_that_do_not_apply() -> None:
    assert FindResult.failure(FindError.NOT_FOUND, "gone").to_dict() == {
        "elements": [],
        "error": "not_found",
        "suggestion": "gone",
    }
    found = FindResult(
        Found([Element(bounds="[0,0][10,10]")], source="accessibility", tier=1, confidence="high")
    )
    assert set(found.to_dict()) == {"elements", "source", "tier", "confidence"}
    assert found.ok and exit_code(found) == 0


def test_candidates_make_a_next_step_with_exit_zero() -> None:
    result = FindResult(
        Candidates(
            [Candidate(index=0, bounds=Bounds(0, 0, 48, 48), image="abc")], total_candidates=1
        )
    )
    assert result.needs_pick and not result.ok and exit_code(result) == 0
    wire = result.to_dict()
    assert wire["candidates"] == [
        {"index": 0, "bounds": [0, 0, 48, 48], "center": {"x": 24, "y": 24}, "image": "abc"}
    ]
    assert wire["truncated"] is False and wire["totalCandidates"] == 1
    assert (wire["source"], wire["tier"], wire["confidence"]) == ("visual", 4, "medium")


def test_errors_exit_one() -> None:
    for error in FindError:
        assert exit_code(FindResult.failure(error, "x")) == 1


def test_selector_coercion() -> None:
    assert Selector.coerce("Login") == Selector(text="Login")
    assert Selector.coerce({"textContains": "edit", "nearestTo": "John"}) == Selector(
        text_contains="edit", nearest_to="John"
    )
    assert Selector.coerce({"resource_id": "btn"}).resource_id == "btn"


@pytest.mark.parametrize("bad", ["", "   ", {}, {"nearestTo": "x"}, {"colour": "red"}, 42])
def test_empty_or_unknown_selectors_are_rejected(bad: object) -> None:
    with pytest.raises(InvalidQueryError):
        Selector.coerce(bad)  # type: ignore[arg-type]
