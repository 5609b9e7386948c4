"""Pixel geometry: :class:`Point` and :class:`Bounds`, frozen, validated once at the edge.

A leaf module (it needs only :mod:`iconfind.errors`), so the models, the imaging helpers and the
grid geometry can all build on it without importing each other.
"""

from __future__ import annotations

import math
import re
from typing import Literal

import attrs
from attrs import field, frozen

from iconfind.errors import InvalidBoundsError

Quadrant = Literal["top-left", "top-right", "bottom-left", "bottom-right"]

_new_object = object.__new__
_set_slot = object.__setattr__  # frozen attrs classes are written this way by their own __init__

_BOUNDS_RE = re.compile(
    r"^\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\s*$"
)


@frozen
class Point:
    """A pixel position."""

    x: int
    y: int

    def to_dict(self) -> dict[str, int]:
        return {"x": self.x, "y": self.y}


@frozen
class Bounds:
    """An axis-aligned rectangle in pixels; right and bottom edges exclusive, as on Android."""

    x1: int
    y1: int
    x2: int
    y2: int = field()

    @y2.validator
    def _check(self, _attribute: attrs.Attribute[int], _value: int) -> None:
        if self.x2 < self.x1 or self.y2 < self.y1:
            raise InvalidBoundsError(
                f"bounds {self.format()} are inverted (need x2 >= x1 and y2 >= y1)"
            )

    @classmethod
    def parse(cls, text: str) -> Bounds:
        """Parse uiautomator's ``"[x1,y1][x2,y2]"``; raises :class:`InvalidBoundsError` on junk."""
        match = _BOUNDS_RE.match(text) if isinstance(text, str) else None
        if match is None:
            raise InvalidBoundsError(f"not a bounds string of the form [x1,y1][x2,y2]: {text!r}")
        x1, y1, x2, y2 = (int(group) for group in match.groups())
        return cls(x1, y1, x2, y2)

    @classmethod
    def trusted(cls, x1: int, y1: int, x2: int, y2: int) -> Bounds:
        """Bounds whose edges the caller has already checked (``x2 >= x1``, ``y2 >= y1``, ints):
        built without the validator, for the parsers' per-node loop. Equal to ``Bounds(...)``."""
        bounds = _new_object(cls)
        _set_slot(bounds, "x1", x1)
        _set_slot(bounds, "y1", y1)
        _set_slot(bounds, "x2", x2)
        _set_slot(bounds, "y2", y2)
        return bounds

    @classmethod
    def from_xywh(cls, x: float, y: float, width: float, height: float) -> Bounds:
        """From a position and a size, as desktop accessibility APIs report them (rounded)."""
        if not all(math.isfinite(v) for v in (x, y, width, height)):
            raise InvalidBoundsError(f"not finite: x={x} y={y} width={width} height={height}")
        if width < 0 or height < 0:
            raise InvalidBoundsError(f"negative size {width}x{height}")
        x1, y1 = round(x), round(y)
        return cls(x1, y1, x1 + round(width), y1 + round(height))

    def format(self) -> str:
        """The uiautomator form, inverse of :meth:`parse`."""
        return f"[{self.x1},{self.y1}][{self.x2},{self.y2}]"

    @property
    def width(self) -> int:
        return self.x2 - self.x1

    @property
    def height(self) -> int:
        return self.y2 - self.y1

    @property
    def area(self) -> int:
        return self.width * self.height

    @property
    def center(self) -> Point:
        """``((x1+x2)//2, (y1+y2)//2)``, as docs/contract.md fixes it."""
        return Point((self.x1 + self.x2) // 2, (self.y1 + self.y2) // 2)

    def contains(self, x: int, y: int) -> bool:
        """Whether the point lies inside (left/top inclusive, right/bottom exclusive)."""
        return self.x1 <= x < self.x2 and self.y1 <= y < self.y2

    def contains_bounds(self, other: Bounds) -> bool:
        return (
            self.x1 <= other.x1
            and self.y1 <= other.y1
            and other.x2 <= self.x2
            and other.y2 <= self.y2
        )

    def quadrant(self, screen_width: int, screen_height: int) -> Quadrant:
        """The screen quadrant holding this rectangle's center (the midlines go right/down)."""
        center = self.center
        right = center.x >= screen_width / 2
        bottom = center.y >= screen_height / 2
        if bottom:
            return "bottom-right" if right else "bottom-left"
        return "top-right" if right else "top-left"

    def scaled(self, factor: float) -> Bounds:
        """These bounds divided by ``factor`` (device pixels to image pixels)."""
        return Bounds(
            round(self.x1 / factor),
            round(self.y1 / factor),
            round(self.x2 / factor),
            round(self.y2 / factor),
        )

    def to_list(self) -> list[int]:
        return [self.x1, self.y1, self.x2, self.y2]


__all__ = ["Bounds", "Point", "Quadrant"]
