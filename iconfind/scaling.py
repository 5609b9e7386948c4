"""Screenshot scaling (docs/contract.md, "Coordinates and screenshot scaling").

Images sent to a model are scaled to fit ``max_dimension`` on their longest side. Inside the library
every coordinate stays in device pixels; a result found under a scale carries its
:class:`ScreenTransform`, and only the edges convert: the wire form and the CLI show image pixels,
the agent tools take a model's image-space taps back to device pixels (:func:`device_tap_point`).
"""

from __future__ import annotations

from attrs import field, frozen
from PIL import Image

from iconfind.errors import InvalidArgumentError
from iconfind.geometry import Bounds, Point

DEFAULT_MAX_DIMENSION = 1000


def _positive(_instance: object, _attribute: object, value: int | None) -> None:
    if value is not None and not (
        isinstance(value, int) and not isinstance(value, bool) and value >= 1
    ):
        raise InvalidArgumentError(
            f"max_dimension must be a positive whole number of pixels, got {value!r}"
        )


@frozen
class Scaling:
    """How screenshots are scaled: ``Scaling()`` (1000 px), ``Scaling(1500)``, ``Scaling.raw()``."""

    max_dimension: int | None = field(default=DEFAULT_MAX_DIMENSION, validator=_positive)

    @classmethod
    def raw(cls) -> Scaling:
        """No scaling: device pixels everywhere (images may exceed model limits)."""
        return cls(max_dimension=None)

    def factor_for(self, width: int, height: int) -> float:
        """Device pixels per image pixel (>= 1.0; small screens are never upscaled)."""
        if self.max_dimension is None:
            return 1.0
        return max(1.0, max(width, height) / self.max_dimension)

    def transform_for(self, width: int, height: int) -> ScreenTransform:
        return ScreenTransform(width, height, self.factor_for(width, height))


@frozen
class ScreenTransform:
    """Maps between device pixels and the pixels of a scaled screenshot."""

    device_width: int
    device_height: int
    factor: float = 1.0

    @property
    def identity(self) -> bool:
        return self.factor == 1.0

    @property
    def image_size(self) -> tuple[int, int]:
        return (
            max(1, round(self.device_width / self.factor)),
            max(1, round(self.device_height / self.factor)),
        )

    def to_image(self, point: Point) -> Point:
        width, height = self.image_size
        return Point(
            min(width - 1, max(0, round(point.x / self.factor))),
            min(height - 1, max(0, round(point.y / self.factor))),
        )

    def bounds_to_image(self, bounds: Bounds) -> Bounds:
        return bounds if self.identity else bounds.scaled(self.factor)

    def to_device(self, point: Point) -> Point:
        """An image-space point as a device pixel, always inside the screen."""
        return Point(
            min(self.device_width - 1, max(0, round(point.x * self.factor))),
            min(self.device_height - 1, max(0, round(point.y * self.factor))),
        )

    def scale_image(self, image: Image.Image) -> Image.Image:
        if self.identity:
            return image
        return image.resize(self.image_size, Image.Resampling.LANCZOS)


def device_tap_point(
    point: Point,
    screen_size: tuple[int, int],
    transform: ScreenTransform | None = None,
) -> Point:
    """The device pixel to tap for ``point``: device pixels, or image pixels of the scaled
    screenshot when ``transform`` is given (what a model sees and answers in).

    Raises :class:`~iconfind.InvalidArgumentError` when ``point`` is off the screen (off the
    image when ``transform`` is given).
    """
    width, height = transform.image_size if transform is not None else screen_size
    if not (0 <= point.x < width and 0 <= point.y < height):
        space = "screenshot image" if transform is not None else "screen"
        raise InvalidArgumentError(
            f"tap point ({point.x}, {point.y}) is off the {space} ({width}x{height})"
        )
    return point if transform is None else transform.to_device(point)
