"""Text normalisation and tokenising shared by the matching strategies.

``words`` and ``id_words`` are cached: the same labels and ids recur in every row of a list and
in every find on the same screen, and splitting them dominated tiers 1-2 on large trees.

Two views of a text:

- :func:`words` keeps symbols (``⋮``, ``+``, ``←``) as words of their own: icon phrases need them.
- :func:`folded_words` is how labels are *compared*: Unicode compatibility forms unfolded
  (full-width ``ＯＫ`` is ``ok``), accents stripped (``Câmera`` is ``camera``), case folded,
  punctuation and symbols dropped, so ``New sign-in…`` and ``new sign in`` are the same words.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_WORD_RE = re.compile(r"[^\W_]+|[^\w\s]", re.UNICODE)
_ALNUM_RE = re.compile(r"[^\W_]+", re.UNICODE)
_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_ID_SPLIT_RE = re.compile(r"[_\-.\s/:]+")

_LETTERS = str.maketrans(
    {"ı": "i", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ħ": "h"}
)
"""Latin letters NFKD does not decompose into a base letter plus marks."""


def normalize(text: str) -> str:
    """Lower case, whitespace collapsed: how tier 1 compares labels."""
    return " ".join(text.casefold().split())


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """``text`` for comparison: NFKD (full-width and ligature forms unfolded), combining marks
    (accents) dropped, case folded, undecomposable Latin letters mapped (``ı`` ``ø`` ``ł``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", stripped).translate(_LETTERS)


@lru_cache(maxsize=65536)
def folded_words(text: str) -> tuple[str, ...]:
    """The letters-and-digits words of :func:`fold` (``text``); punctuation and symbols split.

    ``"Kill Bill: Vol. 1"`` -> ``("kill", "bill", "vol", "1")``.
    """
    return tuple(_ALNUM_RE.findall(fold(text)))


@lru_cache(maxsize=65536)
def words(text: str) -> tuple[str, ...]:
    """Case-folded words; each symbol (⋮, +, ←) is a word of its own, other punctuation splits."""
    return tuple(token for token in _WORD_RE.findall(text.casefold()) if token.strip())


@lru_cache(maxsize=65536)
def id_words(resource_id: str) -> tuple[str, ...]:
    """The words of a resource id's name: after ``:id/``, split on ``_ - . /`` and camelCase."""
    _, _, name = resource_id.rpartition(":id/")
    name = name or resource_id
    parts: list[str] = []
    for chunk in _ID_SPLIT_RE.split(name):
        parts.extend(piece.casefold() for piece in _CAMEL_RE.split(chunk) if piece)
    return tuple(parts)


def contains_run(haystack: tuple[str, ...], needle: tuple[str, ...]) -> bool:
    """Whether ``needle`` occurs in ``haystack`` as consecutive items."""
    return run_start(haystack, needle) >= 0


def run_start(haystack: tuple[str, ...], needle: tuple[str, ...]) -> int:
    """Where ``needle`` first occurs in ``haystack`` as consecutive items, or ``-1``."""
    if not needle or len(needle) > len(haystack):
        return -1
    first = needle[0]
    for i in range(len(haystack) - len(needle) + 1):
        if haystack[i] == first and haystack[i : i + len(needle)] == needle:
            return i
    return -1


ICON_WORDS = frozenset({"icon", "icons", "button", "btn", "glyph", "symbol"})
"""Words that make a query read as a visual thing even when its phrase is unknown."""
