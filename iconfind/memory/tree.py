"""Passive learning's input: accessibility elements mapped onto :class:`DesktopTarget`.

- Role: from the class name, whatever the platform spells it (``android.widget.ImageButton``,
  ``AXButton``, UIA's ``ButtonControl``, AT-SPI's ``push button``); an unknown class that is
  clickable is a ``button``.
- Label: the text, else the content description; a clickable container without one takes the
  first label among its descendants (a card named by its title); else the resource id's words
  (``toolbar_nav_up`` -> "toolbar nav up"); else empty. Password fields: see
  :func:`~iconfind.memory.security.safe_label`, their text is never read.
- Id: :func:`~iconfind.memory.learning.target_id` of app, window, role, label and resource id;
  identical elements (three unlabeled icons) are told apart by their order of occurrence.
- Kept: elements with an area that are interactive, or labelled, or of a known role. Layout
  containers with nothing to say are dropped.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence

from PIL import Image

from iconfind._text import id_words
from iconfind.backends.base import WindowInfo
from iconfind.memory.fingerprint import visual_hash
from iconfind.memory.learning import now_s, target_id
from iconfind.memory.models import DesktopTarget, Role
from iconfind.memory.security import is_password, safe_label
from iconfind.models import Element

_ROLE_RULES: tuple[tuple[str, Role], ...] = (
    ("menuitem", "menuitem"),
    ("menubaritem", "menuitem"),
    ("menu", "menu"),
    ("radio", "radio"),
    ("checkbox", "checkbox"),
    ("checkedtextview", "checkbox"),
    ("switch", "checkbox"),
    ("toggle", "checkbox"),
    ("textarea", "textarea"),
    ("multilineedit", "textarea"),
    ("edittext", "input"),
    ("autocomplete", "input"),
    ("edit", "input"),
    ("textfield", "input"),
    ("textbox", "input"),
    ("searchfield", "input"),
    ("entry", "input"),
    ("combobox", "select"),
    ("popupbutton", "select"),
    ("spinner", "select"),
    ("listbox", "select"),
    ("tabitem", "tab"),
    ("tab", "tab"),
    ("seekbar", "slider"),
    ("slider", "slider"),
    ("ratingbar", "slider"),
    ("link", "link"),
    ("hyperlink", "link"),
    ("button", "button"),
    ("heading", "heading"),
    ("toolbar", "toolbar"),
    ("actionbar", "toolbar"),
    ("dialog", "dialog"),
    ("alert", "dialog"),
    ("sheet", "dialog"),
    ("window", "window"),
    ("image", "image"),
    ("icon", "image"),
    ("statictext", "text"),
    ("textview", "text"),
    ("label", "text"),
    ("text", "text"),
)
_NOISE = re.compile(r"[^a-z]")


def role_of(element: Element) -> Role:
    """The role of an element (see the module docstring)."""
    name = element.class_name.rpartition(".")[2].casefold()
    name = _NOISE.sub("", name)
    if name.startswith("ax"):
        name = name[2:]
    name = name.removesuffix("control")
    if is_password(element):
        return "input"
    for needle, role in _ROLE_RULES:
        if needle in name:
            if role in ("image", "text") and element.clickable:
                return "button" if role == "image" else "link"
            return role
    return "button" if element.clickable or element.long_clickable else "unknown"


def _keep(element: Element, role: Role, label: str) -> bool:
    if element.bounds.area <= 0:
        return False
    return bool(label) or element.clickable or element.checkable or role != "unknown"


def _descendant_label(elements: Sequence[Element], position: int) -> str:
    root = elements[position]
    inside: set[int] = {root.index}
    for element in elements[position + 1 :]:
        if element.parent not in inside:
            break
        inside.add(element.index)
        if not is_password(element):
            label = safe_label(element)
            if label:
                return label
    return ""


def _kept_ancestor(
    index: int | None, parents: dict[int, int | None], ids_by_index: dict[int, str]
) -> str | None:
    seen: set[int] = set()
    while index is not None and index not in seen:
        if index in ids_by_index:
            return ids_by_index[index]
        seen.add(index)
        index = parents.get(index)
    return None


def targets_from_elements(
    elements: Sequence[Element],
    window: WindowInfo,
    *,
    screenshot: Image.Image | None = None,
    now: float | None = None,
    limit: int | None = None,
    deadline: float | None = None,
) -> list[DesktopTarget]:
    """The targets of one accessibility capture, in document order (source ``a11y``).

    With ``screenshot``, each target carries the visual fingerprint of its crop. Stops after
    ``limit`` targets, or once ``time.monotonic()`` passes ``deadline`` (callers compare the
    count with ``limit`` / check the clock to know the list was cut short).
    """
    when = now_s() if now is None else now
    targets: list[DesktopTarget] = []
    ids_by_index: dict[int, str] = {}
    parents = {element.index: element.parent for element in elements}
    occurrences: dict[tuple[str, str, str], int] = {}
    for position, element in enumerate(elements):
        if (limit is not None and len(targets) >= limit) or (
            deadline is not None and time.monotonic() > deadline
        ):
            break
        role = role_of(element)
        label = safe_label(element)
        if not label and (element.clickable or element.long_clickable):
            label = _descendant_label(elements, position)
        if not _keep(element, role, label):
            continue
        if not label and element.resource_id:
            label = " ".join(id_words(element.resource_id))
        key = (role, label, element.resource_id)
        nth = occurrences.get(key, 0)
        occurrences[key] = nth + 1
        extra = (element.resource_id,) if nth == 0 else (element.resource_id, f"#{nth}")
        identity = target_id(window.app, window.window, role, label, *extra)
        ids_by_index[element.index] = identity
        targets.append(
            DesktopTarget(
                id=identity,
                app_name=window.app,
                window_title=window.window,
                role=role,
                label=label,
                bounds=element.bounds,
                click_point=element.center,
                confidence=0.95,
                source="a11y",
                first_seen=when,
                last_seen=when,
                parent_id=_kept_ancestor(element.parent, parents, ids_by_index),
                depth=element.depth,
                visual_hash=visual_hash(screenshot, element.bounds) if screenshot else None,
            )
        )
    return targets


__all__ = ["role_of", "targets_from_elements"]
