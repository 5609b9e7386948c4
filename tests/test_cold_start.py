"""The first second: what ``import iconfind`` and a first find load, and what they leave undone.

Structural checks, never timed: a fresh interpreter reports which modules it imported, and the
replay backend reports whether it decoded its screenshot. The speed itself is measured in
``bench/cold_start.py`` against ``import uiautomator2`` in the same run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import iconfind
from iconfind import (
    AccessibilityText,
    Bounds,
    Element,
    Locator,
    OcrText,
    ReplayBackend,
    ResourceIdPatterns,
    Selector,
    default_chain,
)
from iconfind.ocr import OcrWord, TesseractEngine
from iconfind.screen import Screen
from iconfind.strategies import Query, RecognizedIcon, VisualCandidates
from tests.conftest import REPO, SNAPSHOTS
from tests.visual_support import ColourRecognizer, MemoryBackend

HEAVY = ("cv2", "numpy", "httpx", "pytesseract", "imagehash", "lxml", "playwright", "mcp")
"""Third-party packages no light path may import."""

OPTIONAL_PARTS = (
    "iconfind.memory",
    "iconfind.operations",
    "iconfind.pickers.openai",
    "iconfind.recognition.recognizer",
    "iconfind.recognition.blobs",
    "iconfind.ocr.preprocess",
    "iconfind.backends.android",
    "iconfind.backends.appium",
    "iconfind.backends.web",
    "iconfind.backends.x11",
    "iconfind.backends.macos",
    "iconfind.backends.windows",
    "iconfind.agent",
)
"""iconfind's own modules that only load with the feature that needs them."""


def modules_after(code: str) -> tuple[set[str], Any]:
    """Run ``code`` in a fresh interpreter (this checkout first on the path); return the modules
    it imported and whatever it assigned to ``out``."""
    script = textwrap.dedent(code) + textwrap.dedent(
        """
        import json as _json, sys as _sys
        print(_json.dumps({"modules": sorted(_sys.modules), "out": globals().get("out")}))
        """
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    return set(report["modules"]), report["out"]


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_import_iconfind_imports_nothing_but_its_errors() -> None:
    modules, _ = modules_after("import iconfind")
    ours = sorted(m for m in modules if m.startswith("iconfind"))
    assert ours == sorted(["iconfind", "iconfind.errors", "iconfind._lazy"])
    assert loaded(modules, (*HEAVY, "PIL", "attr", "attrs", "defusedxml")) == []


def test_import_time_report_has_no_heavy_module() -> None:
    # The same check through the interpreter's own import profiler (-X importtime).
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import iconfind"],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    assert "iconfind" in imported
    assert loaded(imported, (*HEAVY, "PIL", *OPTIONAL_PARTS)) == []


def test_a_text_find_on_a_replay_loads_no_heavy_part_and_decodes_no_pixels() -> None:
    modules, out = modules_after(
        f"""
        from iconfind import Locator, ReplayBackend
        backend = ReplayBackend({str(SNAPSHOTS / "anr_dialog")!r})
        result = Locator(backend).find("Wait")
        out = [result.tier, backend.decoded, result.screenshot is None]
        """
    )
    assert out == [1, False, True]
    assert loaded(modules, HEAVY) == []
    assert loaded(modules, OPTIONAL_PARTS) == []


def test_the_pytest_plugin_imports_no_part_of_the_library() -> None:
    # Every pytest run in an environment with iconfind installed loads the plugin.
    modules, _ = modules_after("import iconfind.pytest_plugin")
    assert loaded(modules, ("iconfind.locator", "iconfind.backends", *HEAVY, "PIL")) == []


def test_every_public_name_resolves_and_is_listed() -> None:
    listing = dir(iconfind)
    for name in iconfind.__all__:
        assert name in listing
        assert getattr(iconfind, name) is not None
    assert iconfind.Locator is Locator
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        _ = iconfind.Nope  # type: ignore[attr-defined]


def test_star_import_gives_every_public_name() -> None:
    namespace: dict[str, Any] = {}
    exec("from iconfind import *", namespace)
    assert set(iconfind.__all__) <= set(namespace)


# -- the replay decodes its screenshot only when a tier needs pixels -----------------------------


def test_text_query_resolved_at_tier_1_leaves_the_png_undecoded() -> None:
    backend = ReplayBackend(SNAPSHOTS / "anr_dialog")
    assert not backend.decoded
    assert backend.screen_size() == (1080, 2400)  # from the PNG header
    result = Locator(backend).find("Wait")
    assert (result.tier, result.element.text) == (1, "Wait")
    assert not backend.decoded
    assert result.screenshot is None and result.screen_id is None
    Locator(backend).tap("Wait")
    assert not backend.decoded


def test_icon_query_decodes_the_png_once() -> None:
    backend = ReplayBackend(SNAPSHOTS / "toolbar_unlabeled")
    first = Locator(backend, budget_s=600).find("overflow menu")
    assert backend.decoded
    assert first.screenshot is not None and first.screenshot.size == (1080, 2400)
    again = Locator(backend, budget_s=600).find("overflow menu")
    assert first.screen_id == again.screen_id is not None


def test_a_png_cut_short_is_refused_up_front(tmp_path: Path) -> None:
    from iconfind import SnapshotError

    data = (SNAPSHOTS / "anr_dialog" / "screenshot.png").read_bytes()
    for name in ("screenshot.png", "hierarchy.xml", "meta.json"):
        (tmp_path / name).write_bytes((SNAPSHOTS / "anr_dialog" / name).read_bytes())
    (tmp_path / "screenshot.png").write_bytes(data[:-20])  # IEND lost
    with pytest.raises(SnapshotError, match="truncated PNG"):
        ReplayBackend(tmp_path)


def test_corrupt_pixels_are_a_snapshot_error_when_decoded(tmp_path: Path) -> None:
    from iconfind import SnapshotError

    for name in ("hierarchy.xml", "meta.json"):
        (tmp_path / name).write_bytes((SNAPSHOTS / "anr_dialog" / name).read_bytes())
    data = bytearray((SNAPSHOTS / "anr_dialog" / "screenshot.png").read_bytes())
    start = data.index(b"IDAT") + 4
    data[start : start + 64] = bytes(64)  # zlib stream destroyed, chunk chain intact
    (tmp_path / "screenshot.png").write_bytes(bytes(data))
    backend = ReplayBackend(tmp_path)  # header and chunk chain are fine
    assert Locator(backend).find("Wait").tier == 1  # the tree still answers
    with pytest.raises(SnapshotError, match="not a readable image"):
        backend.screenshot()


# -- the icon tier runs before OCR for icon queries ----------------------------------------------


class CountingEngine:
    """The real Tesseract engine, counting its runs."""

    def __init__(self) -> None:
        self.inner = TesseractEngine()
        self.calls = 0

    def read(self, image: Image.Image) -> list[OcrWord]:
        self.calls += 1
        return self.inner.read(image)


def counted_chain(engine: CountingEngine) -> list[Any]:
    return [OcrText(engine=engine) if s.name == "ocr" else s for s in default_chain()]


@pytest.mark.parametrize("snapshot", ["toolbar_unlabeled", "player_unlabeled"])
def test_icon_query_is_recognized_before_any_ocr(snapshot: str) -> None:
    engine = CountingEngine()
    result = Locator(ReplayBackend(SNAPSHOTS / snapshot), counted_chain(engine), budget_s=600).find(
        "overflow menu"
    )
    assert (result.tier, result.source, result.recognized_as) == (4, "visual", "overflow")
    assert engine.calls == 0


def test_the_icon_step_passes_a_text_query_without_reading_pixels() -> None:
    backend = ReplayBackend(SNAPSHOTS / "toolbar_unlabeled")
    screen = Screen(backend)
    step = RecognizedIcon(recognizer=ColourRecognizer({RED: "overflow"}))
    assert step.find(Query(Selector(text="Sign in")), screen) is None
    assert not screen.captured_screenshot and not backend.decoded


def test_a_text_query_on_a_tree_less_screen_goes_on_to_ocr() -> None:
    engine = CountingEngine()
    locator = Locator(
        ReplayBackend(SNAPSHOTS / "sign_in_null_root"), counted_chain(engine), budget_s=600
    )
    result = locator.find("Sign in")
    assert (result.tier, result.source) == (3, "ocr")
    assert engine.calls >= 1


RED, BLUE, GREEN = (220, 30, 30), (30, 30, 220), (30, 200, 30)


def coloured_screen(colours: list[tuple[int, int, int]]) -> MemoryBackend:
    image = Image.new("RGB", (1080, 2400), "white")
    elements = [Element(bounds=Bounds(0, 0, 1080, 2400), index=0)]
    for i, colour in enumerate(colours):
        box = Bounds(100 + i * 200, 100, 247 + i * 200, 247)
        image.paste(colour, (box.x1, box.y1, box.x2, box.y2))
        elements.append(Element(bounds=box, clickable=True, index=i + 1, parent=0))
    return MemoryBackend(image, elements)


def test_without_a_confident_icon_ocr_runs_then_tier_4_offers_candidates() -> None:
    # Two squares the recognizer calls "overflow" equally: no clear winner, so the icon step
    # hands over, OCR reads the screen (and finds no such words), tier 4 offers both.
    recognizer = ColourRecognizer({RED: "overflow"})
    engine = CountingEngine()
    chain = [
        AccessibilityText(),
        ResourceIdPatterns(),
        RecognizedIcon(recognizer=recognizer),
        OcrText(engine=engine, invert=False),
        VisualCandidates(recognizer=recognizer),
    ]
    result = Locator(coloured_screen([RED, RED]), chain, budget_s=600).find("overflow menu")
    assert engine.calls == 1
    assert result.tier == 4 and len(result.candidates) == 2 and result.recognized_as is None


def test_a_confident_icon_settles_before_ocr_with_tier_4_s_answer() -> None:
    recognizer = ColourRecognizer({RED: "overflow", BLUE: "search", GREEN: "back"})
    engine = CountingEngine()
    chain = [
        RecognizedIcon(recognizer=recognizer),
        OcrText(engine=engine),
        VisualCandidates(recognizer=recognizer),
    ]
    result = Locator(coloured_screen([GREEN, BLUE, RED]), chain, budget_s=600).find("overflow")
    assert engine.calls == 0
    assert result.recognized_as == "overflow"
    assert (result.tier, result.source, result.confidence) == (4, "visual", "medium")
    assert result.element.bounds.format() == "[500,100][647,247]"


def test_the_icon_step_is_left_out_without_recognition() -> None:
    assert "icon" not in [s.name for s in default_chain(recognition=False)]


# -- per-process sharing: a new Locator does not reload what the last one loaded -----------------


def test_every_lazy_recognizer_shares_one_default_recognizer() -> None:
    from iconfind.recognition import LazyRecognizer

    first, second = LazyRecognizer(), LazyRecognizer()
    crop = Image.new("RGB", (48, 48), "white")
    first.rank(crop)
    second.rank(crop)
    assert first._inner is not None and first._inner is second._inner


def test_the_shipped_pattern_table_is_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from iconfind import IconPatterns

    monkeypatch.delenv("ICONFIND_PATTERNS", raising=False)
    assert IconPatterns.default() is IconPatterns.default()
