"""X11Backend on the shared Xvfb running the Tk program; a tap lands when the program logs it.

The hierarchy is unavailable (Tk exposes no AT-SPI tree), which the suite checks as such.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from iconfind.backends.x11 import X11Backend
from tests.conformance.case import ConformanceCase
from tests.live import resources

MARKS = (pytest.mark.x11,)
SUBMIT_CENTER = (482, 456)
"""Inside the Tk program's "Submit" button (placed at x=380, y=420)."""


@contextmanager
def make_case(tmp_path: Path) -> Iterator[ConformanceCase]:
    with resources.tk_app(tmp_path) as log, X11Backend(resources.xvfb_display()) as backend:
        yield ConformanceCase(
            backend=backend,
            tap_point=SUBMIT_CENTER,
            tap_landed=lambda: resources.wait_for_line(log, "submit"),
            expects_hierarchy=False,
        )
