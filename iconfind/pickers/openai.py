"""A picker on any OpenAI-compatible chat-completions endpoint with vision (httpx, sync).

Works with api.openai.com and with local servers speaking the same protocol (vLLM, llama.cpp's
server, Ollama's ``/v1``, LM Studio). Each pick is one request: the question as text, the pictures
as ``image_url`` data URIs; the first whole number in the reply is the answer.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from typing import Any

import httpx

from iconfind._deadline import current as current_deadline
from iconfind.errors import PickerError
from iconfind.models import Candidate, Selector

API_KEY_ENV = "OPENAI_API_KEY"
DEFAULT_BASE_URL = "https://api.openai.com/v1"
DEFAULT_TIMEOUT_S = 30.0
_NUMBER = re.compile(r"-?\d+")
_NONE = re.compile(r"\bnone\b|\bnot (?:shown|visible|present|found)\b", re.IGNORECASE)

SYSTEM_PROMPT = (
    "You locate user-interface elements on phone and desktop screenshots. "
    "Answer with a single number and nothing else, or with the word none if nothing fits."
)


def data_uri(image_b64: str) -> str:
    """A ``data:`` URI for a base64 JPEG or PNG (the type is read from the first bytes)."""
    mime = "image/png" if image_b64.startswith("iVBOR") else "image/jpeg"
    return f"data:{mime};base64,{image_b64}"


def _image(image_b64: str) -> dict[str, Any]:
    return {"type": "image_url", "image_url": {"url": data_uri(image_b64)}}


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def _what(query: Selector) -> str:
    return query.words or query.describe()


class OpenAIVisionPicker:
    """Asks a vision model through ``POST {base_url}/chat/completions``.

    ``api_key`` defaults to ``$OPENAI_API_KEY``; with neither, no ``Authorization`` header is sent
    (local servers). ``timeout`` (seconds) bounds each request. ``extra_body`` is merged into
    every request (e.g. ``{"temperature": 0}`` for models that take it). HTTP errors, timeouts,
    malformed responses and replies without a usable number raise :class:`PickerError`.
    """

    def __init__(
        self,
        base_url: str = DEFAULT_BASE_URL,
        model: str = "gpt-4o-mini",
        api_key: str | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
        *,
        extra_body: Mapping[str, Any] | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.timeout = timeout
        self.extra_body = dict(extra_body or {})
        key = api_key if api_key is not None else os.environ.get(API_KEY_ENV)
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self._client = httpx.Client(
            base_url=self.base_url, headers=headers, timeout=timeout, transport=transport
        )

    def __repr__(self) -> str:
        return f"OpenAIVisionPicker(base_url={self.base_url!r}, model={self.model!r})"

    def close(self) -> None:
        """Close the HTTP connection pool."""
        self._client.close()

    def __enter__(self) -> OpenAIVisionPicker:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- the Picker protocol --------------------------------------------------------------------

    def pick_candidate(self, query: Selector, candidates: Sequence[Candidate]) -> int | None:
        if not candidates:
            return None
        content: list[dict[str, Any]] = [
            _text(
                f"Which of these {len(candidates)} cropped screen regions is the "
                f"'{_what(query)}'? Each picture follows its number."
            )
        ]
        for candidate in candidates:
            content += [_text(f"Candidate {candidate.index}:"), _image(candidate.image)]
        valid = [c.index for c in candidates]
        content.append(
            _text(f"Reply with the candidate number ({', '.join(map(str, valid))}) or none.")
        )
        return self._ask(content, valid)

    def pick_grid_cell(self, query: Selector, grid_image_b64: str) -> int | None:
        content = [
            _text(
                "The screenshot is divided into a numbered grid of 24 cells (4 columns, 6 rows, "
                f"numbered left-to-right, top-to-bottom). Which cell holds the '{_what(query)}'? "
                "Reply with the cell number (1-24) or none."
            ),
            _image(grid_image_b64),
        ]
        return self._ask(content, list(range(1, 25)))

    def pick_grid_position(self, query: Selector, cell_image_b64: str) -> int | None:
        content = [
            _text(
                "This is one grid cell, zoomed, with 5 numbered target rings: 1 top-left, "
                "2 top-right, 3 center, 4 bottom-left, 5 bottom-right. Which ring lies on or "
                f"nearest the '{_what(query)}'? Reply with the number (1-5)."
            ),
            _image(cell_image_b64),
        ]
        return self._ask(content, [1, 2, 3, 4, 5])

    # -- HTTP ----------------------------------------------------------------------------------

    def _ask(self, content: list[dict[str, Any]], valid: Sequence[int]) -> int | None:
        reply = self._complete(content)
        numbers = [int(n) for n in _NUMBER.findall(reply)]
        if not numbers:
            if _NONE.search(reply):
                return None
            raise PickerError(f"the model's reply has no number: {reply[:80]!r}")
        if numbers[0] not in valid:
            raise PickerError(
                f"the model answered {numbers[0]}, not one of {min(valid)}-{max(valid)}"
            )
        return numbers[0]

    def _complete(self, content: list[dict[str, Any]]) -> str:
        body = {
            **self.extra_body,
            "model": self.model,
            "messages": [
                {"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": content},
            ],
        }
        # Inside a find, the picker's round counts against the find's deadline.
        deadline = current_deadline()
        if deadline is not None:
            deadline.check("picker")
        timeout = deadline.timeout(self.timeout) if deadline is not None else self.timeout
        try:
            response = self._client.post("/chat/completions", json=body, timeout=timeout)
        except httpx.TimeoutException:
            if deadline is not None and deadline.expired:
                raise deadline.error("picker") from None
            raise PickerError(
                f"the picker model at {self.base_url} did not answer within {self.timeout} s"
            ) from None
        except httpx.HTTPError as exc:
            raise PickerError(f"cannot reach the picker model at {self.base_url}: {exc}") from None
        if response.status_code >= 400:
            raise PickerError(
                f"the picker model at {self.base_url} answered HTTP {response.status_code}: "
                f"{_error_message(response)}",
                status=response.status_code,
            )
        try:
            message = response.json()["choices"][0]["message"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise PickerError(
                f"the picker model's response is not a chat completion: {response.text[:80]!r}"
            ) from None
        return _message_text(message)


def _message_text(message: Any) -> str:
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # some servers answer in parts
        return " ".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    raise PickerError("the picker model's reply has no text content")


def _error_message(response: httpx.Response) -> str:
    try:
        error = response.json().get("error", {})
        if isinstance(error, dict) and error.get("message"):
            return str(error["message"])[:200]
    except (ValueError, AttributeError, json.JSONDecodeError):
        pass
    return response.text[:200] or response.reason_phrase
