"""Rendered text for OCR tests: Pillow + DejaVu fonts, with the exact ink box of every label."""

from __future__ import annotations

from pathlib import Path

import attrs
from PIL import Image, ImageChops, ImageDraw, ImageFont

from iconfind import Bounds, ReplayBackend

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


@attrs.frozen
class Label:
    """Text to draw at ``xy`` (top-left), optionally on a filled rounded ``button`` box."""

    text: str
    xy: tuple[int, int]
    font: str = "DejaVuSans.ttf"
    size: int = 24
    fill: str = "#202124"
    button: tuple[tuple[int, int, int, int], str] | None = None


def render(
    size: tuple[int, int], background: str, labels: list[Label]
) -> tuple[Image.Image, dict[str, Bounds]]:
    """The picture and, per label text, the bounding box of the pixels its glyphs changed."""
    image = Image.new("RGB", size, background)
    ink: dict[str, Bounds] = {}
    for label in labels:
        draw = ImageDraw.Draw(image)
        if label.button is not None:
            box, colour = label.button
            draw.rounded_rectangle(box, radius=(box[3] - box[1]) // 2, fill=colour)
        before = image.copy()
        font = ImageFont.truetype(str(DEJAVU / label.font), label.size)
        draw.text(label.xy, label.text, font=font, fill=label.fill)
        box = ImageChops.difference(before, image).getbbox()
        assert box is not None, f"{label.text!r} drew nothing"
        ink[label.text] = Bounds(*box)
    return image, ink


def iou(a: Bounds, b: Bounds) -> float:
    """Intersection over union of two boxes."""
    width = min(a.x2, b.x2) - max(a.x1, b.x1)
    height = min(a.y2, b.y2) - max(a.y1, b.y1)
    if width <= 0 or height <= 0:
        return 0.0
    inter = width * height
    return inter / (a.area + b.area - inter)


def replay_image(directory: Path, image: Image.Image) -> ReplayBackend:
    """Save ``image`` as a snapshot with no hierarchy (accessibility unavailable); replay it."""
    directory.mkdir(parents=True, exist_ok=True)
    image.save(directory / "screenshot.png")
    return ReplayBackend(directory)
