"""A contact sheet of tier-4 candidates: each crop as the model sees it, under its index."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from iconfind.imaging import _draw
from iconfind.models import Candidate

TILE = 128


def render_candidate_sheet(
    candidates: Sequence[Candidate], background: str = "#eceff1", tile: int = TILE
) -> Image.Image:
    """The candidates' images side by side, each centred in a ``tile`` square, index above."""
    pad, head = 16, 44
    count = max(1, len(candidates))
    sheet = Image.new("RGB", (pad + count * (tile + pad), head + tile + pad), background)
    draw = ImageDraw.Draw(sheet)
    for slot, candidate in enumerate(candidates):
        crop = Image.open(io.BytesIO(base64.b64decode(candidate.image))).convert("RGB")
        x = pad + slot * (tile + pad)
        draw.rectangle((x - 1, head - 1, x + tile, head + tile), outline="#90a4ae")
        sheet.paste(crop, (x + (tile - crop.width) // 2, head + (tile - crop.height) // 2))
        _draw.label(draw, (x + tile / 2, head / 2), str(candidate.index), 22)
    return sheet
