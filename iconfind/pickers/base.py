"""What a picker is: the model (or person, or script) that answers tiers 4 and 5.

A :class:`~iconfind.Locator` given a picker resolves tier-4 candidates and the tier-5 grid end to
end, within three calls at most (find, cell, position); without one the candidates or the grid
go back to the caller, who answers with :meth:`Locator.pick <iconfind.Locator.pick>` or
``find(..., grid_cell=, grid_position=)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from iconfind.models import Candidate, Selector


@runtime_checkable
class Picker(Protocol):
    """Chooses from pictures. Each method returns ``None`` when nothing shown fits the query,
    and raises :class:`~iconfind.PickerError` when it cannot answer at all."""

    def pick_candidate(self, query: Selector, candidates: Sequence[Candidate]) -> int | None:
        """The ``index`` of the candidate that is ``query`` (candidate images are base64 JPEG)."""
        ...

    def pick_grid_cell(self, query: Selector, grid_image_b64: str) -> int | None:
        """The grid cell (1-24) holding ``query`` on the numbered grid picture."""
        ...

    def pick_grid_position(self, query: Selector, cell_image_b64: str) -> int | None:
        """The marked position (1-5) on the zoomed cell picture nearest ``query``."""
        ...
