"""Value classes of the memory: a learned target, and the screen context an agent reads.

The fields are those of the desktop learner's JSON form, in snake_case;
:meth:`DesktopTarget.to_dict` gives the camelCase JSON form. Everything is frozen: the
learning rules return new targets (``attrs.evolve``), they never mutate one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any, Literal, get_args

import attrs
from attrs import field, frozen

from iconfind.backends.base import WindowInfo
from iconfind.models import Bounds, Element, Point

Role = Literal[
    "button",
    "link",
    "input",
    "textarea",
    "checkbox",
    "radio",
    "select",
    "menu",
    "menuitem",
    "tab",
    "slider",
    "image",
    "text",
    "heading",
    "toolbar",
    "dialog",
    "window",
    "unknown",
]
"""The ``DesktopElementRole`` vocabulary of the JSON form."""

ROLES: tuple[Role, ...] = get_args(Role)

TargetSource = Literal["a11y", "vision", "a11y+vision", "learned"]
"""Where a target came from: the accessibility tree, a vision model, both, or memory/teaching."""

TARGET_SOURCES: tuple[TargetSource, ...] = get_args(TargetSource)

INPUT_ROLES: frozenset[Role] = frozenset({"input", "textarea"})


def _role(value: str) -> Role:
    if value not in ROLES:
        raise ValueError(f"unknown role {value!r}; one of {', '.join(ROLES)}")
    return value


def _source(value: str) -> TargetSource:
    if value not in TARGET_SOURCES:
        raise ValueError(f"unknown source {value!r}; one of {', '.join(TARGET_SOURCES)}")
    return value


def _confidence(_instance: object, _attribute: object, value: float) -> None:
    if not (isinstance(value, (int, float)) and math.isfinite(value) and 0.0 <= value <= 1.0):
        raise ValueError(f"confidence must be a number in [0, 1], got {value!r}")


def _count(_instance: object, _attribute: object, value: int) -> None:
    if value < 0:
        raise ValueError(f"counts are never negative, got {value}")


@frozen
class DesktopTarget:
    """One UI element memory knows about: where it is, what it is, how reliable it has been.

    ``bounds`` and ``click_point`` are device pixels. ``confidence`` lies in [0, 1] (the learning
    rules keep it in [0.1, 0.99]). ``stale`` marks a target that was not seen on the last capture
    of its window; ``learned`` is set by the merge when memory vouches for it (confidence > 0.9).
    """

    id: str
    app_name: str
    window_title: str
    role: Role = field(converter=_role)
    label: str
    bounds: Bounds
    click_point: Point
    confidence: float = field(converter=float, validator=_confidence)
    source: TargetSource = field(converter=_source)
    first_seen: float
    last_seen: float
    hit_count: int = field(default=0, validator=_count)
    miss_count: int = field(default=0, validator=_count)
    parent_id: str | None = None
    depth: int = 0
    visual_hash: str | None = None
    stale: bool = False
    learned: bool = False

    @property
    def is_learned(self) -> bool:
        """Whether memory has earned the right to answer for it: clicked before, or taught."""
        return self.hit_count > 0 or self.source == "learned"

    def distance_to(self, other: DesktopTarget) -> float:
        """Euclidean distance between the two click points, in pixels."""
        return math.hypot(
            self.click_point.x - other.click_point.x, self.click_point.y - other.click_point.y
        )

    def element(self) -> Element:
        """The target as an :class:`~iconfind.Element` (label as text, role as class name)."""
        return Element(
            bounds=self.bounds,
            text=self.label,
            class_name=self.role,
            clickable=True,
            depth=self.depth,
        )

    def to_dict(self) -> dict[str, Any]:
        """The camelCase JSON form (bounds as x/y/width/height)."""
        out: dict[str, Any] = {
            "id": self.id,
            "appName": self.app_name,
            "windowTitle": self.window_title,
            "role": self.role,
            "label": self.label,
            "bounds": {
                "x": self.bounds.x1,
                "y": self.bounds.y1,
                "width": self.bounds.width,
                "height": self.bounds.height,
            },
            "clickPoint": self.click_point.to_dict(),
            "confidence": self.confidence,
            "source": self.source,
            "firstSeen": self.first_seen,
            "lastSeen": self.last_seen,
            "hitCount": self.hit_count,
            "missCount": self.miss_count,
            "depth": self.depth,
        }
        if self.parent_id is not None:
            out["parentId"] = self.parent_id
        if self.visual_hash is not None:
            out["visualHash"] = self.visual_hash
        if self.stale:
            out["stale"] = True
        if self.learned:
            out["learned"] = True
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> DesktopTarget:
        """Inverse of :meth:`to_dict`."""
        box = raw["bounds"]
        point = raw["clickPoint"]
        return cls(
            id=raw["id"],
            app_name=raw["appName"],
            window_title=raw["windowTitle"],
            role=raw["role"],
            label=raw["label"],
            bounds=Bounds.from_xywh(box["x"], box["y"], box["width"], box["height"]),
            click_point=Point(int(point["x"]), int(point["y"])),
            confidence=raw["confidence"],
            source=raw["source"],
            first_seen=raw["firstSeen"],
            last_seen=raw["lastSeen"],
            hit_count=raw.get("hitCount", 0),
            miss_count=raw.get("missCount", 0),
            parent_id=raw.get("parentId"),
            depth=raw.get("depth", 0),
            visual_hash=raw.get("visualHash"),
            stale=raw.get("stale", False),
            learned=raw.get("learned", False),
        )


@frozen
class LearnedPatterns:
    """What memory knows about this app/window beyond single targets."""

    app_signature: str
    """A hash of the app+window combination."""
    common_actions: tuple[str, ...] = ()
    """Labels of the targets clicked most often here, most used first."""
    layout_version: int = 0
    """Meant to be "incremented on major changes": not tracked yet, always 0."""


def _targets(value: Iterable[DesktopTarget]) -> tuple[DesktopTarget, ...]:
    return tuple(value)


@frozen
class ScreenContext:
    """What the agent sees instead of a screenshot: the targets of the frontmost window.

    ``targets`` are sorted by relevance (confidence, best first). ``blocked`` is true when the
    app is on the blocklist: nothing was read or stored, and ``targets`` is empty.
    """

    timestamp: float
    active_app: WindowInfo
    screen_size: tuple[int, int]
    targets: tuple[DesktopTarget, ...] = field(converter=_targets)
    learned_patterns: LearnedPatterns
    blocked: bool = False
    truncated: bool = False
    """The capture was cut short (over :data:`~iconfind.memory.context.MAX_TARGETS_PER_SCREEN`
    targets, or past the time budget): ``targets`` holds what was read, nothing was learned."""

    @property
    def buttons(self) -> tuple[DesktopTarget, ...]:
        return tuple(t for t in self.targets if t.role == "button")

    @property
    def inputs(self) -> tuple[DesktopTarget, ...]:
        return tuple(t for t in self.targets if t.role in INPUT_ROLES)

    @property
    def links(self) -> tuple[DesktopTarget, ...]:
        return tuple(t for t in self.targets if t.role == "link")

    def filtered(
        self, *, app_filter: str | None = None, role_filter: str | None = None
    ) -> list[DesktopTarget]:
        """The ``get_screen_targets`` filters: app name substring, role (``"all"``)."""
        targets = list(self.targets)
        if app_filter:
            needle = app_filter.casefold()
            targets = [t for t in targets if needle in t.app_name.casefold()]
        if role_filter and role_filter != "all":
            targets = [t for t in targets if t.role == role_filter]
        return targets

    def to_tool_response(
        self,
        *,
        app_filter: str | None = None,
        role_filter: str | None = None,
        limit: int = 30,
    ) -> dict[str, Any]:
        """The ``get_screen_targets`` answer: text, never an image."""
        targets = self.filtered(app_filter=app_filter, role_filter=role_filter)
        head = {"truncated": True} if self.truncated else {}
        return head | {
            "app": self.active_app.app,
            "window": self.active_app.window,
            "elementCount": len(targets),
            "elements": [
                {
                    "id": t.id,
                    "type": t.role,
                    "label": t.label,
                    "position": f"({t.click_point.x}, {t.click_point.y})",
                    "confidence": f"{t.confidence:.2f}",
                    "learned": t.hit_count > 0,
                }
                for t in targets[:limit]
            ],
        }

    def to_text(
        self,
        *,
        app_filter: str | None = None,
        role_filter: str | None = None,
        limit: int = 30,
    ) -> str:
        """The same list as plain lines, one target each, for a prompt::

        Firefox — Login - MyApp (4 targets)
        ff_login_email  input  "Email"  (400, 200)  0.95  learned
        """
        targets = self.filtered(app_filter=app_filter, role_filter=role_filter)
        head = f"{self.active_app.app} — {self.active_app.window} ({len(targets)} targets)"
        if self.blocked:
            head += " [blocked: not indexed]"
        lines = [head]
        for t in targets[:limit]:
            flags = " ".join(
                flag for flag, on in (("learned", t.hit_count > 0), ("stale", t.stale)) if on
            )
            line = (
                f"{t.id}  {t.role}  {_quote(t.label)}  "
                f"({t.click_point.x}, {t.click_point.y})  {t.confidence:.2f}"
            )
            lines.append(f"{line}  {flags}".rstrip())
        return "\n".join(lines)


def _quote(label: str) -> str:
    return '"' + label.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def evolve(target: DesktopTarget, **changes: Any) -> DesktopTarget:
    """``attrs.evolve`` typed for targets (the learning rules' only way to change one)."""
    return attrs.evolve(target, **changes)


__all__ = [
    "INPUT_ROLES",
    "ROLES",
    "TARGET_SOURCES",
    "DesktopTarget",
    "LearnedPatterns",
    "Role",
    "ScreenContext",
    "TargetSource",
]
