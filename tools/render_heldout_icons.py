"""Render the held-out icon families' SVG files to the PNG masks under ``bench/data/heldout/``.

Not needed at test or bench time: the PNGs are committed. Run it again only to add a family or
change the mapping (``bench/data/heldout/mapping.toml``). The SVG files come from the sources
listed in ``bench/data/heldout/SOURCES.md`` (a git checkout or an npm package of each family)::

    python tools/render_heldout_icons.py lucide=CHECKOUT/icons \\
        tabler=NPM_PACKAGE/icons/outline feather=CHECKOUT/icons \\
        heroicons=CHECKOUT/optimized/24/outline eva=CHECKOUT/package/icons/outline/svg
    python tools/render_heldout_icons.py carbon=NPM_PACKAGE/svg/32 bootstrap=CHECKOUT/icons \\
        ionicons=CHECKOUT/src/svg octicons=CHECKOUT/icons iconoir=CHECKOUT/icons/regular \\
        fluent=NPM_PACKAGE/icons

Each mapped SVG is drawn by real Chromium (Playwright, ``/usr/bin/chromium`` when present) at
96 x 96 px on a transparent page, in black (``currentColor``), with the file's own stroke width
(2 of 24 units for Lucide / Tabler / Feather, 1.5 for Heroicons; Eva draws filled outlines).
The PNG keeps only the alpha channel, as 8-bit grayscale: 255 where the icon is fully inked,
0 where the background shows. File name: ``<family>/<concept>__<file stem>.png``.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.sync_api import sync_playwright

from iconfind._data_files import parse_toml

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "data" / "heldout"
SIZE = 96
CHROMIUM = Path("/usr/bin/chromium")

PAGE = f"""<!doctype html><html><head><style>
html, body {{ margin: 0; background: transparent; }}
#icon {{ width: {SIZE}px; height: {SIZE}px; color: #000; }}
#icon svg {{ width: {SIZE}px; height: {SIZE}px; display: block; }}
</style></head><body><div id="icon"></div></body></html>"""

# A file's opening tag, and its width or height (for the viewBox it may lack).
_SVG_TAG = re.compile(r"<svg\b[^>]*>", re.IGNORECASE)
_LENGTH = r"""\s{}\s*=\s*["']?\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*["']?"""
# Icon files are data, never code: nothing scripted or linked reaches the page.
_UNSAFE = re.compile(
    r"""<script\b.*?</script>|\son\w+\s*=\s*("[^"]*"|'[^']*')""", re.IGNORECASE | re.DOTALL
)


def open_page(playwright: Any) -> tuple[Any, Any]:
    """A Chromium browser (``/usr/bin/chromium`` when present) and its page holding
    :data:`PAGE`; close the browser when done."""
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM) if CHROMIUM.exists() else None
    )
    page = browser.new_page(viewport={"width": 200, "height": 200})
    page.set_content(PAGE)
    return browser, page


def render_svg(page: Any, svg_text: str) -> Image.Image:
    """One SVG file's text drawn at :data:`SIZE` px on ``page`` (:func:`open_page`): its coverage
    as an ``L`` image (255 = fully inked). Scripts and event handlers are stripped first. A file
    whose ``<svg>`` tag has no ``viewBox`` but a ``width`` and a ``height`` in pixels
    (MingCute's) gets the viewBox they imply, so that it scales like the others; one with
    neither is drawn at its own size."""
    svg = _UNSAFE.sub("", svg_text)
    tag = _SVG_TAG.search(svg)
    if tag is not None and "viewbox" not in tag[0].lower():
        width = re.search(_LENGTH.format("width"), tag[0], re.IGNORECASE)
        height = re.search(_LENGTH.format("height"), tag[0], re.IGNORECASE)
        if width is not None and height is not None:
            box = f' viewBox="0 0 {width[1]} {height[1]}"'
            svg = svg[: tag.start() + 4] + box + svg[tag.start() + 4 :]
    page.evaluate("svg => { document.getElementById('icon').innerHTML = svg; }", svg)
    shot = page.locator("#icon").screenshot(omit_background=True)
    return Image.open(io.BytesIO(shot)).convert("RGBA").getchannel("A")


def render_family(page: Any, svg_dir: Path, family: str, mapping: dict[str, list[str]]) -> int:
    """Render every file the mapping lists for ``family``; returns how many PNGs were written."""
    target = OUT / family
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("*.png"):
        old.unlink()
    written = 0
    for concept, stems in sorted(mapping.items()):
        for stem in stems:
            alpha = render_svg(page, (svg_dir / f"{stem}.svg").read_text("utf-8"))
            if alpha.getbbox() is None:
                raise SystemExit(f"{family}/{stem}.svg rendered empty")
            alpha.save(target / f"{concept}__{stem}.png", optimize=True)
            written += 1
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="+", help="FAMILY=DIR of that family's SVG files")
    args = parser.parse_args(argv)
    mapping = parse_toml((OUT / "mapping.toml").read_text("utf-8"), "mapping.toml")
    with sync_playwright() as p:
        browser, page = open_page(p)
        for spec in args.sources:
            family, _, directory = spec.partition("=")
            if family not in mapping or not directory:
                raise SystemExit(f"{spec!r}: expected FAMILY=DIR with FAMILY in mapping.toml")
            count = render_family(page, Path(directory), family, mapping[family])
            print(f"{family}: {count} PNGs", file=sys.stderr)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
