"""Bounded answers for agents: every tool result fits in :data:`MAX_RESULT_CHARS` of text.

A 200k-node screen would otherwise answer ``ui dump`` with tens of megabytes that no model can
read. The element list of an answer is paged: ``offset`` / ``limit`` (tool arguments) choose the
window, and the page shrinks further until the JSON text fits. The answer then carries::

    "page": {"offset": 0, "count": 180, "total": 200000, "truncated": true, "nextOffset": 180}

``truncated`` says elements were left out; ``nextOffset`` is the ``offset`` of the next page (or
narrow the selector instead). Strings longer than :data:`MAX_STRING_CHARS` are cut when an answer
is still too long. Element ``index`` values stay those of the whole result, so ``elementIndex``
taps what the page shows. Pictures (moved to image content by MCP) are not counted. The CLI's
``--json`` is not paged: it prints the whole answer.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from iconfind.agent.images import IMAGE_KEYS, split_images
from iconfind.wire import listed_elements, result_to_dict

if TYPE_CHECKING:
    from iconfind.models import FindResult

MAX_RESULT_CHARS = 64_000
"""The most JSON text one tool result may hold (about 16k tokens)."""
MAX_PAGE_ELEMENTS = 1_000
"""The most elements one page may hold, whatever ``limit`` asks."""
MAX_STRING_CHARS = 2_000
"""Longer strings are cut (with ``"…"``) when an answer does not fit otherwise."""


def text_size(answer: dict[str, Any]) -> int:
    """Characters of the answer's JSON text, pictures excluded (they travel as images)."""
    text, _images = split_images(answer)
    return len(json.dumps(text, ensure_ascii=False))


def _cut_strings(value: Any, limit: int) -> Any:
    """Long strings cut, pictures (base64 under an image key) left whole."""
    if isinstance(value, str):
        return value if len(value) <= limit else value[: limit - 1] + "…"
    if isinstance(value, dict):
        return {
            key: item if key in IMAGE_KEYS else _cut_strings(item, limit)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_cut_strings(item, limit) for item in value]
    return value


def paged_result(
    result: FindResult,
    *,
    offset: int = 0,
    limit: int | None = None,
    max_chars: int = MAX_RESULT_CHARS,
) -> dict[str, Any]:
    """The wire form of ``result`` with its elements paged to fit ``max_chars``."""
    total = len(listed_elements(result))
    start = min(max(0, offset), total)
    wanted = min(limit if limit is not None else MAX_PAGE_ELEMENTS, MAX_PAGE_ELEMENTS)
    head = result_to_dict(result, start=start, stop=start + wanted)
    rows: list[dict[str, Any]] = head.pop("elements")
    budget = max_chars - text_size(head) - 200  # room for the page object
    kept, used = 0, 0
    for row in rows:
        size = len(json.dumps(row, ensure_ascii=False)) + 2
        if used + size > budget and kept > 0:
            break
        used += size
        kept += 1
    answer = {"elements": rows[:kept], **head}
    if total > len(rows) or kept < len(rows) or start > 0:
        count = kept
        answer["page"] = {
            "offset": start,
            "count": count,
            "total": total,
            "truncated": start + count < total or start > 0,
        }
        if start + count < total:
            answer["page"]["nextOffset"] = start + count
    return bounded(answer, max_chars)


def bounded(answer: dict[str, Any], max_chars: int = MAX_RESULT_CHARS) -> dict[str, Any]:
    """``answer`` as is when it fits; else with long strings cut, then list tails dropped."""
    if text_size(answer) <= max_chars:
        return answer
    out: dict[str, Any] = _cut_strings(answer, MAX_STRING_CHARS)
    while text_size(out) > max_chars:
        longest = max(
            (key for key, value in out.items() if isinstance(value, list) and value),
            key=lambda key: len(json.dumps(out[key], ensure_ascii=False)),
            default=None,
        )
        if longest is None:
            return {
                "error": "result_too_large",
                "message": f"the answer does not fit in {max_chars} characters even cut down; "
                "narrow the request",
            }
        total = len(out[longest])
        out[longest] = out[longest][: total // 2]
        if longest == "elements":
            page = out.setdefault("page", {"offset": 0, "total": total})
            kept = len(out[longest])
            page.update(count=kept, truncated=True, nextOffset=page["offset"] + kept)
    return out


__all__ = ["MAX_PAGE_ELEMENTS", "MAX_RESULT_CHARS", "MAX_STRING_CHARS", "bounded", "paged_result"]
