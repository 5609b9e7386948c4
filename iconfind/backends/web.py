"""A web page in Chromium, driven by Playwright: the browser's accessibility tree, real clicks.

Playwright's sync API is bound to the thread that started it, while the
:class:`~iconfind.Locator` calls backends from a budget thread. So every Playwright call here runs
on one dedicated worker thread owned by a :class:`Chromium` (the browser process and its
Playwright driver), and :class:`WebBackend` hands work to it. Several backends may share one
:class:`Chromium`, which keeps a test suite to a single browser start.

Elements come from two CDP calls per capture: ``Accessibility.getFullAXTree`` (roles, accessible
names, states) joined on ``backendDOMNodeId`` with ``DOMSnapshot.captureSnapshot`` (layout boxes,
attributes, click listeners, the ``cursor`` style). Bounds are device pixels: CSS pixels of the
viewport times ``devicePixelRatio``, the pixels of :meth:`WebBackend.screenshot`.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import contextlib
import logging
import os
import queue
import signal
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit

import attrs
from PIL import Image

from iconfind._deadline import current as current_deadline
from iconfind._deadline import current_timeout, device_phase
from iconfind._decode import open_rgb
from iconfind.backends.base import BackendInfo
from iconfind.errors import BackendError, InvalidArgumentError
from iconfind.evidence import (
    CONCEPT_PREFIX,
    EvidenceTable,
    is_private_use,
    strip_private_use,
)
from iconfind.models import Bounds, Element

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

T = TypeVar("T")
log = logging.getLogger(__name__)

DEFAULT_EXECUTABLE = "/usr/bin/chromium"
EXECUTABLE_ENV = "ICONFIND_CHROMIUM"
"""Environment variable naming the Chromium binary (the CLI's ``--browser`` overrides it)."""


def default_executable() -> str:
    """``$ICONFIND_CHROMIUM`` when set, else Debian's :data:`DEFAULT_EXECUTABLE`."""
    return os.environ.get(EXECUTABLE_ENV) or DEFAULT_EXECUTABLE


def parse_viewport(text: str) -> tuple[int, int]:
    """``"1280x800"`` -> ``(1280, 800)``; raises :class:`~iconfind.InvalidArgumentError`."""
    width, sep, height = text.strip().lower().partition("x")
    if not (sep and width.isdigit() and height.isdigit() and int(width) and int(height)):
        raise InvalidArgumentError(f"a viewport looks like 1280x800 (CSS pixels), not {text!r}")
    return int(width), int(height)

DEFAULT_VIEWPORT = (1280, 800)
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)
"""Flags for a quiet, offline-friendly Chromium (no sandbox: CI containers often lack userns)."""
CALL_TIMEOUT_S = 60.0
"""The longest one page call may take. Playwright bounds navigation, clicks and screenshots
itself (30 s), but not ``evaluate`` or CDP calls: on a page whose script never yields they would
wait forever."""
SETTLE_S = 2.0
"""The longest :meth:`WebBackend.settle` waits before a capture (network idle, frames still)."""
SETTLE_FRAME_GAP_S = 0.1
"""Two frames this far apart that are identical mean the page has stopped moving."""
CLOSE_TIMEOUT_S = 5.0
"""How long closing waits for the Playwright thread. A thread stuck on a hung page is left
behind (a daemon); the Playwright driver and its browser end with the process."""

CLICKABLE_ROLES = frozenset(
    {
        "button",
        "link",
        "checkbox",
        "radio",
        "switch",
        "tab",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "option",
        "combobox",
        "PopUpButton",
        "ToggleButton",
    }
)
SNAPSHOT_STYLES = ("cursor", "content", "font-family")
"""Computed styles read per layout box: the pointer cursor, and the ``content`` and font of
``::before``/``::after`` boxes (icon-font glyphs drawn by CSS)."""
CONTAINER_ROLES = frozenset(
    {
        "dialog",
        "alertdialog",
        "region",
        "group",
        "form",
        "navigation",
        "complementary",
        "tabpanel",
        "document",
        "article",
        "search",
        "main",
        "banner",
        "contentinfo",
    }
)
"""Roles whose ``aria-labelledby`` name is another element's text: for that text the label
element is the target, so the container keeps the name only as a hint."""
_HINT_ATTRIBUTES = (
    "id",
    "class",
    "name",
    "placeholder",
    "title",
    "alt",
    "aria-label",
    "aria-description",
    "aria-roledescription",
    "data-testid",
    "data-test-id",
    "data-test",
    "data-cy",
    "data-qa",
    "data-icon",
    "href",
    "xlink:href",
)
"""Attributes read as evidence (``href`` only of SVG ``<use>``, see :func:`_hint_values`)."""
_REFERENCE_ATTRIBUTES = ("aria-labelledby", "aria-describedby")
_FORM_CONTROLS = frozenset({"INPUT", "SELECT", "TEXTAREA", "BUTTON"})
_SKIPPED_ROLES = frozenset({"InlineTextBox", "LineBreak"})
_TEXT_ROLES = frozenset({"StaticText"})
_EDITABLE_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton"})


class _Worker:
    """One daemon thread that runs every call it is given, in order.

    Not a ``ThreadPoolExecutor``: its threads stop accepting work before ``atexit`` handlers
    run, and the handler that closes forgotten browsers needs this thread to still answer.
    """

    def __init__(self, name: str) -> None:
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]] | None] = (
            queue.SimpleQueue()
        )
        self.thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            call, future = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(call())
            except BaseException as exc:  # handed to the submitter through the future
                future.set_exception(exc)

    def call(self, call: Callable[[], T], timeout: float | None = None) -> T:
        if threading.current_thread() is self.thread:
            return call()
        future: Future[T] = Future()
        self._jobs.put((call, future))
        return future.result(timeout=timeout)

    def stop(self, timeout: float) -> None:
        self._jobs.put(None)
        if threading.current_thread() is not self.thread:
            self.thread.join(timeout=timeout)


_OPEN: weakref.WeakSet[Chromium] = weakref.WeakSet()


@atexit.register
def _close_forgotten() -> None:
    """No browser outlives the process, even when a script forgot :meth:`Chromium.close`."""
    for chromium in list(_OPEN):
        chromium.close()


class Chromium:
    """A headless (or headed) Debian Chromium and the Playwright thread that drives it.

    Launches ``executable_path`` (default ``$ICONFIND_CHROMIUM``, else ``/usr/bin/chromium``) —
    never a downloaded browser — with :data:`CHROMIUM_ARGS`.
    Use it as a context manager or call :meth:`close` (browsers still open at interpreter exit
    are closed then); share one between several :class:`WebBackend` objects with
    ``WebBackend(url, browser=chromium)``. :meth:`close` waits at most ``close_timeout``
    seconds for a Playwright thread stuck on a hung page.
    """

    def __init__(
        self,
        *,
        executable_path: str | None = None,
        headless: bool = True,
        args: Sequence[str] = CHROMIUM_ARGS,
        close_timeout: float = CLOSE_TIMEOUT_S,
        cdp_endpoint: str | None = None,
    ) -> None:
        executable_path = executable_path or default_executable()
        self.cdp_endpoint = cdp_endpoint
        """Set when connected to a running Chromium (``http://127.0.0.1:9222``) instead of
        launching one; :meth:`close` then only disconnects."""
        self.executable_path = executable_path
        self.close_timeout = close_timeout
        self._worker = _Worker("iconfind-chromium")
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self._closed = False
        try:
            self.run(lambda: self._start(executable_path, headless, list(args)))
        except BaseException:
            self.close()
            raise
        _OPEN.add(self)

    def _start(self, executable_path: str, headless: bool, args: list[str]) -> None:
        try:
            from playwright.sync_api import Error as PlaywrightError
            from playwright.sync_api import sync_playwright
        except ImportError:
            raise BackendError(
                "the web backend needs Playwright: pip install 'iconfind[web]'", phase="launch"
            ) from None
        try:
            self._playwright = sync_playwright().start()
            if self.cdp_endpoint is not None:
                self._browser = self._playwright.chromium.connect_over_cdp(
                    self.cdp_endpoint, timeout=CALL_TIMEOUT_S * 1000
                )
                return
            self._browser = self._playwright.chromium.launch(
                executable_path=executable_path, headless=headless, args=args
            )
        except PlaywrightError as exc:
            raise BackendError(
                f"cannot start Chromium at {executable_path}: {_first_line(exc)}", phase="launch"
            ) from None

    def _kill_driver(self) -> None:
        """End the Playwright driver (and with its pipe, the browser) when its thread is stuck;
        the stuck call then fails and the thread ends."""
        pid = _driver_pid(self._playwright)
        if pid is None:
            log.warning("Playwright's driver not found: the browser ends with this process")
            return
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else "running"
        return f"Chromium({self.executable_path!r}, {state})"

    @property
    def browser(self) -> Browser:
        """The Playwright ``Browser``; use it only inside :meth:`run`."""
        if self._browser is None or self._closed:
            raise BackendError("this Chromium is closed", phase="browser")
        return self._browser

    def run(
        self, call: Callable[[], T], *, timeout: float | None = None, phase: str = "browser"
    ) -> T:
        """Run ``call`` on the Playwright thread and return its result (or raise its error).

        With ``timeout``, a call that has not finished by then raises
        :class:`~iconfind.BackendError` (``phase``); it keeps the thread until it returns.
        """
        if self._closed:
            raise BackendError("this Chromium is closed", phase=phase)
        try:
            return self._worker.call(call, timeout=timeout)
        except concurrent.futures.TimeoutError:
            deadline = current_deadline()
            if deadline is not None and deadline.expired:  # the find's budget, not call_timeout
                raise deadline.error(device_phase(phase)) from None
            raise BackendError(
                f"Chromium did not answer within {timeout:g}s (is the page hung?)", phase=phase
            ) from None

    def new_page(
        self,
        viewport: tuple[int, int] = DEFAULT_VIEWPORT,
        device_scale_factor: float = 1.0,
    ) -> Page:
        """A fresh page in its own browser context (cookies and storage not shared)."""
        width, height = viewport

        def make() -> Page:
            context = self.browser.new_context(
                viewport={"width": width, "height": height},
                device_scale_factor=device_scale_factor,
            )
            return context.new_page()

        return self.run(make, timeout=CALL_TIMEOUT_S, phase="launch")

    def close(self) -> None:
        """Close the browser and stop Playwright and the worker thread. Idempotent."""
        if self._closed:
            return

        def stop() -> None:
            try:
                if self._browser is not None and self.cdp_endpoint is None:
                    self._browser.close()  # connected: disconnecting leaves the browser running
            finally:
                if self._playwright is not None:
                    self._playwright.stop()

        try:
            if self._playwright is not None:
                self._worker.call(stop, timeout=self.close_timeout)
        except concurrent.futures.TimeoutError:
            log.warning("Chromium did not close within %gs (a hung page?)", self.close_timeout)
            self._kill_driver()
        finally:
            self._closed = True
            self._browser = None
            self._playwright = None
            self._worker.stop(self.close_timeout)
            _OPEN.discard(self)


class WebBackend:
    """A Chromium page as a :class:`~iconfind.DeviceBackend`.

    - ``WebBackend("http://127.0.0.1:8000/")`` launches its own Chromium (closed by
      :meth:`close`), opens a page with ``viewport`` (CSS pixels) and ``device_scale_factor``,
      and loads ``url``.
    - ``WebBackend(url, browser=chromium)`` opens the page in a shared :class:`Chromium`.
    - ``WebBackend(page=page, browser=chromium)`` drives a page made by ``chromium.new_page()``
      (``url``, when given, is loaded into it). Pages are bound to their Playwright thread, so a
      page from your own ``sync_playwright()`` cannot be driven by the Locator's budget thread.

    Coordinates are device pixels (CSS pixels x ``devicePixelRatio``). Use it as a context
    manager or call :meth:`close`. :meth:`run` and :meth:`evaluate` reach the page for anything
    else (reading state in tests, logging in first). A page call that takes longer than
    ``call_timeout`` seconds (a script that never yields) raises :class:`~iconfind.BackendError`
    with its phase; the Locator's own budget is usually shorter still.

    Before the first capture after loading, tapping or typing, the page is given up to
    ``settle_s`` seconds (default 2; 0 turns it off) to settle (:meth:`settle`): network idle,
    then two identical frames in a row, so a find does not read a chart mid-animation and a
    ``pick`` right after it does not see a "changed" screen. A page that never settles (an
    endless animation) is captured as it is when the time is up.
    """

    def __init__(
        self,
        url: str | None = None,
        page: Page | None = None,
        *,
        browser: Chromium | None = None,
        executable_path: str | None = None,
        viewport: tuple[int, int] = DEFAULT_VIEWPORT,
        device_scale_factor: float = 1.0,
        headless: bool = True,
        call_timeout: float = CALL_TIMEOUT_S,
        settle_s: float = SETTLE_S,
    ) -> None:
        self.call_timeout = call_timeout
        self.settle_s = settle_s
        self._settled = False
        if page is not None and browser is None:
            raise BackendError(
                "a page needs the Chromium it was made by: WebBackend(page=chromium.new_page(), "
                "browser=chromium)",
                phase="launch",
            )
        if viewport[0] <= 0 or viewport[1] <= 0 or device_scale_factor <= 0:
            raise BackendError(
                f"viewport {viewport} and device_scale_factor {device_scale_factor} must be "
                "positive",
                phase="launch",
            )
        self._owns_browser = browser is None
        self._chromium = browser or Chromium(executable_path=executable_path, headless=headless)
        self._owns_page = page is None
        self._page: Page | None = None
        try:
            self._page = page or self._chromium.new_page(viewport, device_scale_factor)
            if url is not None:
                self.goto(url)
        except BaseException:
            self.close()
            raise

    @classmethod
    def connect(
        cls,
        cdp_endpoint: str,
        *,
        url_contains: str | None = None,
        target_id: str | None = None,
        settle_s: float = SETTLE_S,
    ) -> WebBackend:
        """Drive a page of a Chromium that is already running, over CDP (``cdp_endpoint`` like
        ``http://127.0.0.1:9222``: a browser started with ``--remote-debugging-port=9222``).

        The page is the one with that CDP ``target_id``, else the one whose URL contains
        ``url_contains``, else the only page open; anything else is a
        :class:`~iconfind.BackendError` listing the pages. :meth:`close` disconnects and leaves
        the browser and its pages running."""
        chromium = Chromium(cdp_endpoint=cdp_endpoint)
        try:
            page = chromium.run(
                lambda: _pick_page(chromium.browser, url_contains, target_id),
                timeout=CALL_TIMEOUT_S,
                phase="connect",
            )
            backend = cls(page=page, browser=chromium, settle_s=settle_s)
        except BaseException:
            chromium.close()
            raise
        backend._owns_browser = True  # our connection, not the browser: close() disconnects
        return backend

    @classmethod
    def attach(
        cls, page: Page, *, cdp_endpoint: str | None = None, settle_s: float = SETTLE_S
    ) -> WebBackend:
        """Drive ``page``, a page of your own Playwright session (pytest-playwright's ``page``).

        Playwright pages are bound to the thread that made them and the Locator works from
        others, so the same page is reached over CDP: call this from the page's thread, on a
        browser launched with ``args=["--remote-debugging-port=9222"]``, with ``cdp_endpoint``
        (``"http://127.0.0.1:9222"``; without it the port is read from the browser's command
        line, which Chromium reveals only with ``--enable-automation``). Your session keeps the
        page; :meth:`close` only disconnects."""
        from playwright.sync_api import Error as PlaywrightError

        try:
            session = page.context.new_cdp_session(page)
            try:
                target = session.send("Target.getTargetInfo")["targetInfo"]["targetId"]
            finally:
                session.detach()
            if cdp_endpoint is None:
                browser = page.context.browser
                if browser is None:
                    raise BackendError("the page has no browser to reach", phase="attach")
                browser_session = browser.new_browser_cdp_session()
                try:
                    arguments = browser_session.send("Browser.getBrowserCommandLine")["arguments"]
                except PlaywrightError:  # Chromium tells only with --enable-automation
                    arguments = []
                finally:
                    browser_session.detach()
                cdp_endpoint = _endpoint_from_arguments(arguments)
        except PlaywrightError as exc:
            reason = _first_line(exc)
            raise BackendError(f"cannot reach the page: {reason}", phase="attach") from None
        return cls.connect(cdp_endpoint, target_id=target, settle_s=settle_s)

    # -- lifecycle ------------------------------------------------------------------------------

    def __enter__(self) -> WebBackend:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"WebBackend({self._url_or_blank()!r})"

    def _url_or_blank(self) -> str:
        try:
            return self.run(lambda page: page.url)
        except BackendError:
            return "(closed)"

    def close(self) -> None:
        """Close the page if this backend opened it, and the browser if it launched it."""
        chromium = getattr(self, "_chromium", None)
        page = getattr(self, "_page", None)
        if chromium is None:
            return
        try:
            if page is not None and self._owns_page and not chromium._closed:
                chromium.run(
                    lambda: page.context.close(), timeout=chromium.close_timeout, phase="close"
                )
        except BackendError as exc:  # a hung page: leave it to the browser's own shutdown
            log.warning("page not closed: %s", exc)
        finally:
            if self._owns_browser:
                chromium.close()
            self._page = None

    # -- reaching the page -----------------------------------------------------------------------

    def run(self, call: Callable[[Page], T], *, phase: str = "page") -> T:
        """Run ``call(page)`` on the Playwright thread; Playwright errors become BackendError."""
        from playwright.sync_api import Error as PlaywrightError

        page = self._page
        if page is None:
            raise BackendError("this web backend is closed", phase=phase)
        try:
            # What is left of the find's deadline, at most call_timeout: Chromium is not waited
            # on past the find (the Locator's serial worker is then free for the next call).
            timeout = current_timeout(self.call_timeout)
            return self._chromium.run(lambda: call(page), timeout=timeout, phase=phase)
        except PlaywrightError as exc:
            raise BackendError(f"Chromium: {_first_line(exc)}", phase=phase) from None

    def evaluate(self, expression: str, arg: Any = None) -> Any:
        """``page.evaluate(expression, arg)`` on the page's thread."""
        return self.run(lambda page: page.evaluate(expression, arg), phase="evaluate")

    def goto(self, url: str) -> None:
        """Load ``url`` and wait for its ``load`` event."""
        self.run(lambda page: page.goto(url, wait_until="load"), phase="goto")
        self._settled = False

    def settle(self, timeout_s: float | None = None) -> bool:
        """Wait, at most ``timeout_s`` (default ``settle_s``), until the network is idle and two
        frames :data:`SETTLE_FRAME_GAP_S` apart are identical. Returns whether the page settled
        in time; never raises for a page that keeps moving."""
        from playwright.sync_api import Error as PlaywrightError

        budget = self.settle_s if timeout_s is None else timeout_s
        if budget <= 0:
            return True

        def wait(page: Page) -> bool:
            deadline = time.monotonic() + budget
            with contextlib.suppress(PlaywrightError):  # still busy: go on to the frames
                page.wait_for_load_state("networkidle", timeout=budget * 1000)
            previous = None
            while time.monotonic() < deadline:
                frame = page.screenshot(type="png", scale="css", animations="allow")
                if frame == previous:
                    return True
                previous = frame
                page.wait_for_timeout(SETTLE_FRAME_GAP_S * 1000)
            return False

        settled = self.run(wait, phase="settle")
        if not settled:
            log.info("page still changing after %gs: captured as it is", budget)
        return settled

    def _settle_once(self) -> None:
        """Settle before the first capture since the page last changed hands (load, input)."""
        if not self._settled:
            self.settle()
            self._settled = True

    @property
    def url(self) -> str:
        return self.run(lambda page: page.url)

    # -- DeviceBackend ---------------------------------------------------------------------------

    def _metrics(self, page: Page) -> tuple[float, float, float]:
        raw = page.evaluate(
            "() => [window.innerWidth, window.innerHeight, window.devicePixelRatio]"
        )
        size = page.viewport_size
        width, height = (size["width"], size["height"]) if size else (raw[0], raw[1])
        return float(width), float(height), float(raw[2])

    def device_pixel_ratio(self) -> float:
        """The page's ``devicePixelRatio``: device pixels per CSS pixel."""
        return self.run(lambda page: self._metrics(page)[2], phase="screen_size")

    def screen_size(self) -> tuple[int, int]:
        width, height, ratio = self.run(self._metrics, phase="screen_size")
        return round(width * ratio), round(height * ratio)

    def screenshot(self) -> Image.Image:
        self._settle_once()
        # Read here, on the caller's thread, where the find's deadline is active. Playwright
        # counts milliseconds, and 0 would mean "no timeout".
        timeout_ms = max(1.0, current_timeout(self.call_timeout) * 1000)

        def shoot(page: Page) -> tuple[bytes, tuple[int, int]]:
            width, height, ratio = self._metrics(page)
            data = page.screenshot(
                type="png",
                scale="device",
                animations="disabled",
                timeout=timeout_ms,
            )
            return data, (round(width * ratio), round(height * ratio))

        data, size = self.run(shoot, phase="screenshot")
        rgb = open_rgb(data, "browser screenshot")
        if rgb.size != size:  # fractional ratios can round one pixel differently
            rgb = rgb.resize(size)
        return rgb

    def hierarchy(self) -> list[Element] | None:
        self._settle_once()

        def capture(page: Page) -> tuple[dict[str, Any], dict[str, Any], float, str]:
            session = page.context.new_cdp_session(page)
            try:
                tree = session.send("Accessibility.getFullAXTree")
                snapshot = session.send(
                    "DOMSnapshot.captureSnapshot", {"computedStyles": list(SNAPSHOT_STYLES)}
                )
            finally:
                session.detach()
            return tree, snapshot, self._metrics(page)[2], page.url

        tree, snapshot, ratio, url = self.run(capture, phase="hierarchy")
        return elements_from_cdp(tree, snapshot, ratio, package=urlsplit(url).netloc) or None

    def tap(self, x: int, y: int) -> None:
        def click(page: Page) -> None:
            ratio = self._metrics(page)[2]
            page.mouse.click(x / ratio, y / ratio)

        self._settled = False
        self.run(click, phase="tap")

    def input_text(self, text: str) -> None:
        self._settled = False
        self.run(lambda page: page.keyboard.type(text), phase="input")

    def info(self) -> BackendInfo:
        """Platform web, the page's host as app, its title as window, devicePixelRatio."""

        def read(page: Page) -> tuple[str, str, float]:
            return page.url, page.title(), self._metrics(page)[2]

        url, title, ratio = self.run(read, phase="info")
        return BackendInfo(platform="web", app=urlsplit(url).netloc, window=title, density=ratio)


def _endpoint_from_arguments(arguments: Sequence[str]) -> str:
    """``http://127.0.0.1:N`` from a ``--remote-debugging-port=N`` flag (N > 0)."""
    for argument in arguments:
        name, _, value = argument.partition("=")
        if name == "--remote-debugging-port" and value.isdigit() and int(value) > 0:
            return f"http://127.0.0.1:{int(value)}"
    raise BackendError(
        "the page's browser shows no remote debugging port: launch it with "
        'args=["--remote-debugging-port=9222"] and pass cdp_endpoint="http://127.0.0.1:9222"',
        phase="attach",
    )


def _pick_page(browser: Browser, url_contains: str | None, target_id: str | None) -> Page:
    """The page :meth:`WebBackend.connect` asks for (runs on the Playwright thread)."""
    pages = [page for context in browser.contexts for page in context.pages]
    if target_id is not None:
        for page in pages:
            session = page.context.new_cdp_session(page)
            try:
                if session.send("Target.getTargetInfo")["targetInfo"]["targetId"] == target_id:
                    return page
            finally:
                session.detach()
        raise BackendError(f"no page with CDP target {target_id} in that browser", phase="connect")
    if url_contains is not None:
        pages = [page for page in pages if url_contains in page.url]
    if len(pages) != 1:
        urls = ", ".join(page.url for page in pages) or "none"
        raise BackendError(
            f"{len(pages)} pages match (give url_contains= or target_id=): {urls}",
            phase="connect",
        )
    return pages[0]


# -- CDP -> Element ---------------------------------------------------------------------------


class _DomIndex:
    """The main document of a ``DOMSnapshot.captureSnapshot`` reply, indexed by backend node id."""

    def __init__(self, snapshot: Mapping[str, Any]) -> None:
        self.strings: list[str] = list(snapshot.get("strings", []))
        documents = snapshot.get("documents") or [{}]
        document = documents[0]
        nodes = document.get("nodes", {})
        layout = document.get("layout", {})
        self.scroll = (
            float(document.get("scrollOffsetX", 0)),
            float(document.get("scrollOffsetY", 0)),
        )
        self.by_backend_id = {bid: i for i, bid in enumerate(nodes.get("backendNodeId", []))}
        self.parent: list[int] = list(nodes.get("parentIndex", []))
        self.attributes: list[list[int]] = list(nodes.get("attributes", []))
        self.clickable = set(nodes.get("isClickable", {}).get("index", []))
        self.node_type: list[int] = list(nodes.get("nodeType", []))
        self.node_name: list[int] = list(nodes.get("nodeName", []))
        self.node_value: list[int] = list(nodes.get("nodeValue", []))
        pseudo = nodes.get("pseudoType", {})
        self.pseudo: dict[int, str] = {
            node: self._string(kind)
            for node, kind in zip(pseudo.get("index", []), pseudo.get("value", []), strict=False)
        }
        self.children: dict[int, list[int]] = {}
        for node, parent in enumerate(self.parent):
            if parent >= 0:
                self.children.setdefault(parent, []).append(node)
        self.boxes: dict[int, tuple[float, float, float, float]] = {}
        self.cursor: dict[int, str] = {}
        self.font: dict[int, str] = {}
        self.glyph: dict[int, tuple[str, str]] = {}
        """Per ``::before``/``::after`` node: its computed ``content`` and ``font-family``."""
        for position, node in enumerate(layout.get("nodeIndex", [])):
            x, y, w, h = (float(v) for v in layout["bounds"][position])
            previous = self.boxes.get(node)
            if previous is not None:  # one node, several layout boxes: their union
                px, py, pw, ph = previous
                x2, y2 = max(px + pw, x + w), max(py + ph, y + h)
                x, y = min(px, x), min(py, y)
                w, h = x2 - x, y2 - y
            self.boxes[node] = (x, y, w, h)
            styles = layout.get("styles", [])
            if position < len(styles) and styles[position]:
                style = styles[position]
                self.cursor[node] = self._string(style[0])
                if len(style) >= 3:
                    self.font[node] = self._string(style[2])
                    content = self._string(style[1])
                    if node in self.pseudo and content not in ("", "none", "normal"):
                        self.glyph[node] = (content, self.font[node])

    def _string(self, index: int) -> str:
        return self.strings[index] if 0 <= index < len(self.strings) else ""

    def attrs(self, node: int) -> dict[str, str]:
        if node >= len(self.attributes):
            return {}
        flat = self.attributes[node]
        return {
            self._string(flat[i]): self._string(flat[i + 1]) for i in range(0, len(flat) - 1, 2)
        }

    def tag(self, node: int) -> str:
        return self._string(self.node_name[node]) if node < len(self.node_name) else ""

    def text(self, node: int, limit: int = 200) -> str:
        """The text content of ``node`` (its text nodes, pseudo-elements left out)."""
        parts: list[str] = []
        stack = [node]
        size = 0
        while stack and size < limit:
            current = stack.pop()
            if current in self.pseudo:
                continue
            if current < len(self.node_type) and self.node_type[current] == 3:
                value = self._string(self.node_value[current])
                parts.append(value)
                size += len(value)
            stack.extend(reversed(self.children.get(current, [])))
        return " ".join(" ".join(parts).split())[:limit]

    def starts_pointer(self, node: int) -> bool:
        """``cursor: pointer`` set on this node, not merely inherited from its parent."""
        if self.cursor.get(node) != "pointer":
            return False
        parent = self.parent[node] if node < len(self.parent) else -1
        return parent < 0 or self.cursor.get(parent) != "pointer"


def _ax_value(node: Mapping[str, Any], key: str) -> Any:
    value = node.get(key)
    return value.get("value") if isinstance(value, Mapping) else None


def _ax_properties(node: Mapping[str, Any]) -> dict[str, Any]:
    return {
        prop.get("name", ""): (prop.get("value") or {}).get("value")
        for prop in node.get("properties", [])
        if isinstance(prop, Mapping)
    }


def _name_from_contents(node: Mapping[str, Any]) -> bool:
    """Whether the accessible name is the element's own visible text (not aria-label, alt...)."""
    name = node.get("name")
    sources = name.get("sources", []) if isinstance(name, Mapping) else []
    for source in sources:
        if source.get("value") and not source.get("superseded"):
            return bool(source.get("type") == "contents")
    return False


def _name_from_labelledby(node: Mapping[str, Any]) -> bool:
    """Whether the accessible name comes from another element (``aria-labelledby``)."""
    name = node.get("name")
    sources = name.get("sources", []) if isinstance(name, Mapping) else []
    for source in sources:
        if source.get("value") and not source.get("superseded"):
            return bool(source.get("attribute") == "aria-labelledby")
    return False


def _quoted(content: str) -> str:
    """The string of a computed ``content`` value (``'"\uf0c9"'`` -> ``'\uf0c9'``); ``""`` for
    counters, ``attr()``, images and other non-string contents."""
    content = content.strip()
    if len(content) >= 2 and content[0] == content[-1] and content[0] in "\"'":
        return content[1:-1]
    return ""


def _own_hints(
    dom: _DomIndex, node: int, ids: Mapping[str, int], table: EvidenceTable
) -> list[str]:
    """The evidence one DOM element gives about itself: attributes, referenced texts, glyphs
    drawn by its ``::before``/``::after`` or typed in an icon font, icon-font ligatures."""
    tag = dom.tag(node)
    attributes = dom.attrs(node)
    hints: list[str] = []
    for key in _HINT_ATTRIBUTES:
        value = " ".join(attributes.get(key, "").split())
        if not value:
            continue
        if key in ("href", "xlink:href"):
            if tag.lower() != "use":
                continue
            value = value.rpartition("#")[2]
        hints.append(value[:200])
    if tag == "INPUT" and attributes.get("type", "text").lower() not in ("text", "hidden"):
        hints.append(attributes["type"])
    if tag == "IMG":
        source = attributes.get("src", "")
        if source and not source.startswith("data:"):
            stem = source.split("?")[0].rstrip("/").rpartition("/")[2].rpartition(".")[0]
            if stem:
                hints.append(stem[:100])
    for key in _REFERENCE_ATTRIBUTES:
        for ref in attributes.get(key, "").split():
            target = ids.get(ref)
            if target is not None:
                text = dom.text(target)
                if text:
                    hints.append(text)
    classes = attributes.get("class", "").casefold().split()
    for child in dom.children.get(node, []):
        glyph = dom.glyph.get(child)
        if glyph is not None:
            concept = table.glyph_concept(_quoted(glyph[0]), glyph[1])
            if concept is not None:
                hints.append(CONCEPT_PREFIX + concept)
        elif child < len(dom.node_type) and dom.node_type[child] == 3:
            value = dom._string(dom.node_value[child])
            if any(is_private_use(char) for char in value):
                concept = table.glyph_concept(value, dom.font.get(node, ""))
                if concept is not None:
                    hints.append(CONCEPT_PREFIX + concept)
    icon = attributes.get("data-icon", "")  # Font Awesome's SVG icons: data-icon="bars"
    concept = table.name_concept(icon) if icon else None
    if concept is not None:
        hints.append(CONCEPT_PREFIX + concept)
    if table.ligature_classes.intersection(classes):
        ligature = dom.text(node, limit=40)
        concept = table.name_concept(ligature) if ligature else None
        if concept is not None:
            hints.append(CONCEPT_PREFIX + concept)
    return hints


def _unlinked_labels(dom: _DomIndex) -> dict[int, str]:
    """Form controls named only by a nearby ``<label>`` that is not linked to them (no ``for``,
    control not inside): the nearest sibling control gets the label's text, as people read it."""
    found: dict[int, str] = {}
    for node in range(len(dom.node_name)):
        if dom.tag(node) != "LABEL" or "for" in dom.attrs(node):
            continue
        if _has_control_inside(dom, node):
            continue
        parent = dom.parent[node] if node < len(dom.parent) else -1
        siblings = [
            n for n in dom.children.get(parent, []) if dom.node_type[n] == 1 and n not in dom.pseudo
        ]
        if node not in siblings:
            continue
        at = siblings.index(node)
        # nearest first; at equal distance the control before the label (TodoMVC's order)
        order = sorted(
            (i for i in range(len(siblings)) if i != at), key=lambda i: (abs(i - at), i > at)
        )
        for sibling in (siblings[i] for i in order):
            if dom.tag(sibling) in ("INPUT", "SELECT", "TEXTAREA"):
                text = dom.text(node)
                if text:
                    found.setdefault(sibling, text)
                break
    return found


def _has_control_inside(dom: _DomIndex, node: int) -> bool:
    stack = list(dom.children.get(node, []))
    while stack:
        current = stack.pop()
        if dom.tag(current) in _FORM_CONTROLS:
            return True
        stack.extend(dom.children.get(current, []))
    return False


def _element_hints(
    dom: _DomIndex, kept: Mapping[int, int], table: EvidenceTable
) -> dict[int, tuple[str, ...]]:
    """Per element index, its hints. A DOM node that is no element of its own (an ignored
    ``<i aria-hidden>`` icon, a ``<use>``) gives its hints to the nearest kept ancestor within
    three levels, the button it decorates."""
    ids: dict[str, int] = {}
    for node in range(len(dom.attributes)):
        node_id = dom.attrs(node).get("id")
        if node_id:
            ids.setdefault(node_id, node)
    labels = _unlinked_labels(dom)
    collected: dict[int, list[str]] = {}
    for node in range(len(dom.node_name)):
        if node >= len(dom.node_type) or dom.node_type[node] != 1 or node in dom.pseudo:
            continue
        if node not in kept and node not in dom.boxes:
            continue  # not rendered (display: none): no evidence for anything on screen
        hints = _own_hints(dom, node, ids, table)
        if node in labels:
            hints.append(labels[node])
        if not hints:
            continue
        target: int | None = node
        for _ in range(4):
            if target is None or target < 0 or target in kept:
                break
            target = dom.parent[target] if target < len(dom.parent) else None
        if target is not None and target in kept:
            collected.setdefault(kept[target], []).extend(hints)
    return {index: tuple(dict.fromkeys(hints))[:24] for index, hints in collected.items()}


def _resource_id(attributes: Mapping[str, str]) -> str:
    for key in ("id", "data-testid", "data-test-id", "data-test"):
        if attributes.get(key, "").strip():
            return attributes[key].strip()
    return " ".join(attributes.get("class", "").split())


def _normal(text: str) -> str:
    return " ".join(text.split())


def elements_from_cdp(
    ax_tree: Mapping[str, Any],
    dom_snapshot: Mapping[str, Any],
    device_pixel_ratio: float,
    *,
    package: str = "",
) -> list[Element]:
    """Join a CDP accessibility tree and DOM snapshot into elements, in document order.

    Ignored and inline-text-box nodes are left out (their children move up to the nearest kept
    ancestor), as are nodes without a layout box, and text that only repeats its parent's name
    (a button's label). Name from contents becomes ``text``, a name from an attribute
    (aria-label, alt, title) ``content_desc``; an editable field's value is its ``text``.
    """
    dom = _DomIndex(dom_snapshot)
    kept: dict[int, int] = {}  # DOM node -> element index
    nodes: dict[str, Mapping[str, Any]] = {
        str(n["nodeId"]): n for n in ax_tree.get("nodes", []) if "nodeId" in n
    }
    roots = [n for n in nodes.values() if not n.get("parentId") or str(n["parentId"]) not in nodes]
    elements: list[Element] = []
    scroll_x, scroll_y = dom.scroll

    # (ax node id, kept parent index, depth, parent's name): an explicit stack, deep pages exist
    stack: list[tuple[str, int | None, int, str]] = [
        (str(root["nodeId"]), None, 0, "") for root in reversed(roots)
    ]
    while stack:
        node_id, parent, depth, parent_name = stack.pop()
        node = nodes.get(node_id)
        if node is None:
            continue
        role = str(_ax_value(node, "role") or "")
        name = str(_ax_value(node, "name") or "")
        dom_node = dom.by_backend_id.get(node.get("backendDOMNodeId", -1))
        box = dom.boxes.get(dom_node) if dom_node is not None else None
        keep = (
            not node.get("ignored")
            and role not in _SKIPPED_ROLES
            and box is not None
            and not (role in _TEXT_ROLES and _normal(name) == _normal(parent_name))
        )
        child_parent, child_depth, child_name = parent, depth, parent_name
        if keep and box is not None and dom_node is not None:
            x, y, w, h = box
            attributes = dom.attrs(dom_node)
            properties = _ax_properties(node)
            value = str(_ax_value(node, "value") or "")
            editable = role in _EDITABLE_ROLES
            from_contents = role in _TEXT_ROLES or _name_from_contents(node)
            name = strip_private_use(name)  # icon-font glyphs are icons, not labels
            value = strip_private_use(value)
            if editable:
                text, desc = value, name
            elif from_contents:
                text, desc = name, ""
            elif role in CONTAINER_ROLES and _name_from_labelledby(node):
                text, desc = "", ""  # the label element is the target for its own text
            else:
                text, desc = "", name
            index = len(elements)
            kept[dom_node] = index
            elements.append(
                Element(
                    bounds=Bounds.from_xywh(
                        (x - scroll_x) * device_pixel_ratio,
                        (y - scroll_y) * device_pixel_ratio,
                        w * device_pixel_ratio,
                        h * device_pixel_ratio,
                    ),
                    text=text,
                    content_desc=desc,
                    resource_id=_resource_id(attributes),
                    class_name=role,
                    package=package,
                    clickable=(
                        role in CLICKABLE_ROLES
                        or dom_node in dom.clickable
                        or (role not in _TEXT_ROLES and dom.starts_pointer(dom_node))
                    ),
                    enabled=properties.get("disabled") is not True,
                    focusable=properties.get("focusable") is True,
                    checkable="checked" in properties,
                    checked=properties.get("checked") in (True, "true", "mixed"),
                    selected=properties.get("selected") is True,
                    password=attributes.get("type", "").lower() == "password",
                    scrollable=False,
                    index=index,
                    depth=depth,
                    parent=parent,
                )
            )
            child_parent, child_depth, child_name = index, depth + 1, name
        children: Iterable[Any] = node.get("childIds", [])
        stack.extend(
            (str(child), child_parent, child_depth, child_name)
            for child in reversed(list(children))
        )
    hints = _element_hints(dom, kept, EvidenceTable.default())
    if hints:
        elements = [
            attrs.evolve(e, hints=hints[e.index]) if e.index in hints else e for e in elements
        ]
    return elements


def _driver_pid(playwright: Any) -> int | None:
    """The pid of Playwright's driver process, from the sync API's private plumbing (the
    context manager behind ``stop``, its client or connection, its pipe transport)."""
    manager = getattr(getattr(playwright, "stop", None), "__self__", None)
    for holder in ("_client", "_connection"):
        transport = getattr(getattr(manager, holder, None), "_transport", None)
        pid = getattr(getattr(transport, "_proc", None), "pid", None)
        if isinstance(pid, int):
            return pid
    return None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


__all__ = [
    "CALL_TIMEOUT_S",
    "CHROMIUM_ARGS",
    "CLOSE_TIMEOUT_S",
    "Chromium",
    "WebBackend",
    "elements_from_cdp",
]
