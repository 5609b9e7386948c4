"""Pickers: who chooses a tier-4 candidate or a tier-5 cell and position.

:class:`OpenAIVisionPicker` (and httpx with it) is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from iconfind._lazy import attach

if TYPE_CHECKING:
    from iconfind.pickers.base import Picker
    from iconfind.pickers.openai import OpenAIVisionPicker

_LAZY = {"OpenAIVisionPicker": "iconfind.pickers.openai", "Picker": "iconfind.pickers.base"}
__getattr__, __dir__ = attach(__name__, _LAZY)

__all__ = ["OpenAIVisionPicker", "Picker"]
