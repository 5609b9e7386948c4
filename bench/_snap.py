"""Example snapshots the sections measure on, and base64 helpers."""

from __future__ import annotations

import base64
import binascii
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples" / "snapshots"
TOOLBAR_UNLABELED = EXAMPLES / "toolbar_unlabeled"
BLANK_CANVAS = EXAMPLES / "blank_canvas"


def b64_len(data: str) -> int:
    """Decoded size of a base64 string (or of a ``data:`` URI), 0 when it is not base64."""
    if data.startswith("data:"):
        data = data.partition(",")[2]
    try:
        return len(base64.b64decode(data, validate=False))
    except (binascii.Error, ValueError):
        return 0
