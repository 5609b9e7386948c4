"""Regenerate the README pictures of tiers 4 and 5 from the example snapshots.

    python docs/make_images.py

- ``docs/images/grid.png``: the tier-5 grid over a light and a dark screen, and the zoomed cell
  12 with its five positions, exactly as a model receives them (before JPEG encoding).
- ``docs/images/candidates.png``: tier-4 candidate sheets for "overflow menu" on the unlabeled
  toolbar (light) and on the music player (dark, 6 of 9 shown). Local icon recognition is off
  (``default_chain(recognition=False)``): with it, the query resolves and there is no sheet.

``python docs/make_images.py OUTDIR`` writes elsewhere (the test suite regenerates the images
into a temporary directory and compares them with the committed ones).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iconfind import Locator, ReplayBackend, default_chain  # noqa: E402
from iconfind.imaging import render_cell_zoom, render_grid  # noqa: E402
from iconfind.imaging.sheet import render_candidate_sheet  # noqa: E402

SNAPSHOTS = ROOT / "examples" / "snapshots"
OUT = ROOT / "docs" / "images"


def side_by_side(
    pictures: list[Image.Image], gap: int = 24, background: str = "#ffffff"
) -> Image.Image:
    height = max(p.height for p in pictures)
    width = sum(p.width for p in pictures) + gap * (len(pictures) + 1)
    canvas = Image.new("RGB", (width, height + 2 * gap), background)
    x = gap
    for picture in pictures:
        canvas.paste(picture, (x, gap + (height - picture.height) // 2))
        x += picture.width + gap
    return canvas


def stacked(pictures: list[Image.Image], gap: int = 16, background: str = "#ffffff") -> Image.Image:
    width = max(p.width for p in pictures)
    height = sum(p.height for p in pictures) + gap * (len(pictures) + 1)
    canvas = Image.new("RGB", (width + 2 * gap, height), background)
    y = gap
    for picture in pictures:
        canvas.paste(picture, (gap, y))
        y += picture.height + gap
    return canvas


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    out.mkdir(parents=True, exist_ok=True)
    light = ReplayBackend(SNAPSHOTS / "toolbar_unlabeled").screenshot()
    dark = ReplayBackend(SNAPSHOTS / "blank_canvas").screenshot()
    zoom, _ = render_cell_zoom(dark, 12)
    grid = side_by_side([render_grid(light, 800), render_grid(dark, 800), zoom])
    grid.save(out / "grid.png", optimize=True)

    sheets = []
    for name in ("toolbar_unlabeled", "player_unlabeled"):
        locator = Locator(
            ReplayBackend(SNAPSHOTS / name),
            strategies=default_chain(recognition=False),
            budget_s=600,  # a budget it cannot hit: the picture, not the speed, is checked
        )
        result = locator.find("overflow menu")
        if not result.candidates:
            raise SystemExit(f"{name}: expected tier-4 candidates, got {result.to_dict()}")
        sheets.append(render_candidate_sheet(result.candidates))
    stacked(sheets).save(out / "candidates.png", optimize=True)
    for path in sorted(out.glob("*.png")):
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
