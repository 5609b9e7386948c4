"""Pickers: who chooses a tier-4 candidate or a tier-5 cell and position."""

from iconfind.pickers.base import Picker
from iconfind.pickers.openai import OpenAIVisionPicker

__all__ = ["OpenAIVisionPicker", "Picker"]
