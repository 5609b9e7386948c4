"""Build throw-away snapshot directories from element lists, so rule tests go through the real
ReplayBackend and the real uiautomator parser."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from iconfind import Element, ReplayBackend
from iconfind.backends import format_uiautomator_xml


def el(bounds: str, **fields: object) -> Element:
    """An element; ``index``/``parent`` are set by :func:`replay_of`."""
    return Element(bounds=bounds, **fields)  # type: ignore[arg-type]


def replay_of(
    tmp_path: Path, elements: list[Element] | None, size: tuple[int, int] = (1080, 2400)
) -> ReplayBackend:
    """A snapshot whose tree is ``elements`` as siblings under one root (None: no tree)."""
    import attrs

    tmp_path.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, "white").save(tmp_path / "screenshot.png")
    if elements is not None:
        root = Element(
            bounds=f"[0,0][{size[0]},{size[1]}]", class_name="android.widget.FrameLayout"
        )
        flat = [root] + [
            attrs.evolve(e, index=i + 1, parent=0, depth=1) for i, e in enumerate(elements)
        ]
        (tmp_path / "hierarchy.xml").write_text(format_uiautomator_xml(flat))
    return ReplayBackend(tmp_path)
