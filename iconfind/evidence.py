"""Clues beyond the label: ids, icon-font classes, glyphs, placeholders, test ids.

An element's *evidence* is everything that names it besides its text: its resource id (Android
``resource-id``, web ``id``/test id, desktop automation id) and its :attr:`Element.hints
<iconfind.Element.hints>` (web ``class`` words, ``name``, ``placeholder``, ``title``, ``alt``,
``aria-*``, an unlinked ``<label>``'s text, concepts of icon-font glyphs drawn by CSS; Android
``hint``). Evidence is read the same way on every platform:

- as **words** (``messagesDropdown`` -> messages, dropdown), and
- as **icon concepts** (``fa-bars`` -> hamburger, ``×`` -> close, U+F0C9 in FontAwesome ->
  hamburger), through the data file ``iconfind/data/icon_evidence.toml`` and the icon classes of
  ``icon_patterns.toml``.

A clickable element also owns the evidence of its undecorated descendants (the ``<i>`` icon in a
``<button>``), up to the next clickable. :class:`Evidence` ranks elements for a query: an element
whose evidence holds every word of the name, or one of the concepts the name asks for, matches;
a labelled element matches by its own clues only (a cog drawn before "Components" does not make
that link "settings").
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from attrs import field, frozen

from iconfind._data_files import parse_toml, read_toml, string_list
from iconfind._text import folded_words, id_words, normalize, words
from iconfind.errors import PatternFileError
from iconfind.models import Element
from iconfind.patterns import FILLER_WORDS, IconClass, IconPatterns
from iconfind.roles import RoleQuery, RoleVocabulary

ENV_VAR = "ICONFIND_EVIDENCE"

GENERIC_WORDS = frozenset(
    {
        "title", "summary", "text", "label", "content", "container", "layout", "root", "item",
        "list", "row", "view", "frame", "wrapper", "main", "panel", "card", "body", "form",
        "group", "control", "widget", "primary", "secondary", "small", "large", "block",
        "inline", "left", "right", "top", "bottom", "center", "col", "flex", "all", "none",
        "active", "default", "new", "id", "of", "to", "in", "for", "and", "with", "my", "is",
        "page", "section", "header", "footer", "toolbar", "bar", "nav", "navbar", "link", "btn",
        "fa", "fw", "sm", "lg", "md", "xs",
    }
)  # fmt: skip
"""Words too common in ids and classes to be evidence on their own ("title", "container")."""
WIDGET_WORDS = frozenset(
    {
        "dropdown", "toggle", "toggler", "trigger", "btn", "button", "icon", "ico", "ic", "img",
        "image", "link", "nav", "navbar", "wrapper", "holder", "control", "field", "input",
        "edit", "fa", "fas", "far", "fab", "fal", "bi", "mdi", "top", "bottom", "left", "right",
        "main", "primary", "secondary", "sm", "lg", "md", "xs", "xl", "fw", "id", "iv", "ib",
        "tv", "et", "cb", "sw", "layout", "action", "menu", "open", "show", "circle", "round",
        "rounded", "outline", "outlined", "fill", "filled", "solid", "alt", "o", "container",
        "entry", "box", "textbox", "txt", "edt", "tab", "checkbox", "switch", "radio", "dialog",
        "modal", "popup",
    }
)  # fmt: skip
"""Words an id or class adds around a name without changing what it names: in
``messagesDropdown`` the name is "messages"; in ``note_title`` ("title" is no widget word) the
id names a kind of data, so the query "notes" does not match it."""
CONCEPT_PREFIX = "icon:"
"""How a hint names an icon concept outright (``icon:hamburger``: a glyph the page drew)."""
MAX_NAME_WORDS = 8
"""Longer queries are not matched word by word against evidence (only by their exact phrase)."""
LONG_TEXT_WORDS = 6
"""A label this many words longer than the query is a sentence that merely mentions it."""


def is_private_use(char: str) -> bool:
    """Whether ``char`` is a private-use code point (icon fonts draw their glyphs there)."""
    code = ord(char)
    return 0xE000 <= code <= 0xF8FF or 0xF0000 <= code <= 0x10FFFD


def strip_private_use(text: str) -> str:
    """``text`` without private-use characters, whitespace collapsed: ``'\\uf0c9 Menu'`` ->
    ``'Menu'``; a label made only of icon-font glyphs is no label."""
    if not any(is_private_use(char) for char in text):
        return text
    return " ".join("".join(c for c in text if not is_private_use(c)).split())


def _family_key(family: str) -> str:
    """``'"Font Awesome 5 Free"'`` -> ``fontawesomefree``: lower case, letters only."""
    return re.sub(r"[^a-z]", "", family.casefold())


@frozen
class EvidenceTable:
    """The data of ``icon_evidence.toml``: icon names, symbols and glyphs to concept ids."""

    prefixes: tuple[str, ...] = ()
    ligature_classes: frozenset[str] = frozenset()
    names: Mapping[str, str] = field(factory=dict)
    class_names: Mapping[str, str] = field(factory=dict)
    symbols: Mapping[str, str] = field(factory=dict)
    codepoints: Mapping[str, Mapping[int, str]] = field(factory=dict)
    concepts: Mapping[str, tuple[tuple[str, ...], ...]] = field(factory=dict)
    """Concept id to the phrases (as words) people use for it."""

    @classmethod
    def default(cls) -> EvidenceTable:
        """The shipped table, plus any files named by ``ICONFIND_EVIDENCE`` (``os.pathsep``)."""
        return _default_table(os.environ.get(ENV_VAR, ""))

    @classmethod
    def load(cls, *paths: str | Path, include_default: bool = True) -> EvidenceTable:
        """The default table with the tables of ``paths`` (TOML of the shipped shape) over it."""
        table = cls.default() if include_default else cls()
        for path in paths:
            table = table.extended(
                cls.from_mapping(read_toml(Path(path), "evidence file"), str(path))
            )
        return table

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], where: str = "evidence") -> EvidenceTable:
        """From the parsed TOML; raises :class:`PatternFileError` on a wrong shape."""
        if not isinstance(raw, Mapping):
            raise PatternFileError(f"{where}: expected a table")
        known = {"prefixes", "ligature_classes", "names", "class_names", "symbols"}
        unknown = set(raw) - known - {"codepoints", "concepts"}
        if unknown:
            raise PatternFileError(f"{where}: unknown keys {sorted(unknown)}")
        codepoints: dict[str, dict[int, str]] = {}
        for family, table in _table(raw, "codepoints", where).items():
            parsed: dict[int, str] = {}
            for code, concept in _str_table(table, where, f"codepoints.{family}").items():
                try:
                    parsed[int(code, 16)] = concept
                except ValueError:
                    raise PatternFileError(
                        f"{where}: codepoints.{family}: {code!r} is not a hex code point"
                    ) from None
            codepoints[_family_key(family)] = parsed
        concepts = {
            normalize(name): tuple(
                w for w in (words(p) for p in [name, *string_list(phrases, where, name)]) if w
            )
            for name, phrases in _table(raw, "concepts", where).items()
        }
        return cls(
            prefixes=tuple(
                p.casefold() for p in string_list(raw.get("prefixes", []), where, "prefixes")
            ),
            ligature_classes=frozenset(
                c.casefold() for c in string_list(raw.get("ligature_classes", []), where, "classes")
            ),
            names={
                k.casefold(): v for k, v in _str_table(raw.get("names", {}), where, "names").items()
            },
            class_names={
                k.casefold(): v
                for k, v in _str_table(raw.get("class_names", {}), where, "class_names").items()
            },
            symbols=_str_table(raw.get("symbols", {}), where, "symbols"),
            codepoints=codepoints,
            concepts=concepts,
        )

    def extended(self, other: EvidenceTable) -> EvidenceTable:
        """A new table: ``other``'s entries over this one's (concept phrases are added)."""
        concepts = dict(self.concepts)
        for name, phrases in other.concepts.items():
            concepts[name] = tuple(dict.fromkeys(concepts.get(name, ()) + phrases))
        codepoints = {k: dict(v) for k, v in self.codepoints.items()}
        for family, table in other.codepoints.items():
            codepoints.setdefault(family, {}).update(table)
        return EvidenceTable(
            prefixes=tuple(dict.fromkeys(self.prefixes + other.prefixes)),
            ligature_classes=self.ligature_classes | other.ligature_classes,
            names={**self.names, **other.names},
            class_names={**self.class_names, **other.class_names},
            symbols={**self.symbols, **other.symbols},
            codepoints=codepoints,
            concepts=concepts,
        )

    # -- reading clues --------------------------------------------------------------------------

    def icon_name(self, css_class: str) -> str | None:
        """The icon an icon-font class names: ``fa-bars`` -> ``bars``; ``None`` if no prefix."""
        lowered = css_class.casefold()
        for prefix in sorted(self.prefixes, key=len, reverse=True):
            if lowered.startswith(prefix) and len(lowered) > len(prefix):
                return lowered[len(prefix) :]
        return None

    def class_concept(self, css_class: str) -> str | None:
        """The concept a class names (``fa-trash`` -> delete, ``destroy`` -> delete), if any."""
        lowered = css_class.casefold()
        name = self.icon_name(lowered)
        if name is not None:
            return self.names.get(name)
        return self.class_names.get(lowered)

    def name_concept(self, name: str) -> str | None:
        """The concept of an icon name (a ligature such as ``menu``, ``delete_forever``)."""
        return self.names.get(name.strip().casefold().replace(" ", "_"))

    def glyph_concept(self, text: str, font_family: str = "") -> str | None:
        """The concept of a glyph: a private-use code point of a known icon font, or a symbol."""
        text = text.strip().strip("\"'")
        if not text:
            return None
        key = _family_key(font_family)
        if key:
            for family, table in self.codepoints.items():
                if family in key:
                    for char in text:
                        concept = table.get(ord(char))
                        if concept is not None:
                            return concept
        return self.symbol_concept(text)

    def symbol_concept(self, text: str) -> str | None:
        """The concept of a label made of one icon symbol (``"✖"``, ``"☰"``, ``"⚙️"``)."""
        stripped = text.strip().replace("\ufe0f", "")
        return self.symbols.get(stripped) if stripped else None

    def concepts_for(self, query: str) -> frozenset[str]:
        """The concepts of this table a query asks for by one of their phrases."""
        tokens = words(query)
        forms = {tokens, tuple(t for t in tokens if t not in FILLER_WORDS)}
        found = {name for name, phrases in self.concepts.items() if forms & set(phrases)}
        symbol = self.symbol_concept(query)
        if symbol is not None:
            found.add(symbol)
        return frozenset(found)


@frozen
class Clues:
    """What one element's evidence says: its words and its icon concepts."""

    tokens: frozenset[tuple[str, ...]] = frozenset()
    """Each clue token (an id, one class, one word of a placeholder) as its stemmed words:
    ``messagesDropdown`` -> ``("message", "dropdown")``."""
    concepts: frozenset[str] = frozenset()
    concept_words: frozenset[str] = frozenset()
    """Stemmed words of the concepts' phrases ("hamburger menu" -> hamburger, menu)."""

    def __or__(self, other: Clues) -> Clues:
        return Clues(
            self.tokens | other.tokens,
            self.concepts | other.concepts,
            self.concept_words | other.concept_words,
        )

    def covered(self, query_words: frozenset[str]) -> set[str]:
        """The query words these clues name: a token names its words when its other words
        are widget words (``messagesDropdown`` names "messages"), a concept its phrases' words."""
        found = set(query_words & self.concept_words)
        for token in self.tokens:
            shared = query_words.intersection(token)
            if shared and all(
                word in query_words or word in WIDGET_WORDS or len(word) < 2 or word.isdigit()
                for word in token
            ):
                found |= shared
        return found


_NO_CLUES = Clues()


@frozen
class Evidence:
    """Matches elements to a query by their evidence (ids, hints, glyphs), with role words."""

    patterns: IconPatterns = field(factory=IconPatterns.default)
    table: EvidenceTable = field(factory=EvidenceTable.default)
    roles: RoleVocabulary = field(factory=RoleVocabulary.default)
    _string_clues: dict[str, Clues] = field(factory=dict, init=False, eq=False, repr=False)
    _element_clues: dict[tuple[str, tuple[str, ...], str, str], Clues] = field(
        factory=dict, init=False, eq=False, repr=False
    )
    _id_classes: tuple[IconClass, ...] = field(init=False, eq=False, repr=False)
    """The classes that say what an id or a description *is*: ``icon_patterns.toml`` and the
    user's pattern files, not the open vocabulary (see :attr:`IconClass.vocabulary`)."""

    @_id_classes.default
    def _read_id_classes(self) -> tuple[IconClass, ...]:
        return tuple(c for c in self.patterns.classes.values() if not c.vocabulary)

    @classmethod
    def default(cls) -> Evidence:
        """Shipped data (and the environment's extra files), cached per process."""
        return _default_evidence(
            os.environ.get(ENV_VAR, ""),
            os.environ.get("ICONFIND_PATTERNS", ""),
            os.environ.get("ICONFIND_ROLES", ""),
        )

    # -- clues ----------------------------------------------------------------------------------

    def _concept_words(self, concept: str) -> set[str]:
        found = {_stem(concept)}
        icon = self.patterns.classes.get(concept)
        for phrase in (icon.phrases if icon is not None else ()) + self.table.concepts.get(
            concept, ()
        ):
            found.update(_stem(w) for w in phrase if len(w) > 2 and w not in FILLER_WORDS)
        return found

    def string_clues(self, clue: str) -> Clues:
        """Words and concepts of one clue string (an id, a class list, a placeholder)."""
        cached = self._string_clues.get(clue)
        if cached is not None:
            return cached
        tokens: set[tuple[str, ...]] = set()
        for piece in clue.split():
            # camelCase parts and whole words both: "JavaScript" is java, script and javascript
            for split in (id_words(piece), words(piece)):
                token = tuple(_stem(w) for w in split if w.isalnum())
                if token:
                    tokens.add(token)
        # Prose (a placeholder, a label's text) names concepts only by symbols: "Search mail"
        # is no search icon. Ids and class lists name them by icon-font classes and the
        # resource-id patterns of tier 2 ("iv_more_options" -> overflow).
        prose = " " in clue.strip() and not any(mark in clue for mark in "-_:")
        concepts: set[str] = set()
        for piece in clue.split():
            concept = self.table.symbol_concept(piece)
            if piece.startswith(CONCEPT_PREFIX):
                concept = piece[len(CONCEPT_PREFIX) :].casefold() or None
            elif concept is None and not prose:
                concept = self.table.class_concept(piece)
            if concept is not None:
                concepts.add(concept)
            if not prose:
                concepts.update(icon.name for icon in self._id_classes if icon.matches_id(piece))
        concept_words: set[str] = set()
        for concept in concepts:
            concept_words |= self._concept_words(concept)
        result = Clues(frozenset(tokens), frozenset(concepts), frozenset(concept_words))
        if len(self._string_clues) < 65536:
            self._string_clues[clue] = result
        return result

    def own_clues(self, element: Element) -> Clues:
        """The element's own evidence: resource id, hints, and a label that is an icon symbol
        or a content-desc phrase of an icon class ("More options")."""
        if not (element.resource_id or element.hints or element.content_desc) and (
            not element.text or len(element.text) > 3
        ):
            return _NO_CLUES  # most nodes of a big tree: nothing to read
        key = (element.resource_id, element.hints, element.text, element.content_desc)
        cached = self._element_clues.get(key)
        if cached is None:
            cached = self._read_own_clues(element)
            if len(self._element_clues) < 65536:
                self._element_clues[key] = cached
        return cached

    def _read_own_clues(self, element: Element) -> Clues:
        clues = Clues()
        for clue in (element.resource_id, *element.hints):
            if clue:
                clues = clues | self.string_clues(clue)
        concepts: set[str] = set()
        for label in (element.text, element.content_desc):
            symbol = self.table.symbol_concept(label) if label else None
            if symbol is not None:
                concepts.add(symbol)
        if element.content_desc:
            concepts.update(
                icon.name
                for icon in self._id_classes
                if icon.matches_description(element.content_desc)
            )
        if concepts:
            extra: set[str] = set()
            for concept in concepts:
                extra |= self._concept_words(concept)
            clues = clues | Clues(concepts=frozenset(concepts), concept_words=frozenset(extra))
        return clues

    # -- matching -------------------------------------------------------------------------------

    def matches(
        self,
        pool: Sequence[Element],
        elements: Sequence[Element],
        name: str,
        *,
        include_weak: bool = False,
    ) -> list[Element]:
        """The elements of ``pool`` whose evidence names ``name``, clickable ones first.

        ``elements`` is the whole tree (for descendants). An element matches when its evidence
        (its own, plus its undecorated descendants' when it is clickable) holds every word of
        the name, or one of the icon concepts the name asks for. A labelled element needs its
        own clues to take part (else it is a *weak* match, left out unless ``include_weak``).
        Matches inside a matching clickable are folded into it.
        """
        query_words = frozenset(
            _stem(w) for w in words(name) if w not in FILLER_WORDS and w.isalnum() and len(w) > 1
        )
        wanted = frozenset(
            c.name for c in self.patterns.classes_for(name)
        ) | self.table.concepts_for(name)
        if not query_words and not wanted:
            return []
        words_usable = (
            bool(query_words)
            and len(words(name)) <= MAX_NAME_WORDS  # a paragraph is no name
            and not all(w in GENERIC_WORDS for w in query_words)
        )
        by_index = {e.index: e for e in elements}
        children: dict[int, list[Element]] = {}
        for element in elements:
            if element.parent is not None:
                children.setdefault(element.parent, []).append(element)

        def hit(clues: Clues) -> tuple[bool, bool]:
            by_concept = bool(wanted & clues.concepts)
            by_words = words_usable and clues.covered(query_words) == query_words
            return by_concept, by_words

        found: list[Element] = []
        for element in pool:
            own = self.own_clues(element)
            total = own
            if element.clickable:
                for child in _undecorated_descendants(element, children):
                    total = total | self.own_clues(child)
            by_concept, by_words = hit(total)
            if not (by_concept or by_words):
                continue
            labelled = _is_label(strip_private_use(element.label)) and (
                self.table.symbol_concept(element.label) is None
            )
            if labelled and not include_weak:
                own_concept = bool(wanted & own.concepts)
                own_words = words_usable and bool(own.covered(query_words))
                if not (own_concept or own_words):
                    continue
            found.append(element)
        chosen = {e.index for e in found if e.clickable}
        kept = [
            e
            for e in found
            if not _has_ancestor_in(e, chosen, by_index)
            # an icon inside a labelled clickable that did not match is its decoration
            and (e.clickable or include_weak or _nearest_clickable(e, by_index) is None)
        ]
        return sorted(kept, key=lambda e: not e.clickable)

    def role_matches(
        self,
        pool: Sequence[Element],
        elements: Sequence[Element],
        parsed: RoleQuery,
    ) -> list[Element]:
        """Evidence matches for a query that names a role: the name among elements of that role;
        failing that, the whole query among elements whose evidence holds the role words too
        (``sidebarToggle`` for "sidebar toggle")."""
        if not parsed.name:
            return []
        in_role = self.roles.elements_in_roles(pool, parsed.roles)
        found = self.matches(in_role, elements, parsed.name)
        if found:
            return found
        full = f"{parsed.name} {' '.join(parsed.role_words)}"
        query_words = frozenset(_stem(w) for w in words(full) if w.isalnum())
        role_words = frozenset(_stem(w) for w in parsed.role_words if w.isalnum())
        return [
            e
            for e in self.matches(pool, elements, full)
            if role_words <= self.own_clues(e).covered(query_words)
        ]


LabelMatcher = Callable[[Sequence[Element], str], list[Element]]


def refine_label_matches(
    pool: Sequence[Element],
    elements: Sequence[Element],
    text: str,
    label_matches: LabelMatcher,
    evidence: Evidence | None = None,
) -> list[Element]:
    """Tier 1's text rule with role words and mentions.

    - An exact label wins, as before ("Search button" labelled so).
    - A query naming a role ("email field") matches the name among elements of that role; a
      role word alone ("button") never matches text.
    - Word-run matches drop sentences that merely mention the query when a clickable names it,
      by its label or its evidence: "facebook" is the fa-facebook button, not the paragraph
      "Google and Facebook buttons are..." (document order is kept).
    """
    wanted = folded_words(text)
    run = label_matches(pool, text)
    if not normalize(text) or (
        run and wanted in (folded_words(run[0].text), folded_words(run[0].content_desc))
    ):
        return run  # exact labels, punctuation and case aside (or nothing to read)
    evidence = evidence or Evidence.default()
    parsed = evidence.roles.parse(text)
    if parsed.restricts:
        if not parsed.name:
            return []
        found = label_matches(evidence.roles.elements_in_roles(pool, parsed.roles), parsed.name)
        if found:
            return found
    size = len(words(text))

    def mention(element: Element) -> bool:
        return not element.clickable and len(words(element.label)) >= size + LONG_TEXT_WORDS

    if not any(mention(e) for e in run):
        return run
    kept = {e.index: e for e in run if not mention(e)}
    for element in evidence.matches(pool, elements, text):
        if element.clickable:
            kept.setdefault(element.index, element)
    if not any(e.clickable for e in kept.values()):
        return run
    return sorted(kept.values(), key=lambda e: e.index)


def evidence_matches(
    pool: Sequence[Element], elements: Sequence[Element], text: str, patterns: IconPatterns
) -> list[Element] | None:
    """Tier 2's evidence rule: the elements whose clues name the query (role words applied).

    The evidence rule includes tier 2's resource-id patterns and content-desc phrases, so its
    answer (maybe no element) stands; ``None`` only for a query without words. A role word alone
    never matches: "search button" is no ``navbar-search`` form.
    """
    evidence = _evidence_for(patterns)
    parsed = evidence.roles.parse(text)
    if parsed.restricts:
        return evidence.role_matches(pool, elements, parsed)
    if not words(parsed.name):
        return None
    return evidence.matches(pool, elements, parsed.name)


_last_evidence: list[tuple[IconPatterns, Evidence]] = []


def _evidence_for(patterns: IconPatterns) -> Evidence:
    """One :class:`Evidence` per patterns table in use (its clue cache lives across finds)."""
    for known, evidence in _last_evidence:
        if known is patterns:
            return evidence
    evidence = Evidence(patterns=patterns)
    _last_evidence[:] = [(patterns, evidence), *_last_evidence[:3]]
    return evidence


def _is_label(text: str) -> bool:
    """Whether ``text`` names something: a word of two letters or more (a badge count such as
    "7" or "3+" does not)."""
    return any(len(token) > 1 and not token.isdigit() for token in words(text) if token.isalnum())


def _stem(word: str) -> str:
    """Plural and singular meet: ``messages`` -> ``message``."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _undecorated_descendants(
    element: Element, children: Mapping[int, list[Element]]
) -> Iterable[Element]:
    """Descendants down to (not into) the next clickable: the icon and image in a button."""
    stack = list(children.get(element.index, ()))
    while stack:
        child = stack.pop()
        if child.clickable:
            continue
        yield child
        stack.extend(children.get(child.index, ()))


def _nearest_clickable(element: Element, by_index: Mapping[int, Element]) -> Element | None:
    parent = by_index.get(element.parent) if element.parent is not None else None
    seen = 0
    while parent is not None and seen < 10000:
        if parent.clickable:
            return parent
        parent = by_index.get(parent.parent) if parent.parent is not None else None
        seen += 1
    return None


def _has_ancestor_in(element: Element, chosen: set[int], by_index: Mapping[int, Element]) -> bool:
    parent = element.parent
    seen = 0
    while parent is not None and seen < 10000:
        if parent in chosen:
            return True
        node = by_index.get(parent)
        parent = node.parent if node is not None else None
        seen += 1
    return False


@lru_cache(maxsize=4)
def _default_table(extra: str) -> EvidenceTable:
    shipped = resources.files("iconfind").joinpath("data/icon_evidence.toml").read_text("utf-8")
    table = EvidenceTable.from_mapping(parse_toml(shipped, "iconfind/data/icon_evidence.toml"))
    for part in extra.split(os.pathsep):
        if part.strip():
            table = table.extended(
                EvidenceTable.from_mapping(read_toml(Path(part), "evidence file"), part)
            )
    return table


@lru_cache(maxsize=4)
def _default_evidence(_evidence: str, _patterns: str, _roles: str) -> Evidence:
    return Evidence()


def _table(raw: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    value = raw.get(key, {})
    if not isinstance(value, Mapping):
        raise PatternFileError(f"{where}: {key} must be a table")
    return value


def _str_table(value: Any, where: str, key: str) -> dict[str, str]:
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise PatternFileError(f"{where}: {key} must be a table of strings")
    return dict(value)


__all__ = [
    "CONCEPT_PREFIX",
    "ENV_VAR",
    "GENERIC_WORDS",
    "WIDGET_WORDS",
    "Clues",
    "Evidence",
    "EvidenceTable",
    "evidence_matches",
    "is_private_use",
    "refine_label_matches",
    "strip_private_use",
]
