"""Write any live backend's current screen as a snapshot directory (docs/contract.md section 1).

``iconfind record`` uses it, so a failing screen becomes a replay case and a bug report: the
directory it writes is exactly what :class:`~iconfind.ReplayBackend` reads.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs

from iconfind.backends.base import DeviceBackend, backend_info
from iconfind.backends.replay import HIERARCHY, META, SCREENSHOT, SnapshotMeta
from iconfind.backends.uiautomator_xml import format_uiautomator_xml
from iconfind.errors import SnapshotError


def backend_meta(backend: DeviceBackend, platform: str = "android") -> SnapshotMeta:
    """The backend's :meth:`info` as a snapshot's meta.json (``platform`` when it names none)."""
    info = backend_info(backend)
    return SnapshotMeta(
        platform=info.platform or platform, app=info.app, window=info.window, density=info.density
    )


def check_target(out: str | Path) -> Path:
    """``out`` as a path, if it is absent or an empty directory; else :class:`SnapshotError`."""
    path = Path(out)
    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise SnapshotError(f"{path}: exists and is not an empty directory")
    return path


def record_snapshot(
    backend: DeviceBackend, out: str | Path, meta: SnapshotMeta | None = None
) -> Path:
    """Capture ``backend`` into directory ``out`` (created if needed) and return its path.

    Writes ``screenshot.png``, ``meta.json`` and — only when the backend has an accessibility
    tree — ``hierarchy.xml``; an absent file is the contract's "accessibility unavailable".
    Raises :class:`SnapshotError` when ``out`` exists and is not an empty directory, or cannot
    be written.
    """
    path = check_target(out)
    meta = meta if meta is not None else backend_meta(backend)
    elements = backend.hierarchy()
    image = backend.screenshot()
    try:
        path.mkdir(parents=True, exist_ok=True)
        image.convert("RGB").save(path / SCREENSHOT, format="PNG")
        if elements:
            (path / HIERARCHY).write_text(format_uiautomator_xml(elements), encoding="utf-8")
        raw = {key: value for key, value in attrs.asdict(meta).items() if value not in ("", None)}
        raw["platform"] = meta.platform
        (path / META).write_text(json.dumps(raw, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise SnapshotError(f"{path}: cannot write the snapshot ({exc})") from None
    return path


__all__ = ["backend_meta", "check_target", "record_snapshot"]
