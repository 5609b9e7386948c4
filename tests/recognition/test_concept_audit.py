"""Reference glyphs show what their concept means: a glyph is filed by its drawing, not by its
name (Phosphor's ``warning-circle`` is a circle with "!", so it is an ``error``, not a
``warning``), and ``tools/audit_concepts.py`` finds the glyphs that contradict their concept."""

from __future__ import annotations

import importlib.util
from itertools import product
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from bench.heldout import glyph_images, render_case
from iconfind.recognition.features import shape_of
from iconfind.recognition.recognizer import IconRecognizer
from iconfind.recognition.references import GlyphTable, render_glyph

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _base_width(table: GlyphTable, label: str, concept: str) -> float:
    """Share of the normalised shape's width its lowest ink row spans: ~0.9 for a triangle
    standing on its base, under 0.5 for a circle."""
    glyph = next(g for g in table.select() if g.label == label and g.icon_class == concept)
    shape = shape_of(render_glyph(glyph, 96)) > 0.5
    rows = np.flatnonzero(shape.any(axis=1))
    cols = np.flatnonzero(shape[rows[-1] - 1])
    return float(cols[-1] - cols[0] + 1) / shape.shape[1]


def test_no_warning_reference_is_a_circle(table: GlyphTable) -> None:
    warnings = [g.label for g in table.select() if g.icon_class == "warning"]
    assert len({label.split(":")[0] for label in warnings}) >= 4
    for label in warnings:
        assert _base_width(table, label, "warning") > 0.7, f"{label} is not a triangle"


@pytest.mark.parametrize(
    ("label", "concept"),
    [
        ("phosphor:warning-circle", "error"),
        ("phosphor:warning-circle-thin", "error"),
        ("remix:error-warning-line", "error"),
        ("remix:error-warning-fill", "error"),
        ("elusive:el-error", "minus_circle"),
        ("elusive:el-error-alt", "minus_circle"),
        ("codicon:error", "cancel"),
        ("material:remove_circle", "minus_circle"),
        ("material:folder_open", "folder"),  # Material draws folder_open closed
        ("remix:flashlight-line", "flash"),  # a lightning bolt
        ("remix:share-box-line", "open_in_new"),
        ("material:storage", "server"),  # stacked server bars, not a database cylinder
        ("fontawesome:fa-fast-forward", "skip_next"),  # >>| : next track
        ("fontawesome:fa-fast-backward", "skip_previous"),
        ("fontawesome:fa-dashboard", "dashboard"),  # a gauge, not a grid
        ("phosphor:list", "hamburger"),  # three bars, not a list view
        ("mdi6:contrast", "plus_minus"),  # + and - either side of a slash, no half disc
        ("elusive:el-adjust-alt", "sliders"),  # three sliders
        ("material:tag", "hashtag"),  # a '#', not a label
        ("material:tag_faces", "smile"),  # a smiley, no '#'
        ("mdi6:tag-faces", "smile"),
        ("elusive:el-person", "male"),  # FA's standing restroom figure, not a bust
    ],
)
def test_glyphs_are_filed_by_their_drawing(table: GlyphTable, label: str, concept: str) -> None:
    assert {g.icon_class for g in table.glyphs if g.label == label} == {concept}


def test_circle_bang_glyphs_are_not_triangles(table: GlyphTable) -> None:
    for label in ("phosphor:warning-circle", "remix:error-warning-line", "material:error"):
        assert _base_width(table, label, "error") < 0.6, label


@pytest.mark.parametrize(
    "label",
    [
        "phosphor:bell-z",  # snooze, not notifications off
        "material:gamepad",  # a d-pad cross that reads as a plus
        "fontawesome:fa-undo",  # a near-full circle arrow: refresh as much as undo
        "fontawesome:fa-rotate-left",  # the same glyph under its other name
        "material:forward",  # a thick arrow, not fast-forward
        "remix:arrow-right-s-fill",  # a filled caret that reads as play
        "fa5-solid:clipboard",  # Debian's FA5 file draws a moon at this code point
        "fa5-solid:pencil-alt",  # ... and brand logos at these
        "fa5-solid:trash-alt",
        "fa5-solid:external-link-alt",
    ],
)
def test_ambiguous_or_misdrawn_glyphs_are_left_out(table: GlyphTable, label: str) -> None:
    assert not [g for g in table.glyphs if g.label == label]


def _synthetic() -> tuple[np.ndarray, list[str], list[str]]:
    """Three families drawing a circle (A) and a triangle (B); family z files one circle as B."""
    concept = ["A", "A", "A", "B", "B", "B", "B"]
    family = ["x", "y", "z", "x", "y", "z", "z"]
    circle = [0, 1, 2, 6]
    similarity = np.full((7, 7), 0.1, np.float32)
    for group in (circle, [3, 4, 5]):
        similarity[np.ix_(group, group)] = 0.9
    np.fill_diagonal(similarity, 1.0)
    return similarity, concept, family


def test_audit_flags_a_glyph_closer_to_another_concept_in_every_other_family() -> None:
    audit = _tool("audit_concepts")
    similarity, concept, family = _synthetic()
    found = audit.suspects(similarity, concept, family, suspect_rank=1)
    assert [(s.glyph, s.concept, s.rival) for s in found] == [(6, "B", "A")]
    assert (found[0].beaten_in, found[0].families) == (2, 2)


def test_audit_finds_the_concept_that_splits() -> None:
    audit = _tool("audit_concepts")
    similarity, concept, family = _synthetic()
    found = audit.splits(similarity, concept, family, threshold=0.5)
    assert [s.concept for s in found] == ["B"]
    assert sorted(map(sorted, found[0].groups)) == [[3, 4, 5], [6]]


def test_audit_groups_renders_by_glyph() -> None:
    audit = _tool("audit_concepts")
    vectors = np.asarray([[1, 0], [0.8, 0.6], [0, 1]], np.float32)
    similarity = audit.glyph_similarity(vectors, np.asarray([0, 0, 1]))
    assert similarity.shape == (2, 2)
    assert similarity[0, 1] == pytest.approx(0.6)  # the best pair of renders


HELD_OUT = Path(__file__).resolve().parents[2] / "bench" / "data" / "heldout"


def _traced(tmp_path: Path, family: str, stem: str, filed: str | None = None) -> Any:
    """``tools/trace_culprits.py`` on a folder holding one held-out mask (``filed`` under
    another concept than its own, when given: a file whose name lies)."""
    tracer = _tool("trace_culprits")
    folder = tmp_path / family
    folder.mkdir()
    (source,) = HELD_OUT.joinpath(family).glob(f"*__{stem}.png")
    name = source.name if filed is None else f"{filed}__{stem}.png"
    (folder / name).write_bytes(source.read_bytes())
    recognizer = IconRecognizer.default()
    icons = list(tracer.icons_in(folder, set(recognizer.classes)))
    assert [icon.name for icon in icons] == [Path(name).stem]
    return tracer.trace(recognizer, family, icons)


def test_a_plus_minus_is_no_contrast_icon(tmp_path: Path) -> None:
    """MDI's ``contrast`` glyph is + and - either side of a slash; filed under contrast, it made
    Tabler's and Majesticons' plus-minus icons answer "contrast" (traced by
    ``tools/trace_culprits.py``). Filed by its drawing, it ranks plus-minus first (a rare
    concept: its lead is not enough to accept it) and nothing else is accepted."""
    report = _traced(tmp_path, "tabler", "plus-minus")
    assert report.wrong == ()
    recognizer = IconRecognizer.default()
    (mask,) = [m for c, n, m in glyph_images("tabler") if n == "plus-minus"]
    for size, theme in product((24, 48), ("light", "dark")):
        ranking = recognizer.rank(render_case(mask, size, theme, "tight"))
        assert ranking[0][0] == "plus_minus", (size, theme, ranking)


def test_a_wrong_acceptance_is_traced_to_the_references_that_drew_it(tmp_path: Path) -> None:
    """Tabler's magnifier filed under "home" is accepted as search in every crop (the tool
    reports it as another concept, as it reports a misfiled reference's victims): each crop
    names the three search references closest to it, closest first."""
    report = _traced(tmp_path, "tabler", "search", filed="home")
    wrong = report.wrong
    assert report.right == 0
    assert len(wrong) == report.crops
    assert {answer.accepted for answer in wrong} == {"search"}
    references = IconRecognizer.default().references
    search = {
        source
        for source, label in zip(references.sources, references.labels, strict=True)
        if references.classes[label] == "search"
    }
    for answer in wrong:
        assert len(answer.culprits) == 3
        assert {source for source, _ in answer.culprits} <= search
        similarities = [similarity for _, similarity in answer.culprits]
        assert similarities == sorted(similarities, reverse=True)


def test_svg_files_need_a_browser_page(tmp_path: Path) -> None:
    tracer = _tool("trace_culprits")
    (tmp_path / "search.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    with pytest.raises(SystemExit, match="Chromium"):
        list(tracer.icons_in(tmp_path, {"search"}))


def test_the_shipped_concept_tables_are_what_the_generator_writes() -> None:
    """``tools/concept_table.py`` regenerates both tables from the fonts; the shipped ones must
    be its output, or the next regeneration silently changes the vocabulary. (It once would
    have: a turned glyph lent its name to a class, and Font Awesome's ⇄ ``exchange``, turned
    upright to draw ⇅ sort, merged the exchange concept into sort.)"""
    concepts, glyphs, _ = _tool("concept_table").tables()
    data = TOOLS.parent / "iconfind"
    assert concepts == (data / "data" / "icon_concepts.toml").read_text("utf-8")
    assert glyphs == (data / "recognition" / "data" / "concept_glyphs.toml").read_text("utf-8")
