"""Phrase matching on OCR words: lines, whole words, the fuzzy threshold, ranking."""

from __future__ import annotations

import pytest

from iconfind import Bounds
from iconfind.ocr import FUZZY_MIN_LENGTH, MIN_CONFIDENCE, OcrWord, find_phrases
from iconfind.ocr.phrases import allowed_edits, edit_distance, tokens


def word(text: str, x: int, y: int = 100, line: int = 1, conf: float = 95.0) -> OcrWord:
    """A word 20 px wide per character at ``(x, y)``, 30 px tall."""
    return OcrWord(text, Bounds(x, y, x + 20 * len(text), y + 30), conf, (1, 1, line))


def test_multi_word_phrase_spans_its_words() -> None:
    line = [word("Welcome", 100), word("back", 260), word("Anna", 360)]
    [phrase] = find_phrases(line, "welcome BACK")
    assert phrase.text == "Welcome back"
    assert phrase.bounds == Bounds(100, 100, 340, 130)
    assert not phrase.whole_line


def test_words_on_different_lines_do_not_form_a_phrase() -> None:
    words = [word("Sign", 100, line=1), word("in", 100, y=200, line=2)]
    assert find_phrases(words, "Sign in") == []


def test_whole_words_only() -> None:
    assert find_phrases([word("Feedback", 10)], "back") == []
    assert [p.text for p in find_phrases([word("Go", 10), word("back", 80)], "back")] == ["back"]


def test_punctuation_and_case_are_ignored() -> None:
    [phrase] = find_phrases([word("Forgot", 10), word("password?", 150)], "forgot password")
    assert phrase.text == "Forgot password?"
    assert phrase.whole_line


def test_ocr_split_and_merge_still_match() -> None:
    assert find_phrases([word("Signin", 10)], "Sign in")
    assert find_phrases([word("Pass", 10), word("word", 100)], "Password")


@pytest.mark.parametrize(
    ("read", "query", "found"),
    [
        ("Pasword", "Password", True),  # one slip in a long word
        ("Passvvord", "Password", False),  # two slips
        ("Sigh", "Sign", False),  # short words must be exact
        ("Settinqs", "Settings", True),
        ("Sign ln", "Sign in", True),  # l/i look-alike
        ("L0GIN", "login", True),  # 0/o look-alike
        ("Cancel", "Canoe", False),
    ],
)
def test_fuzzy_threshold(read: str, query: str, found: bool) -> None:
    words = [word(w, 10 + 200 * i) for i, w in enumerate(read.split())]
    assert bool(find_phrases(words, query)) is found


def test_threshold_is_one_edit_per_long_word() -> None:
    assert FUZZY_MIN_LENGTH == 5
    assert allowed_edits(tokens("Sign in")) == 0
    assert allowed_edits(tokens("Forgot password")) == 2
    assert edit_distance("kitten", "sitting", 5) == 3
    assert edit_distance("kitten", "sitting", 1) == 2  # capped at limit + 1


def test_low_confidence_words_are_noise() -> None:
    assert find_phrases([word("Settings", 10, conf=MIN_CONFIDENCE - 1)], "Settings") == []


def test_best_first_exact_then_own_label_then_reading_order() -> None:
    words = [
        word("Pasword", 10, y=50, line=1),  # fuzzy, top
        word("Forgot", 10, y=300, line=2),
        word("password?", 150, y=300, line=2),  # exact, part of a line
        word("Password", 10, y=500, line=3),  # exact, own label, bottom
    ]
    assert [p.text for p in find_phrases(words, "password")] == [
        "Password",
        "password?",
        "Pasword",
    ]


def test_symbol_only_query_matches_nothing() -> None:
    assert find_phrases([word("+", 10)], "+") == []
