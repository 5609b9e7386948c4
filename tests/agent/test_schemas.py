"""The tool definitions: valid JSON Schema, the same in every format, and the docs agree."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from iconfind.agent import TOOLS, ToolBox, anthropic_tools, openai_tools, tool_spec

DOC = Path(__file__).resolve().parents[2] / "docs" / "agent.md"
EXAMPLE = re.compile(r"^```json (?P<tool>\w+)\n(?P<body>.*?)^```", re.MULTILINE | re.DOTALL)


def doc_examples() -> list[tuple[str, dict[str, Any]]]:
    """Every ```` ```json TOOL ```` block of docs/agent.md, parsed."""
    return [
        (match["tool"], json.loads(match["body"])) for match in EXAMPLE.finditer(DOC.read_text())
    ]


@pytest.mark.parametrize("spec", TOOLS, ids=lambda spec: spec.name)
def test_every_schema_is_valid_json_schema(spec: Any) -> None:
    jsonschema.Draft202012Validator.check_schema(spec.schema())
    assert spec.schema()["type"] == "object"


def test_openai_and_anthropic_forms_carry_the_same_definition() -> None:
    openai = {tool["function"]["name"]: tool for tool in openai_tools()}
    anthropic = {tool["name"]: tool for tool in anthropic_tools()}
    assert list(openai) == list(anthropic) == [spec.name for spec in TOOLS]
    for spec in TOOLS:
        assert openai[spec.name] == {
            "type": "function",
            "function": {
                "name": spec.name,
                "description": spec.description,
                "parameters": spec.schema(),
            },
        }
        assert anthropic[spec.name] == {
            "name": spec.name,
            "description": spec.description,
            "input_schema": spec.schema(),
        }
        json.dumps(openai[spec.name])  # plain JSON, nothing else


def test_rendered_schemas_are_copies() -> None:
    tools = openai_tools(["ui"])
    tools[0]["function"]["parameters"]["properties"].clear()
    assert "selector" in tool_spec("ui").schema()["properties"]


def test_the_docs_have_examples_for_every_tool_and_operation() -> None:
    examples = doc_examples()
    assert {tool for tool, _ in examples} == {spec.name for spec in TOOLS}
    operations = {args["operation"] for tool, args in examples if tool == "ui"}
    assert operations == set(tool_spec("ui").schema()["properties"]["operation"]["enum"])


@pytest.mark.parametrize(
    ("tool", "arguments"), doc_examples(), ids=lambda value: json.dumps(value)[:40]
)
def test_every_doc_example_validates_against_its_schema(tool: str, arguments: Any) -> None:
    jsonschema.validate(arguments, tool_spec(tool).schema(), jsonschema.Draft202012Validator)


@pytest.mark.parametrize(
    ("tool", "arguments"), doc_examples(), ids=lambda value: json.dumps(value)[:40]
)
def test_every_doc_example_passes_the_toolbox_checks(
    box: ToolBox, tool: str, arguments: Any
) -> None:
    assert box.validate(tool, arguments) is None
