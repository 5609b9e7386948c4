"""Build ``iconfind/recognition/data/references.npz``: the reference set shipped in the package.

Development tool, run on a machine with the icon fonts of the glyph table installed (Debian:
``fonts-material-design-icons-iconfont fonts-materialdesignicons-webfont fonts-font-awesome
fonts-fork-awesome fonts-elusive-icons fonts-glyphicons-halflings fonts-entypo
python-qtawesome-common``). It renders every glyph of the table (the 22 curated classes of
``glyphs.toml`` and every concept of ``iconfind/data/icon_concepts.toml``), describes it exactly
as :func:`iconfind.recognition.load_or_build` would, and writes the descriptors only (no font
data) as int8 rows with a per-row scale. The fonts' licences and attributions are recorded in
``iconfind/data/REFERENCES_LICENSES.md``; add a font there before adding it to the table.

    python tools/build_references.py            # refuses if a font of the table is missing
    python tools/build_references.py --allow-missing
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iconfind.recognition.features import DEFAULT_METHOD  # noqa: E402
from iconfind.recognition.references import (  # noqa: E402
    SHIPPED_REFERENCES,
    GlyphTable,
    ReferenceSet,
)

LICENSES = ROOT / "iconfind" / "data" / "REFERENCES_LICENSES.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--allow-missing", action="store_true", help="skip fonts not installed")
    parser.add_argument(
        "--out", type=Path, default=ROOT / "iconfind" / "recognition" / SHIPPED_REFERENCES
    )
    args = parser.parse_args(argv)
    table = GlyphTable.default()
    missing = [f.id for f in table.fonts.values() if f.path is None]
    if missing and not args.allow_missing:
        print(f"fonts not installed: {', '.join(missing)} (or pass --allow-missing)")
        return 1
    licensed = LICENSES.read_text("utf-8")
    unlicensed = [f.id for f in table.fonts.values() if f"`{f.id}`" not in licensed]
    if unlicensed:
        print(f"no licence recorded in {LICENSES.name} for: {', '.join(unlicensed)}")
        return 1
    glyphs = table.select()
    start = time.perf_counter()
    references = ReferenceSet.build(glyphs, method=DEFAULT_METHOD)
    references.save_compact(args.out)
    print(
        f"{len(references)} references, {len(references.classes)} classes, "
        f"{len(references.fonts)} fonts, {args.out.stat().st_size / 1e6:.2f} MB, "
        f"{time.perf_counter() - start:.1f} s -> {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
