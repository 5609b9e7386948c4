"""Screens for tiers 4-5: a music player whose nine icon buttons have no ids and no labels.

``player_unlabeled``: a toolbar (back, cast, share, more — "share" is a clickable 48 dp frame
around a clickable 24 dp icon, so nested regions must count once) and a row of player controls of
two sizes (shuffle, previous, a bigger play, next, repeat), plus a labelled "Like" heart, a wide
seek bar and the album art, which tier 4 must leave out. Nine candidates: six shown, truncated.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from builders._draw import MATERIAL, hierarchy_xml, left_text, node, write_snapshot

W, H = 1080, 2400
PKG = "com.example.player"
GLYPHS = {
    "arrow_back": "\ue5c4",
    "cast": "\ue307",
    "share": "\ue80d",
    "more_vert": "\ue5d4",
    "shuffle": "\ue043",
    "skip_previous": "\ue045",
    "play_arrow": "\ue037",
    "skip_next": "\ue044",
    "repeat": "\ue040",
    "favorite": "\ue87d",
}

TOOLBAR = [
    ("arrow_back", (0, 84, 147, 231)),
    ("cast", (639, 84, 786, 231)),
    ("share", (786, 84, 933, 231)),
    ("more_vert", (933, 84, 1080, 231)),
]
SHARE_INNER = (823, 121, 896, 194)
CONTROLS = [
    ("shuffle", (60, 1826, 186, 1952)),
    ("skip_previous", (246, 1826, 372, 1952)),
    ("play_arrow", (445, 1794, 635, 1984)),
    ("skip_next", (708, 1826, 834, 1952)),
    ("repeat", (894, 1826, 1020, 1952)),
]
LIKE = (894, 1480, 1020, 1606)
SEEK = (60, 1660, 1020, 1720)
ART = (140, 330, 940, 1130)


def _glyph(draw: ImageDraw.ImageDraw, name: str, box: tuple[int, int, int, int], fill: str) -> None:
    size = round(min(box[2] - box[0], box[3] - box[1]) * 0.5)
    face = ImageFont.truetype(str(MATERIAL), size)
    center = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw.text(center, GLYPHS[name], font=face, fill=fill, anchor="mm")


def _icon(name: str, box: tuple[int, int, int, int], *children: dict[str, Any]) -> dict[str, Any]:
    return node(
        "android.widget.ImageButton" if not children else "android.widget.FrameLayout",
        box,
        PKG,
        *children,
        clickable=True,
        focusable=True,
    )


def player_unlabeled(out_root: Path) -> Path:
    image = Image.new("RGB", (W, H), "#101418")
    draw = ImageDraw.Draw(image)
    left_text(draw, (42, 42), "9:41", 34, "#e0e3e8")
    for name, box in TOOLBAR:
        _glyph(draw, name, box, "#e0e3e8")
    draw.rounded_rectangle(ART, radius=36, fill="#3d5a80")
    draw.ellipse((390, 580, 690, 880), fill="#98c1d9")
    left_text(draw, (60, 1260), "Harbour Lights", 56, "#f5f7fa", bold=True)
    left_text(draw, (60, 1340), "The Quiet Tides", 40, "#a9b4c2")
    _glyph(draw, "favorite", LIKE, "#ee6c4d")
    draw.rounded_rectangle((60, 1682, 1020, 1698), radius=8, fill="#3b4450")
    draw.rounded_rectangle((60, 1682, 420, 1698), radius=8, fill="#98c1d9")
    draw.ellipse((400, 1670, 440, 1710), fill="#e0e3e8")
    for name, box in CONTROLS:
        if name == "play_arrow":
            draw.ellipse(box, fill="#98c1d9")
            _glyph(draw, name, box, "#101418")
        else:
            _glyph(draw, name, box, "#e0e3e8")
    toolbar = []
    for name, box in TOOLBAR:
        if name == "share":
            toolbar.append(_icon(name, box, _icon(name, SHARE_INNER)))
        else:
            toolbar.append(_icon(name, box))
    tree = node(
        "android.widget.FrameLayout",
        (0, 0, W, H),
        PKG,
        node("android.view.ViewGroup", (0, 84, W, 231), PKG, *toolbar),
        node("android.widget.ImageView", ART, PKG, clickable=True),
        node("android.widget.TextView", (60, 1225, 700, 1295), PKG, text="Harbour Lights"),
        node("android.widget.TextView", (60, 1315, 700, 1365), PKG, text="The Quiet Tides"),
        node("android.widget.ImageButton", LIKE, PKG, content_desc="Like", clickable=True),
        node("android.widget.SeekBar", SEEK, PKG, clickable=True, focusable=True),
        node(
            "android.widget.LinearLayout",
            (0, 1780, W, 2000),
            PKG,
            *(_icon(name, box) for name, box in CONTROLS),
        ),
    )
    return write_snapshot(
        out_root / "player_unlabeled",
        image,
        hierarchy_xml(tree),
        {"platform": "android", "app": PKG, "window": "Now playing", "density": 2.625},
    )


def build(out_root: Path) -> list[Path]:
    return [player_unlabeled(out_root)]
