"""Value classes: what a screen holds and what a find returns.

:class:`~iconfind.geometry.Point` and :class:`~iconfind.geometry.Bounds` live in
:mod:`iconfind.geometry` (re-exported here); the JSON wire form in :mod:`iconfind.wire`; the
notebook drawing in :mod:`iconfind.imaging.annotate`. Those import nothing from here at run time,
so there is no import cycle.

Everything here is frozen. Raw input (a bounds string, a JSON dict) is validated once, at the edge,
by the converters and ``parse`` constructors, so the strategies never re-check it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

import attrs
from attrs import field, frozen

from iconfind.errors import DeviceTimeoutError, InvalidBoundsError, InvalidQueryError
from iconfind.geometry import Bounds, Point, Quadrant

if TYPE_CHECKING:
    from PIL import Image

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


@frozen
class FindResult:
    """What a find returns: found elements, or the next step (candidates, grid), or an error.

    :meth:`to_dict` gives the camelCase wire form of docs/contract.md section 3, omitting keys
    that do not apply.
    """

    elements: tuple[Element, ...] = field(default=(), converter=_element_tuple)
    source: Source | None = None
    tier: int | None = None
    confidence: Confidence | None = None
    candidates: tuple[Candidate, ...] = field(default=(), converter=_candidate_tuple)
    truncated: bool | None = None
    total_candidates: int | None = None
    grid_image: str | None = None
    grid_cell: int | None = None
    grid_positions: tuple[str, ...] | None = None
    recognized_as: str | None = None
    accessibility_unavailable: bool = False
    error: FindError | None = None
    match_count: int | None = None
    phase: str | None = None
    suggestion: str | None = None
    scale_factor: float | None = None
    image_bytes: int | None = None
    """Bytes of the images this result carries (tiers 4-5), for token accounting."""
    estimated_tokens: int | None = None
    """Estimated vision tokens for those images (~330 tokens per KB of JPEG)."""
    tapped: Point | None = None
    """Where a tap landed, in the same coordinate space as the elements."""
    notes: tuple[str, ...] = field(default=(), converter=_str_tuple)
    """Human-readable remarks, e.g. a tier that was skipped and why."""
    on_tap: tuple[Callable[[], object], ...] = field(default=(), eq=False, repr=False)
    """Writes learned while finding (memory observations, relocations, misses), applied by
    :meth:`Locator.tap` when this result is tapped; a find alone never writes. Not on the wire."""
    query: Selector | None = field(default=None, eq=False, repr=False)
    screen_id: str | None = field(default=None, eq=False, repr=False)
    """Fingerprint of the screen this result was computed on (for stale follow-ups)."""
    screenshot: Image.Image | None = field(default=None, eq=False, repr=False)
    """The device screenshot the find looked at, when it took one (never on the wire)."""

    @property
    def ok(self) -> bool:
        """True when elements were found (the result can be tapped)."""
        return self.error is None and bool(self.elements)

    @property
    def needs_pick(self) -> bool:
        """True when the caller must choose a candidate (tier 4) or a grid cell/position (5)."""
        return self.error is None and not self.elements and bool(self.candidates or self.grid_image)

    @property
    def element(self) -> Element:
        """The first element; raises :class:`LookupError` when there is none."""
        if not self.elements:
            raise LookupError(f"no element in this result (error={self.error})")
        return self.elements[0]

    @property
    def exit_code(self) -> int:
        """The CLI's exit status for this result: 0 resolved or next step, 1 error."""
        return 1 if self.error is not None or not (self.elements or self.needs_pick) else 0

    def to_dict(self) -> dict[str, Any]:
        """The wire form of docs/contract.md section 3 (built by :mod:`iconfind.wire`)."""
        from iconfind.wire import result_to_dict

        return result_to_dict(self)

    def _repr_png_(self) -> bytes | None:
        """Notebooks: the screenshot with the found elements, the candidates or the grid drawn."""
        if self.screenshot is None:
            return None
        from iconfind.imaging.annotate import annotate_png

        return annotate_png(self)

    def _repr_html_(self) -> str | None:
        """Notebooks: the annotated screenshot beside a one-line summary of the result."""
        from iconfind.imaging.annotate import annotate_html

        return annotate_html(self)

    @classmethod
    def failure(
        cls,
        error: FindError,
        suggestion: str,
        **kwargs: Any,
    ) -> FindResult:
        """A result that carries only an error (plus any extra fields)."""
        return cls(error=error, suggestion=suggestion, **kwargs)

    @classmethod
    def from_timeout(cls, exc: DeviceTimeoutError) -> FindResult:
        """A timeout raised as :class:`~iconfind.DeviceTimeoutError`, as the result a find
        returns for it (``error="timeout"`` with its ``phase`` and suggestion)."""
        return cls.failure(FindError.TIMEOUT, exc.suggestion, phase=exc.phase or None)


__all__ = [
    "Bounds",
    "Candidate",
    "Confidence",
    "Element",
    "FindError",
    "FindResult",
    "Point",
    "Quadrant",
    "Selector",
    "Source",
]
