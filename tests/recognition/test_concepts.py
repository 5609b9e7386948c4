"""Icon concepts: vocabulary across icon-font families, the words people type, class names."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from iconfind import IconPatterns
from iconfind.errors import PatternFileError
from iconfind.recognition import concepts
from iconfind.recognition.concepts import (
    ConceptTable,
    concept_for_phrase,
    concept_for_words,
    concepts_for_phrase,
    names_an_icon,
)
from iconfind.recognition.references import GlyphTable


def test_hundreds_of_concepts_each_drawn_by_two_design_families(table: GlyphTable) -> None:
    families: dict[str, set[str]] = defaultdict(set)
    for glyph in table.glyphs:
        families[glyph.icon_class].add(glyph.font.family)
    drawn = {c for c, f in families.items() if len(f) >= 2}
    assert len(drawn) >= 300
    ids = ConceptTable.default().ids
    assert set(families) <= set(ids)  # every recognisable class is a concept
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", concept_id) for concept_id in ids)


def test_the_22_classes_keep_their_names_as_concept_ids() -> None:
    classes = {
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
    assert classes <= set(ConceptTable.default().ids)


@pytest.mark.parametrize(
    ("query", "concept"),
    [
        ("next track", "skip_next"),
        ("the next track button", "skip_next"),
        ("trash", "delete"),
        ("kebab", "overflow"),
        ("shuffle", "shuffle"),
        ("microphone", "microphone"),
        ("zoom in", "zoom_in"),
        ("mute", "volume_off"),
        ("attach", "attach"),
        ("shopping cart", "cart"),
        ("Telescope", "telescope"),
        # the words in the order people say them, not the glyph name's
        ("bar chart", "chart_bar"),
        ("laptop", "computer"),
        ("airplane", "flight"),
        ("lock open", "unlock"),
    ],
)
def test_phrases_people_type(query: str, concept: str) -> None:
    assert concept_for_phrase(query) == concept


def test_menu_may_mean_two_icons() -> None:
    assert set(concepts_for_phrase("menu")) == {"overflow", "hamburger"}
    assert concept_for_phrase("menu") is None
    assert concept_for_phrase("Sign up") is None


@pytest.mark.parametrize(
    ("words", "concept"),
    [
        ("fa-bars", "hamburger"),
        ("fas fa-bars", "hamburger"),
        ("mdi-skip-next", "skip_next"),
        ("fa-step-forward", "skip_next"),
        ("fa-forward-step", "skip_next"),
        ("bi-trash", "delete"),
        ("fa-times", "close"),
        ("messagesDropdown", "chat"),
        ("iv_more_options", "overflow"),
        (["btn", "shuffle"], "shuffle"),
        ("fa-exchange", "exchange"),  # ⇄; sort draws it turned upright, by another name
        ("sidebarToggleTop", None),
        ("material-icons", None),
    ],
)
def test_class_names_and_ids_name_concepts(words: str | list[str], concept: str | None) -> None:
    assert concept_for_words(words) == concept


def test_icon_queries_and_plain_text() -> None:
    assert names_an_icon("shuffle") and names_an_icon("next track")
    assert names_an_icon("telescope icon") and names_an_icon("the blue button")
    assert not names_an_icon("Telescope")  # a rare concept's bare name is text
    assert not names_an_icon("Login") and not names_an_icon("Sign up")


def test_users_extend_concepts_with_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    extra = tmp_path / "mine.toml"
    extra.write_text('[shuffle]\nphrases = ["mix it up"]\n\n[my_logo]\nphrases = ["acme logo"]\n')
    monkeypatch.setenv(concepts.ENV_VAR, str(extra))
    assert concept_for_phrase("mix it up") == "shuffle"
    assert concept_for_phrase("acme logo") == "my_logo"
    assert IconPatterns.default().classes_for("mix it up")[0].name == "shuffle"
    bad = tmp_path / "bad.toml"
    bad.write_text('["Not An Id"]\nphrases = []\n')
    monkeypatch.setenv(concepts.ENV_VAR, str(bad))
    with pytest.raises(PatternFileError, match="snake_case"):
        ConceptTable.default()


def test_tier_2_knows_concept_synonyms() -> None:
    patterns = IconPatterns.default()
    (skip,) = patterns.classes_for("next track")
    assert skip.name == "skip_next"
    assert skip.matches_id("com.example:id/btn_skip_next")
    assert skip.matches_id("com.example:id/stepForward")
    assert not skip.matches_id("com.example:id/btn_play")
