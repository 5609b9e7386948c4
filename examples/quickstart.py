"""A 30-second tour of iconfind on the bundled snapshots (no device needed).

python examples/quickstart.py
"""

from __future__ import annotations

from pathlib import Path

from iconfind import Locator, NotResolvedError, ReplayBackend, Selector

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"

# A recorded screen: screenshot.png + hierarchy.xml (a real `uiautomator dump` format).
backend = ReplayBackend(SNAPSHOTS / "toolbar")
locator = Locator(backend)

# Text: tier 1, straight from the accessibility tree.
result = locator.find("Shopping list")
print("text   ->", result.tier, result.element.center)

# An unlabeled icon: tier 2 maps "overflow menu" to ids such as iv_more_options.
result = locator.find("overflow menu")
print("icon   ->", result.tier, result.element.resource_id, result.element.center)

# Structured selectors work too (camelCase dicts, as agents send them).
result = locator.find(Selector(text_contains="notes", class_name="TextView"))
print("select ->", [e.text for e in result.elements])

# Tap: the replay backend records taps so a script can assert on them.
locator.tap("back")
print("taps   ->", backend.taps)

# Nothing there? find() says why; tap() raises instead of tapping nothing.
print("absent ->", locator.find("Telescope").to_dict())
try:
    locator.tap("Telescope")
except NotResolvedError as exc:
    print("tap    ->", exc)
