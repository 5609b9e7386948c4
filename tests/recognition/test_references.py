"""The glyph table, the rendered reference set and its on-disk cache."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from iconfind import IconPatterns
from iconfind.errors import RecognizerUnavailableError
from iconfind.recognition import IconRecognizer, ReferenceSet, load_or_build
from iconfind.recognition.features import shape_of
from iconfind.recognition.references import GlyphTable, render_glyph


def test_table_covers_every_icon_class_in_several_families(table: GlyphTable) -> None:
    assert set(table.classes) == set(IconPatterns.default().names)
    for name in table.classes:
        families = {g.font.family for g in table.glyphs if g.icon_class == name}
        assert len(families - {"material"}) >= 4, name


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


def test_no_icon_font_is_a_typed_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(GlyphTable, "select", lambda self, **_: ())
    with pytest.raises(RecognizerUnavailableError, match="fonts-font-awesome"):
        IconRecognizer.default(cache_dir=tmp_path)
