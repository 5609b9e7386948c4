"""Value classes: what a screen holds and what a find returns.

:class:`~iconfind.geometry.Point` and :class:`~iconfind.geometry.Bounds` live in
:mod:`iconfind.geometry` (re-exported here); the JSON wire form in :mod:`iconfind.wire`; the
notebook drawing in :mod:`iconfind.imaging.annotate`. Those import nothing from here at run time,
so there is no import cycle.

A find's outcome is one of :class:`Found`, :class:`Candidates`, :class:`GridStep`,
:class:`Failure` or :class:`Empty` (``FindResult.outcome``); none holds a field of another.
(``GridStep``, not ``Grid``: :class:`iconfind.Grid` is the tier-5 strategy.)
Coordinates are device pixels everywhere in here.

Everything here is frozen. Raw input (a bounds string, a JSON dict) is validated once, at the edge,
by the converters and ``parse`` constructors, so the strategies never re-check it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal, overload

import attrs
from attrs import field, frozen

from iconfind.errors import (
    DeviceTimeoutError,
    InvalidArgumentError,
    InvalidBoundsError,
    InvalidQueryError,
)
from iconfind.geometry import Bounds, Point, Quadrant

if TYPE_CHECKING:
    from PIL import Image

    from iconfind.scaling import ScreenTransform

Source = Literal["accessibility", "ocr", "visual", "grid", "memory"]
Confidence = Literal["high", "medium", "low"]


class FindError(str, enum.Enum):
    """Why a find ended without an element or a next step (the wire form's ``error``)."""

    NOT_FOUND = "not_found"
    AMBIGUOUS_QUERY = "ambiguous_query"
    ELEMENT_OFF_SCREEN = "element_off_screen"
    TIMEOUT = "timeout"

    def __str__(self) -> str:
        return self.value


def _to_bounds(value: Bounds | str | Sequence[int]) -> Bounds:
    if isinstance(value, Bounds):
        return value
    if isinstance(value, str):
        return Bounds.parse(value)
    if len(value) != 4:
        raise InvalidBoundsError(f"bounds need 4 numbers, got {value!r}")
    return Bounds(*(int(v) for v in value))


@frozen
class Element:
    """One node of an accessibility tree, mapped onto uiautomator's vocabulary.

    ``index`` is the node's position in the flattened tree (document order) and ``parent`` the
    index of its parent, so a list of elements keeps the tree's shape.
    """

    bounds: Bounds = field(converter=_to_bounds)
    text: str = ""
    content_desc: str = ""
    resource_id: str = ""
    class_name: str = ""
    package: str = ""
    clickable: bool = False
    enabled: bool = True
    focusable: bool = False
    scrollable: bool = False
    long_clickable: bool = False
    checkable: bool = False
    checked: bool = False
    selected: bool = False
    password: bool = False
    index: int = 0
    depth: int = 0
    parent: int | None = None
    hints: tuple[str, ...] = ()
    """Other clues that name the element, read like resource-id words (see
    :mod:`iconfind.evidence`): web ``class``/``name``/``placeholder``/``title``/``alt``/``aria-*``
    values, test ids, an unlinked label's text, icon concepts of drawn glyphs; Android ``hint``.
    Not part of the wire form."""

    @property
    def center(self) -> Point:
        return self.bounds.center

    @property
    def label(self) -> str:
        """What a person would call it: the text, else the content description."""
        return self.text or self.content_desc

    @property
    def short_id(self) -> str:
        """The resource id without its ``package:id/`` prefix."""
        _, _, tail = self.resource_id.rpartition(":id/")
        return tail or self.resource_id

    def to_dict(self, index: int | None = None) -> dict[str, Any]:
        """The wire form (docs/contract.md section 3); ``index``: the position in the list sent."""
        from iconfind.wire import element_to_dict

        return element_to_dict(self, index)


def _optional_str(value: str | None) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidQueryError(f"selector fields are strings, got {value!r}")
    return value


@frozen
class Selector:
    """What to look for. Set fields must all hold (AND).

    - ``text``: the query — exact text/content-desc first (case-insensitive, whitespace
      normalised), then as whole words inside it; also drives tiers 2-5.
    - ``text_contains``: a substring of the text or content-desc.
    - ``resource_id``: a substring of the resource id.
    - ``class_name``: the class, full (``android.widget.Button``) or short (``Button``).
    - ``nearest_to``: sort matches by distance to the element with this text.
    """

    text: str | None = field(default=None, converter=_optional_str)
    text_contains: str | None = field(default=None, converter=_optional_str)
    resource_id: str | None = field(default=None, converter=_optional_str)
    class_name: str | None = field(default=None, converter=_optional_str)
    nearest_to: str | None = field(default=None, converter=_optional_str)

    def __attrs_post_init__(self) -> None:
        fields = (self.text, self.text_contains, self.resource_id, self.class_name)
        if not any(value and value.strip() for value in fields):
            raise InvalidQueryError(
                "empty query: give text, text_contains, resource_id or class_name"
            )

    @classmethod
    def coerce(cls, query: str | Selector | Mapping[str, str]) -> Selector:
        """A selector from a plain query string, a Selector, or a camelCase/snake_case dict."""
        if isinstance(query, Selector):
            return query
        if isinstance(query, str):
            return cls(text=query)
        if isinstance(query, Mapping):
            aliases = {
                "textContains": "text_contains",
                "resourceId": "resource_id",
                "className": "class_name",
                "nearestTo": "nearest_to",
            }
            known = {"text", "text_contains", "resource_id", "class_name", "nearest_to"}
            kwargs: dict[str, str] = {}
            for key, value in query.items():
                name = aliases.get(key, key)
                if name not in known:
                    raise InvalidQueryError(f"unknown selector field {key!r}")
                kwargs[name] = value
            return cls(**kwargs)
        raise InvalidQueryError(
            f"a query is a string, a Selector or a dict, not {type(query).__name__}"
        )

    @property
    def words(self) -> str:
        """The free-text part of the query, for the tiers that read text (2-5)."""
        return self.text or self.text_contains or ""

    def describe(self) -> str:
        parts = [f"{name}={value!r}" for name, value in attrs.asdict(self).items() if value]
        return ", ".join(parts)


@frozen
class Candidate:
    """A tier-4 candidate: an unlabeled clickable offered as a small picture."""

    index: int
    bounds: Bounds
    image: str = ""
    """Base64 JPEG of the crop."""
    element: Element | None = None
    hints: tuple[tuple[str, float], ...] = ()
    """Local icon-recognition guesses ``(class, score)``, best first, when a recognizer ran."""

    @property
    def center(self) -> Point:
        return self.bounds.center

    def to_dict(self) -> dict[str, Any]:
        """The wire form of a candidate (docs/contract.md section 3)."""
        from iconfind.wire import candidate_to_dict

        return candidate_to_dict(self)


def _element_tuple(value: Iterable[Element]) -> tuple[Element, ...]:
    return tuple(value)


def _candidate_tuple(value: Iterable[Candidate]) -> tuple[Candidate, ...]:
    return tuple(value)


def _str_tuple(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _not_empty(instance: object, attribute: attrs.Attribute[Any], value: tuple[Any, ...]) -> None:
    if not value:
        raise InvalidArgumentError(
            f"{type(instance).__name__} needs at least one of {attribute.name}; a find that "
            "resolved nothing is a Failure (or Empty)"
        )


def _at_least_shown(instance: Candidates, _attribute: object, value: int | None) -> None:
    if value is not None and value < len(instance.candidates):
        raise InvalidArgumentError(
            f"total_candidates ({value}) is below the {len(instance.candidates)} shown"
        )


# -- outcomes -------------------------------------------------------------------------------------
# What a find ended with: exactly one of these, so no result holds fields that cannot go together
# (a failure with a grid image, found elements beside candidates...). All coordinates are device
# pixels; the result's ``transform`` maps them to a scaled screenshot at the edge (wire, CLI).


@frozen
class Found:
    """The query resolved to one element or more (best first). A tier-5 answer is one
    ``grid.Point`` element at the chosen position, with ``grid_cell`` set."""

    elements: tuple[Element, ...] = field(converter=_element_tuple, validator=_not_empty)
    source: Source | None = None
    """Which kind of strategy answered; ``None`` for an element the caller gave (a tap on it)."""
    tier: int | None = None
    confidence: Confidence | None = None
    match_count: int | None = None
    """How many elements matched, when more than one."""
    recognized_as: str | None = None
    """The icon class local recognition settled a tier-4 query on."""
    grid_cell: int | None = None
    """The tier-5 cell the answer's position lies in."""

    kind: ClassVar[Literal["found"]] = "found"


@frozen
class Candidates:
    """Tier 4's next step: small pictures of unlabeled clickables, one of which the caller
    picks (:meth:`Locator.pick <iconfind.Locator.pick>`)."""

    candidates: tuple[Candidate, ...] = field(converter=_candidate_tuple, validator=_not_empty)
    suggestion: str = ""
    total_candidates: int | None = field(default=None, validator=_at_least_shown)
    """How many there were, when more than the ones shown."""
    image_bytes: int | None = None
    """Bytes of the crops, for token accounting."""
    estimated_tokens: int | None = None
    """Estimated vision tokens for the crops (~330 tokens per KB of JPEG)."""
    source: Source = "visual"
    tier: int = 4
    confidence: Confidence = "medium"

    kind: ClassVar[Literal["candidates"]] = "candidates"

    @property
    def truncated(self) -> bool:
        """True when more candidates were found than are shown."""
        return self.total_candidates is not None and self.total_candidates > len(self.candidates)


@frozen
class GridStep:
    """Tier 5's next step: a grid picture. Without ``cell``, choose one of its 24 cells; with
    it, the picture is that cell zoomed and ``positions`` names the five to choose from."""

    image: str
    """Base64 JPEG of the grid (or of the zoomed cell)."""
    cell: int | None = None
    positions: tuple[str, ...] = field(default=(), converter=_str_tuple)
    suggestion: str = ""
    image_bytes: int | None = None
    estimated_tokens: int | None = None

    kind: ClassVar[Literal["grid"]] = "grid"
    source: ClassVar[Literal["grid"]] = "grid"
    tier: ClassVar[int] = 5
    confidence: ClassVar[Literal["low"]] = "low"


@frozen
class Failure:
    """The find ended without an element or a next step: ``error`` says why, ``suggestion``
    what to try. ``matches`` holds elements that matched but cannot be used: all off the screen
    (``element_off_screen``), or several for a strict tap (``ambiguous_query``); they are not
    :attr:`FindResult.elements` (nothing to tap), though the wire form lists them."""

    error: FindError
    suggestion: str = ""
    phase: str | None = None
    """For a timeout: what overran (``device:hierarchy``, ``ocr``, ``picker``...)."""
    source: Source | None = None
    tier: int | None = None
    match_count: int | None = None
    matches: tuple[Element, ...] = field(default=(), converter=_element_tuple)

    kind: ClassVar[Literal["failure"]] = "failure"


@frozen
class Empty:
    """No element, no next step and no error: a tap on a bare point, typing with no target, a
    dump of a screen whose tree is unavailable."""

    source: Source | None = None

    kind: ClassVar[Literal["empty"]] = "empty"


Outcome = Found | Candidates | GridStep | Failure | Empty
OutcomeKind = Literal["found", "candidates", "grid", "failure", "empty"]


@frozen
class FindResult:
    """What a find returns: its :attr:`outcome` (:class:`Found`, :class:`Candidates`,
    :class:`GridStep`, :class:`Failure` or :class:`Empty`) and what the Locator adds to any outcome.

    Branch on the outcome with ``match result.outcome:`` (``case Found(elements=...)``), or read
    the shortcuts :attr:`ok`, :attr:`needs_pick`, :attr:`element`, :attr:`elements` (``()``
    unless found), :attr:`candidates` (``()`` unless candidates), :attr:`error` (``None`` unless
    failure), :attr:`source`, :attr:`tier`, :attr:`confidence`.

    Coordinates are device pixels, always. With a screenshot scale in force
    (``Locator(..., scaling=Scaling(1000))``) the result carries it as :attr:`transform`;
    :meth:`to_image` maps a point, bounds, element or candidate into the scaled screenshot, and
    :meth:`to_dict` (the wire form, docs/contract.md section 3) shows image pixels and
    ``scaleFactor``.
    """

    outcome: Outcome
    accessibility_unavailable: bool = field(default=False, kw_only=True)
    """The find looked for an accessibility tree and got none."""
    transform: ScreenTransform | None = field(default=None, kw_only=True)
    """The device <-> scaled-screenshot mapping in force, or ``None`` (device pixels only)."""
    tapped: Point | None = field(default=None, kw_only=True)
    """Where a tap landed, in device pixels."""
    notes: tuple[str, ...] = field(default=(), converter=_str_tuple, kw_only=True)
    """Human-readable remarks, e.g. a tier that was skipped and why."""
    on_tap: tuple[Callable[[], object], ...] = field(
        default=(), eq=False, repr=False, kw_only=True
    )
    """Writes learned while finding (memory observations, relocations, misses), applied by
    :meth:`Locator.tap` when this result is tapped; a find alone never writes. Not on the wire."""
    query: Selector | None = field(default=None, eq=False, repr=False, kw_only=True)
    screen_id: str | None = field(default=None, eq=False, repr=False, kw_only=True)
    """Fingerprint of the screen this result was computed on (for stale follow-ups)."""
    screenshot: Image.Image | None = field(default=None, eq=False, repr=False, kw_only=True)
    """The device screenshot the find looked at, when it took one (never on the wire)."""

    # -- shortcuts -------------------------------------------------------------------------------

    @property
    def kind(self) -> OutcomeKind:
        """``"found"``, ``"candidates"``, ``"grid"``, ``"failure"`` or ``"empty"``."""
        return self.outcome.kind

    @property
    def ok(self) -> bool:
        """True when elements were found (the result can be tapped)."""
        return isinstance(self.outcome, Found)

    @property
    def needs_pick(self) -> bool:
        """True when the caller must choose a candidate (tier 4) or a grid cell/position (5)."""
        return isinstance(self.outcome, (Candidates, GridStep))

    @property
    def elements(self) -> tuple[Element, ...]:
        """The found elements; ``()`` unless the outcome is :class:`Found`."""
        return self.outcome.elements if isinstance(self.outcome, Found) else ()

    @property
    def element(self) -> Element:
        """The first found element; raises :class:`LookupError` when there is none."""
        if not isinstance(self.outcome, Found):
            raise LookupError(f"no element in this result (it is {self.kind})")
        return self.outcome.elements[0]

    @property
    def candidates(self) -> tuple[Candidate, ...]:
        """The tier-4 candidates; ``()`` unless the outcome is :class:`Candidates`."""
        return self.outcome.candidates if isinstance(self.outcome, Candidates) else ()

    @property
    def error(self) -> FindError | None:
        """Why the find failed; ``None`` unless the outcome is :class:`Failure`."""
        return self.outcome.error if isinstance(self.outcome, Failure) else None

    @property
    def source(self) -> Source | None:
        """Which kind of strategy answered or offers the next step, when one did."""
        return self.outcome.source

    @property
    def tier(self) -> int | None:
        """The tier (1-5) that answered or offers the next step; ``None`` when none did."""
        return None if isinstance(self.outcome, Empty) else self.outcome.tier

    @property
    def confidence(self) -> Confidence | None:
        """How sure the answer is, ``high``, ``medium`` or ``low`` (by tier: the README's table);
        ``None`` for a failure or an empty result."""
        outcome = self.outcome
        return None if isinstance(outcome, (Failure, Empty)) else outcome.confidence

    @property
    def suggestion(self) -> str | None:
        """What to do next (a next step or a failure); ``None`` otherwise."""
        outcome = self.outcome
        return None if isinstance(outcome, (Found, Empty)) else outcome.suggestion or None

    @property
    def match_count(self) -> int | None:
        """How many elements matched, when more than one (found) or for a failure."""
        outcome = self.outcome
        return outcome.match_count if isinstance(outcome, (Found, Failure)) else None

    @property
    def recognized_as(self) -> str | None:
        """The icon class local recognition settled the query on (tier 4), else ``None``."""
        return self.outcome.recognized_as if isinstance(self.outcome, Found) else None

    @property
    def scale_factor(self) -> float | None:
        """Device pixels per screenshot pixel (4 decimals) when a scale is in force."""
        return round(self.transform.factor, 4) if self.transform is not None else None

    # -- coordinates -----------------------------------------------------------------------------

    @overload
    def to_image(self, value: Point) -> Point: ...
    @overload
    def to_image(self, value: Bounds) -> Bounds: ...
    @overload
    def to_image(self, value: Element) -> Element: ...
    @overload
    def to_image(self, value: Candidate) -> Candidate: ...

    def to_image(
        self, value: Point | Bounds | Element | Candidate
    ) -> Point | Bounds | Element | Candidate:
        """``value`` (device pixels) in the scaled screenshot's pixels, as the wire form shows
        it: a :class:`Point`, :class:`Bounds`, :class:`Element` or :class:`Candidate`. Without a
        :attr:`transform` the value comes back unchanged. An element's image-space center is
        ``result.to_image(element).center``."""
        transform = self.transform
        if transform is None:
            return value
        if isinstance(value, Point):
            return transform.to_image(value)
        if isinstance(value, Bounds):
            return transform.bounds_to_image(value)
        return attrs.evolve(value, bounds=transform.bounds_to_image(value.bounds))

    # -- edges (implemented outside the models) --------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The wire form of docs/contract.md section 3 (built by :mod:`iconfind.wire`)."""
        from iconfind.wire import result_to_dict

        return result_to_dict(self)

    def _repr_png_(self) -> bytes | None:
        """Notebooks: the screenshot with the found elements, the candidates or the grid drawn
        (by :mod:`iconfind.imaging.annotate`)."""
        if self.screenshot is None:
            return None
        from iconfind.imaging.annotate import annotate_png

        return annotate_png(self)

    def _repr_html_(self) -> str | None:
        """Notebooks: the annotated screenshot beside a one-line summary of the result."""
        from iconfind.imaging.annotate import annotate_html

        return annotate_html(self)

    # -- construction ----------------------------------------------------------------------------

    @classmethod
    def failure(
        cls,
        error: FindError,
        suggestion: str,
        *,
        phase: str | None = None,
        source: Source | None = None,
        tier: int | None = None,
        match_count: int | None = None,
        matches: Iterable[Element] = (),
    ) -> FindResult:
        """A result whose outcome is a :class:`Failure`."""
        return cls(
            Failure(
                error,
                suggestion,
                phase=phase,
                source=source,
                tier=tier,
                match_count=match_count,
                matches=tuple(matches),
            )
        )

    @classmethod
    def from_timeout(cls, exc: DeviceTimeoutError) -> FindResult:
        """A timeout raised as :class:`~iconfind.DeviceTimeoutError`, as the result a find
        returns for it (``error="timeout"`` with its ``phase`` and suggestion)."""
        return cls.failure(FindError.TIMEOUT, exc.suggestion, phase=exc.phase or None)


__all__ = [
    "Bounds",
    "Candidate",
    "Candidates",
    "Confidence",
    "Element",
    "Empty",
    "Failure",
    "FindError",
    "FindResult",
    "Found",
    "GridStep",
    "Outcome",
    "OutcomeKind",
    "Point",
    "Quadrant",
    "Selector",
    "Source",
]
