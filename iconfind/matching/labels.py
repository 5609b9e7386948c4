"""Grading a label against a query, best grade first.

=============  ========================================================================
grade          the label...
=============  ========================================================================
EXACT          equals the query, case and all (whitespace collapsed)
WHOLE_LABEL    equals it once folded: case, accents, full-width forms, punctuation and
               spacing ignored ("New sign-in…" = "new sign in", "Audio books" = "audiobooks")
LEADING        starts with the query's words ("Sign in" in "Sign in with Google")
WHOLE_WORDS    holds them as consecutive whole words ("back" never in "Feedback")
ORDERED        holds them in order with other words between ("load more" in "Load up to 100
               more")
SLIP           is the query with a typing slip (rapidfuzz OSA distance: one edit from 6
               letters, two from 12; digits must agree)
LONG_TEXT      holds them as consecutive words of a long text (a paragraph, a list row's
               snippet): only a phrase of :data:`MIN_PHRASE_IN_LONG_TEXT` words, or a name
               written with the same capitals ("LinkedIn"), counts there
=============  ========================================================================

LEADING to SLIP apply to *short* labels only: a label is long when it has more than
:func:`short_limit` words for the query. Anything else is no match at all, so an absent query
ends ``not_found`` instead of landing on a near miss.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from functools import lru_cache

from attrs import frozen
from rapidfuzz.distance import OSA

from iconfind._text import folded_words, run_start

_ALNUM = re.compile(r"[^\W_]+", re.UNICODE)
_LINE_BREAK = re.compile(r"\s*[\r\n]+\s*|(?<=[.!?;])\s+(?=[A-Z0-9])|(?<=\w),\s+")
"""Where a label holds several labels: line breaks, sentence ends before a capital or digit, and
the comma of Android's "name, state" ("Alarm, No alarm set", "Bluetooth, On")."""

MIN_PHRASE_IN_LONG_TEXT = 2
"""A query must have this many words to be found inside a long text: one or two words there
(an absent "Sent" in a mail's snippet) are a near miss, not a target."""
SLIP_ONE_EDIT = 6
"""Queries this long (letters and digits, spaces left out) tolerate one edit."""
SLIP_TWO_EDITS = 12
"""Queries this long tolerate two edits."""


class Grade(enum.IntEnum):
    """How well a label matches a query; lower is better."""

    EXACT = 0
    WHOLE_LABEL = 1
    LEADING = 2
    WHOLE_WORDS = 3
    ORDERED = 4
    SLIP = 5
    LONG_TEXT = 6


@frozen
class LabelMatch:
    """One label's grade for a query, and which attribute matched (``text``/``content_desc``)."""

    grade: Grade
    field: str


def short_limit(query_word_count: int) -> int:
    """The most words a label may have and still be a label for the query, not a text."""
    return max(3, 2 * query_word_count + 1)


def _ordered(label: tuple[str, ...], query: tuple[str, ...]) -> bool:
    position = 0
    for word in query:
        try:
            position = label.index(word, position) + 1
        except ValueError:
            return False
    return True


def _cased_words(text: str) -> tuple[str, ...]:
    decomposed = unicodedata.normalize("NFKD", text)
    return tuple(_ALNUM.findall("".join(c for c in decomposed if not unicodedata.combining(c))))


def _named_in(label: str, query: str) -> bool:
    """A short query written with capitals ("LinkedIn", "YouTube") found with the same case
    inside a long text: a name, which a long description may carry ("Notification from
    LinkedIn: …"). A plain word ("sent") inside a snippet is not."""
    if not any(ch.isupper() for ch in query):
        return False
    return run_start(_cased_words(label), _cased_words(query)) >= 0


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def allowed_edits(compact_query: str) -> int:
    """The slip budget of a query, from its length without spaces."""
    if len(compact_query) >= SLIP_TWO_EDITS:
        return 2
    return 1 if len(compact_query) >= SLIP_ONE_EDIT else 0


def _slip(label: tuple[str, ...], query: tuple[str, ...]) -> bool:
    compact_query = "".join(query)
    budget = allowed_edits(compact_query)
    if budget == 0:
        return False
    wanted_digits = _digits(compact_query)
    count = len(query)
    for size in range(max(1, count - 1), count + 2):
        for start in range(len(label) - size + 1):
            candidate = "".join(label[start : start + size])
            if abs(len(candidate) - len(compact_query)) > budget:
                continue
            if _digits(candidate) != wanted_digits:
                continue
            if OSA.distance(candidate, compact_query, score_cutoff=budget) <= budget:
                return True
    return False


@lru_cache(maxsize=65536)
def _folded_grade(label: str, query: str) -> Grade | None:
    label_words = folded_words(label)
    query_words = folded_words(query)
    if not label_words or not query_words:
        return None
    if label_words == query_words or "".join(label_words) == "".join(query_words):
        return Grade.WHOLE_LABEL
    start = run_start(label_words, query_words)
    short = len(label_words) <= short_limit(len(query_words))
    if start >= 0:
        if short:
            return Grade.LEADING if start == 0 else Grade.WHOLE_WORDS
        if len(query_words) >= MIN_PHRASE_IN_LONG_TEXT or _named_in(label, query):
            return Grade.LONG_TEXT
        return None
    if not short:
        return None
    if len(query_words) > 1 and _ordered(label_words, query_words):
        return Grade.ORDERED
    if _slip(label_words, query_words):
        return Grade.SLIP
    return None


@lru_cache(maxsize=65536)
def match_label(label: str, query: str) -> Grade | None:
    """The grade of ``label`` for ``query``, or ``None`` when it is no match.

    A label of several parts, lines ("Attendance\\nTab 2 of 5"), sentences ("Aeropress. Press
    brewing using air pressure") or "name, state" ("Alarm, No alarm set"), is graded as a whole
    and part by part: each part is a label of its own."""
    if not label or not query:
        return None
    lines = [line for line in _LINE_BREAK.split(label) if line.strip()]
    if len(lines) > 1:
        graded = (_single_label(line, query) for line in [label, *lines])
        grades = [grade for grade in graded if grade is not None]
        return min(grades) if grades else None
    return _single_label(label, query)


def _single_label(label: str, query: str) -> Grade | None:
    if " ".join(label.split()) == " ".join(query.split()):
        return Grade.EXACT
    grade = _folded_grade(label, query)
    if grade is None and not folded_words(query):
        # A query of symbols only ("+", "⋮"): equal symbols, nothing looser.
        return Grade.WHOLE_LABEL if "".join(label.split()) == "".join(query.split()) else None
    return grade


def best_label_match(text: str, content_desc: str, query: str) -> LabelMatch | None:
    """The better of an element's two labels for ``query``."""
    by_text = match_label(text, query)
    by_desc = match_label(content_desc, query)
    if by_text is None and by_desc is None:
        return None
    if by_desc is None or (by_text is not None and by_text <= by_desc):
        assert by_text is not None
        return LabelMatch(by_text, "text")
    return LabelMatch(by_desc, "content_desc")
