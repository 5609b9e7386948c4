"""The shared uiautomator dump parser, on real formats and real failures."""

from __future__ import annotations

import logging

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iconfind import Element, parse_uiautomator_xml
from iconfind.backends import format_uiautomator_xml
from tests.conftest import SNAPSHOTS

NULL_ROOT = "ERROR: null root node returned by UiTestAutomationBridge.\n"


def test_parses_the_anr_dialog_dump() -> None:
    elements = parse_uiautomator_xml((SNAPSHOTS / "anr_dialog" / "hierarchy.xml").read_bytes())
    assert elements is not None
    wait = next(e for e in elements if e.text == "Wait")
    assert wait.resource_id == "android:id/aerr_wait"
    assert wait.clickable and wait.enabled and not wait.password
    assert wait.bounds.format() == "[70,1268][1010,1394]"
    assert (
        wait.parent is not None
        and elements[wait.parent].class_name == "android.widget.LinearLayout"
    )
    assert [e.index for e in elements] == list(range(len(elements)))
    assert elements[0].depth == 0 and wait.depth > 0


@pytest.mark.parametrize(
    "text",
    [
        NULL_ROOT,
        "",
        "   \n",
        "UI hierchary dumped to: /dev/tty",
        "<hierarchy rotation='0'>",
        "<hierarchy rotation='0'><node bounds='[0,0][1,1]'>",
        "<hierarchy rotation='0' />",
        "not xml at all <<<>>>",
    ],
)
def test_unavailable_accessibility_is_none_never_an_exception(text: str) -> None:
    assert parse_uiautomator_xml(text) is None


def test_entity_expansion_is_refused() -> None:
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>'
        '<hierarchy><node text="&lol2;" bounds="[0,0][1,1]"/></hierarchy>'
    )
    assert parse_uiautomator_xml(bomb) is None


def test_adb_banner_before_the_xml_is_ignored() -> None:
    text = (
        "UI hierchary dumped to: /dev/tty\n" + (SNAPSHOTS / "toolbar" / "hierarchy.xml").read_text()
    )
    elements = parse_uiautomator_xml(text)
    assert elements is not None and any(e.text == "Notes" for e in elements)


def test_a_node_with_junk_bounds_is_dropped_and_its_children_kept(
    caplog: pytest.LogCaptureFixture,
) -> None:
    xml = (
        "<hierarchy rotation='0'>"
        "<node class='Root' bounds='[0,0][100,100]'>"
        "<node class='Broken' bounds='[50,50][10,10]'>"
        "<node class='Child' text='ok' bounds='[1,1][5,5]'/>"
        "</node></node></hierarchy>"
    )
    with caplog.at_level(logging.WARNING):
        elements = parse_uiautomator_xml(xml)
    assert elements is not None
    assert [e.class_name for e in elements] == ["Root", "Child"]
    assert elements[1].parent == 0
    assert "junk bounds" in caplog.text


def test_format_round_trips_through_the_parser() -> None:
    original = parse_uiautomator_xml((SNAPSHOTS / "toolbar" / "hierarchy.xml").read_bytes())
    assert original is not None
    again = parse_uiautomator_xml(format_uiautomator_xml(original))
    assert again == original


@given(st.text(max_size=300))
def test_parser_never_raises_on_any_text(text: str) -> None:
    result = parse_uiautomator_xml(text)
    assert result is None or all(isinstance(e, Element) for e in result)


@given(st.binary(max_size=300))
def test_parser_never_raises_on_any_bytes(data: bytes) -> None:
    parse_uiautomator_xml(data)
