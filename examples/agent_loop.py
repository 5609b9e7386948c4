"""A minimal agent loop: any OpenAI-compatible chat-completions endpoint drives iconfind's tools.

    OPENAI_BASE_URL=http://localhost:8000/v1 OPENAI_MODEL=my-model OPENAI_API_KEY=... \\
        python examples/agent_loop.py --replay examples/snapshots/toolbar "Open the overflow menu"

The model gets the tools in OpenAI function-calling form; each tool call runs through
``ToolBox.call`` (validation, safety rails) and its JSON answer goes back as a ``tool`` message,
with pictures replaced by placeholders (chat completions carry no images in tool messages). The
loop ends on the first reply without tool calls, or after ``--max-steps``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

import httpx

from iconfind import Locator, ReplayBackend, Scaling
from iconfind.agent import ToolBox, split_images

SYSTEM = (
    "You operate a phone or desktop screen through the `ui` tool. Find elements before tapping "
    "them; prefer find and dump over screenshots. Answer briefly when the task is done."
)


def run(
    task: str,
    box: ToolBox,
    client: httpx.Client,
    model: str,
    *,
    max_steps: int = 10,
) -> tuple[str, list[dict[str, Any]]]:
    """Run the loop; returns the model's final text and the whole conversation."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": task},
    ]
    tools = box.openai_tools()
    for _ in range(max_steps):
        response = client.post(
            "/chat/completions",
            json={"model": model, "messages": messages, "tools": tools},
        )
        response.raise_for_status()
        message = response.json()["choices"][0]["message"]
        messages.append(message)
        calls = message.get("tool_calls") or []
        if not calls:
            return str(message.get("content") or ""), messages
        for call in calls:
            answer = box.call(call["function"]["name"], call["function"].get("arguments") or "{}")
            text, _pictures = split_images(answer)
            messages.append(
                {"role": "tool", "tool_call_id": call["id"], "content": json.dumps(text)}
            )
    return "(stopped: too many steps)", messages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("task")
    parser.add_argument("--replay", required=True, metavar="SNAPSHOT")
    parser.add_argument("--max-steps", type=int, default=10)
    args = parser.parse_args(argv)
    base_url = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1")
    model = os.environ.get("OPENAI_MODEL", "gpt-4o-mini")
    headers = {}
    if os.environ.get("OPENAI_API_KEY"):
        headers["Authorization"] = f"Bearer {os.environ['OPENAI_API_KEY']}"
    backend = ReplayBackend(args.replay)
    box = ToolBox(Locator(backend, scaling=Scaling()))
    with httpx.Client(base_url=base_url, headers=headers, timeout=120) as client:
        final, _ = run(args.task, box, client, model, max_steps=args.max_steps)
    print(final)
    for record in box.rails.audit:
        print(json.dumps(record.to_dict()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
