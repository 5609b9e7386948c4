"""The ui operations of docs/contract.md beyond find/tap/dump: ``screenshot``,
``accessibility_check``, ``visual_snapshot`` and ``input``.

Each is a plain function of a backend (plus the Locator's budget); :class:`~iconfind.Locator`
exposes them as small methods. Each operation has one deadline (``budget_s``) for all its device
calls, which run one at a time per backend: one that hangs raises
:class:`~iconfind.DeviceTimeoutError` naming the call (``device:hierarchy``).
"""

from __future__ import annotations

import base64
import io
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

from attrs import field, frozen
from PIL import Image

from iconfind._budget import device_call
from iconfind._deadline import Deadline
from iconfind._secrets import mask_secrets
from iconfind.backends.base import (
    BackendInfo,
    DeviceBackend,
    backend_density,
    backend_info,
)
from iconfind.errors import InvalidArgumentError
from iconfind.models import Element
from iconfind.scaling import Scaling

T = TypeVar("T")

MIN_TARGET_DP = 48
"""Android's minimum touch target (Material: 48 x 48 dp)."""
SCREENSHOT_DIR = Path(".iconfind") / "screenshots"


def bounded(backend: object, call: Callable[[], T], deadline: Deadline | float, phase: str) -> T:
    """``call()`` (a call to ``backend``) under ``deadline`` (or a budget in seconds), on the
    backend's serial worker; :class:`~iconfind.DeviceTimeoutError` (``device:PHASE``) when it
    hangs."""
    if not isinstance(deadline, Deadline):
        deadline = Deadline.after(deadline)
    return device_call(backend, phase, call, deadline)


def backend_meta(backend: DeviceBackend) -> BackendInfo:
    """What a backend says about itself (:meth:`info`), or the neutral default (platform "")."""
    return backend_info(backend)


# -- screenshot -----------------------------------------------------------------------------------


@frozen
class Screenshot:
    """A captured (and scaled) screen: the image, its size and the scale (docs/scaling.md)."""

    mode: Literal["file", "inline"]
    device_size: tuple[int, int]
    image_size: tuple[int, int]
    scale_factor: float
    path: Path | None = None
    data: str | None = field(default=None, repr=False)
    """Base64 PNG when ``mode == "inline"``."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"mode": self.mode}
        if self.path is not None:
            out["path"] = str(self.path)
        if self.data is not None:
            out["base64"] = self.data
        out["device"] = {"width": self.device_size[0], "height": self.device_size[1]}
        out["image"] = {"width": self.image_size[0], "height": self.image_size[1]}
        out["scaleFactor"] = self.scale_factor
        return out


def _scaled(image: Image.Image, scaling: Scaling) -> tuple[Image.Image, float]:
    transform = scaling.transform_for(*image.size)
    return transform.scale_image(image), round(transform.factor, 4)


def _png_base64(image: Image.Image) -> str:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def take_screenshot(
    backend: DeviceBackend,
    *,
    path: str | Path | None = None,
    inline: bool = False,
    scaling: Scaling | None = None,
    budget_s: float = 10.0,
) -> Screenshot:
    """Capture the screen, scale it (default: 1000 px longest side), save or inline it.

    ``path`` (``.png`` or ``.jpg``) defaults to ``.iconfind/screenshots/screenshot-<ms>.png``;
    ``inline=True`` returns base64 PNG instead of writing a file.
    """
    scaling = scaling if scaling is not None else Scaling()
    image = bounded(backend, backend.screenshot, budget_s, "screenshot")
    scaled, factor = _scaled(image, scaling)
    common = {"device_size": image.size, "image_size": scaled.size, "scale_factor": factor}
    if inline:
        return Screenshot(mode="inline", data=_png_base64(scaled), **common)  # type: ignore[arg-type]
    target = (
        Path(path)
        if path is not None
        else SCREENSHOT_DIR / f"screenshot-{time.time_ns() // 1_000_000}.png"
    )
    _save(scaled, target)
    return Screenshot(mode="file", path=target, **common)  # type: ignore[arg-type]


def _save(image: Image.Image, target: Path) -> None:
    """Write ``image`` to ``target`` (parents created), in the format its extension names."""
    image_format = Image.registered_extensions().get(target.suffix.lower())
    if image_format is None or image_format not in Image.SAVE:
        raise InvalidArgumentError(
            f"{target}: a screenshot path needs an image extension such as .png or .jpg"
        )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        image.save(target, format=image_format)
    except (OSError, ValueError) as exc:
        raise InvalidArgumentError(f"{target}: cannot write the screenshot ({exc})") from None


# -- accessibility check --------------------------------------------------------------------------


@frozen
class AccessibilityIssue:
    """One clickable element and what is wrong with it."""

    element: Element
    problems: tuple[str, ...]
    """Any of ``"no_label"``, ``"no_id"``, ``"too_small"``."""

    def to_dict(self) -> dict[str, Any]:
        out = self.element.to_dict()
        out["problems"] = list(self.problems)
        return out


@frozen
class AccessibilityReport:
    """The developer's own quick accessibility lint of the current screen.

    A clickable has a label when it or a descendant carries text or a content description (what
    a screen reader announces); ``min_target_px`` is 48 dp at ``density``.
    """

    accessibility_unavailable: bool
    elements: int
    clickables: int
    missing_label: int
    missing_id: int
    too_small: int
    density: float
    density_assumed: bool
    min_target_px: int
    issues: tuple[AccessibilityIssue, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the tree is there and no clickable has a problem."""
        return not self.accessibility_unavailable and not self.issues

    def to_dict(self) -> dict[str, Any]:
        return {
            "accessibilityUnavailable": self.accessibility_unavailable,
            "elements": self.elements,
            "clickables": self.clickables,
            "missingLabel": self.missing_label,
            "missingId": self.missing_id,
            "tooSmall": self.too_small,
            "density": self.density,
            "densityAssumed": self.density_assumed,
            "minTargetPx": self.min_target_px,
            "issues": [issue.to_dict() for issue in self.issues],
        }


def _labelled(elements: list[Element]) -> set[int]:
    """Indexes of elements that carry a label themselves or through a descendant."""
    labelled: set[int] = set()
    for element in reversed(elements):  # children come after their parent
        if element.label.strip() or element.index in labelled:
            labelled.add(element.index)
            if element.parent is not None:
                labelled.add(element.parent)
    return labelled


def check_accessibility(
    elements: list[Element] | None, density: float, *, assumed: bool = False
) -> AccessibilityReport:
    """Lint a tree: clickables without a label, without an id, or under 48 dp on a side."""
    min_px = round(MIN_TARGET_DP * density)
    if elements is None:
        return AccessibilityReport(True, 0, 0, 0, 0, 0, density, assumed, min_px)
    labelled = _labelled(elements)
    issues: list[AccessibilityIssue] = []
    counts = {"no_label": 0, "no_id": 0, "too_small": 0}
    clickables = [e for e in elements if e.clickable and e.bounds.area > 0]
    for element in clickables:
        problems: list[str] = []
        if element.index not in labelled:
            problems.append("no_label")
        if not element.resource_id.strip():
            problems.append("no_id")
        if min(element.bounds.width, element.bounds.height) < min_px:
            problems.append("too_small")
        for problem in problems:
            counts[problem] += 1
        if problems:
            issues.append(AccessibilityIssue(element, tuple(problems)))
    return AccessibilityReport(
        accessibility_unavailable=False,
        elements=len(elements),
        clickables=len(clickables),
        missing_label=counts["no_label"],
        missing_id=counts["no_id"],
        too_small=counts["too_small"],
        density=density,
        density_assumed=assumed,
        min_target_px=min_px,
        issues=tuple(issues),
    )


def accessibility_check(backend: DeviceBackend, *, budget_s: float = 10.0) -> AccessibilityReport:
    """:func:`check_accessibility` on the backend's current tree and density."""
    deadline = Deadline.after(budget_s)
    elements = mask_secrets(bounded(backend, backend.hierarchy, deadline, "hierarchy"))
    density, assumed = bounded(backend, lambda: backend_density(backend), deadline, "info")
    return check_accessibility(elements or None, density, assumed=assumed)


# -- visual snapshot ------------------------------------------------------------------------------


@frozen
class VisualSnapshot:
    """A screenshot (inline, scaled) plus what is known about the screen and the app."""

    screenshot: Screenshot
    platform: str
    app: str
    window: str
    density: float
    density_assumed: bool
    accessibility_available: bool
    element_count: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "screenshot": self.screenshot.to_dict(),
            "screen": {
                "width": self.screenshot.device_size[0],
                "height": self.screenshot.device_size[1],
                "density": self.density,
                "densityAssumed": self.density_assumed,
            },
            "app": {"platform": self.platform, "name": self.app, "window": self.window},
            "accessibilityAvailable": self.accessibility_available,
            "elementCount": self.element_count,
        }


def visual_snapshot(
    backend: DeviceBackend, *, scaling: Scaling | None = None, budget_s: float = 10.0
) -> VisualSnapshot:
    """Screenshot + screen/app metadata: the last rung of the fallback chain, for AI vision."""
    deadline = Deadline.after(budget_s)
    shot = take_screenshot(backend, inline=True, scaling=scaling, budget_s=deadline.remaining())
    elements = mask_secrets(bounded(backend, backend.hierarchy, deadline, "hierarchy"))
    meta = bounded(backend, lambda: backend_meta(backend), deadline, "info")
    density, assumed = bounded(backend, lambda: backend_density(backend), deadline, "info")
    return VisualSnapshot(
        screenshot=shot,
        platform=meta.platform,
        app=meta.app,
        window=meta.window,
        density=density,
        density_assumed=assumed,
        accessibility_available=bool(elements),
        element_count=len(elements or ()),
    )


__all__ = [
    "AccessibilityIssue",
    "AccessibilityReport",
    "Screenshot",
    "VisualSnapshot",
    "accessibility_check",
    "backend_density",
    "backend_meta",
    "bounded",
    "check_accessibility",
    "take_screenshot",
    "visual_snapshot",
]
