"""Tier 4 on a tree-less desktop screenshot: icon blobs sized in dp from the backend's density.

A desktop is density 1: 24 px toolbar icons a few pixels apart. Sized for a phone (a closing
kernel of 1/60 of the screen's short side, icons of 16 px or more) they merge into one blob or
are dropped; with the density the kernel is 7 dp and icons 6-76 dp, which on a phone at 2.625
are the very pixel sizes as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from iconfind import Bounds, Locator, ReplayBackend
from iconfind.backends.base import BackendInfo
from iconfind.errors import BackendError
from iconfind.recognition.blobs import find_icon_blobs
from iconfind.recognition.references import GlyphTable, render_glyph
from iconfind.screen import Screen
from tests.conftest import SNAPSHOTS
from tests.visual_support import MemoryBackend

TOOLBAR = ["arrow_back", "search", "settings", "share", "delete", "more_vert"]
PITCH = 28  # 24 px glyphs 4 px apart, as desktop toolbars pack them


def desktop_toolbar() -> tuple[Image.Image, list[Bounds]]:
    """A 1920x1080 screenshot with six 24 px Material glyphs in a row; their boxes."""
    table = GlyphTable.default()
    image = Image.new("RGB", (1920, 1080), "white")
    boxes = []
    for i, name in enumerate(TOOLBAR):
        glyph = next(g for g in table.glyphs if g.font.id == "material" and g.name == name)
        x = 100 + i * PITCH
        image.paste(render_glyph(glyph, 24, pad=0.0, ink=(50, 50, 50)), (x, 20))
        boxes.append(Bounds(x, 20, x + 24, 44))
    return image, boxes


def snapshot(tmp_path: Path, density: float | None) -> Path:
    image, _ = desktop_toolbar()
    image.save(tmp_path / "screenshot.png")
    meta = {"platform": "x11"} if density is None else {"platform": "x11", "density": density}
    (tmp_path / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    return tmp_path


def test_each_desktop_icon_is_one_blob_with_the_density() -> None:
    image, boxes = desktop_toolbar()
    blobs = find_icon_blobs(image, density=1.0)
    for box in boxes:
        inside = [b for b in blobs if b.contains(box.center.x, box.center.y)]
        assert len(inside) == 1, (box, blobs)
        assert sum(inside[0].contains(o.center.x, o.center.y) for o in boxes) == 1
    # sized for a phone, neighbours merge into a run too wide for an icon and are lost (the
    # reason the density is asked for)
    phone = find_icon_blobs(image)
    assert any(sum(b.contains(o.center.x, o.center.y) for b in phone) != 1 for o in boxes)


@pytest.mark.parametrize(
    ("query", "index"), [("search", 1), ("settings", 2), ("back", 0), ("share", 3)]
)
def test_a_desktop_toolbar_resolves_with_its_density(
    tmp_path: Path, query: str, index: int
) -> None:
    _, boxes = desktop_toolbar()
    result = Locator(ReplayBackend(snapshot(tmp_path, 1.0)), budget_s=600).find(query)
    assert result.tier == 4 and result.kind == "found", result
    centre = result.element.bounds.center
    assert boxes[index].contains(centre.x, centre.y), (query, result.element.bounds)


def test_without_a_density_the_phone_sizes_apply(tmp_path: Path) -> None:
    """No density in the snapshot: blobs are sized as before (the toolbar merges and "search"
    is not resolved; the chain falls back as it did)."""
    result = Locator(ReplayBackend(snapshot(tmp_path, None)), budget_s=600).find("search")
    assert result.kind == "grid" and result.tier == 5


@pytest.mark.parametrize("name", ["toolbar_unlabeled", "toolbar_unlabeled_dark", "blank_canvas"])
def test_a_phone_at_2_625_gets_the_same_blobs(name: str) -> None:
    """7 dp, 6 dp and 76 dp at 2.625 are the 18 px kernel and the 16-200 px sizes a 1080 px
    wide phone had without a density."""
    image = Image.open(SNAPSHOTS / name / "screenshot.png")
    assert find_icon_blobs(image, density=2.625) == find_icon_blobs(image)


class DescribedMemory(MemoryBackend):
    """A memory screen that says its density, counting how often it is asked."""

    def __init__(self, density: float | None) -> None:
        super().__init__(Image.new("RGB", (64, 64), "white"), None)
        self.said = density
        self.asked = 0

    def info(self) -> BackendInfo:
        self.asked += 1
        return BackendInfo(platform="x11", density=self.said)


@pytest.mark.parametrize(
    ("said", "read"),
    [(1.0, 1.0), (2.625, 2.625), (0.0, None), (None, None), (float("inf"), None), ("1.0", None)],
)
def test_the_screen_asks_the_density_once(said: object, read: float | None) -> None:
    backend = DescribedMemory(said)  # type: ignore[arg-type]
    screen = Screen(backend)
    assert screen.density == read
    assert screen.density == read
    assert backend.asked == 1


def test_a_density_attribute_is_read_without_asking_info() -> None:
    """Android, macOS and Windows have a ``density`` of their own; their ``info()``
    may cost more (a window title looked up in the tree)."""
    backend = DescribedMemory(1.0)
    backend.density = 3.0  # type: ignore[attr-defined]
    assert Screen(backend).density == 3.0
    assert backend.asked == 0


def test_a_backend_that_says_nothing_has_no_density() -> None:
    assert Screen(MemoryBackend(Image.new("RGB", (8, 8)), None)).density is None


class BrokenInfo(MemoryBackend):
    """A desktop toolbar whose ``info()`` fails (a custom backend's bug, a dead bus)."""

    def __init__(self, error: Exception) -> None:
        super().__init__(desktop_toolbar()[0], None)
        self.error = error

    def info(self) -> BackendInfo:
        raise self.error


@pytest.mark.parametrize("error", [BackendError("bus gone"), RuntimeError("bug")])
def test_a_failing_density_is_a_note_not_a_failed_find(error: Exception) -> None:
    """The density is a hint: without it the blobs are sized as for a phone, and the result
    says why."""
    result = Locator(BrokenInfo(error), budget_s=600).find("search")
    assert result.error is None
    assert any("density unknown" in note for note in result.notes), result.notes


def test_a_small_row_of_dots_is_read_with_its_surroundings() -> None:
    """Lucide's ``⋯`` at 24 px is three 4 px dots: cut tight to them, the cut's border is
    mostly ink and the dots read as letters; cut with a margin they are the overflow icon."""
    from bench.heldout import draw_mask, glyph_images

    (mask,) = [m for c, n, m in glyph_images("lucide") if n == "ellipsis"]
    image = Image.new("RGB", (1920, 1080), (245, 245, 245))
    image.paste(draw_mask(mask, 24, 0.0, (40, 40, 40), (245, 245, 245)), (300, 20))
    blobs = find_icon_blobs(image, density=1.0)
    assert len(blobs) == 1 and blobs[0].contains(312, 32), blobs
