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
from iconfind.recognition.features import (
    DEFAULT_METHOD,
    SIZE,
    FloatArray,
    Method,
    describe,
    normalise,
    shape_of,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

FORMAT_VERSION = 1
"""Bump when rendering or normalisation changes, so stale caches are not loaded."""

RENDER_SIZES = (24, 48, 96)
STROKES = (0.0, 0.05)
"""Extra stroke width as a fraction of the render size: regular and bold."""


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
        """The first of ``paths`` that exists here, else None."""
        for candidate in self.paths:
            if Path(candidate).is_file():
                return Path(candidate)
        return None


@frozen
class Glyph:
    """One glyph standing for one icon class."""

    icon_class: str
    font: IconFont
    name: str
    codepoint: int

    @property
    def label(self) -> str:
        return f"{self.font.id}:{self.name}"


@frozen
class GlyphTable:
    """``data/glyphs.toml``: the fonts and, per icon class, their glyphs."""

    fonts: Mapping[str, IconFont]
    glyphs: tuple[Glyph, ...]

    @classmethod
    def default(cls) -> GlyphTable:
        text = (
            resources.files("iconfind.recognition").joinpath("data/glyphs.toml").read_text("utf-8")
        )
        return cls.parse(tomllib.loads(text))

    @classmethod
    def parse(cls, raw: Mapping[str, Any]) -> GlyphTable:
        fonts = {
            font_id: IconFont(
                id=font_id,
                family=str(spec["family"]),
                package=str(spec.get("package", "")),
                paths=tuple(str(p) for p in spec["paths"]),
            )
            for font_id, spec in raw["fonts"].items()
        }
        glyphs = []
        for icon_class, per_font in raw["glyphs"].items():
            for font_id, entries in per_font.items():
                for entry in entries:
                    name, _, code = str(entry).rpartition("=")
                    glyphs.append(Glyph(icon_class, fonts[font_id], name, int(code, 16)))
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


def render_glyph(
    glyph: Glyph,
    size: int,
    *,
    stroke: float = 0.0,
    pad: float = 0.25,
    ink: tuple[int, int, int] = (0, 0, 0),
    background: tuple[int, int, int] = (255, 255, 255),
) -> Image.Image:
    """The glyph drawn ``size`` px tall, centred, with ``pad`` x size of margin on each side."""
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
    return image


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
    ) -> ReferenceSet:
        """Render, normalise and describe every glyph at every size and stroke."""
        classes = tuple(dict.fromkeys(g.icon_class for g in glyphs))
        index = {name: i for i, name in enumerate(classes)}
        vectors, labels, sources = [], [], []
        for glyph in glyphs:
            seen: list[FloatArray] = []
            for size in sizes:
                for stroke in strokes:
                    shape = shape_of(render_glyph(glyph, size, stroke=stroke))
                    if not shape.any() or any(np.abs(shape - s).mean() < 0.01 for s in seen):
                        continue  # blank (glyph missing) or the same as a render we kept
                    seen.append(shape)
                    vectors.append(describe(shape, method))
                    labels.append(index[glyph.icon_class])
                    sources.append(glyph.label)
        if not vectors:
            raise RecognizerUnavailableError("no glyph could be rendered from the icon fonts")
        return cls(
            method=method,
            classes=classes,
            vectors=np.stack(vectors).astype(np.float32),
            labels=np.asarray(labels, dtype=np.int32),
            sources=tuple(sources),
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
        )

    def with_images(self, images: Mapping[str, Iterable[Path | Image.Image]]) -> ReferenceSet:
        """A new set with user-supplied references: ``{"settings": [Path("gear.png"), ...]}``.

        Each image is a crop of one icon (PNG/JPEG/..., any colours, any padding).
        """
        classes = list(self.classes)
        vectors, labels, sources = [self.vectors], [self.labels], list(self.sources)
        for icon_class, items in images.items():
            if icon_class not in classes:
                classes.append(icon_class)
            for item in items:
                image = item if isinstance(item, Image.Image) else Image.open(item)
                vectors.append(describe(shape_of(image), self.method)[None, :])
                labels.append(np.asarray([classes.index(icon_class)], dtype=np.int32))
                sources.append(str(item) if isinstance(item, Path) else "image")
        return ReferenceSet(
            method=self.method,
            classes=tuple(classes),
            vectors=np.concatenate(vectors).astype(np.float32),
            labels=np.concatenate(labels).astype(np.int32),
            sources=tuple(sources),
        )

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        with tmp.open("wb") as handle:
            np.savez(
                handle,
                vectors=self.vectors,
                labels=self.labels,
                classes=np.asarray(self.classes),
                sources=np.asarray(self.sources),
                method=np.asarray(self.method),
            )
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> ReferenceSet:
        with np.load(path, allow_pickle=False) as data:
            return cls(
                method=str(data["method"]),  # type: ignore[arg-type]
                classes=tuple(str(c) for c in data["classes"]),
                vectors=data["vectors"].astype(np.float32),
                labels=data["labels"].astype(np.int32),
                sources=tuple(str(s) for s in data["sources"]),
            )


def cache_key(glyphs: Sequence[Glyph], method: Method) -> str:
    """Hash of everything the built set depends on: fonts' bytes, table, method, version."""
    params = f"v{FORMAT_VERSION}|{method}|{RENDER_SIZES}|{STROKES}|{SIZE}|{features.HOG_WEIGHT}"
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


def load_or_build(
    glyphs: Sequence[Glyph] | None = None,
    *,
    method: Method = DEFAULT_METHOD,
    cache_dir: Path | None = None,
) -> ReferenceSet:
    """The reference set for ``glyphs`` (default: every installed font), cached on disk.

    Raises :class:`RecognizerUnavailableError` when no icon font of the table is installed.
    A cache directory that cannot be written is not an error: the set is then rebuilt each time.
    """
    chosen = tuple(GlyphTable.default().select() if glyphs is None else glyphs)
    if not chosen:
        table = GlyphTable.default()
        packages = sorted({f.package for f in table.fonts.values()})
        raise RecognizerUnavailableError(
            "no icon font is installed; install one of the Debian packages " + ", ".join(packages)
        )
    directory = cache_dir if cache_dir is not None else default_cache_dir()
    path = directory / f"references-{cache_key(chosen, method)}.npz"
    if path.is_file():
        try:
            return ReferenceSet.load(path)
        except (OSError, ValueError, KeyError):
            pass  # a truncated or foreign file: rebuild below
    built = ReferenceSet.build(chosen, method=method)
    with contextlib.suppress(OSError):
        built.save(path)
    return built


__all__ = [
    "FORMAT_VERSION",
    "Glyph",
    "GlyphTable",
    "IconFont",
    "ReferenceSet",
    "cache_key",
    "default_cache_dir",
    "load_or_build",
    "normalise",
    "render_glyph",
]
