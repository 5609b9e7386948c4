"""examples/notebook.ipynb: nbformat 4 JSON, in step with its generator, and its code runs."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from PIL import Image

from iconfind import Point

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


def test_notebook_code_runs_and_shows_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES)
    book = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    namespace: dict[str, object] = {}
    shown: list[object] = []
    for cell in book["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        *body, last = source.rstrip().splitlines()
        exec("\n".join(body), namespace)  # the notebook's own code
        shown.append(eval(last, namespace))  # what Jupyter would display
    thumbnail, wire, crop, pictures, tapped, (taps, audit) = shown
    assert isinstance(thumbnail, Image.Image) and thumbnail.size == (270, 600)
    assert isinstance(wire, dict) and wire["tier"] == 2
    assert isinstance(crop, Image.Image) and crop.size == (147, 147)
    assert isinstance(pictures, list)
    assert isinstance(tapped, dict) and tapped["tapped"] == {"x": 859, "y": 157}
    assert taps == [Point(859, 157)]
    assert audit[0]["kind"] == "tap"
