"""Tier-5 pictures: the numbered 4x6 grid over the screen, and one cell zoomed with its 5
positions marked.

Geometry comes from :mod:`iconfind.strategies.grid_geometry` in device pixels and is only mapped
into the picture for drawing, so the picture and the tap point always agree.
"""

from __future__ import annotations

from PIL import Image

from iconfind.imaging import _draw
from iconfind.imaging.encode import fit_within
from iconfind.models import Bounds
from iconfind.strategies import grid_geometry as geo

GRID_MAX_SIDE = 1000
"""The grid picture's longest side: a picture for a model, not a coordinate space."""
ZOOM_SIDE = 480
"""The zoomed cell's longest side."""


def render_grid(screenshot: Image.Image, max_side: int = GRID_MAX_SIDE) -> Image.Image:
    """The screenshot, scaled to ``max_side``, under a numbered 4x6 grid (cells 1-24)."""
    width, height = screenshot.size
    geo.check_screen(width, height)
    picture = fit_within(screenshot.convert("RGB"), max_side)
    sx, sy = picture.width / width, picture.height / height
    layer, draw = _draw.overlay(picture)
    cells = geo.all_cells(width, height)
    stroke = max(1, round(min(picture.size) / 300))
    for column in range(1, geo.COLUMNS):
        x = cells[column].x1 * sx
        _draw.line(draw, (x, 0, x, picture.height), stroke)
    for row in range(1, geo.ROWS):
        y = cells[row * geo.COLUMNS].y1 * sy
        _draw.line(draw, (0, y, picture.width, y), stroke)
    cell_w, cell_h = picture.width / geo.COLUMNS, picture.height / geo.ROWS
    size = max(10, round(min(cell_w, cell_h) * 0.26))
    for number, cell in enumerate(cells, start=1):
        # Top-left corner of each cell, so the cell's middle stays visible for the model.
        cx = cell.x1 * sx + size * 1.1
        cy = cell.y1 * sy + size * 0.95
        _draw.label(draw, (cx, cy), str(number), size)
    return _draw.flatten(picture, layer)


def render_cell_zoom(
    screenshot: Image.Image, cell: int, side: int = ZOOM_SIDE
) -> tuple[Image.Image, Bounds]:
    """Cell ``cell`` scaled to ``side`` px with positions 1-5 marked; also the cell's bounds."""
    width, height = screenshot.size
    bounds = geo.cell_bounds(width, height, cell)
    crop = screenshot.convert("RGB").crop((bounds.x1, bounds.y1, bounds.x2, bounds.y2))
    scale = side / max(bounds.width, bounds.height)
    zoom_size = (max(1, round(bounds.width * scale)), max(1, round(bounds.height * scale)))
    picture = crop.resize(zoom_size, Image.Resampling.LANCZOS)
    layer, draw = _draw.overlay(picture)
    mid_x, mid_y = picture.width / 2, picture.height / 2
    _draw.line(draw, (mid_x, 0, mid_x, picture.height), 1)
    _draw.line(draw, (0, mid_y, picture.width, mid_y), 1)
    size = max(12, round(min(picture.size) / 11))
    for position in range(1, 6):
        point = geo.point_in(bounds, position)
        x = (point.x - bounds.x1 + 0.5) * scale
        y = (point.y - bounds.y1 + 0.5) * scale
        _draw.ring(draw, (x, y), size * 0.55)
        # The number sits above its ring (below it when the ring is at the top edge).
        dy = -size * 1.5 if y - size * 1.5 > size * 0.6 else size * 1.5
        _draw.label(draw, (x, y + dy), str(position), size)
    _draw.box(draw, (0, 0, picture.width - 1, picture.height - 1), _draw.LIGHT, 2)
    return _draw.flatten(picture, layer), bounds
