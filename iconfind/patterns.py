"""Icon classes and their resource-id patterns (tier 2), loaded from a data file.

The shipped table lives in ``iconfind/data/icon_patterns.toml``; users extend it without code
changes through :meth:`IconPatterns.load` or the ``ICONFIND_PATTERNS`` environment variable.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from attrs import frozen

from iconfind._text import contains_run, id_words, normalize, words
from iconfind.errors import PatternFileError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

ENV_VAR = "ICONFIND_PATTERNS"

FILLER_WORDS = frozenset(
    {"the", "a", "an", "icon", "button", "btn", "image", "tap", "click", "press", "on", "symbol"}
)
"""Words a query may carry around a phrase without changing which icon it means."""


@frozen
class IconClass:
    """One icon class: its name, resource-id patterns and the phrases people use for it."""

    name: str
    ids: tuple[tuple[str, ...], ...]
    """Each pattern as its words: ``navigate_up`` -> ``("navigate", "up")``."""
    phrases: tuple[tuple[str, ...], ...]

    def matches_id(self, resource_id: str) -> bool:
        if not resource_id:
            return False
        tokens = id_words(resource_id)
        return any(contains_run(tokens, pattern) for pattern in self.ids)

    def matches_description(self, content_desc: str) -> bool:
        if not content_desc:
            return False
        return words(content_desc) in self.phrases


@frozen
class IconPatterns:
    """The icon-class table: query words to classes, classes to resource-id patterns."""

    classes: Mapping[str, IconClass]

    @classmethod
    def default(cls) -> IconPatterns:
        """The shipped table, plus any files named by ``ICONFIND_PATTERNS``."""
        shipped = resources.files("iconfind").joinpath("data/icon_patterns.toml").read_text("utf-8")
        table = cls.from_mapping(_parse_toml(shipped, "iconfind/data/icon_patterns.toml"))
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
            ids = _string_list(spec.get("ids", []), where, name, "ids")
            phrases = _string_list(spec.get("phrases", []), where, name, "phrases")
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


def _id_pattern(pattern: str) -> tuple[str, ...]:
    return id_words(pattern)


def _string_list(value: Any, where: str, name: str, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise PatternFileError(f"{where}: {name}.{key} must be a list of strings")
    return value


def _parse_toml(text: str, where: str) -> dict[str, Any]:
    try:
        parsed: dict[str, Any] = tomllib.loads(text)
        return parsed
    except tomllib.TOMLDecodeError as exc:
        raise PatternFileError(f"{where}: not valid TOML ({exc})") from None


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
    return _parse_toml(text, str(path))
