"""Preprocessing that keeps Tesseract's recall and cuts its time.

1. Grayscale: Tesseract binarises anyway; one channel is a third of the pixels to send it.
2. Scale to the text height Tesseract reads best: the median height of glyph-sized blobs is
   measured with OpenCV (a few milliseconds) and the image resized so it lands near
   :data:`TARGET_GLYPH_HEIGHT`. A 1080x2400 phone screenshot usually halves (a quarter of the
   pixels, faster and, measured on the example snapshots, better recall); small desktop text is
   upscaled.
3. Polarity: Tesseract wants dark text on a light page. :func:`light_text_inverted` turns light
   text on any darker background (a blue button, a dark toolbar, a dark theme) into black on
   white, so white-on-blue "Sign in" is read. It is the second OCR pass, run only when the first
   one misses. Its page also loses ruled lines (:func:`without_rules`): the outline of a ghost
   button boxes its label in, and Tesseract drops boxed text as a picture.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt
from PIL import Image

TARGET_GLYPH_HEIGHT = 14.0
"""Median glyph-blob height, in working pixels, that the image is scaled to (mostly x-height:
about 20 px capitals). Tesseract's LSTM model loses accuracy below ~10 px x-height and gains
nothing but time above ~30 px."""
SCALE_TOLERANCE = 0.2
"""No resize when the measured scale is within 20% of 1 (resampling costs and blurs)."""
MIN_SCALE, MAX_SCALE = 0.35, 4.0
MAX_WORKING_SIDE = 4000
"""Upscaling never makes the working image's longest side exceed this."""
MIN_GLYPHS = 3
LIGHT_SURROUNDINGS = 200
"""Gray level from which a background counts as a light page (the inverted pass skips it)."""
RULE_GLYPHS = 3.0
"""A straight run of ink this many glyph heights long is a rule (a border, an outline, an
underline), not part of a letter."""
GLYPH_MAX_HEIGHT = 160
"""Blobs taller than this (device pixels) are pictures or panels, not letters."""

Gray = npt.NDArray[np.uint8]


def to_gray(image: Image.Image) -> Gray:
    """The image as an 8-bit grayscale array."""
    return np.asarray(image.convert("L"), dtype=np.uint8)


def _otsu(gray: Gray) -> float:
    threshold, _ = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return float(threshold)


def _glyph_heights(mask: npt.NDArray[np.uint8], max_height: int) -> npt.NDArray[np.int32]:
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    widths, heights, areas = stats[1:count, 2], stats[1:count, 3], stats[1:count, 4]
    fill = areas / np.maximum(1, widths * heights)
    glyphs = (
        (heights >= 3)
        & (heights <= max_height)
        & (widths <= 3 * heights)
        & (areas >= 4)
        & (fill <= 0.85)  # solid dots, circles and boxes are not letters
    )
    return np.asarray(heights[glyphs], dtype=np.int32)


def glyph_height(gray: Gray) -> float | None:
    """The median height of glyph-like blobs, dark and light, in ``gray``'s pixels; ``None``
    when there are too few to tell (a blank screen).

    Large screenshots are measured at half size (four times fewer pixels to label).
    """
    factor = 2 if max(gray.shape) > 1600 else 1
    small = resize(gray, 1 / factor) if factor > 1 else gray
    dark = (small <= _otsu(small)).astype(np.uint8)
    max_height = min(GLYPH_MAX_HEIGHT // factor, max(8, small.shape[0] // 6))
    heights = np.concatenate(
        [_glyph_heights(dark, max_height), _glyph_heights(1 - dark, max_height)]
    )
    if heights.size < MIN_GLYPHS:
        return None
    return float(np.median(heights)) * factor


def working_scale(gray: Gray, height: float | None = None) -> float:
    """The factor that brings the screen's text (``height``: its measured glyph height, by
    default :func:`glyph_height`) to :data:`TARGET_GLYPH_HEIGHT`; 1.0 when the text height
    cannot be measured or is already close."""
    if height is None:
        height = glyph_height(gray)
    if height is None:
        return 1.0
    scale = min(MAX_SCALE, max(MIN_SCALE, TARGET_GLYPH_HEIGHT / height))
    if abs(scale - 1.0) <= SCALE_TOLERANCE:
        return 1.0
    longest = max(gray.shape)
    if scale > 1.0 and longest * scale > MAX_WORKING_SIDE:
        scale = max(1.0, MAX_WORKING_SIDE / longest)
    return scale


def resize(gray: Gray, scale: float) -> Gray:
    """``gray`` scaled by ``scale`` (area averaging down, cubic up)."""
    if scale == 1.0:
        return gray
    height, width = gray.shape
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    interpolation = cv2.INTER_AREA if scale < 1.0 else cv2.INTER_CUBIC
    return np.asarray(cv2.resize(gray, size, interpolation=interpolation), dtype=np.uint8)


def light_text_inverted(gray: Gray, glyph: float = TARGET_GLYPH_HEIGHT) -> Gray:
    """The inverted pass: light strokes on any darker background (white on a blue button, on a
    red one, light text of a dark theme) as black on a white page.

    A white top-hat (the image minus its morphological opening) keeps only light features
    thinner than the kernel, i.e. strokes of text glyphs ``glyph`` pixels tall, whatever the
    local background; it is stretched and inverted. Where the surroundings (a median over about
    two and a half glyphs) are lighter than :data:`LIGHT_SURROUNDINGS`, the page is left blank:
    there the light "features" are only the gaps inside dark text, which the plain pass reads.
    """
    size = int(min(41, max(5, round(0.8 * glyph))))
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    tophat = cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, kernel).astype(np.float32)
    surroundings = cv2.medianBlur(gray, int(min(255, max(5, round(2.5 * glyph)))) | 1)
    tophat[surroundings >= LIGHT_SURROUNDINGS] = 0.0
    peak = max(32.0, float(np.percentile(tophat, 99.9)))
    inverted = 255.0 - np.clip(tophat * (255.0 / peak), 0.0, 255.0)
    return without_rules(np.asarray(inverted, dtype=np.uint8), glyph)


def without_rules(page: Gray, glyph: float = TARGET_GLYPH_HEIGHT) -> Gray:
    """``page`` (dark ink on white) with its horizontal and vertical rules whited out.

    A morphological opening with a line :data:`RULE_GLYPHS` glyphs long keeps only straight ink
    at least that long; letters are shorter, so only borders and underlines go.
    """
    length = max(9, round(RULE_GLYPHS * glyph)) | 1  # odd: the opening stays centred
    ink = (page < 128).astype(np.uint8)
    rules = np.zeros(page.shape, dtype=bool)
    for shape in ((length, 1), (1, length)):
        kernel = cv2.getStructuringElement(cv2.MORPH_RECT, shape)
        rules |= np.asarray(cv2.morphologyEx(ink, cv2.MORPH_OPEN, kernel)) > 0
    cleaned: Gray = page.copy()
    cleaned[rules] = 255
    return cleaned
