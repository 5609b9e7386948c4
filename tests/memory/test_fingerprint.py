"""Visual fingerprints on the real toolbar pixels: identity, threshold, relocation."""

from __future__ import annotations

from PIL import Image

from iconfind import Bounds
from iconfind.memory.fingerprint import MATCH_THRESHOLD, hamming, matches, relocate, visual_hash
from tests.memory.layouts import NAV_UP, OVERFLOW, SEARCH, moved_icons, original


def test_same_crop_same_hash_and_icons_apart() -> None:
    image = original()
    overflow = visual_hash(image, OVERFLOW)
    assert overflow is not None and len(overflow) == 64
    assert visual_hash(image, OVERFLOW) == overflow
    for other in (NAV_UP, SEARCH):
        other_hash = visual_hash(image, other)
        assert other_hash is not None
        assert hamming(overflow, other_hash) > MATCH_THRESHOLD
        assert not matches(overflow, other_hash)


def test_flat_and_tiny_crops_have_no_fingerprint() -> None:
    image = original()
    assert visual_hash(image, Bounds(450, 90, 597, 225)) is None, "plain toolbar colour"
    assert visual_hash(image, Bounds(933, 84, 938, 231)) is None, "5 px wide"
    assert not matches(None, None)


def test_relocates_after_layout_change_by_scanning() -> None:
    fingerprint = visual_hash(original(), OVERFLOW)
    assert fingerprint is not None
    changed = moved_icons({OVERFLOW: (600, 300), SEARCH: (100, 1300)})
    found = relocate(fingerprint, (147, 147), changed, near=OVERFLOW)
    assert found is not None
    assert found.bounds == Bounds(600, 300, 747, 447)
    assert found.distance <= MATCH_THRESHOLD


def test_relocates_among_candidate_boxes() -> None:
    fingerprint = visual_hash(original(), OVERFLOW)
    assert fingerprint is not None
    changed = moved_icons({SEARCH: (639, 84), OVERFLOW: (786, 84)})
    candidates = [NAV_UP, Bounds(639, 84, 786, 231), SEARCH]
    found = relocate(fingerprint, (147, 147), changed, candidates=candidates, scan=False)
    assert found is not None and found.bounds == SEARCH  # the overflow icon now sits there


def test_gone_is_not_found() -> None:
    fingerprint = visual_hash(original(), OVERFLOW)
    assert fingerprint is not None
    blank = Image.new("RGB", (1080, 2400), "white")
    assert relocate(fingerprint, (147, 147), blank, near=OVERFLOW) is None
    removed = moved_icons({OVERFLOW: None})
    assert relocate(fingerprint, (147, 147), removed, near=OVERFLOW) is None
