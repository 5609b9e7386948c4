"""Notebook pictures of a :class:`~iconfind.FindResult`: the screenshot it was computed on, with
found elements, tier-4 candidates or the tier-5 grid drawn over it."""

from __future__ import annotations

import base64
import html
import io
from typing import TYPE_CHECKING

from PIL import Image

from iconfind.imaging import _draw
from iconfind.imaging.encode import fit_within
from iconfind.strategies import grid_geometry as geo

if TYPE_CHECKING:
    from iconfind.models import Bounds, FindResult

DISPLAY_MAX_SIDE = 800


def annotate(result: FindResult, max_side: int = DISPLAY_MAX_SIDE) -> Image.Image | None:
    """The result's screenshot, at most ``max_side`` px, with what the result found marked.

    ``None`` when the result carries no screenshot. The result's coordinates are device
    pixels, the screenshot's own.
    """
    shot = result.screenshot
    if shot is None:
        return None
    picture = fit_within(shot.convert("RGB"), max_side)
    k = picture.width / shot.width  # picture pixels per device pixel
    layer, draw = _draw.overlay(picture)

    def rect(bounds: Bounds) -> tuple[float, float, float, float]:
        return (bounds.x1 * k, bounds.y1 * k, bounds.x2 * k - 1, bounds.y2 * k - 1)

    label_size = max(12, round(min(picture.size) / 28))
    outcome = result.outcome
    # The grid: offered (a cell to choose, or a position in one) or answered (a point in a cell).
    grid_cell = (
        outcome.cell
        if outcome.kind == "grid"
        else outcome.grid_cell
        if outcome.kind == "found" and outcome.source == "grid"
        else None
    )
    grid_shown = outcome.kind == "grid" or grid_cell is not None
    if grid_shown and shot.width >= geo.COLUMNS and shot.height >= geo.ROWS:
        cells = geo.all_cells(shot.width, shot.height)
        for number, cell in enumerate(cells, start=1):
            x1, y1, x2, y2 = rect(cell)
            draw.rectangle((x1, y1, x2, y2), outline=_draw.DARK, width=3)
            draw.rectangle((x1, y1, x2, y2), outline=_draw.LIGHT, width=1)
            if grid_cell in (None, number):
                _draw.label(draw, (x1 + label_size * 1.2, y1 + label_size), str(number), label_size)
        if grid_cell is not None:
            _draw.box(draw, rect(cells[grid_cell - 1]))
    for candidate in result.candidates:
        x1, y1, x2, y2 = rect(candidate.bounds)
        _draw.box(draw, (x1, y1, x2, y2))
        _draw.label(draw, ((x1 + x2) / 2, y2 + label_size), str(candidate.index), label_size)
    for element in result.elements:
        x1, y1, x2, y2 = rect(element.bounds)
        if x2 - x1 > 4 and y2 - y1 > 4:
            _draw.box(draw, (x1, y1, x2, y2))
        c = element.center
        _draw.ring(draw, (c.x * k, c.y * k), label_size * 0.6)
    return _draw.flatten(picture, layer)


def annotate_png(result: FindResult) -> bytes | None:
    """:func:`annotate` as PNG bytes (``FindResult._repr_png_``)."""
    picture = annotate(result)
    if picture is None:
        return None
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def summary(result: FindResult) -> str:
    """One line: tier, source, confidence, and what the result holds."""
    parts = [f"tier {result.tier}" if result.tier else "", result.source or ""]
    parts.append(f"{result.confidence} confidence" if result.confidence else "")
    outcome = result.outcome
    if outcome.kind == "failure":
        parts.append(f"error: {outcome.error.value}")
    elif outcome.kind == "found":
        c = outcome.elements[0].center
        parts.append(f"{len(outcome.elements)} element(s), first at ({c.x}, {c.y})")
        if outcome.recognized_as:
            parts.append(f"recognized as {outcome.recognized_as}")
    elif outcome.kind == "candidates":
        shown = f"{len(outcome.candidates)} candidates"
        if outcome.truncated:
            shown += f" of {outcome.total_candidates}"
        parts.append(shown)
    elif outcome.kind == "grid":
        parts.append(
            "grid: choose a cell 1-24"
            if outcome.cell is None
            else f"cell {outcome.cell}: choose a position 1-5"
        )
    if outcome.kind in ("candidates", "grid") and outcome.estimated_tokens:
        parts.append(f"~{outcome.estimated_tokens} tokens of images")
    return " · ".join(p for p in parts if p)


def annotate_html(result: FindResult) -> str:
    """The summary line and the annotated screenshot (``FindResult._repr_html_``)."""
    head = f"<div><b>FindResult</b> {html.escape(summary(result))}</div>"
    png = annotate_png(result)
    if png is None:
        return head
    data = base64.b64encode(png).decode("ascii")
    return (
        f'{head}<img src="data:image/png;base64,{data}" '
        f'style="max-height:480px" alt="{html.escape(summary(result))}"/>'
    )
