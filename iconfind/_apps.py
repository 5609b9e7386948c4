"""One normalisation of app names, shared by every blocklist.

The agent rails (``iconfind mcp --block``) and the memory's :class:`~iconfind.memory.AppBlocklist`
both compare app names and bundle ids through :func:`app_key`, so ``"com.example.notes "`` and
``"COM.Example.Notes"`` name the same app everywhere and no rail fails open on a stray space.
"""

from __future__ import annotations

from collections.abc import Iterable


def app_key(name: str) -> str:
    """``name`` as blocklists compare it: surrounding whitespace stripped, case folded."""
    return name.strip().casefold()


def app_keys(names: Iterable[str]) -> tuple[str, ...]:
    """:func:`app_key` of each name, blank ones dropped, order and duplicates kept out."""
    out: list[str] = []
    for name in names:
        key = app_key(name)
        if key and key not in out:
            out.append(key)
    return tuple(out)


__all__ = ["app_key", "app_keys"]
