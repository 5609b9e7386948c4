"""Hostile snapshots built in a test's tmp_path: huge trees, password subtrees, odd meta."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

SNAPSHOTS = Path(__file__).resolve().parents[2] / "examples" / "snapshots"

NODE = (
    '<node index="{i}" text={text} resource-id="com.example.notes:id/item" '
    'class="android.widget.TextView" package="com.example.notes" content-desc="" '
    'checkable="false" checked="false" clickable="{clickable}" enabled="true" focusable="false" '
    'focused="false" scrollable="false" long-clickable="false" password="{password}" '
    'selected="false" bounds="[{x1},{y1}][{x2},{y2}]">'
)


def node(
    i: int,
    text: str,
    bounds: tuple[int, int, int, int],
    *,
    clickable: bool = True,
    password: bool = False,
) -> str:
    x1, y1, x2, y2 = bounds
    return NODE.format(
        i=i,
        text=quoteattr(text),
        clickable=str(clickable).lower(),
        password=str(password).lower(),
        x1=x1,
        y1=y1,
        x2=x2,
        y2=y2,
    )


def snapshot(root: Path, body: str, meta: dict[str, Any] | None = None) -> Path:
    """A snapshot directory: the toolbar screenshot (1080x2400), ``body`` as the tree."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copy(SNAPSHOTS / "toolbar" / "screenshot.png", root / "screenshot.png")
    xml = (
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
        + node(0, "", (0, 0, 1080, 2400), clickable=False)
        + body
        + "</node></hierarchy>"
    )
    (root / "hierarchy.xml").write_text(xml, encoding="utf-8")
    base = {"platform": "android", "app": "com.example.notes", "window": "Notes", "density": 2.625}
    (root / "meta.json").write_text(json.dumps(base if meta is None else meta), encoding="utf-8")
    return root


def many_items(root: Path, count: int) -> Path:
    """``count`` clickable rows "Item N" stacked on the screen."""
    rows = "".join(
        node(i, f"Item {i}", (0, (i % 2000) + 100, 1080, (i % 2000) + 101)) + "</node>"
        for i in range(count)
    )
    return snapshot(root, rows)


def password_subtree(root: Path) -> Path:
    """A password-flagged field whose child TextView holds the secret, beside a plain button."""
    body = (
        node(0, "hunter2secret", (100, 300, 900, 400), password=True)
        + node(0, "hunter2secret", (110, 310, 890, 390), clickable=False)
        + "</node></node>"
        + node(1, "Sign in", (100, 500, 900, 600))
        + "</node>"
    )
    return snapshot(root, body)
