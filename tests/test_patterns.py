"""Tier 2's icon pattern table: queries to classes, ids to classes, user extensions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iconfind import IconPatterns, PatternFileError

PATTERNS = IconPatterns.default()


def names(query: str) -> set[str]:
    return {icon.name for icon in PATTERNS.classes_for(query)}


def test_the_seed_table_is_complete() -> None:
    seed_keys = {
        "overflow",
        "back",
        "close",
        "home",
        "search",
        "settings",
        "share",
        "edit",
        "delete",
        "add",
        "play",
        "pause",
        "refresh",
        "favorite",
        "bookmark",
        "notification",
        "filter",
        "sort",
        "download",
        "upload",
        "profile",
        "hamburger",
    }
    assert seed_keys <= set(PATTERNS.names)
    overflow = PATTERNS.classes["overflow"]
    for pattern in ["overflow", "more", "options", "menu", "dots", "kabob", "meatball"]:
        assert overflow.matches_id(f"com.app:id/x_{pattern}_y")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("overflow menu", {"overflow"}),
        ("more options", {"overflow"}),
        ("three dots", {"overflow"}),
        ("the overflow menu icon", {"overflow"}),
        ("⋮", {"overflow"}),
        ("Back", {"back"}),
        ("back arrow", {"back"}),
        ("hamburger menu", {"hamburger"}),
        ("search button", {"search"}),
        ("Sign up", set()),
        ("Learn more about us", set()),
        ("Login", {"login"}),  # an icon concept for tier 2 ids; tier 4 needs "login icon"
    ],
)
def test_queries_map_to_classes(query: str, expected: set[str]) -> None:
    assert names(query) == expected


@pytest.mark.parametrize(
    ("resource_id", "icon", "hit"),
    [
        ("com.example:id/iv_more_options", "overflow", True),
        ("com.example:id/smoreo", "overflow", False),
        ("com.example:id/toolbar_nav_up", "back", True),
        ("com.example:id/btnMoreOptions", "overflow", True),
        ("btn-more-options", "overflow", True),
        ("com.example:id/navigate_up", "back", True),
        ("com.example:id/up", "back", False),
        ("com.example:id/feedback", "back", False),
        ("com.example:id/ic_close", "close", True),
        ("", "close", False),
    ],
)
def test_resource_ids_match_on_whole_words(resource_id: str, icon: str, hit: bool) -> None:
    assert PATTERNS.classes[icon].matches_id(resource_id) is hit


def test_content_desc_equal_to_a_phrase_matches() -> None:
    assert PATTERNS.classes["overflow"].matches_description("More options")
    assert PATTERNS.classes["back"].matches_description("Navigate up")
    assert not PATTERNS.classes["overflow"].matches_description("Show more comments")


def test_user_file_extends_without_code_changes(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        '[overflow]\nids = ["kebab_btn"]\n\n'
        '[scan]\nids = ["qr", "scanner"]\nphrases = ["scan code"]\n'
    )
    table = IconPatterns.load(path)
    assert table.classes["overflow"].matches_id("app:id/kebab_btn")
    assert table.classes["overflow"].matches_id("app:id/iv_more")  # shipped patterns kept
    assert {c.name for c in table.classes_for("scan code")} == {"scan"}


def test_env_var_names_extra_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "extra.json"
    path.write_text(json.dumps({"cart": {"ids": ["cart", "basket"], "phrases": ["shopping cart"]}}))
    monkeypatch.setenv("ICONFIND_PATTERNS", str(path))
    assert IconPatterns.default().classes["cart"].matches_id("shop:id/iv_basket")


@pytest.mark.parametrize(
    "content",
    ["not = [valid", '[x]\nids = "more"\n', '[x]\nlabels = ["a"]\n', "x = 3\n"],
)
def test_bad_pattern_files_raise_a_clear_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(content)
    with pytest.raises(PatternFileError, match=r"bad\.toml"):
        IconPatterns.load(path)


def test_missing_pattern_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(PatternFileError, match="cannot read"):
        IconPatterns.load(tmp_path / "nope.toml")


@settings(deadline=None)  # 791 classes with the icon concepts: no wall-clock limit in tests
@given(st.text())
def test_pattern_matching_never_raises(text: str) -> None:
    PATTERNS.classes_for(text)
    for icon in PATTERNS.classes.values():
        icon.matches_id(text)
        icon.matches_description(text)
