"""Text normalisation and tokenising shared by the matching strategies."""

from __future__ import annotations

import re

_WORD_RE = re.compile(r"[^\W_]+|[^\w\s]", re.UNICODE)
_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_ID_SPLIT_RE = re.compile(r"[_\-.\s/:]+")


def normalize(text: str) -> str:
    """Lower case, whitespace collapsed: how tier 1 compares labels."""
    return " ".join(text.casefold().split())


def words(text: str) -> tuple[str, ...]:
    """Case-folded words; each symbol (⋮, +, ←) is a word of its own, other punctuation splits."""
    return tuple(token for token in _WORD_RE.findall(text.casefold()) if token.strip())


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
