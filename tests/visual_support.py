"""Test support for tiers 4-5: an in-memory device (like httpx's MockTransport) and a
deterministic stand-in for the local icon recognizer another component provides."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image

from iconfind import Element, Point


class MemoryBackend:
    """A screen held in memory: a picture and (optionally) a tree; records taps."""

    def __init__(self, image: Image.Image, elements: Sequence[Element] | None) -> None:
        self.image = image.convert("RGB")
        self.elements = list(elements) if elements is not None else None
        self.taps: list[Point] = []

    def screen_size(self) -> tuple[int, int]:
        return self.image.size

    def screenshot(self) -> Image.Image:
        return self.image.copy()

    def hierarchy(self) -> list[Element] | None:
        return list(self.elements) if self.elements is not None else None

    def tap(self, x: int, y: int) -> None:
        self.taps.append(Point(x, y))

    def input_text(self, text: str) -> None:
        raise NotImplementedError


class ColourRecognizer:
    """Recognizes an icon by the mean colour of its crop: ``{(r, g, b): class}``.

    Scores fall off with colour distance, so a crop of exactly a known colour scores 1.0.
    ``accepts`` wants the class on top with at least ``threshold``.
    """

    def __init__(self, colours: Mapping[tuple[int, int, int], str], threshold: float = 0.8):
        self.colours = dict(colours)
        self.threshold = threshold

    def rank(self, crop: Image.Image, top: int = 3) -> list[tuple[str, float]]:
        small = crop.convert("RGB").resize((1, 1), Image.Resampling.BOX)
        r, g, b = small.getpixel((0, 0))  # type: ignore[misc]
        scored = []
        for (cr, cg, cb), name in self.colours.items():
            distance = (abs(r - cr) + abs(g - cg) + abs(b - cb)) / 765
            scored.append((name, round(1.0 - distance, 3)))
        return sorted(scored, key=lambda item: -item[1])[:top]

    def accepts(self, ranking: list[tuple[str, float]], wanted: str) -> bool:
        return bool(ranking) and ranking[0][0] == wanted and ranking[0][1] >= self.threshold
