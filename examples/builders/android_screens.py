"""Android example screens: an ANR dialog, a notes app toolbar (labelled ids, unlabeled, dark),
a sign-in screen whose dump failed, and a text-free canvas with no tree.

Bounds follow a Pixel-class 1080x2400 screen at density 2.625 (status bar 84 px, toolbar 147 px).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from builders._draw import (
    centered_text,
    hierarchy_xml,
    left_text,
    material_icon,
    node,
    write_snapshot,
)

W, H = 1080, 2400
NULL_ROOT = "ERROR: null root node returned by UiTestAutomationBridge.\n"
EMPTY_TREE = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\" />"


def _status_bar(draw: ImageDraw.ImageDraw, background: str, foreground: str) -> None:
    draw.rectangle((0, 0, W, 84), fill=background)
    left_text(draw, (42, 42), "9:41", 34, foreground)
    draw.rectangle((960, 30, 1010, 56), outline=foreground, width=3)
    draw.rectangle((963, 33, 998, 53), fill=foreground)


def anr_dialog(out_root: Path) -> Path:
    image = Image.new("RGB", (W, H), "#3d5a80")
    draw = ImageDraw.Draw(image)
    _status_bar(draw, "#2b4162", "white")
    # A launcher behind a dimmed scrim: app icons as coloured circles.
    for row in range(4):
        for col in range(4):
            x, y = 135 + col * 270, 420 + row * 300
            draw.ellipse(
                (x - 80, y - 80, x + 80, y + 80),
                fill=("#e07a5f", "#81b29a", "#f2cc8f", "#98c1d9")[(row + col) % 4],
            )
    scrim = Image.new("RGB", (W, H), "black")
    image = Image.blend(image, scrim, 0.45)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((28, 990, 1052, 1430), radius=36, fill="#fdfbff")
    left_text(draw, (133, 1071), "Pixel Launcher isn't responding", 40, "#1b1b1f")
    left_text(draw, (133, 1205), "Close app", 38, "#1b1b1f")
    left_text(draw, (133, 1331), "Wait", 38, "#1b1b1f")
    pkg = "android"
    tree = node(
        "android.widget.FrameLayout",
        (0, 0, W, H),
        pkg,
        node(
            "android.widget.FrameLayout",
            (28, 990, 1052, 1430),
            pkg,
            node(
                "android.widget.LinearLayout",
                (28, 990, 1052, 1430),
                pkg,
                node(
                    "android.widget.LinearLayout",
                    (28, 990, 1052, 1142),
                    pkg,
                    node(
                        "android.widget.TextView",
                        (133, 1040, 947, 1103),
                        pkg,
                        text="Pixel Launcher isn't responding",
                        resource_id="android:id/alertTitle",
                    ),
                    resource_id="android:id/topPanel",
                ),
                node(
                    "android.widget.FrameLayout",
                    (28, 1142, 1052, 1430),
                    pkg,
                    node(
                        "android.widget.LinearLayout",
                        (70, 1142, 1010, 1394),
                        pkg,
                        node(
                            "android.widget.Button",
                            (70, 1142, 1010, 1268),
                            pkg,
                            text="Close app",
                            resource_id="android:id/aerr_close",
                            clickable=True,
                            focusable=True,
                        ),
                        node(
                            "android.widget.Button",
                            (70, 1268, 1010, 1394),
                            pkg,
                            text="Wait",
                            resource_id="android:id/aerr_wait",
                            clickable=True,
                            focusable=True,
                        ),
                    ),
                    resource_id="android:id/customPanel",
                ),
                resource_id="android:id/parentPanel",
            ),
        ),
    )
    return write_snapshot(
        out_root / "anr_dialog",
        image,
        hierarchy_xml(tree),
        {
            "platform": "android",
            "app": "android",
            "window": "Application Not Responding",
            "density": 2.625,
        },
    )


NOTES = [
    ("Shopping list", "Milk, eggs, coffee beans"),
    ("Meeting notes", "Quarterly planning with the design team"),
    ("Feedback for the team", "Great demo, shorter slides next time"),
    ("Ideas", "A locator that finds icons without labels"),
    ("Books to read", "The Design of Everyday Things"),
]


def _notes_screen(dark: bool, labelled: bool) -> tuple[Image.Image, dict[str, Any]]:
    bg, surface, fg, muted, bar = (
        ("#121212", "#1e1e1e", "#e6e1e5", "#a8a3ab", "#1f1b24")
        if dark
        else ("#fffbfe", "#f4eff4", "#1c1b1f", "#49454f", "#6750a4")
    )
    bar_fg = fg if dark else "white"
    image = Image.new("RGB", (W, H), bg)
    draw = ImageDraw.Draw(image)
    _status_bar(draw, bar, bar_fg)
    draw.rectangle((0, 84, W, 231), fill=bar)
    material_icon(draw, "arrow_back", (0, 84, 147, 231), bar_fg, 63)
    left_text(draw, (189, 157), "Notes", 50, bar_fg)
    material_icon(draw, "search", (786, 84, 933, 231), bar_fg, 63)
    material_icon(draw, "more_vert", (933, 84, 1080, 231), bar_fg, 63)
    pkg = "com.example.notes"

    def rid(name: str) -> str:
        return f"{pkg}:id/{name}" if labelled else ""

    items = []
    for i, (title, preview) in enumerate(NOTES):
        top = 252 + i * 252
        box = (42, top, 1038, top + 231)
        draw.rounded_rectangle(box, radius=28, fill=surface)
        left_text(draw, (84, top + 80), title, 44, fg)
        left_text(draw, (84, top + 155), preview, 34, muted)
        items.append(
            node(
                "android.widget.LinearLayout",
                box,
                pkg,
                node(
                    "android.widget.TextView",
                    (84, top + 50, 1000, top + 110),
                    pkg,
                    text=title,
                    resource_id=f"{pkg}:id/note_title",
                ),
                node(
                    "android.widget.TextView",
                    (84, top + 130, 1000, top + 180),
                    pkg,
                    text=preview,
                    resource_id=f"{pkg}:id/note_preview",
                ),
                resource_id=f"{pkg}:id/note_card",
                clickable=True,
                focusable=True,
            )
        )
    fab = (891, 2043, 1038, 2190)
    draw.rounded_rectangle(fab, radius=40, fill="#d0bcff" if dark else "#eaddff")
    material_icon(draw, "add", fab, "#381e72" if dark else "#21005d", 63)
    tree = node(
        "android.widget.FrameLayout",
        (0, 0, W, H),
        pkg,
        node(
            "android.view.ViewGroup",
            (0, 84, W, 231),
            pkg,
            node(
                "android.widget.ImageButton",
                (0, 84, 147, 231),
                pkg,
                resource_id=rid("toolbar_nav_up"),
                clickable=True,
                focusable=True,
            ),
            node(
                "android.widget.TextView",
                (189, 119, 420, 196),
                pkg,
                text="Notes",
                resource_id=f"{pkg}:id/toolbar_title",
            ),
            node(
                "android.widget.ImageView",
                (786, 84, 933, 231),
                pkg,
                resource_id=rid("action_search"),
                clickable=True,
                focusable=True,
            ),
            node(
                "android.widget.ImageView",
                (933, 84, 1080, 231),
                pkg,
                resource_id=rid("iv_more_options"),
                clickable=True,
                focusable=True,
            ),
            resource_id=f"{pkg}:id/toolbar",
        ),
        node(
            "androidx.recyclerview.widget.RecyclerView",
            (0, 231, W, 2274),
            pkg,
            *items,
            resource_id=f"{pkg}:id/notes_list",
            scrollable=True,
            focusable=True,
        ),
        node(
            "android.widget.ImageButton",
            fab,
            pkg,
            resource_id=f"{pkg}:id/fab_add",
            content_desc="New note",
            clickable=True,
            focusable=True,
        ),
    )
    return image, tree


def notes_toolbars(out_root: Path) -> list[Path]:
    written = []
    for name, dark, labelled in (
        ("toolbar", False, True),
        ("toolbar_unlabeled", False, False),
        ("toolbar_unlabeled_dark", True, False),
    ):
        image, tree = _notes_screen(dark=dark, labelled=labelled)
        written.append(
            write_snapshot(
                out_root / name,
                image,
                hierarchy_xml(tree),
                {
                    "platform": "android",
                    "app": "com.example.notes",
                    "window": "Notes",
                    "density": 2.625,
                },
            )
        )
    return written


def sign_in_null_root(out_root: Path) -> Path:
    """A webview sign-in page whose dump failed: only the pixels carry "Sign in"."""
    image = Image.new("RGB", (W, H), "white")
    draw = ImageDraw.Draw(image)
    _status_bar(draw, "#f1f3f4", "#202124")
    centered_text(draw, (0, 400, W, 520), "Welcome back", 64, "#202124", bold=True)
    for top, hint in ((700, "Email"), (880, "Password")):
        draw.rounded_rectangle((90, top, 990, top + 130), radius=16, outline="#80868b", width=3)
        left_text(draw, (130, top + 65), hint, 40, "#5f6368")
    draw.rounded_rectangle((90, 1120, 990, 1260), radius=70, fill="#1a73e8")
    centered_text(draw, (90, 1120, 990, 1260), "Sign in", 48, "white", bold=True)
    centered_text(draw, (0, 1340, W, 1420), "Forgot password?", 38, "#1a73e8")
    return write_snapshot(
        out_root / "sign_in_null_root",
        image,
        NULL_ROOT,
        {
            "platform": "android",
            "app": "com.example.webshop",
            "window": "Sign in",
            "density": 2.625,
        },
    )


def blank_canvas(out_root: Path) -> Path:
    """A game-like canvas: shapes, no text, and an empty accessibility tree."""
    image = Image.new("RGB", (W, H), "#0b132b")
    draw = ImageDraw.Draw(image)
    draw.ellipse((820, 900, 1070, 1100), fill="#f4d35e")  # the thing to tap, in grid cell 12
    draw.polygon([(100, 1900), (300, 1500), (500, 1900)], fill="#ee964b")
    draw.rectangle((600, 1700, 900, 2000), fill="#5bc0be")
    draw.ellipse((150, 300, 350, 500), fill="#3a506b")
    return write_snapshot(
        out_root / "blank_canvas",
        image,
        EMPTY_TREE,
        {"platform": "android", "app": "com.example.game", "window": "Game", "density": 2.625},
    )


def build(out_root: Path) -> list[Path]:
    return [
        anr_dialog(out_root),
        *notes_toolbars(out_root),
        sign_in_null_root(out_root),
        blank_canvas(out_root),
    ]
