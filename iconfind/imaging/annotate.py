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

    ``None`` when the result carries no screenshot. Coordinates in the result may be in a scaled
    image space (``scale_factor``); they are mapped back onto the screenshot here.
    """
    shot = result.screenshot
    if shot is None:
        return None
    picture = fit_within(shot.convert("RGB"), max_side)
    k = picture.width / shot.width  # picture pixels per device pixel
    to_device = result.scale_factor or 1.0
    layer, draw = _draw.overlay(picture)

    def rect(bounds: Bounds, device: bool = False) -> tuple[float, float, float, float]:
        f = k if device else k * to_device
        return (bounds.x1 * f, bounds.y1 * f, bounds.x2 * f - 1, bounds.y2 * f - 1)

    label_size = max(12, round(min(picture.size) / 28))
    grid_shown = result.tier == 5 and (result.grid_image or result.grid_cell)
    if grid_shown and shot.width >= geo.COLUMNS and shot.height >= geo.ROWS:
        cells = geo.all_cells(shot.width, shot.height)
        for number, cell in enumerate(cells, start=1):
            x1, y1, x2, y2 = rect(cell, device=True)
            draw.rectangle((x1, y1, x2, y2), outline=_draw.DARK, width=3)
            draw.rectangle((x1, y1, x2, y2), outline=_draw.LIGHT, width=1)
            if result.grid_cell in (None, number):
                _draw.label(draw, (x1 + label_size * 1.2, y1 + label_size), str(number), label_size)
        if result.grid_cell is not None:
            _draw.box(draw, rect(cells[result.grid_cell - 1], device=True))
    for candidate in result.candidates:
        x1, y1, x2, y2 = rect(candidate.bounds)
        _draw.box(draw, (x1, y1, x2, y2))
        _draw.label(draw, ((x1 + x2) / 2, y2 + label_size), str(candidate.index), label_size)
    for element in result.elements:
        x1, y1, x2, y2 = rect(element.bounds)
        if x2 - x1 > 4 and y2 - y1 > 4:
            _draw.box(draw, (x1, y1, x2, y2))
        c = element.center
        _draw.ring(draw, (c.x * k * to_device, c.y * k * to_device), label_size * 0.6)
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
    if result.error is not None:
        parts.append(f"error: {result.error.value}")
    if result.elements:
        c = result.elements[0].center
        parts.append(f"{len(result.elements)} element(s), first at ({c.x}, {c.y})")
    if result.recognized_as:
        parts.append(f"recognized as {result.recognized_as}")
    if result.candidates:
        shown = f"{len(result.candidates)} candidates"
        if result.truncated:
            shown += f" of {result.total_candidates}"
        parts.append(shown)
    if result.grid_image and result.grid_cell is None:
        parts.append("grid: choose a cell 1-24")
    elif result.grid_image:
        parts.append(f"cell {result.grid_cell}: choose a position 1-5")
    if result.estimated_tokens:
        parts.append(f"~{result.estimated_tokens} tokens of images")
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
