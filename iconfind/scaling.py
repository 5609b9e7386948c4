"""Screenshot scaling (docs/contract.md, "Coordinates and screenshot scaling").

Images sent to a model are scaled to fit ``max_dimension`` on their longest side. When a scale is in
force, every coordinate a caller sees is in image space and taps are converted back to device
pixels, so nobody does the arithmetic by hand.
"""

from __future__ import annotations

from attrs import field, frozen
from PIL import Image

from iconfind.errors import InvalidArgumentError
from iconfind.models import Bounds, Point

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
    within: Bounds | None = None,
) -> Point:
    """The device pixel to tap for ``point`` (caller space), refusing what would tap elsewhere.

    Raises :class:`~iconfind.InvalidArgumentError` when ``point`` is off the screen (the image
    when ``transform`` scales), or when ``within`` (the tapped element, caller space) has no
    area at this scale or its point converts to a device pixel outside the element: a scale so
    coarse that the tap would land beside it.
    """
    width, height = transform.image_size if transform is not None else screen_size
    if not (0 <= point.x < width and 0 <= point.y < height):
        space = "screenshot image" if transform is not None else "screen"
        raise InvalidArgumentError(
            f"tap point ({point.x}, {point.y}) is off the {space} ({width}x{height})"
        )
    if transform is None:
        return point
    device = transform.to_device(point)
    if within is not None:
        f = transform.factor
        inside = (
            within.x2 > within.x1
            and within.y2 > within.y1
            and within.x1 * f <= device.x < within.x2 * f
            and within.y1 * f <= device.y < within.y2 * f
        )
        if not inside:
            raise InvalidArgumentError(
                f"the element {within.format()} is too small to tap at this scale "
                f"(factor {transform.factor:g}): use a larger max_dimension or raw coordinates"
            )
    return device
