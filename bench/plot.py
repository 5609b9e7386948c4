"""Plot tier-1/2 time against hierarchy size from a ``bench/run.py --json`` output.

    python bench/run.py --json > /tmp/bench.json
    python -m bench.plot /tmp/bench.json docs/images/tier12_scaling.png

Needs the ``bench`` extra (matplotlib).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def plot(results: dict[str, object], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tier = results["tier12_ms"]
    floor = results["tier12_etree_ms"]
    assert isinstance(tier, dict) and isinstance(floor, dict)
    sizes = sorted(int(n) for n in tier)
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=110)
    ax.loglog(sizes, [tier[str(n)] for n in sizes], "o-", label="iconfind: parse + tiers 1-2")
    ax.loglog(sizes, [floor[str(n)] for n in sizes], "s--", label="xml.etree.fromstring (floor)")
    ax.loglog(sizes, [3 * floor[str(n)] for n in sizes], ":", color="grey", label="3x floor")
    exponent = results.get("tier12_growth_exponent")
    ax.set_title(f"Tier 1-2 find vs hierarchy size (growth exponent {exponent})")
    ax.set_xlabel("nodes in the uiautomator dump")
    ax.set_ylabel("median time per find (ms)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)


def main(argv: list[str]) -> int:
    results = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    plot(results, Path(argv[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
