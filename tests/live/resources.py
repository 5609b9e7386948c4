"""Live things the web and X11 tests share: one Chromium, one page server, one Xvfb.

Each is started on first use and reused by every test (tests/live and the conformance
factories alike), which keeps the suite to one browser start on a 2-core machine. They are
stopped by :func:`shutdown` (tests/live's session fixture) and, whatever ran, at interpreter exit;
child processes also get SIGTERM if the test process dies (``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import functools
import http.server
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from iconfind.backends.web import Chromium, WebBackend

HERE = Path(__file__).resolve().parent
PAGES = HERE / "pages"
TK_APP = HERE / "tk_app.py"
FONT_AWESOME = Path("/usr/share/fonts-font-awesome")
"""Font Awesome 4.7 as Debian installs it, served to the pages as ``font-awesome/``."""
WAIT_S = 15.0
"""How long to wait for a program to come up or to react: generous, only spent on failure."""

_lock = threading.RLock()
_chromium: Chromium | None = None
_server: tuple[http.server.ThreadingHTTPServer, Path] | None = None
_xvfb: tuple[subprocess.Popen[bytes], str] | None = None


def _die_with_parent() -> None:
    """In the child, before exec: get SIGTERM when the test process dies."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def chromium() -> Chromium:
    """The shared headless Chromium (Debian's /usr/bin/chromium)."""
    global _chromium
    with _lock:
        if _chromium is None:
            _chromium = Chromium()
        return _chromium


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def base_url() -> str:
    """``http://127.0.0.1:PORT/`` of a server for copies of tests/live/pages on a free port."""
    global _server
    with _lock:
        if _server is None:
            root = Path(tempfile.mkdtemp(prefix="iconfind-pages-"))
            for page in PAGES.glob("*.html"):
                shutil.copy(page, root / page.name)
            if FONT_AWESOME.is_dir():  # Debian's fonts-font-awesome: css/ and fonts/
                (root / "font-awesome").symlink_to(FONT_AWESOME, target_is_directory=True)
            handler = functools.partial(_QuietHandler, directory=str(root))
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            threading.Thread(target=server.serve_forever, name="pages", daemon=True).start()
            _server = (server, root)
        server, _root = _server
        return f"http://127.0.0.1:{server.server_address[1]}/"


def open_page(
    name: str, *, viewport: tuple[int, int] = (800, 600), device_scale_factor: float = 1.0
) -> WebBackend:
    """A fresh page (own browser context) in the shared Chromium, loaded with pages/NAME."""
    return WebBackend(
        base_url() + name,
        browser=chromium(),
        viewport=viewport,
        device_scale_factor=device_scale_factor,
    )


def clicks(backend: WebBackend) -> list[str]:
    """What the page's own click handlers recorded (``window.clicks``)."""
    return list(backend.evaluate("window.clicks"))


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """A new ``Xvfb -screen 0 1024x768x24`` and its ``":N"``."""
    read_fd, write_fd = os.pipe()
    # -displayfd: Xvfb picks the first free display itself and reports it, race-free
    # against other X servers started in parallel (probing /tmp/.X11-unix is not).
    process = subprocess.Popen(
        [
            "Xvfb",
            "-displayfd",
            str(write_fd),
            "-screen",
            "0",
            "1024x768x24",
            "-nolisten",
            "tcp",
        ],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=_die_with_parent,
    )
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as pipe:
        number = pipe.readline().strip().decode()
    if not number.isdigit():
        process.kill()
        raise RuntimeError("Xvfb did not report a display number")
    return process, f":{number}"


def stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate ``process`` (kill it after 5 s) unless it has already exited."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def private_xvfb() -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """An Xvfb of the caller's own (to kill mid-test), stopped on exit if still running."""
    if shutil.which("Xvfb") is None:
        raise RuntimeError("Xvfb is not installed (apt-get install xvfb)")
    process, display = _start_xvfb()
    try:
        yield process, display
    finally:
        stop(process)


def xvfb_display() -> str:
    """``":N"`` of a shared ``Xvfb -screen 0 1024x768x24`` on a display number it chose free."""
    global _xvfb
    with _lock:
        if _xvfb is None:
            if shutil.which("Xvfb") is None:
                raise RuntimeError("Xvfb is not installed (apt-get install xvfb)")
            _xvfb = _start_xvfb()
        return _xvfb[1]


@contextlib.contextmanager
def tk_app(out_dir: Path) -> Iterator[Path]:
    """Run tests/live/tk_app.py on the shared Xvfb; yields the file its clicks are logged to."""
    display = xvfb_display()
    log = out_dir / "tk_clicks.log"
    log.write_text("", encoding="utf-8")
    python = sys.executable if _has_tkinter(sys.executable) else "/usr/bin/python3"
    process = subprocess.Popen(
        [python, str(TK_APP), str(log)],
        env={**os.environ, "DISPLAY": display},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=_die_with_parent,
    )
    try:
        wait_for_line(log, "ready")
        yield log
    finally:
        stop(process)


@functools.cache
def _has_tkinter(python: str) -> bool:
    probe = subprocess.run([python, "-c", "import tkinter"], capture_output=True, check=False)
    return probe.returncode == 0


def log_lines(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines()


def wait_for_line(log: Path, line: str, count: int = 1) -> bool:
    """Wait until ``log`` holds ``line`` ``count`` times (the program reacts asynchronously)."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        if log_lines(log).count(line) >= count:
            return True
        time.sleep(0.05)
    return False


def shutdown() -> None:
    """Stop everything started here. Safe to call twice; things restart on next use."""
    global _chromium, _server, _xvfb
    with _lock:
        if _chromium is not None:
            _chromium.close()
            _chromium = None
        if _server is not None:
            server, root = _server
            server.shutdown()
            server.server_close()
            shutil.rmtree(root, ignore_errors=True)
            _server = None
        if _xvfb is not None:
            stop(_xvfb[0])
            _xvfb = None


atexit.register(shutdown)
