"""Tier 3 in the chain: the null-root sign-in screen, the cache, a missing Tesseract, scaling."""

from __future__ import annotations

from pathlib import Path

import pytest

from iconfind import (
    AccessibilityText,
    Bounds,
    Locator,
    OcrText,
    OcrUnavailableError,
    ReplayBackend,
    ResourceIdPatterns,
    Scaling,
    Selector,
    default_chain,
)
from iconfind.ocr import TesseractEngine
from tests.ocr.counting import CountingEngine
from tests.ocr.render import Label, render, replay_image

SIGN_IN_BUTTON = Bounds(90, 1120, 990, 1260)
FORGOT_LINK = Bounds(360, 1350, 720, 1420)
PASSWORD_FIELD = Bounds(90, 880, 990, 1010)


@pytest.fixture(scope="module")
def shared_ocr() -> OcrText:
    """One OCR tier for the read-only tests of this module: its cache reads each screen once."""
    return OcrText()


@pytest.fixture
def sign_in(snapshots: Path) -> ReplayBackend:
    return ReplayBackend(snapshots / "sign_in_null_root")


def test_ocr_is_tier_three_of_the_default_chain() -> None:
    # With recognition, the confident-icon step runs before OCR (for icon queries only).
    chain = default_chain()
    names = [strategy.name for strategy in chain]
    assert names[:4] == ["accessibility", "resource_id", "icon", "ocr"]
    assert isinstance(chain[3], OcrText)
    plain = default_chain(recognition=False)
    assert [strategy.name for strategy in plain][:3] == ["accessibility", "resource_id", "ocr"]
    assert isinstance(plain[2], OcrText)


def test_null_root_screen_finds_the_white_on_blue_button(
    sign_in: ReplayBackend, shared_ocr: OcrText
) -> None:
    locator = Locator(sign_in, [AccessibilityText(), ResourceIdPatterns(), shared_ocr])
    result = locator.find("Sign in")
    assert (result.source, result.tier, result.confidence) == ("ocr", 3, "high")
    assert result.accessibility_unavailable
    center = result.element.center
    assert SIGN_IN_BUTTON.contains(center.x, center.y)
    assert SIGN_IN_BUTTON.contains_bounds(result.element.bounds)
    locator.tap(result)
    assert sign_in.taps == [center]


def test_several_matches_best_first_and_nearest_to(
    sign_in: ReplayBackend, shared_ocr: OcrText
) -> None:
    locator = Locator(sign_in, [shared_ocr])
    result = locator.find("password")
    assert result.match_count == 2
    field, link = result.elements
    assert field.text == "Password"  # a label of its own before part of a longer line
    assert PASSWORD_FIELD.contains_bounds(field.bounds)
    assert FORGOT_LINK.contains_bounds(link.bounds)

    near = locator.find(Selector(text="password", nearest_to="Sign in"))
    assert FORGOT_LINK.contains_bounds(near.element.bounds)


def test_second_query_on_the_same_screen_runs_no_ocr(
    sign_in: ReplayBackend, tmp_path: Path
) -> None:
    engine = CountingEngine()
    ocr = OcrText(engine=engine)
    locator = Locator(sign_in, [AccessibilityText(), ocr])

    assert locator.find("Sign in").ok
    cold = engine.calls
    assert cold == 2  # the plain pass misses white-on-blue text; the inverted pass reads it

    assert locator.find("Sign in").ok
    assert locator.find("Welcome back").ok
    assert locator.find("Forgot password").ok
    assert not locator.find("Create account").ok  # a miss costs nothing either
    assert engine.calls == cold

    # A changed screen is a new fingerprint: OCR runs again, through the same strategy object.
    image, _ = render((300, 100), "white", [Label("Settings", (20, 30))])
    other = Locator(replay_image(tmp_path, image), [ocr])
    assert other.find("Settings").ok
    assert engine.calls == cold + 1


def test_missing_tesseract_skips_the_tier_with_a_note(sign_in: ReplayBackend) -> None:
    engine = TesseractEngine(tesseract_cmd="/nonexistent/bin/tesseract")
    assert not engine.available()
    locator = Locator(sign_in, [AccessibilityText(), OcrText(engine=engine)])
    result = locator.find("Sign in")  # no exception
    assert result.error is not None and result.error.value == "not_found"
    assert result.accessibility_unavailable
    [note] = result.notes
    assert "/nonexistent/bin/tesseract" in note
    assert "tesseract-ocr" in note
    assert note.startswith("tier 3 skipped")

    with pytest.raises(OcrUnavailableError, match="tesseract-ocr"):
        engine.read(sign_in.screenshot())


def test_query_without_text_skips_ocr(sign_in: ReplayBackend) -> None:
    engine = CountingEngine()
    result = Locator(sign_in, [OcrText(engine=engine)]).find(Selector(resource_id="btn_sign_in"))
    assert not result.ok
    assert engine.calls == 0
    assert any("OCR needs text" in note for note in result.notes)


def test_region_of_interest_reads_only_that_part(sign_in: ReplayBackend) -> None:
    engine = CountingEngine()
    ocr = OcrText(engine=engine, region="[0,1300][1080,1500]")
    result = Locator(sign_in, [ocr]).find("password")
    assert [e.text for e in result.elements] == ["password?"]
    assert FORGOT_LINK.contains_bounds(result.element.bounds)  # device pixels, not crop pixels
    assert engine.calls == 1


def test_scaled_locator_reports_image_space_on_the_wire_and_taps_device_pixels(
    sign_in: ReplayBackend, shared_ocr: OcrText
) -> None:
    locator = Locator(sign_in, [AccessibilityText(), shared_ocr], scaling=Scaling())
    result = locator.find("Sign in")
    assert result.scale_factor == 2.4
    assert result.tier == 3
    center = result.element.center  # device pixels
    assert SIGN_IN_BUTTON.contains(center.x, center.y)
    wire = result.to_dict()
    assert wire["scaleFactor"] == 2.4
    image_center = wire["elements"][0]["center"]
    assert SIGN_IN_BUTTON.scaled(2.4).contains(image_center["x"], image_center["y"])

    locator.tap(result)
    assert sign_in.taps == [center]
