"""backend_from_url: one URL per platform, imported lazily."""

from __future__ import annotations

from pathlib import Path

import pytest

from iconfind import BackendError, BackendUrlError, ReplayBackend, backend_from_url
from iconfind.backends import urls


def test_replay_absolute_and_relative(snapshots: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    backend = backend_from_url(f"replay://{snapshots / 'anr_dialog'}")
    assert isinstance(backend, ReplayBackend) and backend.path == snapshots / "anr_dialog"
    monkeypatch.chdir(snapshots)
    relative = backend_from_url("replay://toolbar")
    assert isinstance(relative, ReplayBackend) and relative.path == Path("toolbar")


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("android://emulator-5554", ("emulator-5554",)),
        ("android://192.168.1.5:5555", ("192.168.1.5:5555",)),
        ("android://", (None,)),
        ("macos://com.apple.TextEdit", ("com.apple.TextEdit",)),
        ("macos://", (None,)),
        ("windows://Untitled%20-%20Notepad", ("Untitled - Notepad",)),
        ("web+https://example.com/login?next=1", ("https://example.com/login?next=1",)),
        ("web+http://127.0.0.1:8000/", ("http://127.0.0.1:8000/",)),
        ("x11://:99", (":99",)),
    ],
)
def test_urls_become_constructor_arguments(
    url: str, expected: tuple[object, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[object, ...]] = []

    def fake_load(target: str, scheme: str):  # type: ignore[no-untyped-def]
        return lambda *args: seen.append(args) or "backend"

    monkeypatch.setattr(urls, "_load", fake_load)
    assert backend_from_url(url) == "backend"
    assert seen == [expected]


@pytest.mark.parametrize("url", ["ftp://x", "notaurl", "ios://device"])
def test_unknown_urls_are_usage_errors(url: str) -> None:
    with pytest.raises(BackendUrlError):
        backend_from_url(url)


def test_a_missing_backend_module_is_a_clear_backend_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(
        urls.REGISTRY, "x11", ("iconfind.backends.not_installed_here:X11Backend", urls._x11)
    )
    with pytest.raises(BackendError, match="not in this installation"):
        backend_from_url("x11://:99")


def test_macos_url_off_macos_names_the_platform(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    with pytest.raises(BackendError, match="macOS"):
        backend_from_url("macos://")
