"""Resource ids read as words, so an English query finds an English id on any screen.

``com.app:id/notiBtn`` is the words ``notification button``; the query "notifications" is
``notification``. Abbreviations and the words that only name a kind of view come from
``iconfind/data/id_abbreviations.toml`` (data, not code). Both sides are normalised the same way
(abbreviations expanded, a plural ``s`` dropped), so the table works in either direction.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources

from iconfind._text import fold, folded_words, id_words, run_start

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

QUERY_FILLER = frozenset(
    {"the", "a", "an", "icon", "button", "btn", "image", "tap", "click", "press", "on", "symbol",
     "to", "of"}
)  # fmt: skip
"""Query words that say how to act or what kind of view, not which one."""


@lru_cache(maxsize=1)
def _table() -> tuple[Mapping[str, tuple[str, ...]], frozenset[str]]:
    raw = resources.files("iconfind").joinpath("data/id_abbreviations.toml").read_text("utf-8")
    data = tomllib.loads(raw)
    expand = {key: tuple(str(value).split()) for key, value in data.get("expand", {}).items()}
    structural = frozenset(data.get("structural", {}).get("words", []))
    return expand, structural


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _expanded(tokens: tuple[str, ...]) -> tuple[str, ...]:
    expand, _ = _table()
    out: list[str] = []
    for token in tokens:
        for word in expand.get(token, (token,)):
            out.append(_singular(word))
    return tuple(out)


@lru_cache(maxsize=65536)
def id_terms(resource_id: str, *, structural: bool = True) -> tuple[str, ...]:
    """An id's words, abbreviations expanded and plurals made singular; with ``structural`` false
    the words that only name a kind of view (button, image, layout…) are left out."""
    tokens = _expanded(tuple(fold(t) for t in id_words(resource_id)))
    if structural:
        return tokens
    _, kinds = _table()
    return tuple(t for t in tokens if t not in kinds)


@lru_cache(maxsize=4096)
def query_terms(query: str) -> tuple[str, ...]:
    """A query's content words for comparing with ids: folded, filler and view-kind words left
    out, abbreviations expanded, plurals made singular. ``"the Notifications button"`` ->
    ``("notification",)``."""
    _, kinds = _table()
    tokens = tuple(t for t in folded_words(query) if t not in QUERY_FILLER)
    return tuple(t for t in _expanded(tokens) if t not in kinds)


class IdMatch(enum.IntEnum):
    """How an id names the query; lower is better."""

    WHOLE = 0
    """The id's content words are the query's (``btn_send``: "send"; ``zoomIn``: "zoom in")."""
    HEAD = 1
    """The query's words end the id (``nav_shop`` for "shop", ``menuitem_overflow`` for
    "overflow"): English compounds name the thing last."""


def id_match(resource_id: str, query: str) -> IdMatch | None:
    """Whether ``resource_id`` names what ``query`` asks for, and how closely."""
    if not resource_id:
        return None
    wanted = query_terms(query)
    if not wanted:
        return None
    have = id_terms(resource_id, structural=False)
    if not have:
        return None
    if have == wanted or "".join(have) == "".join(wanted):
        return IdMatch.WHOLE
    start = run_start(have, wanted)
    if start >= 0 and start + len(wanted) == len(have):
        return IdMatch.HEAD
    return None
