"""Pictures for models and people: JPEG crops, the tier-5 grid and cell zoom, notebook views.

Everything here is pure Pillow work on an RGB screenshot in device pixels; nothing talks to a
device or a model.
"""

from iconfind.imaging.encode import (
    TOKENS_PER_KB,
    EncodedImage,
    encode_crop,
    encode_jpeg,
    estimate_tokens,
    fit_within,
)
from iconfind.imaging.grid_overlay import render_cell_zoom, render_grid

__all__ = [
    "TOKENS_PER_KB",
    "EncodedImage",
    "encode_crop",
    "encode_jpeg",
    "estimate_tokens",
    "fit_within",
    "render_cell_zoom",
    "render_grid",
]
