"""The fast uiautomator parser builds exactly the elements the plain, obvious reading builds.

The reference below walks an ElementTree and constructs every :class:`Element` through its
validating ``__init__`` and :meth:`Bounds.parse`; the parser under test skips the per-node regex,
keyword arguments and validator. They must agree on every node, field by field.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.hierarchy_gen import generate
from iconfind import Bounds, Element, InvalidBoundsError, parse_uiautomator_xml
from iconfind.backends.uiautomator_xml import _bounds
from tests.conftest import SNAPSHOTS


def reference_parse(data: bytes) -> list[Element]:
    """The obvious reading: a tree walk, keyword construction, validated bounds."""
    root = ET.fromstring(data)
    out: list[Element] = []

    def walk(node: ET.Element, depth: int, parent: int | None) -> None:
        for child in node:
            if child.tag != "node" and "bounds" not in child.attrib:
                walk(child, depth, parent)
                continue
            a = child.attrib
            try:
                bounds = Bounds.parse(a.get("bounds", ""))
            except InvalidBoundsError:
                walk(child, depth + 1, parent)
                continue
            index = len(out)
            out.append(
                Element(
                    bounds=bounds,
                    text=a.get("text", ""),
                    content_desc=a.get("content-desc", ""),
                    resource_id=a.get("resource-id", ""),
                    class_name=a.get("class", "" if child.tag == "node" else child.tag),
                    package=a.get("package", ""),
                    clickable=a.get("clickable") == "true",
                    enabled=a.get("enabled", "true") != "false",
                    focusable=a.get("focusable") == "true",
                    scrollable=a.get("scrollable") == "true",
                    long_clickable=a.get("long-clickable") == "true",
                    checkable=a.get("checkable") == "true",
                    checked=a.get("checked") == "true",
                    selected=a.get("selected") == "true",
                    password=a.get("password") == "true",
                    index=index,
                    depth=depth,
                    parent=parent,
                )
            )
            walk(child, depth + 1, index)

    walk(root, 0, None)
    return out


@pytest.mark.parametrize(
    "snapshot", ["anr_dialog", "toolbar", "toolbar_unlabeled", "player_unlabeled"]
)
def test_real_dumps_parse_like_the_reference(snapshot: str) -> None:
    data = (SNAPSHOTS / snapshot / "hierarchy.xml").read_bytes()
    assert parse_uiautomator_xml(data) == reference_parse(data)


def test_a_large_generated_dump_parses_like_the_reference() -> None:
    data = generate(2_000)
    parsed = parse_uiautomator_xml(data)
    assert parsed is not None and len(parsed) == 2_000
    assert parsed == reference_parse(data)
    # Equal elements hash alike whichever way they were built (frozen attrs classes).
    assert {hash(e) for e in parsed} == {hash(e) for e in reference_parse(data)}


def test_sparse_and_appium_style_nodes_take_their_defaults() -> None:
    data = (
        b'<hierarchy><android.widget.Button bounds="[0,0][10,10]" text="OK" />'
        b'<node bounds="[1,1][5,5]" enabled="false"><node bounds="[2,2][3,3]" /></node>'
        b'<node bounds="[1,1][5,5]" clickable="true" /></hierarchy>'
    )
    parsed = parse_uiautomator_xml(data)
    assert parsed == reference_parse(data)
    assert parsed is not None
    assert parsed[0].class_name == "android.widget.Button" and parsed[0].enabled
    assert not parsed[1].enabled and parsed[2].parent == 1 and parsed[2].depth == 1
    assert parsed[1].bounds is parsed[3].bounds  # equal bounds strings share one Bounds


def test_inverted_and_junk_bounds_are_dropped_like_the_reference() -> None:
    data = (
        b"<hierarchy>"
        b'<node bounds="[10,10][5,5]" text="inverted"><node bounds="[0,0][1,1]" text="kid" /></node>'
        b'<node bounds="[ 1, 2 ][ 3, 4 ]" text="spaced" />'
        b'<node bounds="[-5,0][5,5]" text="negative" />'
        b'<node bounds="[\xd9\xa1,0][\xd9\xa3,5]" text="arabic-indic digits" />'
        b'<node bounds="[\xc2\xb2,0][3,5]" text="superscript" />'
        b'<node text="no bounds" />'
        b"</hierarchy>"
    )
    parsed = parse_uiautomator_xml(data)
    assert parsed == reference_parse(data)
    assert parsed is not None
    assert [e.text for e in parsed] == ["kid", "spaced", "negative", "arabic-indic digits"]
    assert parsed[0].parent is None and parsed[0].depth == 1


ints = st.integers(min_value=-3000, max_value=3000)
separators = st.sampled_from(["", " ", "  ", "\t"])
digits = st.sampled_from(["0", "7", "12", "+3", "-4", "1_0", "\u0663", "\u00b2", "", "x"])


@given(ints, ints, ints, ints, separators)
def test_the_bounds_fast_path_agrees_with_bounds_parse(
    x1: int, y1: int, x2: int, y2: int, space: str
) -> None:
    text = f"[{x1},{space}{y1}][{x2},{y2}{space}]"
    assert_same_reading(text)


@given(st.lists(digits, min_size=4, max_size=4), st.sampled_from(["[{},{}][{},{}]", "{},{},{},{}"]))
def test_odd_numbers_read_the_same_on_both_paths(parts: list[str], form: str) -> None:
    assert_same_reading(form.format(*parts))


@given(st.text(max_size=30))
def test_any_text_reads_the_same_on_both_paths(text: str) -> None:
    assert_same_reading(text)


def assert_same_reading(text: str) -> None:
    try:
        expected: Bounds | type[Exception] = Bounds.parse(text)
    except InvalidBoundsError:
        expected = InvalidBoundsError
    except ValueError:  # int() of a digit Python cannot convert
        expected = ValueError
    if isinstance(expected, Bounds):
        assert _bounds(text) == expected
    else:
        with pytest.raises(expected):
            _bounds(text)
