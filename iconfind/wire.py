"""The JSON wire form of results (docs/contract.md section 3), kept apart from the models.

The value classes hold data; this module turns them into the camelCase dicts that the CLI's
``--json``, the agent tools and ``FindResult.to_dict()`` send. Keys that do not apply are left
out. It is one of the edges where coordinates change space: a result holds device pixels and,
under a screenshot scale, its ``transform``; the wire form shows the scaled screenshot's pixels
and ``scaleFactor`` (docs/contract.md, "Coordinates and screenshot scaling"). It reads the
models' attributes only, so it imports them for type checking alone: the models can call it
lazily without an import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from iconfind.models import Candidate, Element, FindResult, Point
    from iconfind.scaling import ScreenTransform


def point_to_dict(point: Point) -> dict[str, int]:
    """``{"x": .., "y": ..}``."""
    return {"x": point.x, "y": point.y}


def element_to_dict(element: Element, index: int | None = None) -> dict[str, Any]:
    """One element; ``index`` is its position in the list being sent (default: its tree index)."""
    return {
        "index": element.index if index is None else index,
        "text": element.text,
        "contentDesc": element.content_desc,
        "resourceId": element.resource_id,
        "className": element.class_name,
        "clickable": element.clickable,
        "bounds": element.bounds.to_list(),
        "center": point_to_dict(element.center),
    }


def candidate_to_dict(candidate: Candidate) -> dict[str, Any]:
    """A tier-4 candidate: index, bounds, center, image (base64 JPEG) and, when a recognizer
    ran, its ``hints`` (scores rounded to 3 decimals)."""
    out: dict[str, Any] = {
        "index": candidate.index,
        "bounds": candidate.bounds.to_list(),
        "center": point_to_dict(candidate.center),
        "image": candidate.image,
    }
    if candidate.hints:
        out["hints"] = [
            {"class": name, "score": round(score, 3)} for name, score in candidate.hints
        ]
    return out


def listed_elements(result: FindResult) -> tuple[Element, ...]:
    """The elements the wire form lists: the found ones, or a failure's unusable matches."""
    outcome = result.outcome
    if outcome.kind == "found":
        return outcome.elements
    if outcome.kind == "failure":
        return outcome.matches
    return ()


def result_to_dict(
    result: FindResult, *, start: int = 0, stop: int | None = None
) -> dict[str, Any]:
    """The whole result; ``elements`` always, every other key only when it applies. Under a
    screenshot scale (``result.transform``) coordinates are the scaled screenshot's pixels.

    ``start`` / ``stop`` list only that slice of the elements (a page; each keeps its
    ``index`` in the whole list)."""
    outcome = result.outcome
    to_image = result.to_image
    shown = listed_elements(result)
    fields: dict[str, Any] = dict.fromkeys(_ORDER)  # the keys in docs/contract.md's order
    fields["source"] = outcome.source
    # Branch on the tag, not on the classes: this module imports the models for types only.
    if outcome.kind == "found":
        fields.update(
            tier=outcome.tier,
            confidence=outcome.confidence,
            gridCell=outcome.grid_cell,
            recognizedAs=outcome.recognized_as,
            matchCount=outcome.match_count,
        )
    elif outcome.kind == "candidates":
        fields.update(
            tier=outcome.tier,
            confidence=outcome.confidence,
            candidates=[candidate_to_dict(to_image(c)) for c in outcome.candidates],
            truncated=outcome.truncated if outcome.total_candidates is not None else None,
            totalCandidates=outcome.total_candidates,
            suggestion=outcome.suggestion or None,
            imageBytes=outcome.image_bytes,
            estimatedTokens=outcome.estimated_tokens,
        )
    elif outcome.kind == "grid":
        fields.update(
            tier=outcome.tier,
            confidence=outcome.confidence,
            gridImage=outcome.image,
            gridCell=outcome.cell,
            gridPositions=list(outcome.positions) if outcome.positions else None,
            suggestion=outcome.suggestion or None,
            imageBytes=outcome.image_bytes,
            estimatedTokens=outcome.estimated_tokens,
        )
    elif outcome.kind == "failure":
        fields.update(
            tier=outcome.tier,
            error=outcome.error.value,
            matchCount=outcome.match_count,
            phase=outcome.phase,
            suggestion=outcome.suggestion or None,
        )
    fields.update(
        accessibilityUnavailable=True if result.accessibility_unavailable else None,
        scaleFactor=result.scale_factor,
        tapped=_tapped(result, shown),
        notes=list(result.notes) or None,
    )
    out: dict[str, Any] = {
        "elements": [
            element_to_dict(to_image(element), start + i)
            for i, element in enumerate(shown[start:stop])
        ]
    }
    out.update({key: value for key, value in fields.items() if value is not None})
    return out


_ORDER = (
    "source",
    "tier",
    "confidence",
    "candidates",
    "truncated",
    "totalCandidates",
    "gridImage",
    "gridCell",
    "gridPositions",
    "recognizedAs",
    "accessibilityUnavailable",
    "error",
    "matchCount",
    "phase",
    "suggestion",
    "scaleFactor",
    "imageBytes",
    "estimatedTokens",
    "tapped",
    "notes",
)


def _tapped(result: FindResult, shown: tuple[Element, ...]) -> dict[str, int] | None:
    """Where the tap landed, in the elements' space: a tap on an element's center shows as that
    element's center on the wire (its image-space bounds' center under a scale)."""
    tapped = result.tapped
    if tapped is None:
        return None
    transform: ScreenTransform | None = result.transform
    if transform is None:
        return point_to_dict(tapped)
    for element in shown:
        if element.center == tapped:
            return point_to_dict(result.to_image(element).center)
    return point_to_dict(transform.to_image(tapped))


__all__ = [
    "candidate_to_dict",
    "element_to_dict",
    "listed_elements",
    "point_to_dict",
    "result_to_dict",
]
