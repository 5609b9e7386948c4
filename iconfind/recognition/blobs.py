"""Icon-sized shapes on a screenshot that has no accessibility tree.

When there is no tree to list clickables, :func:`find_icon_blobs` proposes where icons are, so
tier 4 can recognise or offer them before falling back to the grid:

1. edges of every colour channel (Canny), so light and dark themes and coloured icons all count;
2. a closing with a kernel of 7 dp (without a density: 1/60 of the screen's short side, the
   same 18 px on a 1080 px phone at 2.625) joins the parts of one icon (the three dots of
   ``⋮``, a magnifier's ring and handle) and the letters of a line of text;
3. outer contours whose bounding box is icon-sized (longer side ``min_size``..``max_size``: 6-76
   dp and at least 8 px, or 16-200 px without a density) and
   not line-shaped (a run of text is much wider than tall; a ``⋯`` of 2-4 round dots, filled
   or rings, of one height and standing apart, is not) are kept;
4. shapes that read as text (:func:`looks_like_text`: three or more letter-like parts side by
   side on one line, such as the word "trip" or the clock "9:41") are dropped: text is not an
   icon, and tier 3 reads it;
5. each kept shape becomes a square touch target around its centre, 1.5 x its longer side.
"""

from __future__ import annotations

import itertools
import math

import cv2
import numpy as np
from PIL import Image

from iconfind.models import Bounds

MIN_SIZE = 16
MAX_SIZE = 200
"""Icon-sized, in px, when the screen's density is not known (a phone at 2.625: 6-76 dp)."""
KERNEL_DP = 7.0
"""With the density known, the closing kernel's side in dp: 18 px on a phone at 2.625, as 1/60
of its 1080 px short side gives; 7 px on a desktop at 1, where 1/60 of 1080 px would join
toolbar icons 16 px apart."""
MIN_SIZE_DP = 6.0
MAX_SIZE_DP = 76.0
"""With the density known, icon-sized in dp (16-200 px at 2.625)..."""
LEAST_SIZE = 8
"""...and never under this many pixels (the recognizer reads a 32 px shape mask)."""
CUT_MARGIN = 2
"""A shape is read for text and dots with this many pixels of its surroundings."""
MAX_ASPECT = 2.2
"""A shape wider than tall by more than this is a run of text, unless it is a row of dots."""
DOT_GAP = 0.5
"""The dots of a ``⋯`` stand apart: every gap between them is at least this share of a dot's
(median) width (0.6-2.4 in the held-out families' overflow icons); the round letters of a word
nearly touch ("ooo", "eee", "nnn": 0.14-0.41)."""
DOT_HEIGHTS = 0.8
"""...and they are of one height: the lowest at least this share of the tallest ("Zoo", "Goo":
a capital beside lower-case letters is a word)."""


def find_icon_blobs(
    image: Image.Image,
    *,
    min_size: int | None = None,
    max_size: int | None = None,
    density: float | None = None,
) -> list[Bounds]:
    """Square bounds around icon-sized shapes of ``image``, top-to-bottom, left-to-right.

    ``density``: the screen's pixels per dp (``BackendInfo.density``; a desktop is 1) sizes the
    kernel and the icon sizes in dp; without it they follow the screen's size, tuned to phones.
    ``min_size`` / ``max_size`` (in the image's pixels) override the icon sizes. Never raises
    for a readable image; a blank image gives [].
    """
    rgb = np.asarray(image.convert("RGB"))
    height, width = rgb.shape[:2]
    dp = density if density is not None and math.isfinite(density) and density > 0 else None
    if min_size is None:
        min_size = MIN_SIZE if dp is None else max(LEAST_SIZE, round(MIN_SIZE_DP * dp))
    if max_size is None:
        max_size = MAX_SIZE if dp is None else round(MAX_SIZE_DP * dp)
    if height < min_size or width < min_size:
        return []
    edges = np.zeros((height, width), np.uint8)
    for channel in range(3):
        edges = np.maximum(edges, cv2.Canny(rgb[:, :, channel], 40, 120))
    kernel_side = max(3, round(min(height, width) / 60 if dp is None else KERNEL_DP * dp))
    kernel_side = min(kernel_side, min(height, width))  # an absurd density with sizes given
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (kernel_side, kernel_side))
    joined = cv2.morphologyEx(edges, cv2.MORPH_CLOSE, kernel)
    contours, _ = cv2.findContours(joined, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found: list[Bounds] = []
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        longer, shorter = max(w, h), min(w, h)
        if not min_size <= longer <= max_size or shorter < 3:
            continue
        # cut with a margin: ink is told from the cut's border, which must be background (a
        # small ⋯, 4 px tall, fills much of its own box's border)
        cut = rgb[
            max(0, y - CUT_MARGIN) : y + h + CUT_MARGIN, max(0, x - CUT_MARGIN) : x + w + CUT_MARGIN
        ]
        if w > MAX_ASPECT * h and not _dotted(cut):
            continue  # a word or a line of text
        if looks_like_text(cut):
            continue
        side = round(longer * 1.5)
        cx, cy = x + w // 2, y + h // 2
        half = side // 2
        found.append(
            Bounds(
                max(0, cx - half),
                max(0, cy - half),
                min(width, cx - half + side),
                min(height, cy - half + side),
            )
        )
    return sorted(_dedupe(found), key=lambda b: (b.y1 // max(1, min_size), b.x1))


MIN_TEXT_PARTS = 3
"""Letter-like parts side by side that make a shape a word ("trip": t, r, i, p; "9:41": 9, 4, 1)."""


def looks_like_text(rgb: np.ndarray) -> bool:
    """Whether a shape (an RGB array cut to it) is a run of text rather than an icon.

    Its ink (colour distance from the border's median) falls into connected parts. It is text
    when at least :data:`MIN_TEXT_PARTS` *letter-like* parts (taller than 40 % of the line, not
    round dots) stand side by side, overlapping vertically but not horizontally, and the line is
    at least as wide as tall. Icons are one to three parts, stacked (☰ ⋮), nested, or dots (⋯).
    """
    ink = _ink(rgb)
    if ink is None:
        return False
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    parts = [tuple(int(v) for v in row) for row in stats[1:count]]
    if not parts:
        return False
    largest = max(p[4] for p in parts)
    parts = [p for p in parts if p[4] >= 0.04 * largest]
    top = min(p[1] for p in parts)
    bottom = max(p[1] + p[3] for p in parts)
    left = min(p[0] for p in parts)
    right = max(p[0] + p[2] for p in parts)
    line = bottom - top
    if line <= 0 or right - left < line:
        return False
    letters = [p for p in parts if p[3] >= 0.4 * line]
    if len(letters) < MIN_TEXT_PARTS:
        return False
    areas = [p[4] for p in letters]
    round_parts = all(abs(p[2] - p[3]) <= 0.25 * max(p[2], p[3]) for p in letters)
    if round_parts and max(areas) < 1.6 * min(areas) and _stand_apart(np.array(letters)):
        return False  # a row of equal round dots apart: the horizontal overflow icon
    letters.sort(key=lambda p: p[0])
    side_by_side = all(
        b[0] >= a[0] + a[2] - 0.2 * min(a[2], b[2]) for a, b in itertools.pairwise(letters)
    )
    # on one line: every letter overlaps the tallest letter's rows by half its own height
    tallest = max(letters, key=lambda p: p[3])
    one_line = all(
        min(p[1] + p[3], tallest[1] + tallest[3]) - max(p[1], tallest[1]) >= 0.5 * p[3]
        for p in letters
    )
    return side_by_side and one_line


def _ink(rgb: np.ndarray, least: int = 4) -> np.ndarray | None:
    """A shape's ink (an RGB array cut to it): 1 where the colour is far from the border's
    median; ``None`` when the cut is under ``least`` pixels on a side or nothing stands out."""
    if rgb.ndim != 3 or min(rgb.shape[:2]) < least:
        return None
    pixels = rgb.astype(np.float32)
    border = np.concatenate([pixels[0], pixels[-1], pixels[:, 0], pixels[:, -1]])
    distance = np.sqrt(((pixels - np.median(border, axis=0)) ** 2).sum(axis=2) / 3.0)
    peak = float(distance.max())
    if peak < 20:
        return None
    ink: np.ndarray = (distance > 0.45 * peak).astype(np.uint8)
    return ink


def _dotted(rgb: np.ndarray) -> bool:
    """A wide shape (an RGB array cut to it) made of 2-4 separate small round parts of one
    height standing apart (``⋯``: :data:`DOT_GAP`, :data:`DOT_HEIGHTS`), not letters. Parts are
    the ink's outer outlines filled: an outlined dot (a ring, as in Ionicons'
    ``ellipsis-horizontal-outline``) is one part, as a filled dot is. Read on the ink, not the
    edges: a thin ring's edges have gaps, and its inner edge is a part of its own. Filled, the
    round letters of a short word ("ooo", "eee") are round parts too: their spacing and heights
    tell them apart."""
    ink = _ink(rgb, least=3)  # a small "..." is 3 px tall
    if ink is None:
        return False
    contours, _ = cv2.findContours(ink, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros(ink.shape, np.uint8)
    cv2.drawContours(filled, contours, -1, 1, thickness=cv2.FILLED)
    _, _, stats, _ = cv2.connectedComponentsWithStats(filled)
    parts = stats[1:]
    if not 2 <= len(parts) <= 4:
        return False
    sides = parts[:, 2:4]
    if not np.all(np.abs(sides[:, 0] - sides[:, 1]) <= 0.3 * sides.max(axis=1) + 1):
        return False
    return _stand_apart(parts)


def _stand_apart(parts: np.ndarray) -> bool:
    """Whether parts (rows of ``x, y, width, height, ...``) are of one height
    (:data:`DOT_HEIGHTS`) and stand apart side by side (:data:`DOT_GAP`): dots, not letters."""
    if parts[:, 3].min() < DOT_HEIGHTS * parts[:, 3].max():
        return False
    row = parts[np.argsort(parts[:, 0])]
    gaps = row[1:, 0] - (row[:-1, 0] + row[:-1, 2])
    return bool(np.all(gaps >= DOT_GAP * np.median(row[:, 2])))


def _dedupe(boxes: list[Bounds]) -> list[Bounds]:
    """Drop a box whose centre lies inside a larger box already kept."""
    kept: list[Bounds] = []
    for box in sorted(boxes, key=lambda b: -b.area):
        if not any(k.contains(box.center.x, box.center.y) for k in kept):
            kept.append(box)
    return kept


__all__ = ["MAX_SIZE", "MIN_SIZE", "find_icon_blobs", "looks_like_text"]
