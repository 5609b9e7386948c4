"""Screenshot scaling (docs/contract.md): image space out, device pixels for taps."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from iconfind import Locator, Point, ReplayBackend, Scaling


@st.composite
def screens_and_points(draw: st.DrawFn) -> tuple[Scaling, int, int, Point]:
    width = draw(st.integers(1, 5000))
    height = draw(st.integers(1, 5000))
    scaling = draw(
        st.sampled_from([Scaling(), Scaling.raw()]) | st.builds(Scaling, st.integers(1, 3000))
    )
    image_w, image_h = scaling.transform_for(width, height).image_size
    point = Point(draw(st.integers(0, image_w - 1)), draw(st.integers(0, image_h - 1)))
    return scaling, width, height, point


@given(screens_and_points())
def test_image_points_map_inside_the_screen_and_back_within_a_pixel(
    case: tuple[Scaling, int, int, Point],
) -> None:
    scaling, width, height, point = case
    transform = scaling.transform_for(width, height)
    device = transform.to_device(point)
    assert 0 <= device.x < width and 0 <= device.y < height
    back = transform.to_image(device)
    assert abs(back.x - point.x) <= 1 and abs(back.y - point.y) <= 1


def test_default_scaling_of_a_phone_screen_is_2_4(snapshots: Path) -> None:
    backend = ReplayBackend(snapshots / "anr_dialog")  # 1080x2400
    locator = Locator(backend, scaling=Scaling())
    result = locator.find("Wait")
    assert result.scale_factor == 2.4
    # Python holds device pixels; the image-space view is one call away, and is the wire's.
    assert result.element.bounds.to_list() == [70, 1268, 1010, 1394]
    assert result.to_image(result.element).bounds.to_list() == [29, 528, 421, 581]
    wire = result.to_dict()
    assert wire["scaleFactor"] == 2.4 and wire["elements"][0]["bounds"] == [29, 528, 421, 581]

    locator.tap(result)
    [tapped] = backend.taps
    assert tapped == result.element.center == Point(540, 1331)


def test_raw_and_unscaled_results_are_device_pixels(snapshots: Path) -> None:
    for scaling in (None, Scaling.raw()):
        result = Locator(ReplayBackend(snapshots / "anr_dialog"), scaling=scaling).find("Wait")
        assert result.scale_factor is None
        assert result.element.center == Point(540, 1331)
