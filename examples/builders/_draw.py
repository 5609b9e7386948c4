"""Drawing helpers shared by the snapshot builders: fonts, icons, and the uiautomator XML writer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
MATERIAL = Path(
    "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
)

# Material Icons code points (Google's icon font, Debian fonts-material-design-icons-iconfont).
MATERIAL_CODEPOINTS = {
    "arrow_back": "\ue5c4",
    "more_vert": "\ue5d4",
    "search": "\ue8b6",
    "close": "\ue5cd",
    "menu": "\ue5d2",
    "settings": "\ue8b8",
    "home": "\ue88a",
    "add": "\ue145",
    "share": "\ue80d",
    "favorite": "\ue87d",
    "notifications": "\ue7f4",
    "person": "\ue7fd",
}


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(DEJAVU / name), size)


def material_icon(
    draw: ImageDraw.ImageDraw, name: str, box: tuple[int, int, int, int], fill: str, size: int
) -> None:
    """Draw a Material icon glyph centred in ``box``."""
    icon_font = ImageFont.truetype(str(MATERIAL), size)
    glyph = MATERIAL_CODEPOINTS[name]
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    draw.text((cx, cy), glyph, font=icon_font, fill=fill, anchor="mm")


def centered_text(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    text: str,
    size: int,
    fill: str,
    bold: bool = False,
) -> None:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    draw.text((cx, cy), text, font=font(size, bold), fill=fill, anchor="mm")


def left_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    size: int,
    fill: str,
    bold: bool = False,
) -> None:
    draw.text(xy, text, font=font(size, bold), fill=fill, anchor="lm")


_DEFAULTS = {
    "text": "",
    "resource-id": "",
    "content-desc": "",
    "checkable": "false",
    "checked": "false",
    "clickable": "false",
    "enabled": "true",
    "focusable": "false",
    "focused": "false",
    "scrollable": "false",
    "long-clickable": "false",
    "password": "false",
    "selected": "false",
}


def node(
    cls: str,
    bounds: tuple[int, int, int, int],
    package: str,
    *children: dict[str, Any],
    **attrs: Any,
) -> dict[str, Any]:
    """A uiautomator node; ``attrs`` take Python names (resource_id, content_desc, clickable)."""
    values = dict(_DEFAULTS)
    for key, value in attrs.items():
        key = key.replace("_", "-")
        values[key] = ("true" if value else "false") if isinstance(value, bool) else str(value)
    values["class"] = cls
    values["package"] = package
    x1, y1, x2, y2 = bounds
    values["bounds"] = f"[{x1},{y1}][{x2},{y2}]"
    return {"attrs": values, "children": list(children)}


_ORDER = [
    "index",
    "text",
    "resource-id",
    "class",
    "package",
    "content-desc",
    "checkable",
    "checked",
    "clickable",
    "enabled",
    "focusable",
    "focused",
    "scrollable",
    "long-clickable",
    "password",
    "selected",
    "bounds",
]


def _escape(value: str) -> str:
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def hierarchy_xml(root: dict[str, Any], rotation: int = 0) -> str:
    """Serialise like ``uiautomator dump``: one line, attributes in the tool's order."""

    def render(n: dict[str, Any], index: int) -> str:
        values = {**n["attrs"], "index": str(index)}
        attrs_text = " ".join(f'{k}="{_escape(values[k])}"' for k in _ORDER)
        if not n["children"]:
            return f"<node {attrs_text} />"
        inner = "".join(render(child, i) for i, child in enumerate(n["children"]))
        return f"<node {attrs_text}>{inner}</node>"

    return (
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
        f'<hierarchy rotation="{rotation}">{render(root, 0)}</hierarchy>'
    )


def write_snapshot(
    out: Path, image: Image.Image, hierarchy: str | None, meta: dict[str, Any] | None = None
) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    image.convert("RGB").save(out / "screenshot.png", optimize=True)
    if hierarchy is not None:
        (out / "hierarchy.xml").write_text(hierarchy, encoding="utf-8")
    if meta is not None:
        (out / "meta.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return out
