"""The Locator: runs the strategy chain against a backend, within a time budget."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from iconfind._budget import device_call
from iconfind._deadline import DEFAULT_BUDGET_S, Clock, Deadline, check_budget, default_budget
from iconfind.backends.base import DeviceBackend
from iconfind.errors import (
    AmbiguousError,
    DeviceTimeoutError,
    FollowUpError,
    IconfindError,
    InvalidArgumentError,
)
from iconfind.models import (
    Candidates,
    Element,
    Empty,
    Failure,
    FindError,
    FindResult,
    Found,
    GridStep,
    Point,
    Selector,
)
from iconfind.patterns import IconPatterns
from iconfind.scaling import Scaling, ScreenTransform, device_tap_point
from iconfind.screen import Screen
from iconfind.strategies import default_chain
from iconfind.strategies.base import Query, Strategy

if TYPE_CHECKING:
    # Annotations only: operations, pickers (httpx) and memory load when used.
    from iconfind import operations
    from iconfind.memory.base import Memory
    from iconfind.pickers.base import Picker

NOT_FOUND_SUGGESTION = "Element may not exist on current screen"
TIMEOUT_SUGGESTION = "The find did not finish within its budget"
"""Kept for compatibility; a timeout's suggestion now says whether the device or local work
overran (:attr:`DeviceTimeoutError.suggestion <iconfind.DeviceTimeoutError.suggestion>`)."""

__all__ = ["DEFAULT_BUDGET_S", "Locator", "NotResolvedError", "QueryLike", "refused_tap"]

QueryLike = str | Selector | Mapping[str, str]


class NotResolvedError(IconfindError):
    """A tap whose target did not resolve to a point. ``result`` says why (error or next step)."""

    def __init__(self, result: FindResult) -> None:
        outcome = result.outcome
        if outcome.kind == "failure":
            reason = f"{outcome.error.value}: {outcome.suggestion}".rstrip(": ")
        elif outcome.kind == "candidates":
            reason = "a candidate must be picked first (Locator.pick)"
        elif outcome.kind == "grid":
            reason = "a grid cell and position must be chosen first"
        else:
            reason = "nothing to tap"
        super().__init__(f"cannot tap: {reason}")
        self.result = result


def refused_tap(exc: AmbiguousError, suggestion: str) -> FindResult:
    """A strict tap's :class:`AmbiguousError` as the result it answers with: a
    :class:`Failure` (``ambiguous_query``) listing the matches, with ``suggestion``."""
    found = exc.result if isinstance(exc.result, FindResult) else FindResult(Empty())
    failure = Failure(
        FindError.AMBIGUOUS_QUERY,
        suggestion,
        source=found.source,
        tier=found.tier,
        match_count=exc.count,
        matches=found.elements,
    )
    return attrs.evolve(found, outcome=failure)


class Locator:
    """Finds UI elements on a backend's screen and taps them.

    ``strategies`` is a plain list (default :func:`~iconfind.default_chain`): reorder it, shorten
    it, or add your own strategy. ``budget_s`` (default 10 s, or ``$ICONFIND_BUDGET``) bounds one
    find: one deadline, made when the find starts, covers every strategy, every device call and a
    picker's round. A device call that overruns ends the find with ``error="timeout"`` and
    ``phase="device:CALL"`` (``device:hierarchy``); local work that overruns, with the
    strategy's name (``ocr``, ``visual``). See docs/timeouts.md.
    One-time warm-up (icon references, OpenCV, Tesseract's first start) is not counted. Device
    calls run one at a time per backend: a call that overran is waited for, never doubled.
    Coordinates are device pixels in and out of every method. With ``scaling`` (e.g.
    ``Scaling()`` for 1000 px) results also carry the screen's
    :attr:`~FindResult.transform`: their wire form (``to_dict()``, the CLI, the agent tools)
    shows the scaled screenshot's pixels and ``scaleFactor``, and
    :meth:`FindResult.to_image` converts in Python. With a ``picker``
    (e.g. :class:`~iconfind.pickers.OpenAIVisionPicker`), tier-4 candidates and the tier-5 grid
    are resolved inside :meth:`find` (at most three calls: find, cell, position);
    without one they go back to the caller. With ``memory`` (a
    :class:`~iconfind.memory.Memory`), every tap on an element records a hit for it in memory
    (see :func:`iconfind.memory.record_tap`); put a :class:`~iconfind.memory.MemoryStrategy` in
    ``strategies`` to have finds answered from what was learned.

    A Locator keeps no state between calls: a find returns a result, and follow-ups
    (:meth:`pick`, :meth:`tap`) take that result as an argument.
    """

    def __init__(
        self,
        backend: DeviceBackend,
        strategies: Iterable[Strategy] | None = None,
        *,
        budget_s: float | None = None,
        scaling: Scaling | None = None,
        patterns: IconPatterns | None = None,
        picker: Picker | None = None,
        memory: Memory | None = None,
    ) -> None:
        self.backend = backend
        self.strategies: list[Strategy] = (
            list(strategies) if strategies is not None else default_chain(patterns=patterns)
        )
        self.budget_s = default_budget() if budget_s is None else check_budget(budget_s)
        self.scaling = scaling
        self.picker = picker
        self.memory = memory

    def __repr__(self) -> str:
        names = ", ".join(s.name for s in self.strategies)
        return f"Locator({self.backend!r}, strategies=[{names}], budget_s={self.budget_s})"

    # -- find ---------------------------------------------------------------------------------

    def find(
        self,
        query: QueryLike,
        *,
        grid_cell: int | None = None,
        grid_position: int | None = None,
        deadline: Deadline | None = None,
    ) -> FindResult:
        """Run the chain until a strategy settles the query.

        ``query`` is a plain string (the text of a label or an icon such as ``"overflow menu"``),
        a :class:`Selector`, or a selector dict. ``grid_cell`` / ``grid_position`` answer a
        tier-5 result. ``deadline`` replaces ``budget_s`` for this find (e.g. one made before
        loading a snapshot, so loading counts). Raises :class:`InvalidQueryError` for an empty
        query and :class:`BackendError` when the device fails; everything else, a timeout
        included, is in the result.
        """
        selector = Selector.coerce(query)
        request = Query(selector, grid_cell=grid_cell, grid_position=grid_position)
        clock = Clock(deadline if deadline is not None else Deadline.after(self.budget_s))
        screen = Screen(self.backend, clock)
        with clock.running():
            try:
                result = self._run_chain(request, screen)
                if self.picker is not None and result.needs_pick:
                    screen.deadline.check("picker")
                    result = self._resolve_with_picker(self.picker, request, screen, result)
                    screen.deadline.check("picker")
            except DeviceTimeoutError as exc:
                result = FindResult.from_timeout(exc)
            return self._finish(result, screen, selector)

    def _run_chain(self, request: Query, screen: Screen) -> FindResult:
        """The strategies in order, in this thread, the deadline checked between them (a
        strategy checks it between its own steps too). Timeouts raise DeviceTimeoutError."""
        strategies = self.strategies
        if request.is_follow_up:
            # A grid follow-up answers tier 5: the earlier tiers must not settle it instead.
            strategies = [s for s in strategies if getattr(s, "handles_follow_ups", False)]
            if not strategies:
                raise FollowUpError(
                    "a grid follow-up needs the grid strategy in the chain (iconfind.Grid)"
                )
        for strategy in strategies:
            screen.deadline.check(strategy.name)
            result = strategy.find(request, screen)
            if result is not None:
                return result
            screen.deadline.check(strategy.name)  # it overran, and found nothing
        return FindResult.failure(FindError.NOT_FOUND, NOT_FOUND_SUGGESTION)

    def _finish(self, result: FindResult, screen: Screen, selector: Selector) -> FindResult:
        transform = None
        if self.scaling is not None and result.error is not FindError.TIMEOUT:
            try:
                transform = self.transform(screen)  # the size, read under the same deadline
            except DeviceTimeoutError as exc:
                result = FindResult.from_timeout(exc)
        return attrs.evolve(
            result,
            query=selector,
            transform=transform,
            accessibility_unavailable=result.accessibility_unavailable
            or (screen.captured_hierarchy and screen.hierarchy is None),
            notes=(*screen.notes, *result.notes),
            on_tap=(*screen.on_tap, *result.on_tap),
            screen_id=screen.fingerprint if screen.captured_screenshot else result.screen_id,
            screenshot=screen.screenshot if screen.captured_screenshot else result.screenshot,
        )

    # -- coordinate spaces ---------------------------------------------------------------------

    def transform(self, screen: Screen | None = None) -> ScreenTransform | None:
        """The device <-> screenshot mapping of ``scaling``, or ``None`` when there is none (no
        scaling, or one that leaves this screen at its size). Results carry it."""
        if self.scaling is None:
            return None
        if screen is None:
            screen = Screen(self.backend, Deadline.after(self.budget_s))
        width, height = screen.size
        transform = self.scaling.transform_for(width, height)
        return None if transform.identity else transform

    def _on_screen(self, point: Point) -> tuple[Point, ScreenTransform | None]:
        """``point`` (device pixels), refused when off the screen (:func:`device_tap_point`),
        with the transform the tap's result carries."""
        screen = Screen(self.backend, Deadline.after(self.budget_s))
        return device_tap_point(point, screen.size), self.transform(screen)

    # -- tap and input -------------------------------------------------------------------------

    def tap(
        self,
        target: QueryLike | FindResult | Element | Point | tuple[int, int],
        *,
        nth: int | None = None,
        first: bool = False,
    ) -> FindResult:
        """Tap a query, a result, an element or a point. Strict: it never guesses.

        - a query (``str`` / :class:`Selector` / dict): find it, then tap the one element it
          resolves to;
        - a :class:`FindResult`: tap its one element;
        - an :class:`Element`, a :class:`Point` or ``(x, y)``: tap there (device pixels, as
          results hold them; a point in a scaled screenshot converts with
          :meth:`ScreenTransform.to_device`).

        When a query or a result holds several elements, say which: ``nth=i`` (0-based, in the
        result's order) or ``first=True``; otherwise :class:`AmbiguousError` is raised (with the
        result), as Playwright's strict locators do. Returns the result with ``tapped`` set.
        Raises :class:`NotResolvedError` when there is nothing to tap (an error, or a next step
        that needs a pick), so a script never taps nothing silently. With a result that carries
        memory writes learned during its find (:attr:`FindResult.on_tap`), the tap applies them.
        """
        if nth is not None and first:
            raise InvalidArgumentError("give nth= or first=True, not both")
        if nth is not None and (isinstance(nth, bool) or not isinstance(nth, int)):
            raise InvalidArgumentError(f"nth is an element index from 0, got {nth!r}")
        if (
            isinstance(target, tuple)
            and len(target) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in target)
        ):
            target = Point(*target)
        if isinstance(target, Point):
            point, transform = self._on_screen(target)
            self.tap_device(point)
            return FindResult(Empty(), tapped=point, transform=transform)
        if isinstance(target, Element):
            point, transform = self._on_screen(target.center)
            self.tap_device(point)
            notes = self._remember(target)
            return FindResult(Found((target,)), tapped=point, notes=notes, transform=transform)
        if isinstance(target, FindResult):
            result = target
        elif isinstance(target, (str, Selector, Mapping)):
            result = self.find(target)
        elif isinstance(target, int) and not isinstance(target, bool):
            raise InvalidArgumentError(
                "tap(int) is gone: a Locator keeps no last result. Tap the result itself: "
                "locator.tap(result, nth=i)"
            )
        else:
            raise InvalidArgumentError(
                f"cannot tap a {type(target).__name__}: give a query, a FindResult, an Element, "
                "a Point or (x, y)"
            )
        if result.error is FindError.TIMEOUT:  # the one timeout type, as find reports it
            raise DeviceTimeoutError.from_result(result, self.budget_s)
        element = self._choose(result, nth, first)
        point, _ = self._on_screen(element.center)
        self.tap_device(point)
        notes = self._apply_on_tap(result) + self._remember(element)
        return attrs.evolve(result, tapped=point, notes=(*result.notes, *notes), on_tap=())

    @staticmethod
    def _choose(result: FindResult, nth: int | None, first: bool) -> Element:
        """The one element a tap acts on (see :meth:`tap`)."""
        if not isinstance(result.outcome, Found):
            raise NotResolvedError(result)
        count = len(result.elements)
        if nth is not None:
            if not 0 <= nth < count:
                raise FollowUpError(
                    f"element index {nth} is out of range: the result has {count}"
                )
            return result.elements[nth]
        if count > 1 and not first:
            labels = ", ".join(
                repr(e.label or e.short_id or e.class_name) for e in result.elements[:5]
            )
            query = f" {result.query.describe()}" if result.query is not None else ""
            more = ", ..." if count > 5 else ""
            raise AmbiguousError(
                f"the query{query} matches {count} elements ({labels}{more}): "
                "say which with nth=INDEX or first=True",
                result=result,
                count=count,
            )
        return result.elements[0]

    def tap_device(self, point: Point) -> None:
        """Tap at ``point`` in device pixels, within the budget: the one place where every tap
        (:meth:`tap`, the agent tools) reaches the backend. Raises
        :class:`~iconfind.DeviceTimeoutError` (``device:tap``) when the device does not answer
        in time."""
        deadline = Deadline.after(self.budget_s)
        device_call(self.backend, "tap", lambda: self.backend.tap(point.x, point.y), deadline)

    @staticmethod
    def _apply_on_tap(result: FindResult) -> tuple[str, ...]:
        """Run the writes the result's find deferred to its tap (memory learning)."""
        notes: list[str] = []
        for write in result.on_tap:
            try:
                write()
            except IconfindError as exc:  # the tap happened; memory failing must not hide that
                notes.append(f"memory: not updated ({exc})")
        return tuple(notes)

    def _remember(self, element: Element) -> tuple[str, ...]:
        """With ``memory``: record a hit for the tapped element; notes for the result."""
        if self.memory is None:
            return ()
        from iconfind.memory.feedback import record_tap  # optional part, imported on use

        try:
            return record_tap(self.memory, self.backend, element)
        except IconfindError as exc:  # the tap happened; memory failing must not hide that
            return (f"memory: tap not recorded ({exc})",)

    def input_text(self, text: str) -> None:
        """Type ``text`` into whatever has focus; :class:`DeviceTimeoutError` if it hangs."""
        deadline = Deadline.after(self.budget_s)
        device_call(self.backend, "input", lambda: self.backend.input_text(text), deadline)

    def input(
        self,
        text: str,
        target: QueryLike | FindResult | Element | Point | tuple[int, int] | None = None,
        *,
        nth: int | None = None,
        first: bool = False,
    ) -> FindResult:
        """Type ``text``; with a ``target`` (anything :meth:`tap` takes, as strictly), tap it
        first."""
        if target is None:
            self.input_text(text)
            return FindResult(Empty())
        result = self.tap(target, nth=nth, first=first)
        self.input_text(text)
        return result

    # -- ui operations (iconfind.operations) ---------------------------------------------------

    def screenshot(
        self,
        path: str | Path | None = None,
        *,
        inline: bool = False,
        scaling: Scaling | None = None,
    ) -> operations.Screenshot:
        """Capture the screen to ``path`` (or inline base64), scaled by ``scaling``, else the
        Locator's scaling, else 1000 px. Carries device/image sizes and the scale factor."""
        chosen = scaling or self.scaling or Scaling()
        from iconfind import operations

        return operations.take_screenshot(
            self.backend, path=path, inline=inline, scaling=chosen, budget_s=self.budget_s
        )

    def accessibility_check(self) -> operations.AccessibilityReport:
        """Clickables lacking labels or ids, or under 48 dp (see :mod:`iconfind.operations`)."""
        from iconfind import operations

        return operations.accessibility_check(self.backend, budget_s=self.budget_s)

    def visual_snapshot(self) -> operations.VisualSnapshot:
        """Inline screenshot plus screen and app metadata, for vision models."""
        from iconfind import operations

        return operations.visual_snapshot(
            self.backend, scaling=self.scaling or Scaling(), budget_s=self.budget_s
        )

    # -- dump ----------------------------------------------------------------------------------

    def dump(self) -> FindResult:
        """The whole accessibility tree as a result: :class:`Found` with every element, or
        :class:`Empty` with ``accessibility_unavailable`` when there is no tree."""
        screen = Screen(self.backend, Deadline.after(self.budget_s))
        try:
            elements = screen.hierarchy
            if elements is None:
                return FindResult(Empty(source="accessibility"), accessibility_unavailable=True)
            transform = self.transform(screen)
        except DeviceTimeoutError as exc:
            return FindResult.from_timeout(exc)
        outcome = Found(elements, source="accessibility") if elements else Empty("accessibility")
        return FindResult(outcome, transform=transform)

    # -- follow-ups ----------------------------------------------------------------------------

    def pick(self, result: FindResult, index: int, *, check_screen: bool = True) -> FindResult:
        """Resolve tier-4 candidate ``index`` of ``result`` to an element and tap point.

        Medium confidence, source ``visual``. Raises :class:`FollowUpError` when ``result`` has
        no candidates, when ``index`` is out of range, or (with ``check_screen``, one screenshot)
        when the screen has changed since ``result`` was computed: its candidates would point at
        whatever is there now.
        """
        outcome = result.outcome
        if not isinstance(outcome, Candidates):
            what = (
                f"it resolved at tier {outcome.tier} with {len(outcome.elements)} element(s)"
                if isinstance(outcome, Found)
                else f"it ended with {outcome.error.value}"
                if outcome.kind == "failure"
                else "it offers a grid (answer with grid_cell / grid_position)"
                if isinstance(outcome, GridStep)
                else "it is empty"
            )
            raise FollowUpError(f"nothing to pick: this result has no candidates ({what})")
        count = len(outcome.candidates)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            raise FollowUpError(
                f"candidate index {index} is out of range: the result has {count} "
                f"candidate{'s' if count != 1 else ''} (0-{count - 1})"
            )
        if check_screen and result.screen_id is not None:
            screen = Screen(self.backend, Deadline.after(self.budget_s))
            if screen.fingerprint != result.screen_id:
                raise FollowUpError(
                    "stale result: the screen has changed since this find; run find again "
                    "and pick from the new candidates"
                )
        return _picked(result, outcome, index)

    def _resolve_with_picker(
        self, picker: Picker, request: Query, screen: Screen, result: FindResult
    ) -> FindResult:
        """Answer a next step with the picker on the same screen: one pick for tier 4, cell then
        position for tier 5. A picker that answers ``None`` leaves the step to the caller."""
        selector = request.selector
        outcome = result.outcome
        if isinstance(outcome, Candidates):
            index = picker.pick_candidate(selector, outcome.candidates)
            screen.deadline.check("picker")
            if index is None:
                return attrs.evolve(result, notes=(*result.notes, "the picker chose none"))
            if index not in range(len(outcome.candidates)):
                raise FollowUpError(f"the picker chose candidate {index}, which does not exist")
            return _picked(result, outcome, index)
        if not isinstance(outcome, GridStep) or request.grid_position is not None:
            return result
        cell = request.grid_cell
        if cell is None:
            cell = picker.pick_grid_cell(selector, outcome.image)
            screen.deadline.check("picker")
            if cell is None:
                return attrs.evolve(result, notes=(*result.notes, "the picker chose no cell"))
            result = self._run_chain(Query(selector, grid_cell=cell), screen)
        zoomed = result.outcome
        if not isinstance(zoomed, GridStep):
            return result
        position = picker.pick_grid_position(selector, zoomed.image)
        screen.deadline.check("picker")
        if position is None:
            return attrs.evolve(result, notes=(*result.notes, "the picker chose no position"))
        return self._run_chain(Query(selector, grid_cell=cell, grid_position=position), screen)


def _picked(result: FindResult, outcome: Candidates, index: int) -> FindResult:
    """Candidate ``index`` of ``result`` as a found element (tier 4, medium confidence)."""
    candidate = outcome.candidates[index]
    element = candidate.element or Element(bounds=candidate.bounds, clickable=True)
    element = attrs.evolve(element, bounds=candidate.bounds)
    picked = Found((element,), source="visual", tier=4, confidence="medium")
    return attrs.evolve(result, outcome=picked)
