"""Build the accuracy corpus's snapshots from transcribed real uiautomator dumps.

    python tests/corpus/build_corpus.py

``sources/*.xml`` hold real dumps (origins in ``SOURCES.md``) transcribed compactly: attributes at
uiautomator's defaults are left out and the package is given once on ``<hierarchy>``. This script
writes each one back in the exact ``uiautomator dump`` form (one line, the 17 attributes in the
tool's order, ``NAF`` first where the dump had it) to ``snapshots/NAME/hierarchy.xml``, and renders
``screenshot.png`` from the same tree (boxes, text and icon glyphs at each node's bounds, Pillow +
DejaVu), so the picture and the tree agree. ``SYNTHETIC`` snapshots (a WebView with no tree) are
drawn here and say so in ``meta.json``.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from PIL import Image, ImageDraw, ImageFont

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "sources"
SNAPSHOTS = HERE / "snapshots"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
MATERIAL = Path(
    "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
)

SCREEN_SIZES = {
    # The device's screen where the dump's root is not full-screen (a dialog window) or for the
    # first snapshots; the others take their first node's bounds (root_size).
    "usb_dialog": (720, 1440),
    "lockscreen": (720, 1483),
    "whatsapp_verify": (1080, 2352),
    "flutter_address": (1080, 2436),
    "wework_obfuscated": (720, 1608),
    "spotlight_icons": (1080, 1920),
    "settings_home": (1080, 2400),
    "sportstech_report_dialog": (1920, 1200),  # a dialog window on a landscape tablet (assumed)
}

ORDER = [
    "index", "text", "resource-id", "class", "package", "content-desc", "checkable", "checked",
    "clickable", "enabled", "focusable", "focused", "scrollable", "long-clickable", "password",
    "selected", "bounds",
]  # fmt: skip
DEFAULTS = {
    "text": "", "resource-id": "", "content-desc": "", "checkable": "false", "checked": "false",
    "clickable": "false", "enabled": "true", "focusable": "false", "focused": "false",
    "scrollable": "false", "long-clickable": "false", "password": "false", "selected": "false",
}  # fmt: skip

ICON_WORDS = [
    ("back", "\ue5c4"),
    ("options", "\ue5d4"),
    ("overflow", "\ue5d4"),
    ("more", "\ue5d4"),
    ("search", "\ue8b6"),
    ("noti", "\ue7f4"),
    ("close", "\ue5cd"),
    ("settings", "\ue8b8"),
    ("home", "\ue88a"),
    ("add", "\ue145"),
    ("share", "\ue80d"),
]


def root_size(root: ET.Element) -> tuple[int, int]:
    """The screen size a dump implies: its first node's bounds (a full-screen window)."""
    first = next(root.iter("node"))
    _, _, x2, y2 = _box(first)
    return x2, y2


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(DEJAVU / name), max(8, size))


def expand(source: Path) -> tuple[str, ET.Element]:
    """The full one-line dump for a compact source, and the parsed compact tree."""
    root = ET.parse(source).getroot()
    package = root.get("package", "")
    rotation = root.get("rotation", "0")

    def render(node: ET.Element, position: int) -> str:
        values = {**DEFAULTS, **{k: v for k, v in node.attrib.items() if k in ORDER}}
        values.setdefault("index", str(position))
        values["package"] = node.get("package", package)
        head = ['NAF="true"'] if node.get("NAF") == "true" else []
        head += [f"{key}={quoteattr(values[key], {chr(10): '&#10;'})}" for key in ORDER]
        inner = "".join(render(child, i) for i, child in enumerate(node))
        opening = "<node " + " ".join(head)
        return f"{opening} />" if not inner else f"{opening}>{inner}</node>"

    body = "".join(render(child, i) for i, child in enumerate(root))
    xml = (
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
        f'<hierarchy rotation="{rotation}">{body}</hierarchy>'
    )
    return xml, root


def _box(node: ET.Element) -> tuple[int, int, int, int]:
    left, right = node.get("bounds", "[0,0][0,0]")[1:-1].split("][")
    x1, y1 = (int(v) for v in left.split(","))
    x2, y2 = (int(v) for v in right.split(","))
    return x1, y1, x2, y2


def _has_text_below(node: ET.Element) -> bool:
    return any(n.get("text") for n in node.iter() if n is not node)


def _fit_text(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    text: str,
    fill: str,
    bold: bool = False,
    center: bool = False,
) -> None:
    x1, y1, x2, y2 = box
    width, height = x2 - x1, y2 - y1
    size = max(10, min(int(height * 0.55), 64))
    text = " ".join(text.split())
    while size > 10 and draw.textlength(text, font=font(size, bold)) > width - 8:
        size -= 2
    shown = text
    while shown and draw.textlength(shown, font=font(size, bold)) > width - 8:
        shown = shown[:-2] + "…" if len(shown) > 2 else ""
    if center:
        draw.text(
            ((x1 + x2) / 2, (y1 + y2) / 2), shown, font=font(size, bold), fill=fill, anchor="mm"
        )
    else:
        draw.text((x1 + 4, (y1 + y2) / 2), shown, font=font(size, bold), fill=fill, anchor="lm")


def _icon(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], node: ET.Element) -> None:
    x1, y1, x2, y2 = box
    key = (node.get("resource-id", "") + " " + node.get("content-desc", "")).lower()
    glyph = next((g for word, g in ICON_WORDS if word in key), None)
    side = min(x2 - x1, y2 - y1)
    if glyph is not None:
        icon_font = ImageFont.truetype(str(MATERIAL), max(8, int(side * 0.6)))
        draw.text(
            ((x1 + x2) / 2, (y1 + y2) / 2), glyph, font=icon_font, fill="#44474e", anchor="mm"
        )
        return
    pad = side // 5
    cx, cy = (x1 + x2) // 2, (y1 + y2) // 2
    r = side // 2 - pad
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill="#9aa0a6")


def render(root: ET.Element, size: tuple[int, int]) -> Image.Image:
    """A plausible screenshot of the tree: every visible node drawn at its bounds."""
    image = Image.new("RGB", size, "#fbfbfe")
    draw = ImageDraw.Draw(image)
    for node in root.iter("node"):
        box = _box(node)
        x1, y1, x2, y2 = box
        if x2 - x1 < 2 or y2 - y1 < 2:
            continue
        cls = node.get("class", "")
        text = node.get("text", "")
        desc = node.get("content-desc", "")
        clickable = node.get("clickable") == "true"
        iconish = cls.endswith(("ImageView", "ImageButton")) or (
            node.get("NAF") == "true" and not text
        )
        if cls.endswith("Button") and text:
            draw.rounded_rectangle(box, radius=min(24, (y2 - y1) // 2), fill="#d3e3fd")
            _fit_text(draw, box, text, "#0b57d0", bold=True, center=True)
        elif cls.endswith("EditText"):
            draw.line((x1, y2 - 3, x2, y2 - 3), fill="#5f6368", width=3)
            if text:
                _fit_text(draw, box, text, "#1f1f1f")
        elif text and len(node) == 0:
            _fit_text(draw, box, text, "#1f1f1f")
        elif text and not _has_text_below(node) and (y2 - y1) < 200:
            _fit_text(draw, box, text, "#1f1f1f", bold=True)
        elif iconish and (x2 - x1) <= 220 and (y2 - y1) <= 220:
            _icon(draw, box, node)
        elif desc and not _has_text_below(node) and not iconish and (y2 - y1) < 300:
            if clickable:
                draw.rounded_rectangle(box, radius=20, outline="#74777f", width=2)
            _fit_text(draw, box, desc, "#1f1f1f", center=clickable)
        elif clickable and node.get("enabled") != "false" and (y2 - y1) < 400:
            draw.rounded_rectangle(box, radius=12, outline="#c4c7c5", width=2)
    return image


def write(name: str, xml: str | None, image: Image.Image, meta: dict[str, Any]) -> Path:
    out = SNAPSHOTS / name
    out.mkdir(parents=True, exist_ok=True)
    image.save(out / "screenshot.png", optimize=True)
    hierarchy = out / "hierarchy.xml"
    if xml is None:
        hierarchy.unlink(missing_ok=True)
    else:
        hierarchy.write_text(xml, encoding="utf-8")
    (out / "meta.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return out


def webview_cookies() -> Path:
    """SYNTHETIC: a web page in a WebView whose dump holds only the WebView node, as real
    dumps do when the page exposes no accessibility nodes. Text is only in the pixels."""
    width, height = 1080, 2400
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, 84), fill="#202124")
    draw.rectangle((0, 84, width, 231), fill="#f1f3f4")
    draw.rounded_rectangle((40, 110, 1040, 205), radius=46, fill="white")
    draw.text((90, 158), "news.example.org", font=font(38), fill="#202124", anchor="lm")
    draw.text((60, 330), "Morning Briefing", font=font(64, bold=True), fill="#111111", anchor="lm")
    for i in range(6):
        draw.rectangle((60, 420 + i * 70, 1020 - (i % 3) * 120, 450 + i * 70), fill="#e0e0e0")
    draw.rectangle((0, 1780, width, 2400), fill="#263238")
    draw.text((60, 1850), "We use cookies", font=font(52, bold=True), fill="white", anchor="lm")
    draw.text(
        (60, 1930), "to personalise content and ads.", font=font(40), fill="#eceff1", anchor="lm"
    )
    draw.rounded_rectangle((60, 2060, 520, 2190), radius=24, fill="#ffca28")
    draw.text((290, 2125), "Accept cookies", font=font(44, bold=True), fill="#111111", anchor="mm")
    draw.rounded_rectangle((560, 2060, 1020, 2190), radius=24, outline="white", width=4)
    draw.text((790, 2125), "Reject all", font=font(44, bold=True), fill="white", anchor="mm")
    xml = (
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
        '<node index="0" text="" resource-id="" class="android.widget.FrameLayout" '
        'package="com.android.chrome" content-desc="" checkable="false" checked="false" '
        'clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" '
        'long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">'
        '<node index="0" text="" resource-id="" class="android.webkit.WebView" '
        'package="com.android.chrome" content-desc="" checkable="false" checked="false" '
        'clickable="false" enabled="true" focusable="true" focused="true" scrollable="true" '
        'long-clickable="false" password="false" selected="false" bounds="[0,231][1080,2400]" />'
        "</node></hierarchy>"
    )
    meta = {"platform": "android", "app": "com.android.chrome", "window": "synthetic webview"}
    return write("webview_cookies", xml, image, meta)


def main(argv: list[str]) -> int:
    wanted = argv[1:]
    for source in sorted(SOURCES.glob("*.xml")):
        name = source.stem
        if wanted and name not in wanted:
            continue
        xml, root = expand(source)
        image = render(root, SCREEN_SIZES.get(name) or root_size(root))
        meta = {"platform": "android", "app": root.get("package", "")}
        print(f"wrote {write(name, xml, image, meta).relative_to(HERE)}")
    if not wanted or "webview_cookies" in wanted:
        print(f"wrote {webview_cookies().relative_to(HERE)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
