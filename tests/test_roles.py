"""Role words in queries, and one role vocabulary over every platform's role names."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iconfind import Element
from iconfind.errors import PatternFileError
from iconfind.roles import RoleVocabulary

ROLES = RoleVocabulary.default()


@pytest.mark.parametrize(
    ("query", "name", "roles"),
    [
        ("search button", "search", ["button"]),
        ("the email field", "email", ["field"]),
        ("Password field", "Password", ["field"]),
        ("username text box", "username", ["field"]),
        ("Remember me checkbox", "Remember me", ["checkbox"]),
        ("Sign-in button", "Sign-in", ["button"]),
        ("menu item Settings", "Settings", ["menu_item"]),
        ("Ready to Leave? dialog", "Ready to Leave", ["dialog"]),
        ("Wi-Fi switch", "Wi-Fi", ["switch"]),
        ("Docs link", "Docs", ["link"]),
        ("settings icon", "settings", ["icon"]),
        # no role word: the whole query is the name ("menu" alone is no role)
        ("hamburger menu", "hamburger menu", []),
        ("facebook", "facebook", []),
        # a role word alone leaves no name
        ("button", "", ["button"]),
        ("check box", "", ["checkbox"]),
    ],
)
def test_parse_splits_role_words_from_the_name(query: str, name: str, roles: list[str]) -> None:
    parsed = ROLES.parse(query)
    assert parsed.name == name
    assert [role.name for role in parsed.roles] == roles


def test_soft_roles_describe_but_do_not_restrict() -> None:
    assert not ROLES.parse("settings icon").restricts
    assert ROLES.parse("search button").restricts


@given(st.text(max_size=60))
def test_parse_never_raises(query: str) -> None:
    parsed = ROLES.parse(query)
    assert isinstance(parsed.name, str)


@pytest.mark.parametrize(
    ("class_name", "role"),
    [
        ("android.widget.Button", "button"),
        ("android.widget.ImageButton", "button"),
        ("com.google.android.material.button.MaterialButton", "button"),
        ("android.widget.EditText", "field"),
        ("androidx.appcompat.widget.AppCompatEditText", "field"),
        ("android.widget.CheckBox", "checkbox"),
        ("android.widget.Switch", "switch"),
        ("button", "button"),  # Chromium / ARIA
        ("textbox", "field"),
        ("searchbox", "field"),
        ("link", "link"),
        ("tab", "tab"),
        ("dialog", "dialog"),
        ("push button", "button"),  # AT-SPI
        ("text", "field"),
        ("page tab", "tab"),
        ("check box", "checkbox"),
        ("ButtonControl", "button"),  # UI Automation
        ("Edit", "field"),
        ("TabItemControl", "tab"),
        ("AXButton", "button"),  # macOS
        ("AXTextField", "field"),
        ("AXCheckBox", "checkbox"),
        ("XCUIElementTypeSecureTextField", "field"),  # iOS
    ],
)
def test_one_vocabulary_knows_every_platform(class_name: str, role: str) -> None:
    assert role in ROLES.roles_of(Element(bounds="[0,0][10,10]", class_name=class_name))


def test_any_clickable_counts_as_a_button_but_not_a_field_or_checkbox() -> None:
    clickable_view = Element(bounds="[0,0][10,10]", class_name="android.view.View", clickable=True)
    checkbox = Element(bounds="[0,0][10,10]", class_name="checkbox", clickable=True)
    text = Element(bounds="[0,0][10,10]", class_name="android.widget.TextView")
    button = ROLES.roles["button"]
    assert ROLES.elements_in_roles([clickable_view, checkbox, text], [button]) == [clickable_view]


def test_a_password_element_is_a_field_whatever_its_class() -> None:
    secret = Element(bounds="[0,0][10,10]", class_name="SomeCustomWidget", password=True)
    assert ROLES.elements_in_roles([secret], [ROLES.roles["field"]]) == [secret]


def test_role_files_extend_the_vocabulary(tmp_path: Path) -> None:
    extra = tmp_path / "roles.toml"
    extra.write_text(
        '[button]\nwords = ["knopf"]\n\n[slider]\nwords = ["slider"]\nweb = ["slider"]\n'
        'android = ["SeekBar"]\n',
        encoding="utf-8",
    )
    table = RoleVocabulary.load(extra)
    assert [r.name for r in table.parse("Suche knopf").roles] == ["button"]
    assert table.parse("volume slider").name == "volume"
    seek = Element(bounds="[0,0][10,10]", class_name="android.widget.SeekBar")
    assert table.roles_of(seek) == ("slider",)


@pytest.mark.parametrize(
    "content",
    [
        "[button]\nwords = 'button'\n",
        "[button]\nunknown = []\n",
        "[button]\nsoft = 'yes'\n",
        "button = 3\n",
        "not toml [",
    ],
)
def test_bad_role_files_raise_a_typed_error(tmp_path: Path, content: str) -> None:
    bad = tmp_path / "roles.toml"
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(PatternFileError):
        RoleVocabulary.load(bad)


def test_a_missing_role_file_raises_a_typed_error(tmp_path: Path) -> None:
    with pytest.raises(PatternFileError, match="cannot read"):
        RoleVocabulary.load(tmp_path / "absent.toml")
