"""When a ranking is clear enough to act on: the calibrated acceptance policy of the recognizer.

Two data files, both written by ``tools/calibrate_acceptance.py``:

* ``data/lookalikes.toml`` -- derived from the reference set, no thresholds:

  - **near-duplicates** (twins): concepts that are the same drawing under several names -- an
    icon font maps both names to the very same glyph (Font Awesome's ``fa-repeat`` is its
    ``fa-rotate-right``, Phosphor's ``arrow-clockwise`` serves "refresh" and "rotate right").
    Twins do not take each other's lead: a right "refresh" that ties with "rotate_right" still
    leads every *competing* concept. The relation is not transitive (``undo`` is a twin of
    ``rotate_left``, which is a twin of ``refresh``; ``undo`` and ``refresh`` still compete).
  - **confusable pairs**: concepts that mean different actions but are drawn alike (play /
    send, wifi / wifi_off, volume_up / volume_down, undo / refresh): references of one come
    close to references of the other, or a calibration crop of one ranked the other first.
    Accepting one of a pair needs the **pair check** (:func:`pair_evidence`) to side with it.

* ``data/acceptance.toml`` -- the thresholds: ``min_score``, the lead over the best competing
  concept needed per band of top score (``score_bins``), the lead rare concepts need
  (``rare_margin``), per-concept bands (``class_bins``) and the pair-check margin
  (``pair_margin``). They are chosen so that leaving each calibration family out of the choice
  and testing on it accepts nothing wrong (``docs/icon-recognition.md``). *Attractors* --
  concepts that drawings of other concepts fall on in every calibration family (three bars:
  hamburger) -- get per-concept bands for the look-alikes a new family will bring.

The pair check compares the crop with the two concepts' references *only where those two
references differ*: a font that draws both concepts gives the region that tells them apart (the
slash of ``wifi_off``, the minus of ``volume_down``, the second arrow of ``sort``); the crop votes
for the concept whose private ink it has and whose absent ink it lacks.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from attrs import field, frozen

from iconfind.recognition.features import distance_to_ink, unpack_masks
from iconfind.recognition.structure import STRUCTURES

if TYPE_CHECKING:
    from iconfind.recognition.references import ReferenceSet

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

TIE = 0.02
"""A concept may be accepted when a near-duplicate of it is ranked first by less than this."""
PAIR_FONTS = 3
"""The pair check averages the fonts (drawing both) closest to the crop, at most this many."""
PAIR_MIN_DIFF = 8.0
"""A font whose two drawings differ by less than this (chamfer distance x ink, in pixels of the
32x32 shape) draws both alike: no evidence."""

BoolArray = npt.NDArray[np.bool_]


@frozen
class AcceptancePolicy:
    """The calibrated clear-winner rule (see the module docstring)."""

    min_score: float = 0.6
    score_bins: tuple[tuple[float, float], ...] = ((0.0, 0.05),)
    rare_margin: float | None = None
    class_bins: Mapping[str, tuple[tuple[float, float], ...]] = field(factory=dict)
    tie: float = TIE
    """A near-duplicate may rank above the asked concept by less than this."""
    pair_margin: float = 0.0
    """The pair check (in [-1, 1], > 0 sides with the asked concept) must exceed this."""
    twins: Mapping[str, frozenset[str]] = field(factory=dict)
    """Concept -> its near-duplicates (the same drawing under other names)."""
    partners: Mapping[str, tuple[str, ...]] = field(factory=dict)
    """Concept -> the concepts it is confused with (pair-checked before accepting it)."""
    rivals: int = 0
    """The pair check also runs against this many best-ranked competing concepts."""
    strong_pair: float | None = None
    """Pair checks all at least this decisive: the global band's lead suffices."""
    strong_blocked: frozenset[str] = frozenset()
    """Concepts a calibration crop of another concept reached that way: the route is closed."""

    def same_drawing(self, concept: str, other: str) -> bool:
        """Whether ``other`` is ``concept`` or one of its near-duplicates."""
        return other == concept or other in self.twins.get(concept, ())

    def lead_needed(self, wanted: str, score: float, *, rare: bool) -> float:
        """The lead over the best competing concept that accepting ``wanted`` at ``score`` needs."""
        if rare and self.rare_margin is not None:
            return self.rare_margin
        return max(self.global_lead(score), band_lead(self.class_bins.get(wanted, ()), score))

    def global_lead(self, score: float) -> float:
        """The lead of ``score``'s band in :attr:`score_bins` (no per-concept band)."""
        return band_lead(self.score_bins, score)

    def decide(
        self,
        context: Sequence[tuple[str, float]],
        wanted: str,
        evidence: Callable[[str], float | None] | None,
        *,
        rare: bool,
        unusual: bool = False,
    ) -> bool:
        """The clear-winner rule on ``context`` (the top concepts of a crop, best first).

        ``evidence(other)``: the pair check of ``wanted`` against ``other`` (``None``: no font
        tells them apart); ``None`` when the crop is not at hand (no pair check). A concept
        whose pair checks are all decisive (>= :attr:`strong_pair`) needs only the global lead
        of its band, not its own (its confusions were about exactly these partners) -- unless
        the crop is ``unusual`` for it: ``wanted`` has a structure check
        (:data:`~iconfind.recognition.structure.STRUCTURES`) and the crop fails it. Such a crop
        is not the concept's usual drawing (a sword, not a pencil), so its known partners are
        no longer the only look-alikes to fear, and it needs the concept's own lead."""
        score, lead = self.standing(context, wanted)
        if score < self.min_score:
            return False
        needed = self.lead_needed(wanted, score, rare=rare)
        if evidence is None:
            return lead >= needed
        values = [evidence(other) for other in self.checked_against(context, wanted)]
        if any(v is not None and v <= self.pair_margin for v in values):
            return False
        if lead >= needed:
            return True
        confirmed = (
            self.strong_pair is not None
            and not rare
            and not unusual
            and wanted not in self.strong_blocked
            and bool(values)
            and all(v is not None and v >= self.strong_pair for v in values)
        )
        return confirmed and lead >= self.global_lead(score)

    def checked_against(self, context: Sequence[tuple[str, float]], wanted: str) -> list[str]:
        """The concepts the pair check must side with ``wanted`` against: its known partners and
        the :attr:`rivals` best-ranked competing concepts of ``context`` (open set: clearly
        ``wanted`` *and* clearly not the others the crop resembles)."""
        out = list(self.partners.get(wanted, ()))
        ranked = [n for n, _ in context if not self.same_drawing(wanted, n)]
        out.extend(n for n in ranked[: self.rivals] if n not in out)
        return out

    def standing(self, context: Sequence[tuple[str, float]], wanted: str) -> tuple[float, float]:
        """``(score of wanted, its lead over the best competing concept)``, or ``(-1, -1)`` when
        a concept that is not a near-duplicate of ``wanted`` ranks above it, or a near-duplicate
        ranks above it by :data:`TIE` or more."""
        own = next((s for n, s in context if n == wanted), None)
        if own is None:
            return -1.0, -1.0
        rival = 0.0
        for name, score in context:
            if name == wanted:
                continue
            if self.same_drawing(wanted, name):
                if score - own >= self.tie:
                    return -1.0, -1.0
                continue
            if score > own:
                return -1.0, -1.0
            rival = max(rival, score)
        return own, own - rival


def unusual_for(concept: str, shown: Collection[str]) -> bool:
    """Whether a crop whose structures are ``shown``
    (:func:`~iconfind.recognition.structure.structural_concepts`) is an unusual drawing of
    ``concept``: the concept has a structure check and the crop fails it. Templates may still
    be right about such a crop, but acceptance takes no shortcut for it
    (:meth:`AcceptancePolicy.decide`)."""
    return concept in STRUCTURES and concept not in shown


def settled_by_parts(shown: Collection[str], wanted: str, other: str) -> bool:
    """Whether a crop's structures (``shown``:
    :func:`~iconfind.recognition.structure.structural_concepts`) settle the pair check of
    ``wanted`` against ``other``: its parts show ``wanted`` and not ``other``. The pair check
    compares the crop with each concept's references in the fonts that draw both; a drawing the
    references have few of (a cloud upload, for upload: its references are arrows over trays)
    may lie nearer a partner's (power's arc), yet its parts already tell what it is."""
    return wanted in shown and other not in shown


def band_lead(bins: Sequence[tuple[float, float]], score: float) -> float:
    """The lead of the band ``score`` falls in: ``bins`` are ``(lowest score, lead)`` pairs in
    ascending order; 0 below the first band."""
    lead = 0.0
    for low, needed in bins:
        if score >= low:
            lead = needed
    return lead


@lru_cache(maxsize=1)
def default_policy() -> AcceptancePolicy:
    """The shipped policy (``data/acceptance.toml`` + ``data/lookalikes.toml``)."""
    folder = resources.files("iconfind.recognition").joinpath("data")
    try:
        raw = tomllib.loads(folder.joinpath("acceptance.toml").read_text("utf-8"))
    except FileNotFoundError:
        raw = {}
    try:
        looks = tomllib.loads(folder.joinpath("lookalikes.toml").read_text("utf-8"))
    except FileNotFoundError:
        looks = {}
    return policy_from(raw, looks)


def _bins(pairs: Any) -> tuple[tuple[float, float], ...]:
    return tuple((float(low), float(lead)) for low, lead in pairs)


def policy_from(raw: Mapping[str, Any], looks: Mapping[str, Any]) -> AcceptancePolicy:
    """An :class:`AcceptancePolicy` from the two files' parsed contents."""
    twins = {str(k): frozenset(str(x) for x in v) for k, v in looks.get("twins", {}).items()}
    partners = {str(k): tuple(str(x) for x in v) for k, v in looks.get("partners", {}).items()}
    return AcceptancePolicy(
        min_score=float(raw.get("min_score", 0.6)),
        score_bins=_bins(raw.get("score_bins", [[0.0, 0.05]])),
        rare_margin=float(raw["rare_margin"]) if "rare_margin" in raw else None,
        class_bins={str(k): _bins(v) for k, v in raw.get("class_bins", {}).items()},
        pair_margin=float(raw.get("pair_margin", 0.0)),
        tie=float(raw.get("tie", TIE)),
        rivals=int(raw.get("rivals", 0)),
        strong_pair=float(raw["strong_pair"]) if "strong_pair" in raw else None,
        strong_blocked=frozenset(str(c) for c in raw.get("strong_blocked", [])),
        twins=twins,
        partners=partners,
    )


Reference = tuple[str, BoolArray, npt.NDArray[np.float32]]
"""``(font id, mask, distance map of the mask)`` of one reference (:func:`reference`)."""


def reference(font: str, mask: BoolArray) -> Reference:
    """A reference for :func:`pair_evidence` (its distance map computed once)."""
    return font, mask, distance_to_ink(mask)


def class_references(references: ReferenceSet, index: int) -> list[Reference]:
    """Every reference of class number ``index`` of ``references`` as :func:`pair_evidence`
    takes them (font id, mask, distance map); none when the set has no fine masks."""
    if references.masks is None:
        return []
    rows = np.flatnonzero(references.labels == index)
    masks = unpack_masks(references.masks[rows])
    return [
        reference(references.sources[i].partition(":")[0], masks[k]) for k, i in enumerate(rows)
    ]


def pair_evidence(
    crop: BoolArray,
    wanted: Sequence[Reference],
    other: Sequence[Reference],
    *,
    crop_far: npt.NDArray[np.float32] | None = None,
) -> float | None:
    """How much the crop sides with ``wanted`` over ``other``, in [-1, 1]; ``None`` when no font
    draws both concepts differently enough to tell.

    ``wanted`` / ``other``: the references (:func:`reference`) of each concept. Only fonts that draw
    *both* take part, so the two drawings compared share one style and differ only by what
    tells the concepts apart (the slash of ``wifi_off``, the minus of ``volume_down``). Per such
    font, the references of each concept closest to the crop are compared with the crop by a
    symmetric chamfer distance (robust to the shift a missing part causes once the shape is
    scaled to its ink); the crop sides with the closer one, by how much relative to the two
    drawings' own difference. The :data:`PAIR_FONTS` fonts whose pair fits the crop best vote.
    ``crop_far``: the crop's :func:`~iconfind.recognition.features.distance_to_ink`, when the
    caller checks several pairs on one crop (computed here otherwise).
    """
    if not crop.any():
        return None
    if crop_far is None:
        crop_far = distance_to_ink(crop)
    fonts = {r[0] for r in wanted} & {r[0] for r in other}
    found: list[tuple[float, float]] = []
    for font in sorted(fonts):
        to_a, a = _closest(crop_far, crop, [r for r in wanted if r[0] == font])
        to_b, b = _closest(crop_far, crop, [r for r in other if r[0] == font])
        apart = _chamfer(a[2], a[1], b[1], b[2])
        if apart * int(a[1].sum() + b[1].sum()) < PAIR_MIN_DIFF:
            continue  # this font draws both alike
        vote = (to_b - to_a) / max(apart, 1e-6)
        found.append((-min(to_a, to_b), float(np.clip(vote, -1.0, 1.0))))
    if not found:
        return None
    found.sort(reverse=True)
    best = found[:PAIR_FONTS]
    return float(sum(v for _, v in best) / len(best))


def _chamfer(
    far_x: npt.NDArray[np.float32], x: BoolArray, y: BoolArray, far_y: npt.NDArray[np.float32]
) -> float:
    """Symmetric mean chamfer distance between masks ``x`` and ``y`` (with their distance maps)."""
    if not y.any() or not x.any():
        return 32.0
    return 0.5 * (float(far_x[y].mean()) + float(far_y[x].mean()))


def _closest(
    far: npt.NDArray[np.float32], crop: BoolArray, refs: Sequence[Reference]
) -> tuple[float, Reference]:
    """The reference closest to the crop, with its chamfer distance."""
    return min(((_chamfer(far, crop, r[1], r[2]), r) for r in refs), key=lambda d: d[0])


def default_acceptance() -> dict[str, Any]:
    """Keyword arguments for :class:`IconRecognizer`: ``policy``, the shipped policy."""
    return {"policy": default_policy()}


__all__ = [
    "PAIR_FONTS",
    "TIE",
    "AcceptancePolicy",
    "band_lead",
    "class_references",
    "default_acceptance",
    "default_policy",
    "pair_evidence",
    "policy_from",
    "reference",
    "settled_by_parts",
    "unusual_for",
]
