"""The JSON wire form of results (docs/contract.md section 3), kept apart from the models.

The value classes hold data; this module turns them into the camelCase dicts that the CLI's
``--json``, the agent tools and ``FindResult.to_dict()`` send. Keys that do not apply are left
out. It reads the models' attributes only, so it imports them for type checking alone: the models
can call it lazily without an import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from iconfind.models import Candidate, Element, FindResult, Point


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


def result_to_dict(result: FindResult) -> dict[str, Any]:
    """The whole result; ``elements`` always, every other key only when it applies."""
    out: dict[str, Any] = {
        "elements": [element_to_dict(element, i) for i, element in enumerate(result.elements)]
    }
    grid_positions = result.grid_positions
    optional: dict[str, Any] = {
        "source": result.source,
        "tier": result.tier,
        "confidence": result.confidence,
        "candidates": [candidate_to_dict(c) for c in result.candidates] or None,
        "truncated": result.truncated,
        "totalCandidates": result.total_candidates,
        "gridImage": result.grid_image,
        "gridCell": result.grid_cell,
        "gridPositions": list(grid_positions) if grid_positions is not None else None,
        "recognizedAs": result.recognized_as,
        "accessibilityUnavailable": True if result.accessibility_unavailable else None,
        "error": result.error.value if result.error is not None else None,
        "matchCount": result.match_count,
        "phase": result.phase,
        "suggestion": result.suggestion,
        "scaleFactor": result.scale_factor,
        "imageBytes": result.image_bytes,
        "estimatedTokens": result.estimated_tokens,
        "tapped": point_to_dict(result.tapped) if result.tapped is not None else None,
        "notes": list(result.notes) or None,
    }
    out.update({key: value for key, value in optional.items() if value is not None})
    return out


__all__ = ["candidate_to_dict", "element_to_dict", "point_to_dict", "result_to_dict"]
