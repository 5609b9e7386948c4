"""examples/notebook.ipynb: nbformat 4 JSON, in step with its generator, executed in a kernel."""

from __future__ import annotations

import base64
import importlib.util
import io
import json
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient
from PIL import Image, ImageStat

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOTEBOOK = EXAMPLES / "notebook.ipynb"


def test_notebook_is_nbformat_4_and_matches_its_generator() -> None:
    book = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    assert (book["nbformat"], book["nbformat_minor"]) == (4, 5)
    assert book["metadata"]["kernelspec"]["name"] == "python3"
    ids = [cell["id"] for cell in book["cells"]]
    assert len(set(ids)) == len(ids)
    for cell in book["cells"]:
        assert cell["cell_type"] in {"markdown", "code"}
        assert isinstance(cell["source"], list)
        if cell["cell_type"] == "code":
            assert cell["outputs"] == []
            assert cell["execution_count"] is None
    spec = importlib.util.spec_from_file_location("make_notebook", EXAMPLES / "make_notebook.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.notebook() == book


def _png(output: dict[str, Any]) -> Image.Image | None:
    data = output.get("data", {}).get("image/png")
    return Image.open(io.BytesIO(base64.b64decode(data))) if data else None


def test_notebook_executes_in_a_kernel_and_shows_drawn_results() -> None:
    """Run the notebook the way Jupyter does (nbclient, a real IPython kernel)."""
    from iconfind.recognition import IconRecognizer

    IconRecognizer.default()  # build the on-disk reference set first: the notebook's finds then
    # only load it, well within their default time budget on a busy machine
    book = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        book, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLES)}}
    )
    client.execute()
    code = [cell for cell in book.cells if cell.cell_type == "code"]
    errors = [o for cell in code for o in cell.outputs if o.output_type == "error"]
    assert errors == []
    texts = ["".join(o.get("text", "")) for cell in code for o in cell.outputs]
    assert "4 overflow (1006, 157)" in "".join(texts).replace("Point(x=", "(").replace(", y=", ", ")
    # The cell that displays a FindResult shows the screenshot with the result drawn on it.
    found_cell = next(cell for cell in code if "found = Locator(bare)" in cell.source)
    [drawn] = [p for o in found_cell.outputs if (p := _png(o)) is not None]
    assert drawn.size[0] >= 200 and drawn.size[1] >= 200
    assert min(ImageStat.Stat(drawn.convert("RGB")).stddev) > 20, "a picture, not a blank box"
    # The candidate cell shows the candidate crops (and the result with them numbered).
    offer_cell = next(cell for cell in code if "offer = chooser.find" in cell.source)
    pictures = [p for o in offer_cell.outputs if (p := _png(o)) is not None]
    assert len(pictures) == 3 + 1, "three candidate crops, then the drawn result"
    assert all(ImageStat.Stat(p.convert("L")).stddev[0] > 5 for p in pictures), "icons, not boxes"
    assert "4 3 candidates" in "".join("".join(o.get("text", "")) for o in offer_cell.outputs)
    last = "".join(str(o.get("data", {}).get("text/plain", "")) for o in code[-1].outputs)
    assert "tap" in last
