"""The reference set: icon-font glyphs rendered, normalised and described, cached on disk.

``data/glyphs.toml`` maps each icon class of ``iconfind/data/icon_patterns.toml`` to glyphs of
the icon fonts Debian ships (Material Icons, Material Design Icons, Font Awesome 4/5, Fork
Awesome, Elusive, Glyphicons, Entypo, and Codicons / Phosphor / Remix Icon from
``python-qtawesome-common``). Every glyph of every installed font is rendered at
:data:`RENDER_SIZES` and :data:`STROKES` (extra stroke = a bolder weight), normalised like a
screen crop (:mod:`iconfind.recognition.features`) and described.

Building takes a few seconds, so the result is cached under the user cache directory
(``platformdirs``), keyed by the fonts' content hashes, the glyph table, the method and
:data:`FORMAT_VERSION`: first use builds it, later uses load it in milliseconds.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import platformdirs
from attrs import field, frozen
from PIL import Image, ImageDraw, ImageFont

from iconfind.errors import RecognizerUnavailableError
from iconfind.recognition import features
from iconfind.recognition import projection as projection_module
from iconfind.recognition.features import (
    DEFAULT_METHOD,
    SIZE,
    FloatArray,
    Method,
    describe,
    normalise,
    shape_of,
)
from iconfind.recognition.projection import Projection

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

FORMAT_VERSION = 8
"""Bump when rendering or normalisation changes, so stale caches are not loaded."""

FONT_ROOT_ENV = "ICONFIND_FONT_ROOT"
"""When set, every font path of the glyph table is looked up under this directory instead of
``/`` (a test points it at an empty directory to play a machine with no icon fonts)."""

SHIPPED_REFERENCES = "data/references.npz"
"""The reference set built by ``tools/build_references.py`` and shipped inside the package."""

RENDER_SIZES = (24, 48, 96)
CONCEPT_RENDER_SIZES = (48,)
CONCEPT_STROKES = (0.0,)
"""Concepts beyond the 22 curated classes are rendered once (reference count, load and rank
time); their fonts' own weights (Phosphor thin/regular/fill, Remix line/fill) vary the stroke."""
STROKES = (0.0, 0.05)
"""Extra stroke width as a fraction of the render size: regular and bold."""
TURNS: Mapping[str, tuple[int, ...]] = {"refresh": (90, 180, 270)}
"""Concepts whose drawing means the same at any turn, and the turns (degrees) their references
are also rendered at. Designs place refresh's arrows anywhere on the circle (Material's
``autorenew`` at top and bottom, Font Awesome's ``fa-refresh`` left and right): a new family's
placement must not decide whether it is recognized. A turned back arrow or play triangle means
something else, so no other concept turns."""


@frozen
class IconFont:
    """One icon font of the glyph table and where Debian installs it."""

    id: str
    family: str
    """Design lineage: fonts of one family are near-copies of each other."""
    package: str
    paths: tuple[str, ...]

    @property
    def path(self) -> Path | None:
        """The first of ``paths`` that exists here (under :data:`FONT_ROOT_ENV` if set)."""
        root = os.environ.get(FONT_ROOT_ENV)
        for candidate in self.paths:
            path = Path(root) / candidate.lstrip("/") if root else Path(candidate)
            if path.is_file():
                return path
        return None


@frozen
class Glyph:
    """One glyph standing for one icon class."""

    icon_class: str
    font: IconFont
    name: str
    codepoint: int
    curated: bool = True
    """One of the 22 hand-picked classes of ``glyphs.toml`` (rendered at more sizes) rather
    than a concept of ``concept_glyphs.toml``."""
    turn: int = 0
    """Degrees counter-clockwise the glyph is drawn turned (``"name=hexcodepoint@90"``): one
    font's drawing turned upright is another concept's (Font Awesome's ⇄ ``exchange`` turned 90°
    is the ⇅ that Material calls ``swap_vert`` and MDI calls ``sort``)."""

    @property
    def label(self) -> str:
        turned = f"@{self.turn}" if self.turn else ""
        return f"{self.font.id}:{self.name}{turned}"


@frozen
class GlyphTable:
    """``data/glyphs.toml``: the fonts and, per icon class, their glyphs."""

    fonts: Mapping[str, IconFont]
    glyphs: tuple[Glyph, ...]

    @classmethod
    def default(cls) -> GlyphTable:
        """``glyphs.toml`` (the 22 curated classes) and ``concept_glyphs.toml`` (the other icon
        concepts of ``iconfind/data/icon_concepts.toml``)."""
        return _default_table()

    @classmethod
    def parse(cls, raw: Mapping[str, Any], concepts: Mapping[str, Any] | None = None) -> GlyphTable:
        fonts = {
            font_id: IconFont(
                id=font_id,
                family=str(spec["family"]),
                package=str(spec.get("package", "")),
                paths=tuple(str(p) for p in spec["paths"]),
            )
            for font_id, spec in raw["fonts"].items()
        }
        glyphs = [
            _parse_glyph(str(entry), icon_class, fonts[font_id], curated=True)
            for icon_class, per_font in raw["glyphs"].items()
            for font_id, entries in per_font.items()
            for entry in entries
        ]
        curated = {g.icon_class for g in glyphs}
        for concept, per_font in (concepts or {}).get("glyphs", {}).items():
            if concept in curated:
                continue  # the curated glyphs of a class win
            for font_id, entries in per_font.items():
                glyphs.extend(
                    _parse_glyph(str(entry), concept, fonts[font_id], curated=False)
                    for entry in entries
                )
        return cls(fonts=fonts, glyphs=tuple(glyphs))

    @property
    def classes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(g.icon_class for g in self.glyphs))

    @property
    def families(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f.family for f in self.fonts.values()))

    def installed(self) -> tuple[IconFont, ...]:
        return tuple(f for f in self.fonts.values() if f.path is not None)

    def select(
        self,
        *,
        families: Iterable[str] | None = None,
        exclude_families: Iterable[str] = (),
    ) -> tuple[Glyph, ...]:
        """Glyphs of installed fonts, optionally only / not of some design families."""
        keep = set(families) if families is not None else None
        drop = set(exclude_families)
        return tuple(
            g
            for g in self.glyphs
            if g.font.path is not None
            and (keep is None or g.font.family in keep)
            and g.font.family not in drop
        )


def _parse_glyph(entry: str, icon_class: str, font: IconFont, *, curated: bool) -> Glyph:
    """One ``"name=hexcodepoint"`` (or ``"name=hexcodepoint@turn"``) entry of a glyph table."""
    name, _, code = entry.rpartition("=")
    code, _, turn = code.partition("@")
    return Glyph(icon_class, font, name, int(code, 16), curated=curated, turn=int(turn or 0))


@lru_cache(maxsize=1)
def _curated_table() -> GlyphTable:
    data = resources.files("iconfind.recognition").joinpath("data")
    return GlyphTable.parse(tomllib.loads(data.joinpath("glyphs.toml").read_text("utf-8")))


@lru_cache(maxsize=1)
def _default_table() -> GlyphTable:
    data = resources.files("iconfind.recognition").joinpath("data")
    curated = tomllib.loads(data.joinpath("glyphs.toml").read_text("utf-8"))
    concepts = tomllib.loads(data.joinpath("concept_glyphs.toml").read_text("utf-8"))
    return GlyphTable.parse(curated, concepts)


def render_glyph(
    glyph: Glyph,
    size: int,
    *,
    stroke: float = 0.0,
    pad: float = 0.25,
    ink: tuple[int, int, int] = (0, 0, 0),
    background: tuple[int, int, int] = (255, 255, 255),
) -> Image.Image:
    """The glyph drawn ``size`` px tall, centred, with ``pad`` x size of margin on each side
    (turned by :attr:`Glyph.turn`)."""
    path = glyph.font.path
    if path is None:
        raise RecognizerUnavailableError(
            f"icon font {glyph.font.id!r} is not installed (Debian package {glyph.font.package})"
        )
    side = round(size * (1 + 2 * pad))
    image = Image.new("RGB", (side, side), background)
    draw = ImageDraw.Draw(image)
    draw.text(
        (side / 2, side / 2),
        chr(glyph.codepoint),
        font=_font(str(path), size),
        fill=ink,
        anchor="mm",
        stroke_width=round(stroke * size),
        stroke_fill=ink,
    )
    return _turned(image, (glyph.turn,))[0] if glyph.turn else image


def _turned(image: Image.Image, turns: Iterable[int]) -> list[Image.Image]:
    """``image`` turned counter-clockwise by each of ``turns`` degrees, on its own background."""
    background = image.getpixel((0, 0))
    return [
        image.rotate(turn, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=background)
        for turn in turns
    ]


@lru_cache(maxsize=64)
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


@frozen(eq=False)
class ReferenceSet:
    """Feature vectors of rendered glyphs with their icon classes, ready for nearest neighbour."""

    method: Method
    classes: tuple[str, ...]
    vectors: FloatArray = field(repr=lambda v: f"<{v.shape[0]} x {v.shape[1]}>")
    labels: npt.NDArray[np.int32] = field(repr=False)
    """Index into ``classes`` of each row of ``vectors``."""
    sources: tuple[str, ...] = field(repr=False)
    """``font:glyph`` (or the image path) each row came from."""
    fonts: tuple[str, ...] = ()
    """Ids of the icon fonts whose glyphs the set holds (so installed fonts can extend it)."""
    masks: npt.NDArray[np.uint8] | None = field(default=None, repr=False)
    """Each row's 32x32 shape as packed bits (:func:`features.fine_mask`), for the fine check."""
    projection: Projection | None = field(default=None, repr=False)
    """The learned map the ``vectors`` were put through (:mod:`.projection`); None: raw."""

    def __len__(self) -> int:
        return int(self.vectors.shape[0])

    @classmethod
    def build(
        cls,
        glyphs: Sequence[Glyph],
        *,
        method: Method = DEFAULT_METHOD,
        sizes: Sequence[int] = RENDER_SIZES,
        strokes: Sequence[float] = STROKES,
        learn_projection: bool | None = None,
    ) -> ReferenceSet:
        """Render, normalise and describe every glyph at every size and stroke.

        ``learn_projection`` (default: for a cosine method, not ``hu``, over more classes
        than :data:`~iconfind.recognition.projection.DIMS`): learn a
        :class:`~iconfind.recognition.projection.Projection` from these rows and store the
        vectors through it; ``False`` keeps raw vectors (a set to be :meth:`merged` into one
        that has a projection)."""
        classes = tuple(dict.fromkeys(g.icon_class for g in glyphs))
        index = {name: i for i, name in enumerate(classes)}
        vectors, labels, sources, masks = [], [], [], []
        for glyph in glyphs:
            seen: list[FloatArray] = []
            glyph_sizes = sizes if glyph.curated else CONCEPT_RENDER_SIZES
            drawing: features.Drawing | None = None  # the plain render's pieces
            for size in glyph_sizes:
                for stroke in strokes if glyph.curated else CONCEPT_STROKES:
                    if stroke and drawing is None:
                        plain = shape_of(render_glyph(glyph, max(glyph_sizes)))
                        drawing = features.drawing_of(plain)
                    drawn = render_glyph(glyph, size, stroke=stroke)
                    for image in (drawn, *_turned(drawn, TURNS.get(glyph.icon_class, ()))):
                        shape = shape_of(image)
                        if not shape.any() or any(np.abs(shape - s).mean() < 0.01 for s in seen):
                            continue  # blank (glyph missing) or the same as a render we kept
                        if stroke and drawing is not None and features.merged_parts(shape, drawing):
                            continue  # the bold stroke merged its parts: another drawing
                        seen.append(shape)
                        vectors.append(describe(shape, method))
                        masks.append(features.fine_mask(shape))
                        labels.append(index[glyph.icon_class])
                        sources.append(glyph.label)
        if not vectors:
            raise RecognizerUnavailableError("no glyph could be rendered from the icon fonts")
        raw = np.stack(vectors).astype(np.float32)
        label_array = np.asarray(labels, dtype=np.int32)
        if learn_projection is None:  # a few classes cannot teach what separates concepts
            learn_projection = method != "hu" and len(classes) > projection_module.DIMS
        projection = Projection.learn(raw, label_array) if learn_projection else None
        return cls(
            method=method,
            classes=classes,
            vectors=projection.apply(raw) if projection is not None else raw,
            labels=label_array,
            sources=tuple(sources),
            fonts=tuple(dict.fromkeys(g.font.id for g in glyphs)),
            masks=np.stack(masks),
            projection=projection,
        )

    @classmethod
    def empty(cls, method: Method = DEFAULT_METHOD) -> ReferenceSet:
        """A set with no references (add some with :meth:`with_images`)."""
        width = int(describe(np.zeros((SIZE, SIZE), np.float32), method).shape[0])
        return cls(
            method=method,
            classes=(),
            vectors=np.zeros((0, width), np.float32),
            labels=np.zeros(0, np.int32),
            sources=(),
            masks=np.zeros((0, SIZE * SIZE // 8), np.uint8),
        )

    def embed(self, shape: FloatArray) -> FloatArray:
        """The vector of a normalised shape in this set's space (described, then projected)."""
        vector = describe(shape, self.method)
        return self.projection.apply(vector) if self.projection is not None else vector

    def _in_my_space(self, other: ReferenceSet) -> FloatArray:
        """``other``'s vectors mapped like this set's: raw rows are projected; rows of another
        learned space cannot be mapped back (ValueError)."""
        mine, theirs = self.projection, other.projection
        if not len(other):
            return np.zeros((0, self.vectors.shape[1]), np.float32)
        if theirs is None:
            return mine.apply(other.vectors) if mine is not None else other.vectors
        if mine is not None and mine.same_as(theirs):
            return other.vectors
        raise ValueError("cannot merge references described in a different learned projection")

    def with_images(self, images: Mapping[str, Iterable[Path | Image.Image]]) -> ReferenceSet:
        """A new set with user-supplied references: ``{"settings": [Path("gear.png"), ...]}``.

        Each image is a crop of one icon (PNG/JPEG/..., any colours, any padding).
        """
        classes = list(self.classes)
        vectors, labels, sources = [self.vectors], [self.labels], list(self.sources)
        masks = [self.masks] if self.masks is not None else None
        for icon_class, items in images.items():
            if icon_class not in classes:
                classes.append(icon_class)
            for item in items:
                image = item if isinstance(item, Image.Image) else Image.open(item)
                shape = shape_of(image)
                vectors.append(self.embed(shape)[None, :])
                if masks is not None:
                    masks.append(features.fine_mask(shape)[None, :])
                labels.append(np.asarray([classes.index(icon_class)], dtype=np.int32))
                sources.append(str(item) if isinstance(item, Path) else "image")
        return ReferenceSet(
            method=self.method,
            classes=tuple(classes),
            vectors=np.concatenate(vectors).astype(np.float32),
            labels=np.concatenate(labels).astype(np.int32),
            sources=tuple(sources),
            fonts=self.fonts,
            masks=np.concatenate(masks) if masks is not None else None,
            projection=self.projection,
        )

    def merged(self, other: ReferenceSet) -> ReferenceSet:
        """A new set holding the rows of both (same method); classes are united by name."""
        if other.method != self.method:
            raise ValueError(f"cannot merge {other.method!r} references into {self.method!r}")
        classes = list(self.classes)
        for name in other.classes:
            if name not in classes:
                classes.append(name)
        remap = np.asarray([classes.index(name) for name in other.classes], dtype=np.int32)
        other_labels = remap[other.labels] if len(other.labels) else other.labels
        return ReferenceSet(
            method=self.method,
            classes=tuple(classes),
            vectors=np.concatenate([self.vectors, self._in_my_space(other)]).astype(np.float32),
            labels=np.concatenate([self.labels, other_labels]).astype(np.int32),
            sources=self.sources + other.sources,
            fonts=tuple(dict.fromkeys(self.fonts + other.fonts)),
            masks=(
                np.concatenate([self.masks, other.masks])
                if self.masks is not None and other.masks is not None
                else None
            ),
            projection=self.projection,
        )

    def _described_by(self) -> dict[str, Any]:
        """The arrays both file forms share: what each row is (classes, sources, fonts, method)
        and the optional shape masks; :meth:`save` and :meth:`save_compact` add the vectors."""
        arrays: dict[str, Any] = {
            "classes": np.asarray(self.classes),
            "sources": np.asarray(self.sources),
            "fonts": np.asarray(self.fonts),
            "method": np.asarray(self.method),
        }
        if self.masks is not None:
            arrays["masks"] = self.masks
        if self.projection is not None:
            arrays["projection_mean"] = self.projection.mean
            arrays["projection_basis"] = self.projection.basis
        return arrays

    def save_compact(self, path: Path) -> None:
        """Save for shipping: each row as int8 with a per-row float32 scale (a quarter of the
        float32 size; cosine similarities move by < 0.002), zip-compressed."""
        peak = np.abs(self.vectors).max(axis=1, keepdims=True)
        scale = np.where(peak > 0, peak / 127.0, 1.0).astype(np.float32)
        quantised = np.round(self.vectors / scale).astype(np.int8)
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays = self._described_by()
        arrays.update(quantised=quantised, scale=scale.ravel(), labels=self.labels.astype(np.int16))
        np.savez_compressed(path, **arrays)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        with tmp.open("wb") as handle:
            arrays = self._described_by()
            arrays.update(vectors=self.vectors, labels=self.labels)
            np.savez(handle, **arrays)
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path | Any) -> ReferenceSet:
        """A set saved by :meth:`save` or :meth:`save_compact` (a path or a binary file)."""
        with np.load(path, allow_pickle=False) as data:
            if "quantised" in data:
                vectors = data["quantised"].astype(np.float32) * data["scale"][:, None]
            else:
                vectors = data["vectors"].astype(np.float32)
            return cls(
                method=str(data["method"]),  # type: ignore[arg-type]
                classes=tuple(str(c) for c in data["classes"]),
                vectors=np.ascontiguousarray(vectors, dtype=np.float32),
                labels=data["labels"].astype(np.int32),
                sources=tuple(str(s) for s in data["sources"]),
                fonts=tuple(str(f) for f in data["fonts"]) if "fonts" in data else (),
                masks=data["masks"].astype(np.uint8) if "masks" in data else None,
                projection=(
                    Projection(
                        mean=data["projection_mean"].astype(np.float32),
                        basis=np.ascontiguousarray(data["projection_basis"], np.float32),
                    )
                    if "projection_basis" in data
                    else None
                ),
            )


def cache_key(
    glyphs: Sequence[Glyph], method: Method, *, learn_projection: bool | None = None
) -> str:
    """Hash of everything the built set depends on: fonts' bytes, table, method, version."""
    params = (
        f"v{FORMAT_VERSION}|{method}|{RENDER_SIZES}|{CONCEPT_RENDER_SIZES}|{CONCEPT_STROKES}|{STROKES}|{SIZE}"
        f"|{features.HOG_WEIGHT}|{learn_projection}|{projection_module.DIMS}|{sorted(TURNS.items())}"
        f"|{projection_module.SHRINKAGE}|{features.BLOCK_SOLIDITY}|{features.MAIN_PART}"
    )
    digest = hashlib.sha256(params.encode())
    for font_path in sorted({str(g.font.path) for g in glyphs}):
        digest.update(font_path.encode())
        digest.update(_file_hash(font_path).encode())
    for glyph in glyphs:
        digest.update(f"{glyph.icon_class}|{glyph.label}|{glyph.codepoint:x}".encode())
    return digest.hexdigest()[:24]


@lru_cache(maxsize=32)
def _file_hash(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def default_cache_dir() -> Path:
    return Path(platformdirs.user_cache_dir("iconfind")) / "icon-references"


def shipped_references() -> ReferenceSet | None:
    """The reference set shipped in the package (built by ``tools/build_references.py``), or
    None if this installation lacks it. Loaded once per process (a few milliseconds)."""
    return _shipped()


@lru_cache(maxsize=1)
def _shipped() -> ReferenceSet | None:
    resource = resources.files("iconfind.recognition").joinpath(SHIPPED_REFERENCES)
    try:
        with resource.open("rb") as handle:
            return ReferenceSet.load(handle)
    except (OSError, ValueError, KeyError):
        return None


def load_or_build(
    glyphs: Sequence[Glyph] | None = None,
    *,
    method: Method = DEFAULT_METHOD,
    cache_dir: Path | None = None,
) -> ReferenceSet:
    """The reference set for ``glyphs``, cached on disk.

    With ``glyphs=None`` (the default set): the set shipped in the package, extended with the
    installed fonts of the glyph table that it does not hold yet (rendered once, then cached).
    Nothing needs to be installed. Explicit ``glyphs`` are rendered from the installed fonts.

    Raises :class:`RecognizerUnavailableError` when there is neither a shipped set nor an
    installed icon font of the table. A cache directory that cannot be written is not an error:
    the set is then rebuilt each time.
    """
    shipped = shipped_references() if glyphs is None and method == DEFAULT_METHOD else None
    if shipped is not None:
        # Only the fonts section is read here: the full table is parsed only to extend.
        missing = [f for f in _curated_table().installed() if f.id not in shipped.fonts]
        if not missing:
            return shipped
        ids = {f.id for f in missing}
        extra = tuple(g for g in GlyphTable.default().select() if g.font.id in ids)
        if not extra:
            return shipped
        # raw rows: the shipped set's learned projection maps them (ReferenceSet.merged)
        return shipped.merged(_cached_build(extra, method, cache_dir, learn_projection=False))
    table = GlyphTable.default() if glyphs is None else None
    chosen = tuple(table.select() if table is not None else glyphs or ())
    if not chosen:
        packages = sorted({f.package for f in (table or GlyphTable.default()).fonts.values()})
        raise RecognizerUnavailableError(
            "no icon reference set is shipped with this installation and no icon font is "
            "installed; install one of the Debian packages " + ", ".join(packages)
        )
    return _cached_build(chosen, method, cache_dir)


def _cached_build(
    chosen: Sequence[Glyph],
    method: Method,
    cache_dir: Path | None,
    *,
    learn_projection: bool | None = None,
) -> ReferenceSet:
    directory = cache_dir if cache_dir is not None else default_cache_dir()
    key = cache_key(chosen, method, learn_projection=learn_projection)
    path = directory / f"references-{key}.npz"
    if path.is_file():
        try:
            return ReferenceSet.load(path)
        except (OSError, ValueError, KeyError):
            pass  # a truncated or foreign file: rebuild below
    built = ReferenceSet.build(chosen, method=method, learn_projection=learn_projection)
    with contextlib.suppress(OSError):
        built.save(path)
    return built


__all__ = [
    "FONT_ROOT_ENV",
    "FORMAT_VERSION",
    "SHIPPED_REFERENCES",
    "TURNS",
    "Glyph",
    "GlyphTable",
    "IconFont",
    "ReferenceSet",
    "cache_key",
    "default_cache_dir",
    "load_or_build",
    "normalise",
    "render_glyph",
    "shipped_references",
]
