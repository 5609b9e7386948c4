"""iconfind for agents: tool schemas, a dispatcher, safety rails, and an MCP server.

Two lines for a custom agent::

    from iconfind.agent import ToolBox, openai_tools      # or anthropic_tools
    box = ToolBox(Locator(backend)); tools = openai_tools(["ui"]); box.call(name, arguments)

``iconfind mcp --replay SNAPSHOT`` (extra ``iconfind[mcp]``) serves the same tools over MCP.
Needs ``jsonschema`` (extra ``iconfind[agent]``).
"""

from iconfind.agent.images import ImagePart, split_images
from iconfind.agent.outputs import OutputDir
from iconfind.agent.rails import Action, AuditRecord, FrontApp, Rails, Refusal, current_window
from iconfind.agent.schemas import (
    TOOLS,
    UI_OPERATIONS,
    ToolSpec,
    anthropic_tools,
    openai_tools,
    tool_spec,
)
from iconfind.agent.tools import TOOL_ERRORS, LearnerMemory, ToolBox
from iconfind.errors import AuditLogError

__all__ = [
    "TOOLS",
    "TOOL_ERRORS",
    "UI_OPERATIONS",
    "Action",
    "AuditLogError",
    "AuditRecord",
    "FrontApp",
    "ImagePart",
    "LearnerMemory",
    "OutputDir",
    "Rails",
    "Refusal",
    "ToolBox",
    "ToolSpec",
    "anthropic_tools",
    "current_window",
    "openai_tools",
    "split_images",
    "tool_spec",
]
