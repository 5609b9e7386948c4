"""The agent tools, defined once, rendered for OpenAI, Anthropic and MCP.

Each :class:`ToolSpec` holds a name, a description for the model, and a JSON Schema (draft
2020-12) for its arguments. The renderers only re-wrap that one definition:

>>> openai_tools()[0]["function"]["name"]
'ui'
>>> anthropic_tools()[0]["input_schema"]["required"]
['operation']

The ``ui`` tool follows docs/contract.md (camelCase argument names); the learner tools
(``get_screen_targets``, ``click_element``, ``type_in_element``, ``teach_element``) follow
the learner's tool set (docs/memory.md). Schemas stay plain (no top-level
``anyOf``/``if``) so every tool-calling API accepts them; rules that span fields (``find`` needs a
``selector``, ``x`` needs ``y``) are checked by :class:`~iconfind.agent.ToolBox`, which names the
offending field in its error object.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from attrs import field, frozen

UI_OPERATIONS = (
    "dump",
    "find",
    "tap",
    "input",
    "screenshot",
    "accessibility-check",
    "visual-snapshot",
)
"""The operations of the ``ui`` tool."""

ACTION_OPERATIONS = frozenset({"tap", "input"})
"""``ui`` operations that act on the device (rate-limited and audited)."""

MAX_COORDINATE = 1_000_000
"""The largest ``x`` / ``y`` the schema takes (no screen is that large; points off the actual
screen are refused by the Locator)."""


def _frozen_schema(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return copy.deepcopy(dict(value))


@frozen
class ToolSpec:
    """One tool: its name, what the model is told about it, and its argument schema.

    ``acts`` is true for tools that always act on the device (every call is an action for the
    safety rails); the ``ui`` tool acts only for the operations in :data:`ACTION_OPERATIONS`.
    ``needs_memory`` marks the learner tools, which need a configured memory.
    """

    name: str
    description: str
    parameters: Mapping[str, Any] = field(converter=_frozen_schema)
    acts: bool = False
    needs_memory: bool = False

    def schema(self) -> dict[str, Any]:
        """A fresh copy of the JSON Schema of the arguments."""
        return copy.deepcopy(dict(self.parameters))

    def openai(self) -> dict[str, Any]:
        """OpenAI function-calling form (chat completions ``tools`` entry)."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.schema(),
            },
        }

    def anthropic(self) -> dict[str, Any]:
        """Anthropic tool-use form (Messages API ``tools`` entry)."""
        return {"name": self.name, "description": self.description, "input_schema": self.schema()}

    def mcp(self) -> dict[str, Any]:
        """MCP ``tools/list`` form (``inputSchema``)."""
        return {"name": self.name, "description": self.description, "inputSchema": self.schema()}


_SELECTOR = {
    "type": "object",
    "description": "What to look for; set fields must all hold.",
    "properties": {
        "text": {
            "type": "string",
            "minLength": 1,
            "description": "Exact text or label, or an icon's name (e.g. 'overflow menu', "
            "'back', 'search'): icons without labels are found by resource id, OCR, "
            "visual candidates and the grid.",
        },
        "textContains": {"type": "string", "minLength": 1, "description": "Partial text."},
        "resourceId": {"type": "string", "minLength": 1, "description": "Partial resource id."},
        "className": {
            "type": "string",
            "minLength": 1,
            "description": "Class name, full or short (e.g. 'Button').",
        },
        "nearestTo": {
            "type": "string",
            "minLength": 1,
            "description": "Sort matches by distance to the element with this text.",
        },
    },
    "additionalProperties": False,
    "minProperties": 1,
}

UI_TOOL = ToolSpec(
    name="ui",
    description=(
        "Interact with the app UI through the accessibility tree, with OCR, visual and grid "
        "fallbacks for unlabeled icons. Operations: dump (full accessibility tree), find "
        "(elements by selector; may instead return numbered candidate images to choose with "
        "candidateIndex, or a grid image to answer with gridCell/gridPosition), tap (at x/y, "
        "elementIndex of the last find, a selector, candidateIndex, or gridCell+gridPosition), "
        "input (type text, optionally into the element a selector finds), screenshot, "
        "accessibility-check, visual-snapshot (screenshot + screen/app metadata). Prefer dump "
        "and find (text, no images); coordinates are in screenshot image space."
    ),
    parameters={
        "type": "object",
        "properties": {
            "operation": {"type": "string", "enum": list(UI_OPERATIONS)},
            "selector": _SELECTOR,
            "x": {
                "type": "integer",
                "minimum": 0,
                "maximum": MAX_COORDINATE,
                "description": "Tap x (image space).",
            },
            "y": {
                "type": "integer",
                "minimum": 0,
                "maximum": MAX_COORDINATE,
                "description": "Tap y (image space).",
            },
            "offset": {
                "type": "integer",
                "minimum": 0,
                "description": "dump/find: first element to return (answers are paged; a "
                "truncated page gives page.nextOffset).",
            },
            "limit": {
                "type": "integer",
                "minimum": 1,
                "maximum": 1000,
                "description": "dump/find: at most this many elements (the page may hold fewer "
                "to stay under 64 KB of text).",
            },
            "elementIndex": {
                "type": "integer",
                "minimum": 0,
                "description": "Index of an element in the last find result.",
            },
            "candidateIndex": {
                "type": "integer",
                "minimum": 0,
                "description": "Index of a candidate image in the last find result (tier 4).",
            },
            "gridCell": {
                "type": "integer",
                "minimum": 1,
                "maximum": 24,
                "description": "Grid cell 1-24 (6 rows x 4 columns, left-to-right, top-to-bottom).",
            },
            "gridPosition": {
                "type": "integer",
                "minimum": 1,
                "maximum": 5,
                "description": "Position in the cell: 1 top-left, 2 top-right, 3 center, "
                "4 bottom-left, 5 bottom-right.",
            },
            "text": {"type": "string", "description": "Text to type (input)."},
            "debug": {
                "type": "boolean",
                "description": "Keep notes on skipped tiers in the result.",
            },
            "inline": {
                "type": "boolean",
                "description": "Return the screenshot as an image instead of a file path.",
            },
            "localPath": {
                "type": "string",
                "minLength": 1,
                "description": "Where to save the screenshot file (.png or .jpg), relative to "
                "the server's output directory.",
            },
            "maxDimension": {
                "type": "integer",
                "minimum": 64,
                "maximum": MAX_COORDINATE,
                "description": "Scale the screenshot to this many pixels on its longest side.",
            },
            "raw": {"type": "boolean", "description": "Do not scale the screenshot."},
        },
        "required": ["operation"],
        "additionalProperties": False,
    },
)

GET_SCREEN_TARGETS = ToolSpec(
    name="get_screen_targets",
    description=(
        "Get the list of interactive elements on screen, as text (no image), with ids for "
        "click_element and type_in_element. Learned elements are marked."
    ),
    parameters={
        "type": "object",
        "properties": {
            "appFilter": {"type": "string", "description": "Filter by app name (optional)."},
            "roleFilter": {
                "type": "string",
                "enum": ["button", "input", "link", "menu", "all"],
                "description": "Filter by role (optional; default all).",
            },
        },
        "required": [],
        "additionalProperties": False,
    },
    needs_memory=True,
)

CLICK_ELEMENT = ToolSpec(
    name="click_element",
    description="Click a screen element by its id (from get_screen_targets).",
    parameters={
        "type": "object",
        "properties": {
            "elementId": {
                "type": "string",
                "minLength": 1,
                "description": "Element id from get_screen_targets.",
            },
        },
        "required": ["elementId"],
        "additionalProperties": False,
    },
    acts=True,
    needs_memory=True,
)

TYPE_IN_ELEMENT = ToolSpec(
    name="type_in_element",
    description="Type text into an input field by its id (from get_screen_targets).",
    parameters={
        "type": "object",
        "properties": {
            "elementId": {"type": "string", "minLength": 1},
            "text": {"type": "string"},
        },
        "required": ["elementId", "text"],
        "additionalProperties": False,
    },
    acts=True,
    needs_memory=True,
)

TEACH_ELEMENT = ToolSpec(
    name="teach_element",
    description="Teach the UI memory about an element at specific coordinates.",
    parameters={
        "type": "object",
        "properties": {
            "label": {
                "type": "string",
                "minLength": 1,
                "description": "What this element is (e.g. 'Submit button').",
            },
            "x": {"type": "number", "minimum": 0, "description": "X coordinate."},
            "y": {"type": "number", "minimum": 0, "description": "Y coordinate."},
        },
        "required": ["label", "x", "y"],
        "additionalProperties": False,
    },
    needs_memory=True,
)

TOOLS: tuple[ToolSpec, ...] = (
    UI_TOOL,
    GET_SCREEN_TARGETS,
    CLICK_ELEMENT,
    TYPE_IN_ELEMENT,
    TEACH_ELEMENT,
)
"""Every tool, the ``ui`` tool first."""

_BY_NAME = {spec.name: spec for spec in TOOLS}


def tool_spec(name: str) -> ToolSpec:
    """The tool called ``name``; raises :class:`KeyError` for an unknown name."""
    return _BY_NAME[name]


def _select(names: Iterable[str] | None) -> list[ToolSpec]:
    return list(TOOLS) if names is None else [tool_spec(name) for name in names]


def openai_tools(names: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """The tools (all, or those named) in OpenAI function-calling form."""
    return [spec.openai() for spec in _select(names)]


def anthropic_tools(names: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """The tools (all, or those named) in Anthropic tool-use form."""
    return [spec.anthropic() for spec in _select(names)]


__all__ = [
    "ACTION_OPERATIONS",
    "CLICK_ELEMENT",
    "GET_SCREEN_TARGETS",
    "TEACH_ELEMENT",
    "TOOLS",
    "TYPE_IN_ELEMENT",
    "UI_OPERATIONS",
    "UI_TOOL",
    "ToolSpec",
    "anthropic_tools",
    "openai_tools",
    "tool_spec",
]
