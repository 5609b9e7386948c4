"""Backends by URL, so scripts and agents switch platform without code changes.

=====================  ===================================================
``android://SERIAL``   :class:`AndroidBackend` (``android://`` = the only device)
``macos://APP``        :class:`MacBackend` (``macos://`` = the frontmost app)
``windows://TITLE``    :class:`WindowsBackend` (``windows://`` = the foreground window)
``web+http(s)://…``    ``iconfind.backends.web.WebBackend(url)``
``x11://:99``          ``iconfind.backends.x11.X11Backend(display)``
``replay:///PATH``     :class:`ReplayBackend` (``replay://rel/path`` is relative)
``appium+http://…``    ``iconfind.backends.appium.appium_from_url(url)`` (caps in the query)
=====================  ===================================================

Backends are registered by import path and imported only when their URL is opened, so a
missing optional module (or SDK) costs nothing until it is asked for.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from typing import Any
from urllib.parse import SplitResult, unquote, urlsplit

from iconfind.backends.base import DeviceBackend
from iconfind.errors import BackendError, BackendUrlError

ArgsFor = Callable[[SplitResult, str], tuple[Any, ...]]


def _host(parts: SplitResult, _url: str) -> tuple[Any, ...]:
    target = unquote(parts.netloc + parts.path.rstrip("/")) if parts.netloc else ""
    return (target or None,)


def _replay(parts: SplitResult, url: str) -> tuple[Any, ...]:
    path = unquote(parts.netloc + parts.path)
    if not path:
        raise BackendUrlError(f"{url!r}: replay needs a path, e.g. replay:///tmp/snapshot")
    return (path,)


def _web(_parts: SplitResult, url: str) -> tuple[Any, ...]:
    return (url.split("+", 1)[1],)


def _whole(_parts: SplitResult, url: str) -> tuple[Any, ...]:
    return (url,)


def _x11(parts: SplitResult, _url: str) -> tuple[Any, ...]:
    return (parts.netloc or os.environ.get("DISPLAY", ":0"),)


REGISTRY: dict[str, tuple[str, ArgsFor]] = {
    "android": ("iconfind.backends.android:AndroidBackend", _host),
    "macos": ("iconfind.backends.macos:MacBackend", _host),
    "windows": ("iconfind.backends.windows:WindowsBackend", _host),
    "web+http": ("iconfind.backends.web:WebBackend", _web),
    "web+https": ("iconfind.backends.web:WebBackend", _web),
    "x11": ("iconfind.backends.x11:X11Backend", _x11),
    "replay": ("iconfind.backends.replay:ReplayBackend", _replay),
    "appium+http": ("iconfind.backends.appium:appium_from_url", _whole),
    "appium+https": ("iconfind.backends.appium:appium_from_url", _whole),
}
"""scheme -> ("module:Class", how the URL becomes the constructor's arguments)."""


def _load(target: str, scheme: str) -> Callable[..., DeviceBackend]:
    module_name, _, attribute = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise BackendError(
                f"{scheme}:// backends are not in this installation ({module_name} is missing)",
                phase="connect",
            ) from None
        raise
    factory: Callable[..., DeviceBackend] = getattr(module, attribute)
    return factory


def backend_from_url(url: str) -> DeviceBackend:
    """Open the backend a URL names (see the module docstring for the schemes).

    Raises :class:`~iconfind.BackendUrlError` for an unknown scheme, and
    :class:`~iconfind.BackendError` when the backend cannot connect (its module or SDK missing,
    the wrong platform, no device).
    """
    if not isinstance(url, str) or "://" not in url:
        raise BackendUrlError(
            f"not a backend URL: {url!r} (expected e.g. android://SERIAL, macos://, windows://, "
            "web+https://example.com, x11://:99, replay:///path)"
        )
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - parsed lazily: a bad port or bracket raises here
    except ValueError as exc:
        raise BackendUrlError(f"not a valid backend URL: {url!r} ({exc})") from None
    scheme = parts.scheme.lower()
    if scheme not in REGISTRY:
        known = ", ".join(f"{name}://" for name in REGISTRY)
        raise BackendUrlError(f"unknown backend scheme {scheme!r} in {url!r}; known: {known}")
    target, args_for = REGISTRY[scheme]
    try:
        args = args_for(parts, url)
    except ValueError as exc:  # e.g. a netloc urllib parses but the backend cannot use
        if isinstance(exc, BackendUrlError):
            raise
        raise BackendUrlError(f"not a valid backend URL: {url!r} ({exc})") from None
    return _load(target, scheme)(*args)


__all__ = ["REGISTRY", "backend_from_url"]
