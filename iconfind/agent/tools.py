"""The dispatcher: ``ToolBox(locator).call(name, arguments) -> dict``.

A model's tool call goes in as a name and a JSON object; a JSON-ready dict comes out, never an
exception. Finds and taps answer with the FindResult wire form (docs/contract.md section 3).
Anything else is an error object::

    {"error": "invalid_arguments", "field": "selector.text", "message": "..."}
    {"error": "rate_limited" | "blocked_app" | "declined", "message": "...", ...}   # the rails
    {"error": "memory_unavailable" | "unknown_element" | "backend_error" | ..., "message": "..."}

``not_found`` and the other FindResult errors are answers, not tool errors: they come in the wire
form, with its ``suggestion``. A ``tap`` whose selector matches several elements answers with
those elements, ``error: "ambiguous_query"`` and ``matchCount``: call again with
``elementIndex``. Taps go through :meth:`Locator.tap` / :meth:`Locator.tap_device`, the one tap
path, with the same strictness.

Coordinates: the box is an edge of the library. Answers show the scaled screenshot's pixels (the
wire form, with ``scaleFactor``) when the Locator has a scale, and a tap's ``x`` / ``y`` are read
in those same pixels and converted to device pixels on the way in.

The box remembers the last result it answered (a conversation's state, not the Locator's):
``elementIndex``, ``candidateIndex`` and ``gridCell`` without a selector refer to it.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import attrs

from iconfind.agent.outputs import OutputDir
from iconfind.agent.paging import bounded, paged_result
from iconfind.agent.rails import Action, Permit, Rails, Refusal, current_window
from iconfind.agent.schemas import ACTION_OPERATIONS, TOOLS, ToolSpec
from iconfind.errors import (
    AmbiguousError,
    BackendError,
    DeviceTimeoutError,
    FollowUpError,
    IconfindError,
    InvalidArgumentError,
    InvalidQueryError,
)
from iconfind.locator import Locator, NotResolvedError, refused_tap
from iconfind.models import FindResult, Point, Selector
from iconfind.scaling import Scaling, device_tap_point

try:
    import jsonschema
    from jsonschema.exceptions import ValidationError, best_match
except ImportError as exc:  # pragma: no cover - depends on the installed extras
    raise ImportError("iconfind.agent needs jsonschema: pip install 'iconfind[agent]'") from exc

TOOL_ERRORS = frozenset(
    {
        "invalid_arguments",
        "unknown_tool",
        "rate_limited",
        "blocked_app",
        "declined",
        "audit_unavailable",
        "result_too_large",
        "memory_unavailable",
        "unknown_element",
        "backend_error",
        "iconfind_error",
        "internal_error",
    }
)
"""``error`` values that mean the tool call itself failed (MCP ``isError``), as opposed to a
FindResult that reports ``not_found`` and the like."""

OPERATION_FIELDS: dict[str, frozenset[str]] = {
    "dump": frozenset({"debug", "offset", "limit"}),
    "find": frozenset(
        {"selector", "gridCell", "gridPosition", "candidateIndex", "debug", "offset", "limit"}
    ),
    "tap": frozenset(
        {
            "selector",
            "x",
            "y",
            "elementIndex",
            "candidateIndex",
            "gridCell",
            "gridPosition",
            "debug",
        }
    ),
    "input": frozenset({"text", "selector", "debug"}),
    "screenshot": frozenset({"inline", "localPath", "maxDimension", "raw"}),
    "accessibility-check": frozenset(),
    "visual-snapshot": frozenset(),
}
"""Which ``ui`` arguments each operation reads (besides ``operation``)."""

class LearnerMemory(Protocol):
    """What the learner tools need from a memory (docs/memory.md)."""

    def get_screen_context(self) -> Any:
        """The current :class:`ScreenContext` (with ``to_tool_response(app_filter=,
        role_filter=)``)."""
        ...

    def get_target(self, target_id: str) -> Any:
        """The target with that id (``click_point``, ``label``, ``confidence``), or ``None``."""
        ...

    def record_action_result(self, target_id: str, success: bool) -> Any:
        """Learn from an action on a target."""
        ...

    def teach_target(self, label: str, x: int, y: int) -> Any:
        """Remember what is at ``(x, y)``; returns the new target (with ``id``)."""
        ...


class ArgumentError(Exception):
    """Raised inside a handler for an argument that does not fit; becomes an error object."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message

    def to_dict(self) -> dict[str, Any]:
        message = self.message
        if self.field.rpartition(".")[2] not in message:
            message = f"{self.field}: {message}"
        return invalid_arguments(self.field, message)


def invalid_arguments(field: str, message: str) -> dict[str, Any]:
    """The error object for a bad argument."""
    return {"error": "invalid_arguments", "field": field, "message": message}


def _field_of(error: ValidationError) -> tuple[str, str]:
    """The dotted name of the field a schema error is about, and a message naming it."""
    path = [str(part) for part in error.absolute_path]
    instance = error.instance
    if error.validator == "required" and isinstance(instance, Mapping):
        missing = [name for name in error.validator_value if name not in instance]
        name = ".".join([*path, missing[0]]) if missing else ".".join(path)
        return name, f"missing required field {name!r}"
    if error.validator == "additionalProperties" and isinstance(instance, Mapping):
        known = set(error.schema.get("properties", {}))
        extra = sorted(str(key) for key in instance if key not in known)
        name = ".".join([*path, extra[0]]) if extra else ".".join(path)
        allowed = ", ".join(sorted(known))
        return name, f"unknown field {name!r} (allowed here: {allowed})"
    name = ".".join(path) or "arguments"
    return name, f"{name}: {error.message}"


def _wire(value: Any) -> dict[str, Any]:
    """A method's answer as a JSON-ready dict."""
    if value is None:
        return {}
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        out = to_dict()
        if isinstance(out, dict):
            return out
    if isinstance(value, Mapping):
        return dict(value)
    return {"result": str(value)}


class ToolBox:
    """Dispatches agent tool calls to a :class:`~iconfind.Locator` (and a memory).

    >>> box = ToolBox(Locator(ReplayBackend("examples/snapshots/toolbar")))  # doctest: +SKIP
    >>> box.call("ui", {"operation": "find", "selector": {"text": "overflow menu"}})["tier"]
    2

    ``rails`` defaults to :class:`Rails()` (10 actions a minute, no blocklist, in-memory audit).
    The learner tools answer ``memory_unavailable`` until a ``memory`` is given. Screenshot
    files (``localPath``) are written only under ``output_dir`` (default: a fresh temporary
    directory); see :class:`~iconfind.agent.outputs.OutputDir`. Every answer fits in
    :data:`~iconfind.agent.paging.MAX_RESULT_CHARS` of text (see :mod:`iconfind.agent.paging`).
    """

    def __init__(
        self,
        locator: Locator,
        memory: LearnerMemory | None = None,
        rails: Rails | None = None,
        *,
        output_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        self.locator = locator
        self.memory = memory
        self.rails = rails if rails is not None else Rails()
        self.outputs = OutputDir(output_dir)
        self._validators = {
            spec.name: jsonschema.Draft202012Validator(spec.schema()) for spec in TOOLS
        }
        self._lock = threading.RLock()
        self._last: FindResult | None = None
        """The last result this box answered: what elementIndex / candidateIndex refer to."""
        self._handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "ui": self._ui,
            "get_screen_targets": self._get_screen_targets,
            "click_element": self._click_element,
            "type_in_element": self._type_in_element,
            "teach_element": self._teach_element,
        }

    def __repr__(self) -> str:
        memory = "yes" if self.memory is not None else "no"
        return f"ToolBox({self.locator!r}, memory={memory}, rails={self.rails!r})"

    @property
    def specs(self) -> list[ToolSpec]:
        """The tools this box can serve: ``ui``, plus the learner tools when memory is set."""
        return [spec for spec in TOOLS if self.memory is not None or not spec.needs_memory]

    def openai_tools(self) -> list[dict[str, Any]]:
        """:attr:`specs` in OpenAI function-calling form."""
        return [spec.openai() for spec in self.specs]

    def anthropic_tools(self) -> list[dict[str, Any]]:
        """:attr:`specs` in Anthropic tool-use form."""
        return [spec.anthropic() for spec in self.specs]

    # -- entry point ------------------------------------------------------------------------------

    def validate(self, name: str, arguments: object) -> dict[str, Any] | None:
        """The error object for ``arguments`` to tool ``name``, or ``None`` when they are valid
        (schema and the rules across fields; nothing runs)."""
        validator = self._validators.get(name)
        if validator is None:
            known = ", ".join(spec.name for spec in TOOLS)
            return {
                "error": "unknown_tool",
                "field": "name",
                "message": f"no tool named {name!r}; tools: {known}",
            }
        if not isinstance(arguments, Mapping):
            return invalid_arguments(
                "arguments", f"arguments must be a JSON object, not {type(arguments).__name__}"
            )
        error = best_match(validator.iter_errors(dict(arguments)))
        if error is not None:
            field, message = _field_of(error)
            return invalid_arguments(field, message)
        if name == "ui":
            try:
                _check_ui(dict(arguments))
            except ArgumentError as exc:
                return exc.to_dict()
        return None

    def call(self, name: str, arguments: Mapping[str, Any] | str | None = None) -> dict[str, Any]:
        """Run tool ``name`` with ``arguments`` (a dict, or its JSON text as models send it).

        Returns a JSON-ready dict: the FindResult wire form, another answer, or an error object.
        Never raises for bad input or a failing device.
        """
        if arguments is None:
            arguments = {}
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments) if arguments.strip() else {}
            except json.JSONDecodeError as exc:
                return invalid_arguments("arguments", f"arguments are not valid JSON ({exc})")
        problem = self.validate(name, arguments)
        if problem is not None:
            return problem
        assert isinstance(arguments, Mapping)
        args = dict(arguments)
        spec = next(spec for spec in TOOLS if spec.name == name)
        if spec.needs_memory and self.memory is None:
            return {
                "error": "memory_unavailable",
                "message": f"{name} needs a UI memory: create the ToolBox with memory=...",
            }
        with self._lock:
            try:
                window = current_window(self.locator.backend)
            except Exception as exc:
                return _error_object(exc)
            acts = spec.acts or (name == "ui" and args["operation"] in ACTION_OPERATIONS)
            if not acts:
                refusal = self.rails.blocked(window)
                if refusal is not None:
                    return refusal.to_dict()
                return self._run(name, args)
            kind = args["operation"] if name == "ui" else name
            action = Action(name, kind, args, window.app if window else None)
            decision = self.rails.admit(action, window)
            if isinstance(decision, Refusal):
                return decision.to_dict()
            return self._run_action(decision, name, args)

    def _run(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        try:
            return bounded(self._handlers[name](args))
        except Exception as exc:  # the contract: an error object, never an exception
            return _error_object(exc)

    def _run_action(self, permit: Permit, name: str, args: dict[str, Any]) -> dict[str, Any]:
        out = self._run(name, args)
        error = out.get("error")
        if (
            error is None
            and name == "ui"
            and "tapped" not in out
            and (args["operation"] == "tap" or "selector" in args)
        ):
            error = "not_resolved"  # a next step (candidates, grid) came back: nothing was tapped
        summary: dict[str, Any] = {
            key: out[key] for key in ("tapped", "typed", "clicked", "success") if key in out
        }
        self.rails.record(permit, result=summary or None, error=error)
        if self.rails.audit_error is not None:  # the action ran; its "started" line is on disk
            out["auditWarning"] = f"outcome not written to the audit log: {self.rails.audit_error}"
        return out

    # -- the ui tool ------------------------------------------------------------------------------

    def _ui(self, args: dict[str, Any]) -> dict[str, Any]:
        operation = args["operation"]
        debug = bool(args.get("debug"))
        page = {"offset": args.get("offset", 0), "limit": args.get("limit")}
        if operation == "dump":
            return _result(self.locator.dump(), debug, **page)
        if operation == "find":
            return _result(self._answered(self._find(args)), debug, **page)
        if operation == "tap":
            return _result(self._tap(args), debug)
        if operation == "input":
            return self._input(args, debug)
        if operation == "screenshot":
            scaling: Scaling | None = None
            if args.get("raw"):
                scaling = Scaling.raw()
            elif "maxDimension" in args:
                scaling = Scaling(args["maxDimension"])
            inline = bool(args.get("inline"))
            try:
                path = None if inline else self.outputs.target(args.get("localPath"))
            except InvalidArgumentError as exc:
                raise ArgumentError("localPath", str(exc)) from None
            answer = self.locator.screenshot(path=path, inline=inline, scaling=scaling)
            return _wire(answer)
        if operation == "accessibility-check":
            return _wire(self.locator.accessibility_check())
        return _wire(self.locator.visual_snapshot())

    def _answered(self, result: FindResult) -> FindResult:
        self._last = result
        return result

    def _previous(self, field: str) -> FindResult:
        previous = self._last
        if previous is None:
            raise ArgumentError(field, f"{field} refers to a previous find, and there is none")
        return previous

    def _find(self, args: dict[str, Any]) -> FindResult:
        selector = args.get("selector")
        grid_cell, grid_position = args.get("gridCell"), args.get("gridPosition")
        if selector is not None:
            query: Selector = _selector(selector)
        elif grid_cell is not None or "candidateIndex" in args:
            field = "gridCell" if grid_cell is not None else "candidateIndex"
            previous = self._previous(field)
            if previous.query is None:
                raise ArgumentError("selector", "the previous result has no query: give selector")
            query = previous.query
            if "candidateIndex" in args:
                return self._pick(previous, args["candidateIndex"])
        else:  # _check_ui guarantees one of them
            raise ArgumentError("selector", "find needs a selector")
        try:
            result = self.locator.find(query, grid_cell=grid_cell, grid_position=grid_position)
        except FollowUpError as exc:
            raise ArgumentError("gridCell", str(exc)) from None
        if "candidateIndex" in args:
            return self._pick(result, args["candidateIndex"])
        return result

    def _pick(self, result: FindResult, index: int) -> FindResult:
        try:
            return self.locator.pick(result, index)
        except FollowUpError as exc:
            raise ArgumentError("candidateIndex", str(exc)) from None

    def _tap(self, args: dict[str, Any]) -> FindResult:
        try:
            return self._answered(self._tap_target(args))
        except AmbiguousError as exc:
            if isinstance(exc.result, FindResult):
                self._last = exc.result  # elementIndex now picks among these matches
            return _ambiguous(exc)

    def _tap_target(self, args: dict[str, Any]) -> FindResult:
        locator = self.locator
        try:
            if "x" in args:
                return locator.tap(self._device_point(args["x"], args["y"]))
            if "selector" in args and "gridCell" not in args and "candidateIndex" not in args:
                return locator.tap(_selector(args["selector"]), nth=args.get("elementIndex"))
            if "gridCell" in args or "candidateIndex" in args:
                return locator.tap(self._find(args))
            return locator.tap(self._previous("elementIndex"), nth=int(args["elementIndex"]))
        except NotResolvedError as exc:
            return exc.result
        except FollowUpError as exc:
            raise ArgumentError("elementIndex", str(exc)) from None

    def _device_point(self, x: int, y: int) -> Point:
        """A model's tap point, in the pixels of the screenshots it is shown (scaled when the
        Locator has a scale), as the device pixel to tap. Raises
        :class:`~iconfind.InvalidArgumentError` when it is off the screenshot."""
        point = Point(x, y)
        transform = self.locator.transform()
        if transform is None:
            return point  # device pixels already; Locator.tap checks the screen
        size = (transform.device_width, transform.device_height)
        return device_tap_point(point, size, transform)

    def _input(self, args: dict[str, Any], debug: bool) -> dict[str, Any]:
        text: str = args["text"]
        target = _selector(args["selector"]) if "selector" in args else None
        if target is None:
            self.locator.input_text(text)
            out: dict[str, Any] = {}
        else:
            try:
                answer = self.locator.input(text, target=target)
            except NotResolvedError as exc:
                return _result(exc.result, debug)
            except AmbiguousError as exc:
                return _result(_ambiguous(exc), debug)
            out = _result(answer, debug)
        out["typed"] = text
        return out

    # -- the learner tools ------------------------------------------------------------------------

    def _memory(self) -> LearnerMemory:
        assert self.memory is not None  # checked in call()
        return self.memory

    def _target(self, target_id: str) -> Any:
        target = self._memory().get_target(target_id)
        if target is None:
            raise _UnknownElement(target_id)
        return target

    def _get_screen_targets(self, args: dict[str, Any]) -> dict[str, Any]:
        context = self._memory().get_screen_context()
        role = args.get("roleFilter")
        response = context.to_tool_response(
            app_filter=args.get("appFilter"), role_filter=None if role == "all" else role
        )
        return dict(response)

    def _press(self, target: Any) -> None:
        """Tap a memory target's click point (device pixels, as memory stores them)."""
        self.locator.tap_device(target.click_point)

    def _click_element(self, args: dict[str, Any]) -> dict[str, Any]:
        target_id = args["elementId"]
        target = self._target(target_id)
        try:
            self._press(target)
        except BackendError:
            self._memory().record_action_result(target_id, False)
            raise
        self._memory().record_action_result(target_id, True)
        return {
            "success": True,
            "clicked": target.label,
            "position": target.click_point.to_dict(),
            "confidence": target.confidence,
        }

    def _type_in_element(self, args: dict[str, Any]) -> dict[str, Any]:
        target_id, text = args["elementId"], args["text"]
        target = self._target(target_id)
        try:
            self._press(target)
            self.locator.input_text(text)
        except BackendError:
            self._memory().record_action_result(target_id, False)
            raise
        self._memory().record_action_result(target_id, True)
        return {"success": True, "typed": text, "in": target.label}

    def _teach_element(self, args: dict[str, Any]) -> dict[str, Any]:
        label, x, y = args["label"], round(args["x"]), round(args["y"])
        target = self._memory().teach_target(label, x, y)
        return {
            "success": True,
            "message": f'Learned "{label}" at ({x}, {y}). I\'ll remember this for future sessions.',
            "targetId": target.id,
        }


class _UnknownElement(Exception):
    def __init__(self, target_id: str) -> None:
        super().__init__(target_id)
        self.target_id = target_id


def _selector(raw: Any) -> Selector:
    try:
        return Selector.coerce(raw)
    except InvalidQueryError as exc:
        raise ArgumentError("selector", str(exc)) from None


def _ambiguous(exc: AmbiguousError) -> FindResult:
    """A strict tap that refused to guess, as an answer: the matches, ``ambiguous_query``."""
    return refused_tap(
        exc,
        "Several elements match: tap one with elementIndex (0-based), or narrow the selector",
    )


def _result(
    result: FindResult, debug: bool, *, offset: int = 0, limit: int | None = None
) -> dict[str, Any]:
    if not debug and result.notes:
        result = attrs.evolve(result, notes=())
    return paged_result(result, offset=offset, limit=limit)


def _check_ui(args: dict[str, Any]) -> None:
    """The ``ui`` rules the schema does not express; raises :class:`ArgumentError`."""
    operation = args["operation"]
    allowed = OPERATION_FIELDS[operation]
    for name in args:
        if name != "operation" and name not in allowed:
            raise ArgumentError(name, f"{name} is not used by the {operation} operation")
    if ("x" in args) != ("y" in args):
        missing = "y" if "x" in args else "x"
        raise ArgumentError(missing, f"{missing} is needed with {'x' if missing == 'y' else 'y'}")
    if "gridPosition" in args and "gridCell" not in args:
        raise ArgumentError("gridCell", "gridPosition needs a gridCell")
    if operation == "find" and not ({"selector", "gridCell", "candidateIndex"} & set(args)):
        raise ArgumentError("selector", "find needs a selector")
    if operation == "input" and "text" not in args:
        raise ArgumentError("text", "input needs the text to type")
    if operation == "tap":
        if "gridCell" in args and "gridPosition" not in args:
            raise ArgumentError("gridPosition", "a tap on a grid cell needs a gridPosition (1-5)")
        ways = [
            name
            for name, present in (
                ("x", "x" in args),
                ("gridCell", "gridCell" in args),
                ("candidateIndex", "candidateIndex" in args),
                ("elementIndex", "elementIndex" in args and "selector" not in args),
                (
                    "selector",
                    "selector" in args and not ({"gridCell", "candidateIndex"} & set(args)),
                ),
            )
            if present
        ]
        if not ways:
            raise ArgumentError(
                "elementIndex",
                "tap needs a target: x and y, elementIndex, selector, candidateIndex, or "
                "gridCell with gridPosition",
            )
        if len(ways) > 1:
            raise ArgumentError(ways[1], f"give one tap target, not both {ways[0]} and {ways[1]}")
    if operation == "screenshot" and args.get("raw") and "maxDimension" in args:
        raise ArgumentError("maxDimension", "raw and maxDimension exclude each other")


def _error_object(exc: Exception) -> dict[str, Any]:
    if isinstance(exc, ArgumentError):
        return exc.to_dict()
    if isinstance(exc, _UnknownElement):
        return {
            "error": "unknown_element",
            "field": "elementId",
            "message": f"Element {exc.target_id} not found. Try get_screen_targets again.",
        }
    if isinstance(exc, InvalidQueryError):
        return invalid_arguments("selector", str(exc))
    if isinstance(exc, InvalidArgumentError):
        return invalid_arguments(getattr(exc, "field", None) or "arguments", str(exc))
    if isinstance(exc, NotResolvedError):
        return exc.result.to_dict()
    if isinstance(exc, DeviceTimeoutError):  # the same timeout result find returns
        return FindResult.from_timeout(exc).to_dict()
    if isinstance(exc, BackendError):
        out = {"error": "backend_error", "message": str(exc)}
        if exc.phase:
            out["phase"] = exc.phase
        return out
    if isinstance(exc, PermissionError):  # a memory refusing a blocklisted app
        return {"error": "blocked_app", "message": str(exc)}
    if isinstance(exc, IconfindError):
        return {"error": "iconfind_error", "kind": type(exc).__name__, "message": str(exc)}
    return {"error": "internal_error", "kind": type(exc).__name__, "message": str(exc)}


__all__ = [
    "OPERATION_FIELDS",
    "TOOL_ERRORS",
    "ArgumentError",
    "LearnerMemory",
    "ToolBox",
    "invalid_arguments",
]
