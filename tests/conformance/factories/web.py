"""WebBackend on a served page in the shared Chromium; a tap lands when the page counts it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conformance.case import ConformanceCase
from tests.live import resources

MARKS = (pytest.mark.web,)


@contextmanager
def make_case(tmp_path: Path) -> Iterator[ConformanceCase]:
    with resources.open_page("toolbar.html", device_scale_factor=1.5) as backend:
        ratio = backend.device_pixel_ratio()
        left, top, right, bottom = backend.evaluate(
            "(() => { const r = document.getElementById('login').getBoundingClientRect();"
            " return [r.left, r.top, r.right, r.bottom]; })()"
        )
        point = (round((left + right) / 2 * ratio), round((top + bottom) / 2 * ratio))
        yield ConformanceCase(
            backend=backend,
            tap_point=point,
            tap_landed=lambda: resources.clicks(backend)[-1:] == ["login"],
        )
