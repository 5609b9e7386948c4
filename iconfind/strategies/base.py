"""What a strategy is: one small object with one method, like a structlog processor.

A strategy reads the :class:`Query` and the shared :class:`~iconfind.screen.Screen` and returns a
:class:`~iconfind.FindResult` when it settles the find (elements, a next step, or an error such as
``ambiguous_query``), or ``None`` to hand over to the next strategy in the chain.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from attrs import field, frozen

from iconfind.errors import FollowUpError
from iconfind.models import FindResult, Selector
from iconfind.screen import Screen
from iconfind.strategies.grid_geometry import check_cell, check_position


def _grid_cell(_instance: object, _attribute: object, value: int | None) -> None:
    if value is not None:
        check_cell(value)


def _grid_position(_instance: object, _attribute: object, value: int | None) -> None:
    if value is not None:
        check_position(value)


@frozen
class Query:
    """One find request: the selector plus any follow-up answers (tier 5's cell and position)."""

    selector: Selector
    grid_cell: int | None = field(default=None, validator=_grid_cell)
    grid_position: int | None = field(default=None, validator=_grid_position)

    def __attrs_post_init__(self) -> None:
        if self.grid_position is not None and self.grid_cell is None:
            raise FollowUpError("a grid position needs its grid cell (--grid-cell N)")

    @property
    def is_follow_up(self) -> bool:
        return self.grid_cell is not None


@runtime_checkable
class Strategy(Protocol):
    """One tier of the chain: any object with a ``name`` and this ``find`` method."""

    @property
    def name(self) -> str:
        """The phase name reported on timeout (``"accessibility"``, ``"ocr"``…)."""
        ...

    def find(self, query: Query, screen: Screen) -> FindResult | None:
        """Settle the find, or return ``None`` to let the next strategy try."""
        ...
