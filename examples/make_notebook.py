"""Write examples/notebook.ipynb (nbformat 4.5, no outputs): ``python examples/make_notebook.py``."""

from __future__ import annotations

import json
from pathlib import Path

CELLS: list[tuple[str, str]] = [
    (
        "markdown",
        "# iconfind in a notebook\n\n"
        "Find UI elements on a recorded screen and look at what was found. Run from `examples/`.",
    ),
    (
        "code",
        "import base64\n"
        "import io\n"
        "\n"
        "from PIL import Image\n"
        "\n"
        "from iconfind import Locator, ReplayBackend\n"
        "\n"
        'backend = ReplayBackend("snapshots/toolbar")\n'
        "locator = Locator(backend)\n"
        "screen = backend.screenshot()\n"
        "screen.resize((screen.width // 4, screen.height // 4))",
    ),
    (
        "markdown",
        "An icon without a label, found by its resource id (tier 2). The result's wire form is "
        "what agents get; the crop is what it looks like.",
    ),
    (
        "code",
        'result = locator.find("overflow menu")\n'
        "print(result.tier, result.source, result.confidence)\n"
        "result.to_dict()",
    ),
    ("code", "screen.crop(result.element.bounds.to_list())"),
    (
        "markdown",
        "On a screen whose icons carry neither labels nor ids, the local icon recognizer names "
        "the icon (tier 4, `recognizedAs`). A `FindResult` draws itself: the screenshot it was "
        "computed on, with a ring at the tap point.",
    ),
    (
        "code",
        'bare = ReplayBackend("snapshots/toolbar_unlabeled")\n'
        'found = Locator(bare).find("overflow menu")\n'
        "print(found.tier, found.recognized_as, found.element.center)\n"
        "found",
    ),
    (
        "markdown",
        "Without recognition, the visual tier offers numbered candidate pictures instead, for a "
        "model or a person to choose from; `pick` resolves the choice.",
    ),
    (
        "code",
        "from iconfind import default_chain\n"
        "\n"
        "chooser = Locator(bare, strategies=default_chain(recognition=False))\n"
        'offer = chooser.find("overflow menu")\n'
        "pictures = [Image.open(io.BytesIO(base64.b64decode(c.image))) for c in offer.candidates]\n"
        "print(offer.tier, len(pictures), 'candidates')\n"
        "display(*pictures)\n"
        "offer",
    ),
    ("code", "chooser.pick(offer, 2).element.center"),
    ("markdown", "The same through the agent tools:"),
    (
        "code",
        "from iconfind.agent import ToolBox\n"
        "\n"
        "box = ToolBox(locator)\n"
        'box.call("ui", {"operation": "tap", "selector": {"text": "search"}})',
    ),
    ("code", "backend.taps, [record.to_dict() for record in box.rails.audit]"),
]


def notebook() -> dict[str, object]:
    cells = []
    for number, (kind, source) in enumerate(CELLS):
        lines = source.splitlines(keepends=True)
        cell: dict[str, object] = {
            "cell_type": kind,
            "id": f"cell-{number:02d}",
            "metadata": {},
            "source": lines,
        }
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        cells.append(cell)
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


if __name__ == "__main__":
    out = Path(__file__).with_name("notebook.ipynb")
    out.write_text(json.dumps(notebook(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(out)
