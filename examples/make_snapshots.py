"""Regenerate every example snapshot under examples/snapshots/.

Each module in ``examples/builders/`` (not starting with ``_``) builds one or more snapshots with
a ``build(out_root: Path) -> list[Path]`` function: the screenshot is rendered with Pillow and the
hierarchy written in the exact ``uiautomator dump`` format, so the picture and the tree agree
pixel for pixel.

    python examples/make_snapshots.py            # all
    python examples/make_snapshots.py toolbar    # only builders whose name contains "toolbar"
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import builders  # noqa: E402  (needs the path above)


def main(argv: list[str]) -> int:
    out_root = HERE / "snapshots"
    out_root.mkdir(exist_ok=True)
    wanted = argv[1:]
    for info in sorted(pkgutil.iter_modules(builders.__path__), key=lambda i: i.name):
        if info.name.startswith("_") or (wanted and not any(w in info.name for w in wanted)):
            continue
        module = importlib.import_module(f"builders.{info.name}")
        for path in module.build(out_root):
            print(f"wrote {path.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
