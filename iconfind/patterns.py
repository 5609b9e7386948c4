"""Icon classes and their resource-id patterns (tier 2), loaded from a data file.

The shipped table lives in ``iconfind/data/icon_patterns.toml``; users extend it without code
changes through :meth:`IconPatterns.load` or the ``ICONFIND_PATTERNS`` environment variable.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from attrs import frozen

from iconfind._data_files import parse_toml, string_list
from iconfind._text import ICON_WORDS, contains_run, normalize, words
from iconfind.errors import PatternFileError
from iconfind.matching.ids import id_terms

ENV_VAR = "ICONFIND_PATTERNS"

FILLER_WORDS = frozenset(
    {"the", "a", "an", "icon", "button", "btn", "image", "tap", "click", "press", "on", "symbol"}
)
"""Words a query may carry around a phrase without changing which icon it means."""
MAX_DESCRIPTION_WORDS = 4
"""A content-desc longer than this is a sentence, not an icon's name."""


@frozen
class IconClass:
    """One icon class: its name, resource-id patterns and the phrases people use for it."""

    name: str
    ids: tuple[tuple[str, ...], ...]
    """Each pattern as its words: ``navigate_up`` -> ``("navigate", "up")``."""
    phrases: tuple[tuple[str, ...], ...]
    common: bool = True
    """An icon apps show every day: its bare name ("shuffle") makes tier 4 offer candidates.
    Rarer concepts ("telescope") reach tier 4 only with an icon word ("telescope icon"), so an
    absent text query stays a plain ``not_found``."""
    vocabulary: bool = False
    """A concept of the open icon vocabulary (``icon_concepts.toml``) rather than a class of
    ``icon_patterns.toml``: its keys are glyph names ("note", "mail"), too generic to say what an
    arbitrary id *is*, so they are matched only against the concepts a query asks for."""

    def matches_id(self, resource_id: str) -> bool:
        """An id whose words (abbreviations expanded: ``notiBtn`` is notification button) hold
        one of the class's patterns as consecutive words."""
        if not resource_id:
            return False
        tokens = id_terms(resource_id)
        return any(contains_run(tokens, pattern) for pattern in self.ids)

    def matches_description(self, content_desc: str) -> bool:
        """A content-desc that is one of the class's phrases, or a short one holding a phrase of
        two or more words ("Open navigation drawer" holds "navigation drawer")."""
        if not content_desc:
            return False
        said = words(content_desc)
        if said in self.phrases:
            return True
        if len(said) > MAX_DESCRIPTION_WORDS:
            return False
        return any(len(p) >= 2 and contains_run(said, p) for p in self.phrases)


@frozen
class IconPatterns:
    """The icon-class table: query words to classes, classes to resource-id patterns."""

    classes: Mapping[str, IconClass]

    @classmethod
    def default(cls) -> IconPatterns:
        """The shipped table, the icon concepts of ``iconfind/data/icon_concepts.toml`` (and
        ``ICONFIND_CONCEPTS``) as further classes, plus any files named by ``ICONFIND_PATTERNS``.
        """
        table = _shipped_with_concepts(os.environ.get("ICONFIND_CONCEPTS", ""))
        if cls is not IconPatterns:
            table = cls(classes=table.classes)
        extra = os.environ.get(ENV_VAR, "")
        paths = [Path(part) for part in extra.split(os.pathsep) if part.strip()]
        return table.extended_with_files(paths) if paths else table

    @classmethod
    def load(cls, *paths: str | Path, include_default: bool = True) -> IconPatterns:
        """The default table extended with pattern files (TOML or JSON of the shipped shape)."""
        base = cls.default() if include_default else cls(classes={})
        return base.extended_with_files([Path(p) for p in paths])

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], where: str = "patterns") -> IconPatterns:
        """From ``{"class": {"ids": [...], "phrases": [...]}}``; a bare list means ``ids``."""
        if not isinstance(raw, Mapping):
            raise PatternFileError(f"{where}: expected a table of icon classes")
        classes: dict[str, IconClass] = {}
        for name, spec in raw.items():
            if isinstance(spec, list):
                spec = {"ids": spec}
            if not isinstance(spec, Mapping):
                raise PatternFileError(f"{where}: class {name!r} must be a table with ids/phrases")
            unknown = set(spec) - {"ids", "phrases"}
            if unknown:
                raise PatternFileError(
                    f"{where}: class {name!r} has unknown keys {sorted(unknown)}"
                )
            ids = string_list(spec.get("ids", []), where, f"{name}.ids")
            phrases = string_list(spec.get("phrases", []), where, f"{name}.phrases")
            key = normalize(str(name))
            classes[key] = IconClass(
                name=key,
                ids=tuple(_id_pattern(p) for p in ids if _id_pattern(p)),
                phrases=tuple(dict.fromkeys(w for w in (words(p) for p in [key, *phrases]) if w)),
            )
        return cls(classes=classes)

    def extended(self, other: IconPatterns | Mapping[str, Any]) -> IconPatterns:
        """A new table: classes of ``other`` added, same-named classes merged."""
        extra = other if isinstance(other, IconPatterns) else IconPatterns.from_mapping(other)
        merged = dict(self.classes)
        for name, icon in extra.classes.items():
            if name in merged:
                old = merged[name]
                icon = IconClass(
                    name=name,
                    ids=tuple(dict.fromkeys(old.ids + icon.ids)),
                    phrases=tuple(dict.fromkeys(old.phrases + icon.phrases)),
                )
            merged[name] = icon
        return IconPatterns(classes=merged)

    def extended_with_files(self, paths: Iterable[Path]) -> IconPatterns:
        table = self
        for path in paths:
            table = table.extended(IconPatterns.from_mapping(_read_file(path), str(path)))
        return table

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.classes)

    def names_an_icon(self, query: str) -> bool:
        """Whether ``query`` reads as a visual thing: it names a common icon class ("shuffle",
        "next track"), or any class or nothing known with an icon word ("telescope icon",
        "blue button"). Tier 4 offers candidates for such queries instead of ``not_found``."""
        tokens = words(query)
        if any(t in ICON_WORDS for t in tokens):
            return True
        return any(c.common for c in self.classes_for(query))

    def classes_for(self, query: str) -> tuple[IconClass, ...]:
        """The icon classes a query asks for: ``"the overflow menu icon"`` -> ``(overflow,)``.

        The query's words, with filler words left out or kept, must be one of a class's phrases.
        Never raises, whatever the string.
        """
        tokens = words(query)
        if not tokens:
            return ()
        forms = {tokens, tuple(t for t in tokens if t not in FILLER_WORDS)}
        return tuple(
            icon for icon in self.classes.values() if any(form in icon.phrases for form in forms)
        )


@lru_cache(maxsize=4)
def _shipped_with_concepts(concept_files: str) -> IconPatterns:
    """The shipped classes, then every icon concept not among them: its keys are resource-id
    patterns and its phrases query phrases (``concept_files`` keys the cache on the env var)."""
    from iconfind.recognition.concepts import ConceptTable

    classes = dict(_shipped_table().classes)
    for concept in ConceptTable.default().concepts.values():
        if concept.id not in classes:
            classes[concept.id] = IconClass(
                name=concept.id,
                ids=concept.keys,
                phrases=concept.phrases,
                common=concept.common,
                vocabulary=True,
            )
    return IconPatterns(classes=classes)


def _id_pattern(pattern: str) -> tuple[str, ...]:
    return id_terms(pattern)


def _read_file(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PatternFileError(
            f"{path}: cannot read pattern file ({exc.strerror or exc})"
        ) from None
    if path.suffix.lower() == ".json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise PatternFileError(f"{path}: not valid JSON ({exc})") from None
    return parse_toml(text, str(path))


@lru_cache(maxsize=1)
def _shipped_table() -> IconPatterns:
    """The shipped table, parsed once per process (every new Locator's chain asks for it)."""
    shipped = resources.files("iconfind").joinpath("data/icon_patterns.toml").read_text("utf-8")
    return IconPatterns.from_mapping(parse_toml(shipped, "iconfind/data/icon_patterns.toml"))
