"""Reading the TOML data files users can extend (patterns, concepts, roles, evidence).

One place for the two checks every such file needs, so that each table says its errors the same
way: :class:`~iconfind.PatternFileError` naming the file and the field.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from iconfind.errors import PatternFileError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """``text`` as a TOML table; :class:`PatternFileError` (naming ``where``) when it is not."""
    try:
        parsed: dict[str, Any] = tomllib.loads(text)
        return parsed
    except tomllib.TOMLDecodeError as exc:
        raise PatternFileError(f"{where}: not valid TOML ({exc})") from None


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """The TOML file at ``path``; ``what`` names it in errors ("pattern file")."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PatternFileError(f"{path}: cannot read {what} ({exc.strerror or exc})") from None
    return parse_toml(text, str(path))


def string_list(value: Any, where: str, field: str) -> list[str]:
    """``value`` when it is a list of strings; else :class:`PatternFileError` naming
    ``where`` and ``field`` (``"overflow.ids"``)."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise PatternFileError(f"{where}: {field} must be a list of strings")
    return value


__all__ = ["parse_toml", "read_toml", "string_list"]
