"""Role words in queries ("search *button*", "email *field*") and the platform roles they mean.

One vocabulary, loaded from ``iconfind/data/roles.toml``, maps each role word people say to the
roles every platform reports in :attr:`Element.class_name <iconfind.Element.class_name>`: Android
class names, Chromium (ARIA) roles, AT-SPI role names, UI Automation control types and macOS AX
roles. :func:`RoleVocabulary.parse` splits a query into its role and its name; a role word alone
is never a name, so "search button" never matches a text that merely says "button".
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from iconfind._data_files import parse_toml, string_list
from iconfind._text import words
from iconfind.errors import PatternFileError
from iconfind.models import Element

ENV_VAR = "ICONFIND_ROLES"
PLATFORMS = ("android", "web", "atspi", "uia", "ax", "ios")
_LEADING_FILLER = frozenset({"the", "a", "an", "this", "that"})
_KEYS = frozenset({"words", "soft", "any_clickable", *PLATFORMS})


@frozen
class Role:
    """One role: the words that name it and the platform roles that are it."""

    name: str
    words: tuple[tuple[str, ...], ...]
    platform_roles: frozenset[str]
    """Case-folded platform role names (``button``, ``edittext``, ``push button``, ``axbutton``)."""
    soft: bool = False
    any_clickable: bool = False

    def holds_for(self, element: Element, others: frozenset[str]) -> bool:
        """Whether ``element`` plays this role; ``others`` are the platform roles of every
        other (non-soft) role, which an ``any_clickable`` role does not claim."""
        kind = _platform_role(element.class_name)
        if kind in self.platform_roles or _suffix_match(kind, self.platform_roles):
            return True
        if self.name == "field" and element.password:
            return True
        return (
            self.any_clickable
            and element.clickable
            and kind not in others
            and not _suffix_match(kind, others)
        )


@frozen
class RoleQuery:
    """A query split into role and name: ``"the search button"`` -> roles (button,), "search"."""

    name: str
    roles: tuple[Role, ...] = ()
    role_words: tuple[str, ...] = ()
    """The words that were read as the role (``("button",)``)."""

    @property
    def restricts(self) -> bool:
        """Whether the role narrows the elements (soft roles such as "icon" do not)."""
        return any(not role.soft for role in self.roles)


@frozen
class RoleVocabulary:
    """The role table: query words to roles, roles to each platform's role names."""

    roles: Mapping[str, Role]
    others: Mapping[str, frozenset[str]] = attrs.field(eq=False, repr=False)
    """Per role, the platform roles of every other non-soft role (computed by :meth:`of`)."""

    @classmethod
    def of(cls, roles: Mapping[str, Role]) -> RoleVocabulary:
        """A table of ``roles``."""
        others: dict[str, frozenset[str]] = {}
        for name, role in roles.items():
            rest: set[str] = set()
            for other in roles.values():
                if other.name != name and not other.soft:
                    rest |= other.platform_roles - role.platform_roles
            others[name] = frozenset(rest)
        return cls(roles=dict(roles), others=others)

    @classmethod
    def default(cls) -> RoleVocabulary:
        """The shipped table, plus any files named by ``ICONFIND_ROLES`` (``os.pathsep``)."""
        return _default(os.environ.get(ENV_VAR, ""))

    @classmethod
    def load(cls, *paths: str | Path, include_default: bool = True) -> RoleVocabulary:
        """The default table extended with role files (TOML of the shipped shape)."""
        base = cls.default() if include_default else cls.of({})
        return base.extended_with_files(Path(p) for p in paths)

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], where: str = "roles") -> RoleVocabulary:
        """From ``{"button": {"words": [...], "web": [...], ...}}``."""
        if not isinstance(raw, Mapping):
            raise PatternFileError(f"{where}: expected a table of roles")
        roles: dict[str, Role] = {}
        for name, spec in raw.items():
            if not isinstance(spec, Mapping):
                raise PatternFileError(f"{where}: role {name!r} must be a table")
            unknown = set(spec) - _KEYS
            if unknown:
                raise PatternFileError(f"{where}: role {name!r} has unknown keys {sorted(unknown)}")
            for flag in ("soft", "any_clickable"):
                if not isinstance(spec.get(flag, False), bool):
                    raise PatternFileError(f"{where}: {name}.{flag} must be true or false")
            phrases = string_list(spec.get("words", []), where, f"{name}.words")
            platform_roles = [
                kind.casefold()
                for platform in PLATFORMS
                for kind in string_list(spec.get(platform, []), where, f"{name}.{platform}")
            ]
            roles[str(name)] = Role(
                name=str(name),
                words=tuple(dict.fromkeys(w for w in map(words, phrases) if w)),
                platform_roles=frozenset(platform_roles),
                soft=bool(spec.get("soft", False)),
                any_clickable=bool(spec.get("any_clickable", False)),
            )
        return cls.of(roles)

    def extended(self, other: RoleVocabulary) -> RoleVocabulary:
        """A new table: roles of ``other`` added, same-named roles merged."""
        merged = dict(self.roles)
        for name, role in other.roles.items():
            old = merged.get(name)
            if old is not None:
                role = Role(
                    name=name,
                    words=tuple(dict.fromkeys(old.words + role.words)),
                    platform_roles=old.platform_roles | role.platform_roles,
                    soft=role.soft,
                    any_clickable=role.any_clickable or old.any_clickable,
                )
            merged[name] = role
        return RoleVocabulary.of(merged)

    def extended_with_files(self, paths: Iterable[Path]) -> RoleVocabulary:
        table = self
        for path in paths:
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as exc:
                raise PatternFileError(
                    f"{path}: cannot read role file ({exc.strerror or exc})"
                ) from None
            table = table.extended(
                RoleVocabulary.from_mapping(parse_toml(text, str(path)), str(path))
            )
        return table

    def parse(self, query: str) -> RoleQuery:
        """Split ``query`` into a role and a name.

        The longest run of role words at the end of the query (else at its start, after an
        article) is the role; the rest, in the query's own spelling, is the name. With no role
        word the whole query is the name. Never raises, whatever the string.
        """
        tokens = words(query)
        while tokens and tokens[0] in _LEADING_FILLER:
            tokens = tokens[1:]
        for at_end in (True, False):
            best: tuple[tuple[str, ...], tuple[Role, ...]] | None = None
            for role in self.roles.values():
                for phrase in role.words:
                    n = len(phrase)
                    if n > len(tokens):
                        continue
                    piece = tokens[-n:] if at_end else tokens[:n]
                    if piece != phrase:
                        continue
                    if best is None or n > len(best[0]):
                        best = (phrase, (role,))
                    elif n == len(best[0]) and role not in best[1]:
                        best = (phrase, (*best[1], role))
            if best is not None:
                phrase, roles = best
                return RoleQuery(
                    name=_cut(query, phrase, at_end=at_end), roles=roles, role_words=phrase
                )
        return RoleQuery(name=query.strip())

    def elements_in_roles(
        self, elements: Iterable[Element], roles: Iterable[Role]
    ) -> list[Element]:
        """The elements that play one of ``roles`` (soft roles restrict nothing)."""
        hard = [role for role in roles if not role.soft]
        pool = list(elements)
        if not hard:
            return pool
        return [e for e in pool if any(r.holds_for(e, self.others[r.name]) for r in hard)]

    def roles_of(self, element: Element) -> tuple[str, ...]:
        """The names of the (non-soft) roles ``element`` plays, by its platform role only."""
        kind = _platform_role(element.class_name)
        return tuple(
            role.name
            for role in self.roles.values()
            if not role.soft
            and (kind in role.platform_roles or _suffix_match(kind, role.platform_roles))
        )


@lru_cache(maxsize=4)
def _default(extra: str) -> RoleVocabulary:
    shipped = resources.files("iconfind").joinpath("data/roles.toml").read_text("utf-8")
    table = RoleVocabulary.from_mapping(parse_toml(shipped, "iconfind/data/roles.toml"))
    return table.extended_with_files(Path(p) for p in extra.split(os.pathsep) if p.strip())


def _platform_role(class_name: str) -> str:
    """``android.widget.Button`` -> ``button``; ``ButtonControl`` -> ``button``; case-folded."""
    short = class_name.rpartition(".")[2].removeprefix("XCUIElementType").casefold()
    if short.endswith("control") and short != "control":
        short = short[: -len("control")]
    return short


def _suffix_match(kind: str, names: frozenset[str]) -> bool:
    """Subclasses named after their base: ``appcompatedittext`` is an ``edittext``."""
    return any(len(name) >= 6 and kind.endswith(name) for name in names if " " not in name)


def _cut(query: str, phrase: tuple[str, ...], *, at_end: bool) -> str:
    """``query`` without the role words ``phrase`` at its end (or start) and leading articles."""
    joined = r"[\W_]*".join(re.escape(word) for word in phrase)
    if at_end:
        pattern = re.compile(r"[\W_]*" + joined + r"[\W_]*$", re.IGNORECASE)
    else:
        articles = "|".join(sorted(_LEADING_FILLER))
        pattern = re.compile(
            r"^\s*(?:(?:" + articles + r")\s+)*" + joined + r"[\W_]*", re.IGNORECASE
        )
    rest = pattern.sub("", query, count=1)
    articles_re = r"^\s*(?:(?:" + "|".join(sorted(_LEADING_FILLER)) + r")\b\s*)+"
    return re.sub(articles_re, "", rest, flags=re.IGNORECASE).strip()


__all__ = ["ENV_VAR", "PLATFORMS", "Role", "RoleQuery", "RoleVocabulary"]
