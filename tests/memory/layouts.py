"""Layout changes of the unlabeled toolbar snapshot, built from its real pixels."""

from __future__ import annotations

from PIL import Image

from iconfind import Bounds, Element
from tests.memory.conftest import SNAPSHOTS

SOURCE = SNAPSHOTS / "toolbar_unlabeled"
NAV_UP = Bounds(0, 84, 147, 231)
SEARCH = Bounds(786, 84, 933, 231)
OVERFLOW = Bounds(933, 84, 1080, 231)
TOOLBAR = Bounds(0, 84, 1080, 231)


def original() -> Image.Image:
    with Image.open(SOURCE / "screenshot.png") as image:
        return image.convert("RGB")


def moved_icons(moves: dict[Bounds, tuple[int, int] | None]) -> Image.Image:
    """The screenshot with icons lifted off the toolbar and put at new places (``None``: gone)."""
    image = original()
    background = image.getpixel((500, 150))
    crops = {box: image.crop((box.x1, box.y1, box.x2, box.y2)) for box in moves}
    for box in moves:
        image.paste(background, (box.x1, box.y1, box.x2, box.y2))
    for box, place in moves.items():
        if place is not None:
            image.paste(crops[box], place)
    return image


def toolbar_tree(icons: list[Bounds]) -> list[Element]:
    """An unlabeled tree: a toolbar and its icons (no text, no ids, no descriptions)."""
    elements = [
        Element(bounds=(0, 0, 1080, 2400), class_name="android.widget.FrameLayout", index=0),
        Element(bounds=TOOLBAR, class_name="android.view.ViewGroup", index=1, depth=1, parent=0),
    ]
    for n, box in enumerate(icons):
        elements.append(
            Element(
                bounds=box,
                class_name="android.widget.ImageView",
                clickable=True,
                index=2 + n,
                depth=2,
                parent=1,
            )
        )
    return elements
