"""Take the pictures out of a tool result, for transports that carry images separately.

A tool result (the FindResult wire form, a screenshot answer...) carries its pictures inline as
base64: tier-4 candidate crops (``candidates[i].image``), the tier-5 ``gridImage``, an inline
screenshot. MCP sends pictures as image content and chat APIs bill base64 text as tokens, so
:func:`split_images` returns the result with each picture replaced by a short placeholder
(``"<image 1>"``) and the pictures themselves, in order.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from attrs import frozen

IMAGE_KEYS = frozenset({"image", "gridImage", "base64", "data", "imageData", "screenshot"})
"""Keys whose string values may hold a base64 picture."""

_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF8", "image/gif"),
    (b"RIFF", "image/webp"),
)


@frozen
class ImagePart:
    """One picture taken out of a result."""

    data: str
    """Base64 (no ``data:`` prefix)."""
    mime_type: str
    label: str
    """Where it came from: ``"gridImage"``, ``"candidates[2].image"``..."""
    placeholder: str
    """What replaced it in the result, e.g. ``"<image 1>"``."""


def sniff_base64_image(value: str) -> tuple[str, str] | None:
    """``(base64, mime_type)`` when ``value`` is a base64 PNG/JPEG/GIF/WebP (optionally a
    ``data:`` URL), else ``None``."""
    text = value
    if text.startswith("data:image/") and ";base64," in text:
        text = text.split(";base64,", 1)[1]
    if len(text) < 16:
        return None
    try:
        head = base64.b64decode(text[:64], validate=True)
    except (binascii.Error, ValueError):
        return None
    for magic, mime in _MAGIC:
        if head.startswith(magic):
            return text, mime
    return None


def split_images(result: Mapping[str, Any]) -> tuple[dict[str, Any], list[ImagePart]]:
    """The result with its base64 pictures replaced by placeholders, and the pictures."""
    parts: list[ImagePart] = []

    def walk(value: Any, where: str, key: str | None) -> Any:
        if isinstance(value, Mapping):
            return {
                k: walk(v, f"{where}.{k}" if where else str(k), str(k)) for k, v in value.items()
            }
        if isinstance(value, list):
            return [walk(v, f"{where}[{i}]", None) for i, v in enumerate(value)]
        if isinstance(value, str) and key in IMAGE_KEYS:
            found = sniff_base64_image(value)
            if found is not None:
                placeholder = f"<image {len(parts) + 1}>"
                parts.append(ImagePart(found[0], found[1], where, placeholder))
                return placeholder
        return value

    stripped = walk(result, "", None)
    return stripped, parts


__all__ = ["IMAGE_KEYS", "ImagePart", "sniff_base64_image", "split_images"]
