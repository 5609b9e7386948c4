"""AT-SPI values onto Elements: state bits, object references, showing filter, document order.

The nodes here are what :class:`~iconfind.backends.atspi.TreeReader` builds from the bus
replies (values, no bus); the live tests (tests/live/test_x11_atspi.py) read a real GTK program.
"""

from __future__ import annotations

import pytest

from iconfind import InvalidArgumentError
from iconfind.backends.atspi import AtspiTree, Node, Ref, State, elements_of, states_of

SHOWN = frozenset({State.SHOWING, State.VISIBLE, State.ENABLED, State.SENSITIVE})


def node(
    path: str,
    role: str,
    name: str = "",
    extents: tuple[int, int, int, int] | None = (0, 0, 10, 10),
    states: frozenset[int] = SHOWN,
    children: list[Node] | None = None,
    **kwargs: object,
) -> Node:
    return Node(
        Ref(":1.5", path),
        role=role,
        name=name,
        extents=extents,
        states=states,
        children=children or [],
        **kwargs,  # type: ignore[arg-type]
    )


def test_state_bits_span_both_words() -> None:
    words = [1 << State.SHOWING | 1 << State.VISIBLE, 1 << (State.CHECKABLE - 32)]
    assert states_of(words) == {State.SHOWING, State.VISIBLE, State.CHECKABLE}
    assert states_of([]) == frozenset()


def test_refs_drop_the_null_object_and_junk() -> None:
    assert Ref.of((":1.2", "/org/a11y/atspi/accessible/1")) == Ref(
        ":1.2", "/org/a11y/atspi/accessible/1"
    )
    assert Ref.of((":1.2", "/org/a11y/atspi/null")) is None
    assert Ref.of(("", "/x")) is None
    assert Ref.of("junk") is None


def test_hidden_subtrees_placeless_nodes_and_offscreen_widgets_are_left_out() -> None:
    ok = node("/ok", "push button", "OK", (110, 220, 80, 30), actions=("click",))
    hidden_child = node("/inner", "push button", "Inner", (0, 0, 5, 5))
    hidden = node(
        "/tab2", "panel", "Other tab", states=frozenset({State.VISIBLE}), children=[hidden_child]
    )
    gtk_offscreen = node("/gone", "push button", "Gone", (-(2**31), -(2**31), 1, 1))
    filler = node("/filler", "filler", extents=None, children=[ok])
    frame = node("/frame", "frame", "Main", (100, 200, 400, 300), children=[filler, hidden])
    frame.children.append(gtk_offscreen)
    app = node("/root", "application", "demo", extents=None, children=[frame], states=frozenset())
    elements = elements_of([app])
    assert [e.text for e in elements] == ["Main", "OK"]
    main, button = elements
    assert (main.index, main.parent, button.index, button.parent) == (0, None, 1, 0)
    assert button.depth == 3 and button.package == "demo"
    assert button.bounds.to_list() == [110, 220, 190, 250]


def test_roles_actions_and_states_map_onto_the_element_vocabulary() -> None:
    states = SHOWN | {State.CHECKABLE, State.CHECKED, State.FOCUSABLE}
    check = node("/c", "check box", "Remember me", states=states)
    custom = node("/d", "drawing area", "Canvas", actions=("activate",))
    label = node("/l", "label", "Status")
    dimmed = node("/b", "push button", "Save", states=frozenset({State.SHOWING, State.VISIBLE}))
    secret = node("/p", "password text", "Password")
    entry = node("/e", "entry", contents="typed words")
    app = node("/root", "application", "demo", extents=None, states=frozenset())
    app.children = [check, custom, label, dimmed, secret, entry]
    by_text = {e.text: e for e in elements_of([app])}
    assert by_text["Remember me"].checkable and by_text["Remember me"].checked
    assert by_text["Remember me"].focusable and by_text["Remember me"].clickable
    assert by_text["Canvas"].clickable, "an activate action makes it clickable"
    assert not by_text["Status"].clickable
    assert not by_text["Save"].enabled
    assert by_text["Password"].password
    assert by_text["typed words"].class_name == "entry"


def test_scale_turns_logical_units_into_pixels() -> None:
    button = node("/b", "push button", "OK", (10, 20, 30, 40))
    app = node("/root", "application", "demo", extents=None, states=frozenset())
    app.children = [button]
    (element,) = elements_of([app], scale=2.0)
    assert element.bounds.to_list() == [20, 40, 80, 120]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"max_nodes": 0},
        {"max_nodes": 2.5},
        {"time_limit_s": 0},
        {"time_limit_s": float("inf")},
        {"scale": -1},
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidArgumentError):
        AtspiTree(**kwargs)  # type: ignore[arg-type]


def test_no_bus_at_all_is_unavailable_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AT_SPI_BUS_ADDRESS", raising=False)
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    tree = AtspiTree()
    assert tree() is None
    assert tree.last_failure is not None
    assert "DBUS_SESSION_BUS_ADDRESS is not set" in tree.last_failure
    refused = AtspiTree(bus_address="unix:path=/nonexistent/iconfind-a11y-bus")
    assert refused() is None
    assert "cannot connect" in (refused.last_failure or "")
    junk = AtspiTree(bus_address="tcp:host=localhost,port=1")
    assert junk() is None
    assert "unusable D-Bus address" in (junk.last_failure or "")
