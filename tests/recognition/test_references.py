"""The glyph table, the rendered reference set and its on-disk cache."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from attrs import evolve

from iconfind import IconPatterns
from iconfind.errors import RecognizerUnavailableError
from iconfind.recognition import IconRecognizer, ReferenceSet, load_or_build, references
from iconfind.recognition.features import shape_of
from iconfind.recognition.references import FONT_ROOT_ENV, GlyphTable, render_glyph


def test_table_covers_every_icon_class_in_several_families(table: GlyphTable) -> None:
    assert set(table.classes) <= set(IconPatterns.default().names)
    curated = {g.icon_class for g in table.glyphs if g.curated}
    assert len(curated) == 22
    for name in table.classes:
        families = {g.font.family for g in table.glyphs if g.icon_class == name}
        # the 22 hand-picked classes: four families beyond Material; concepts: two families
        assert len(families - ({"material"} if name in curated else set())) >= (
            4 if name in curated else 2
        ), name


def test_every_installed_glyph_renders_a_shape(table: GlyphTable) -> None:
    glyphs = table.select()
    assert {f.id for f in table.installed()} >= {"material", "fontawesome", "forkawesome"}
    blank = [g.label for g in glyphs if not shape_of(render_glyph(g, 64)).any()]
    assert blank == []


def test_cache_is_built_once_then_loaded(
    table: GlyphTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    glyphs = [g for g in table.select() if g.font.id == "fontawesome"][:6]
    first = load_or_build(glyphs, cache_dir=tmp_path)
    assert len(list(tmp_path.glob("references-*.npz"))) == 1

    def no_build(*_args: object, **_kwargs: object) -> ReferenceSet:
        raise AssertionError("rebuilt although cached")

    monkeypatch.setattr(ReferenceSet, "build", no_build)
    again = load_or_build(glyphs, cache_dir=tmp_path)
    assert again.classes == first.classes
    assert np.array_equal(again.vectors, first.vectors)


def test_no_icon_font_and_no_shipped_set_is_a_typed_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(FONT_ROOT_ENV, str(tmp_path))
    monkeypatch.setattr(references, "shipped_references", lambda: None)
    with pytest.raises(RecognizerUnavailableError, match="fonts-font-awesome"):
        IconRecognizer.default(cache_dir=tmp_path)


def test_shipped_set_needs_no_font(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A bare machine: no icon font anywhere, an empty cache: the shipped set is used as is."""
    monkeypatch.setenv(FONT_ROOT_ENV, str(tmp_path / "no-fonts"))
    assert GlyphTable.default().installed() == ()
    recognizer = IconRecognizer.default(cache_dir=tmp_path / "cache")
    assert not (tmp_path / "cache").exists()  # nothing was rendered
    assert set(IconPatterns.default().names) <= set(recognizer.classes)
    shipped = references.shipped_references()
    assert shipped is not None and recognizer.references is shipped


def test_shipped_set_matches_a_fresh_build(table: GlyphTable) -> None:
    """tools/build_references.py was rerun after the table or the features last changed."""
    shipped = references.shipped_references()
    assert shipped is not None
    assert set(shipped.fonts) == set(table.fonts)
    glyphs = [g for g in table.select() if g.font.id == "phosphor"][:5]
    fresh = ReferenceSet.build(glyphs, learn_projection=False)
    assert shipped.projection is not None  # rows are compared in the shipped learned space
    for vector, source in zip(shipped.projection.apply(fresh.vectors), fresh.sources, strict=True):
        rows = [i for i, s in enumerate(shipped.sources) if s == source]
        assert rows, source
        assert max(float(shipped.vectors[i] @ vector) for i in rows) > 0.995, source


def test_installed_fonts_extend_the_shipped_set(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, table: GlyphTable
) -> None:
    shipped = references.shipped_references()
    assert shipped is not None
    trimmed = ReferenceSet(
        method=shipped.method,
        classes=shipped.classes,
        vectors=shipped.vectors,
        labels=shipped.labels,
        sources=shipped.sources,
        fonts=tuple(f for f in shipped.fonts if f != "glyphicons"),
        projection=shipped.projection,
    )
    monkeypatch.setattr(references, "shipped_references", lambda: trimmed)
    extended = load_or_build(cache_dir=tmp_path)
    glyphicons = sum(1 for g in table.select() if g.font.id == "glyphicons")
    assert len(extended) > len(shipped) and glyphicons > 0
    assert "glyphicons" in extended.fonts


def test_a_glyph_entry_may_be_drawn_turned(table: GlyphTable) -> None:
    """``"name=hexcodepoint@90"``: the font's glyph turned 90° counter-clockwise, a drawing of
    its own (⇄ upright is ⇅), not a twin of the unturned glyph."""
    (turned,) = [g for g in table.glyphs if g.label == "fontawesome:fa-exchange@90"]
    assert (turned.icon_class, turned.turn, turned.codepoint) == ("sort", 90, 0xF0EC)
    raw = {
        "fonts": {
            "fontawesome": {
                "family": "fontawesome",
                "package": turned.font.package,
                "paths": list(turned.font.paths),
            }
        },
        "glyphs": {"sort": {"fontawesome": ["fa-exchange=f0ec@90"]}},
    }
    (parsed,) = GlyphTable.parse(raw).glyphs
    assert parsed == turned
    upright = evolve(turned, turn=0)
    assert upright.label == "fontawesome:fa-exchange"
    drawn = np.asarray(render_glyph(turned, 48).convert("L"))
    expected = np.rot90(np.asarray(render_glyph(upright, 48).convert("L")))  # counter-clockwise
    assert drawn.shape == expected.shape
    assert np.abs(drawn.astype(int) - expected).mean() < 2
