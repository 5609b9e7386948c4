"""What a backend factory hands the conformance suite."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from iconfind import DeviceBackend


@attrs.frozen
class ConformanceCase:
    """A live (or recorded) backend plus how to check that a tap landed.

    ``tap_point`` is a device pixel worth tapping (on an element that reacts), and
    ``tap_landed()`` reports, from the backend's own state (a recorded tap, a page counter, a file
    the program wrote), whether the last tap reached it.
    """

    backend: DeviceBackend
    tap_point: tuple[int, int]
    tap_landed: Callable[[], bool]
    expects_hierarchy: bool = True
