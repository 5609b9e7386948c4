"""The acceptance policy: twins, competing concepts, the pair check, the shipped data files."""

from __future__ import annotations

import numpy as np
import pytest

from iconfind.recognition.acceptance import (
    AcceptancePolicy,
    default_policy,
    pair_evidence,
    policy_from,
    reference,
    settled_by_parts,
    unusual_for,
)
from iconfind.recognition.recognizer import IconRecognizer, Ranking
from iconfind.recognition.references import load_or_build

TWINS = {"refresh": frozenset({"rotate_right"}), "rotate_right": frozenset({"refresh"})}


def policy(**changes: object) -> AcceptancePolicy:
    base: dict[str, object] = {"score_bins": ((0.0, 0.05),), "twins": TWINS}
    base.update(changes)
    return AcceptancePolicy(**base)  # type: ignore[arg-type]


def test_a_twin_does_not_take_the_lead() -> None:
    # refresh and rotate_right are one drawing under two names: a tie between them leaves
    # refresh's lead over the best *competing* concept (undo) intact
    context = [("rotate_right", 0.91), ("refresh", 0.90), ("undo", 0.80)]
    score, lead = policy().standing(context, "refresh")
    assert score == pytest.approx(0.90)
    assert lead == pytest.approx(0.10)


def test_a_competing_concept_above_blocks_acceptance() -> None:
    context = [("undo", 0.91), ("refresh", 0.90)]
    assert policy().standing(context, "refresh") == (-1.0, -1.0)


def test_a_twin_far_ahead_blocks_acceptance() -> None:
    context = [("rotate_right", 0.95), ("refresh", 0.90)]
    assert policy(tie=0.02).standing(context, "refresh") == (-1.0, -1.0)


def test_not_transitive() -> None:
    twins = {
        "undo": frozenset({"rotate_left"}),
        "rotate_left": frozenset({"undo", "refresh"}),
        "refresh": frozenset({"rotate_left"}),
    }
    chosen = policy(twins=twins)
    assert chosen.same_drawing("undo", "rotate_left")
    assert not chosen.same_drawing("undo", "refresh")
    assert chosen.standing([("refresh", 0.9), ("undo", 0.89)], "undo") == (-1.0, -1.0)


def test_lead_bands_and_rare_margin() -> None:
    chosen = policy(
        score_bins=((0.6, 0.1), (0.97, 0.03)),
        class_bins={"play": ((0.6, 0.2), (0.97, 0.0))},
        rare_margin=0.3,
    )
    assert chosen.lead_needed("settings", 0.8, rare=False) == pytest.approx(0.1)
    assert chosen.lead_needed("settings", 0.98, rare=False) == pytest.approx(0.03)
    assert chosen.lead_needed("play", 0.8, rare=False) == pytest.approx(0.2)
    assert chosen.lead_needed("play", 0.98, rare=False) == pytest.approx(0.03)
    assert chosen.lead_needed("nut", 0.99, rare=True) == pytest.approx(0.3)


def test_decisive_pair_checks_shortcut_the_concepts_own_lead_for_usual_drawings_only() -> None:
    # edit's own band asks 0.25 at 0.7, the global band 0.15; its known look-alike is brush
    chosen = policy(
        score_bins=((0.6, 0.15),),
        class_bins={"edit": ((0.6, 0.25),)},
        partners={"edit": ("brush",)},
        strong_pair=0.8,
    )
    context = [("edit", 0.72), ("screwdriver", 0.52), ("brush", 0.47)]

    def decisive(other: str) -> float:
        return 0.9

    assert chosen.decide(context, "edit", decisive, rare=False)
    # the same ranking, but the crop fails edit's structure (a sword, not a pencil): the
    # pair check against brush says nothing about swords, so edit needs its own lead
    assert not chosen.decide(context, "edit", decisive, rare=False, unusual=True)
    assert chosen.decide(
        [("edit", 0.8), ("screwdriver", 0.5)], "edit", decisive, rare=False, unusual=True
    )


def test_unusual_means_a_structure_check_the_crop_fails() -> None:
    assert unusual_for("edit", {"sort"})
    assert not unusual_for("edit", {"edit"})
    assert not unusual_for("share", set())  # no structure check: nothing to fail


def test_parts_settle_a_pair_only_when_they_show_the_asked_concept_alone() -> None:
    assert settled_by_parts({"upload", "cloud_upload"}, "upload", "power")
    assert not settled_by_parts({"upload"}, "power", "upload")  # shown for the partner
    assert not settled_by_parts(set(), "upload", "power")  # no structure: compare
    assert not settled_by_parts({"pause", "columns"}, "pause", "columns")  # both shown


def test_a_cloud_upload_is_not_vetoed_by_powers_arc() -> None:
    """Upload's references are arrows over trays; a cloud upload lies nearer power's arc in the
    fonts that draw both, and the pair check alone would side with power. Its parts (an arrow
    through a cloud) settle it."""
    from bench.heldout import glyph_images, render_case
    from iconfind.recognition.features import shape_of

    recognizer = IconRecognizer.default()
    (mask,) = [m for _, n, m in glyph_images("bootstrap") if n == "cloud-upload"]
    shape = shape_of(render_case(mask, 24, "light", "tight"))
    ranking = recognizer.rank(render_case(mask, 24, "light", "tight"), top=3)
    assert {"upload", "cloud_upload"} <= ranking.structures
    compared = recognizer.pair_checks(shape, ranking.context)  # no structures given
    settled = recognizer.pair_checks(shape, ranking.context, ranking.structures)
    assert compared[("upload", "power")] is not None and compared[("upload", "power")] < 0
    assert settled[("upload", "power")] == 1.0
    assert recognizer.accepts(ranking, "upload") and recognizer.accepts(ranking, "cloud_upload")


def test_no_partner_of_a_structure_concept_is_drawn_with_its_structure() -> None:
    """Parts settle a pair check (settled_by_parts) on the promise that a partner never shows
    the asked concept's structure: no shipped reference of any partner of a concept with a
    structure passes that structure (a partner drawn so -- MDI's marker for edit -- would need
    its pair check back)."""
    from iconfind.recognition.features import unpack_masks
    from iconfind.recognition.structure import STRUCTURES

    recognizer = IconRecognizer.default()
    references = recognizer.references
    assert references.masks is not None
    masks = unpack_masks(references.masks)
    partners = recognizer.policy.partners
    for concept, check in STRUCTURES.items():
        for other in partners.get(concept, ()):
            if other not in recognizer.classes:
                continue
            index = recognizer.classes.index(other)
            rows = np.flatnonzero(references.labels == index)
            assert not any(check(masks[i]) for i in rows), (concept, other)


def _wifi(slash: bool) -> np.ndarray:
    """A 32x32 'wifi' of three arcs, with or without the slash of ``wifi_off``."""
    yy, xx = np.mgrid[:32, :32]
    radius = np.hypot(xx - 16, yy - 26)
    mask = np.zeros((32, 32), bool)
    for r in (6, 12, 18):
        mask |= (np.abs(radius - r) < 1.2) & (yy < 26)
    mask |= radius < 2
    if slash:
        mask |= (np.abs(xx - yy) < 1.2) & (xx > 3) & (xx < 29)
    return mask


def test_pair_check_reads_the_slash() -> None:
    fonts = ("a", "b")
    wifi = [reference(f, _wifi(False)) for f in fonts]
    wifi_off = [reference(f, _wifi(True)) for f in fonts]
    on = pair_evidence(_wifi(False), wifi, wifi_off)
    off = pair_evidence(_wifi(True), wifi, wifi_off)
    assert on is not None and on > 0.5
    assert off is not None and off < -0.5
    # no font draws both: no evidence either way
    lone = pair_evidence(
        _wifi(False), [reference("a", _wifi(False))], [reference("b", _wifi(True))]
    )
    assert lone is None


def test_policy_from_files() -> None:
    chosen = policy_from(
        {"min_score": 0.7, "score_bins": [[0.6, 0.08]], "rare_margin": 0.2, "pair_margin": 0.1},
        {"twins": {"a": ["b"], "b": ["a"]}, "partners": {"play": ["send"]}},
    )
    assert chosen.min_score == 0.7
    assert chosen.same_drawing("a", "b")
    assert chosen.partners["play"] == ("send",)
    assert chosen.pair_margin == pytest.approx(0.1)


def test_shipped_look_alike_data_is_consistent() -> None:
    shipped = default_policy()
    classes = set(load_or_build().classes)
    assert shipped.twins, "data/lookalikes.toml ships near-duplicates"
    for concept, twins in shipped.twins.items():
        for twin in twins:
            assert concept in shipped.twins.get(twin, ()), (concept, twin)  # symmetric
    # the look-alikes the issue names mean different actions: never twins
    for a, b in [("play", "send"), ("wifi", "wifi_off"), ("volume_up", "volume_down")]:
        assert not shipped.same_drawing(a, b)
    assert not shipped.same_drawing("undo", "refresh")
    assert shipped.same_drawing("refresh", "rotate_right")
    for concept, others in shipped.partners.items():
        assert concept in classes
        assert not set(others) & set(shipped.twins.get(concept, ()))
    assert shipped.score_bins and shipped.min_score >= 0.5


def test_rank_carries_what_acceptance_needs() -> None:
    from PIL import Image, ImageDraw

    recognizer = IconRecognizer.default()
    image = Image.new("RGB", (48, 48), "white")
    draw = ImageDraw.Draw(image)
    for y in (18, 24, 30):
        draw.ellipse((21, y - 2, 25, y + 2), fill="black")  # a vertical ellipsis
    ranking = recognizer.rank(image, top=2)
    assert isinstance(ranking, Ranking)
    assert len(ranking) == 2
    assert len(ranking.context) >= 2
    assert ranking.pairs is not None
    assert ranking.structures == frozenset()  # three dots: no concept's structure
    # a plain list is its own context (no crop, so no pair check)
    assert recognizer.accepts(list(ranking), ranking[0][0]) in (True, False)
