"""Drawing primitives that stay readable on light and dark screens.

Every mark is drawn twice: a dark outer stroke and a light inner one, and every label is light
text on a dark translucent pill with a light rim, so nothing vanishes into the background.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

DARK = (0, 0, 0, 255)
LIGHT = (255, 255, 255, 255)
PILL = (17, 17, 17, 190)
ACCENT = (255, 64, 129, 255)
"""Magenta: picks out found elements and chosen cells, distinct from UI palettes."""

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    """Pillow's bundled scalable font: no system fonts needed on any platform."""
    return ImageFont.load_default(size=max(8, size))


def line(draw: ImageDraw.ImageDraw, xy: tuple[float, float, float, float], width: int = 2) -> None:
    """A line with a dark casing and a light core."""
    draw.line(xy, fill=DARK, width=width + 2)
    draw.line(xy, fill=LIGHT, width=width)


def box(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float, float, float],
    color: tuple[int, int, int, int] = ACCENT,
    width: int = 3,
) -> None:
    """A rectangle outline in ``color`` with a dark casing on both sides."""
    x1, y1, x2, y2 = xy
    draw.rectangle((x1 - 1, y1 - 1, x2 + 1, y2 + 1), outline=DARK, width=width + 2)
    draw.rectangle(xy, outline=color, width=width)


def label(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int, int] = PILL,
) -> None:
    """``text`` centred at ``center`` on a dark rounded pill with a light rim."""
    face = font(size)
    left, top, right, bottom = draw.textbbox(center, text, font=face, anchor="mm")
    pad = max(3, size // 4)
    draw.rounded_rectangle(
        (left - pad, top - pad, right + pad, bottom + pad),
        radius=pad + 2,
        fill=fill,
        outline=LIGHT,
        width=max(1, size // 14),
    )
    draw.text(center, text, font=face, fill=LIGHT, anchor="mm")


def ring(draw: ImageDraw.ImageDraw, center: tuple[float, float], radius: float) -> None:
    """A target ring with a crosshair dot, cased dark and light."""
    x, y = center
    for r, color, width in ((radius + 2, DARK, 6), (radius, ACCENT, 3)):
        draw.ellipse((x - r, y - r, x + r, y + r), outline=color, width=width)
    draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=ACCENT, outline=DARK)


def overlay(base: Image.Image) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A transparent layer the size of ``base`` and a drawer on it (composite with
    :func:`flatten`)."""
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    return layer, ImageDraw.Draw(layer)


def flatten(base: Image.Image, layer: Image.Image) -> Image.Image:
    """``layer`` composited over ``base``, as RGB."""
    return Image.alpha_composite(base.convert("RGBA"), layer).convert("RGB")
