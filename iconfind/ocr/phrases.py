"""From OCR words to matched phrases: lines, tokens, and a forgiving but whole-word comparison.

Rules (documented in docs/ocr.md):

- Words are grouped into lines by Tesseract's ``(block, paragraph, line)`` and read left to right.
- Comparison is on case-folded alphanumeric tokens; punctuation and symbols are ignored, so
  "Forgot password?" matches "forgot password". A few OCR look-alikes are folded on both sides
  (``0``/``o``, ``1``/``l``/``i``).
- A match is a run of whole tokens of one line ("back" never matches inside "Feedback"). Spaces
  do not count, so an OCR split ("Pass word") or merge ("Signin") still matches.
- Fuzzy threshold: one edit (Levenshtein: a wrong, missing or extra character) per query word of
  :data:`FUZZY_MIN_LENGTH` or more characters; shorter words must match exactly. "Pasword" finds
  "Password"; "Sign" never finds "Sigh".
- Words below :data:`MIN_CONFIDENCE` are dropped before matching.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from attrs import frozen

from iconfind._text import words as split_words
from iconfind.models import Bounds
from iconfind.ocr.engine import OcrWord

MIN_CONFIDENCE = 30.0
"""Tesseract word confidence (0-100) below which a word is treated as noise."""
FUZZY_MIN_LENGTH = 5
"""Query words this long or longer tolerate one OCR slip each."""

_LOOKALIKES = str.maketrans({"0": "o", "1": "i", "l": "i"})


def tokens(text: str) -> list[str]:
    """Case-folded alphanumeric tokens with OCR look-alikes folded."""
    return [t.translate(_LOOKALIKES) for t in split_words(text) if t.isalnum()]


def allowed_edits(query_tokens: Sequence[str]) -> int:
    """The fuzzy budget of a query: one edit per word of :data:`FUZZY_MIN_LENGTH`+ characters."""
    return sum(1 for token in query_tokens if len(token) >= FUZZY_MIN_LENGTH)


def edit_distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance of ``a`` and ``b``, or ``limit + 1`` once it exceeds ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b))
            )
        if min(current) > limit:
            return limit + 1
        previous = current
    return min(previous[-1], limit + 1)


@frozen
class Phrase:
    """A run of OCR words that matches the query.

    ``bounds`` is the union of the words' boxes, ``text`` their OCR text, ``distance`` the edits
    needed, ``whole_line`` whether the run is its line's entire text (a label of its own).
    """

    text: str
    bounds: Bounds
    confidence: float
    distance: int
    whole_line: bool

    @property
    def rank(self) -> tuple[int, bool, int, int]:
        """Sort key, best first: fewest edits, own label before part of a longer line, then
        reading order."""
        return (self.distance, not self.whole_line, self.bounds.y1, self.bounds.x1)


def lines(words: Iterable[OcrWord], min_confidence: float = MIN_CONFIDENCE) -> list[list[OcrWord]]:
    """Confident words grouped into lines, each read left to right, lines top to bottom."""
    grouped: dict[tuple[int, int, int], list[OcrWord]] = defaultdict(list)
    for word in words:
        if word.confidence >= min_confidence:
            grouped[word.line].append(word)
    ordered = [sorted(line, key=lambda w: w.bounds.x1) for line in grouped.values()]
    return sorted(ordered, key=lambda line: (line[0].bounds.y1, line[0].bounds.x1))


def union(boxes: Iterable[Bounds]) -> Bounds:
    boxes = list(boxes)
    return Bounds(
        min(b.x1 for b in boxes),
        min(b.y1 for b in boxes),
        max(b.x2 for b in boxes),
        max(b.y2 for b in boxes),
    )


def find_phrases(
    words: Iterable[OcrWord], query: str, *, min_confidence: float = MIN_CONFIDENCE
) -> list[Phrase]:
    """Every phrase of ``words`` matching ``query``, best first (see the module's rules)."""
    wanted = tokens(query)
    if not wanted:
        return []
    target = "".join(wanted)
    limit = allowed_edits(wanted)
    found: list[Phrase] = []
    for line in lines(words, min_confidence):
        found.extend(_match_line(line, target, len(wanted), limit))
    return sorted(found, key=lambda p: p.rank)


def _match_line(line: list[OcrWord], target: str, count: int, limit: int) -> list[Phrase]:
    # Flatten the line into tokens, remembering which word each came from.
    flat: list[tuple[str, int]] = [
        (token, index) for index, word in enumerate(line) for token in tokens(word.text)
    ]
    hits: list[tuple[int, int, int, int]] = []  # (distance, |length - count|, start, end)
    for start in range(len(flat)):
        for length in range(max(1, count - 1), count + 2):
            end = start + length
            if end > len(flat):
                break
            candidate = "".join(token for token, _ in flat[start:end])
            distance = edit_distance(candidate, target, limit)
            if distance <= limit:
                hits.append((distance, abs(length - count), start, end))
    taken: set[int] = set()
    phrases: list[Phrase] = []
    for distance, _, start, end in sorted(hits):
        span = set(range(start, end))
        if span & taken:
            continue
        taken |= span
        first, last = flat[start][1], flat[end - 1][1]
        chosen = line[first : last + 1]
        phrases.append(
            Phrase(
                text=" ".join(word.text for word in chosen),
                bounds=union(word.bounds for word in chosen),
                confidence=min(word.confidence for word in chosen),
                distance=distance,
                whole_line=start == 0 and end == len(flat),
            )
        )
    return phrases
