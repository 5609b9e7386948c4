"""Text normalisation and tokenising shared by the matching strategies.

``words`` and ``id_words`` are cached: the same labels and ids recur in every row of a list and
in every find on the same screen, and splitting them dominated tiers 1-2 on large trees.
"""

from __future__ import annotations

import re
from functools import lru_cache

_WORD_RE = re.compile(r"[^\W_]+|[^\w\s]", re.UNICODE)
_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_ID_SPLIT_RE = re.compile(r"[_\-.\s/:]+")


def normalize(text: str) -> str:
    """Lower case, whitespace collapsed: how tier 1 compares labels."""
    return " ".join(text.casefold().split())


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
    if not needle or len(needle) > len(haystack):
        return False
    first = needle[0]
    last_start = len(haystack) - len(needle)
    return any(
        haystack[i] == first and haystack[i : i + len(needle)] == needle
        for i in range(last_start + 1)
    )
