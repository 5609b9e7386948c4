"""A Linux desktop session of the tests' own: Xvfb, a D-Bus session bus, and the GTK program.

Everything is private to the caller (its own Xvfb, its own ``dbus-daemon --session``), so the
tree it serves holds only tests/live/gtk_app.py, whatever else runs on the machine. The session
bus is started with ``DISPLAY`` set: when the GTK program asks it for ``org.a11y.Bus``, it
starts Debian's ``at-spi-bus-launcher``, which runs the accessibility bus, publishes its address
as the display's ``AT_SPI_BUS`` root property, and has ``at-spi2-registryd`` started on it.
Stopping the session bus ends the launcher, the accessibility bus and the registry with it.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from attrs import frozen

from iconfind import Element
from iconfind.backends.atspi import AtspiTree
from iconfind.backends.x11 import X11Backend
from tests.live import resources

GTK_APP = resources.HERE / "gtk_app.py"
SYSTEM_PYTHON = "/usr/bin/python3"
"""Debian's Python, which has python3-gi and the GTK 3 typelib (the test venv need not)."""
APPEAR_S = 120.0
"""How long the program may take to show its tree: only spent when something is broken, and
generous because a loaded 2-core machine starts GTK, the bus launcher and the registry slowly."""
NEEDS = "apt-get install xvfb dbus-daemon at-spi2-core python3-gi gir1.2-gtk-3.0"


@frozen
class GtkSession:
    display: str
    """The private Xvfb's ``":N"``."""
    session_bus: str
    """``DBUS_SESSION_BUS_ADDRESS`` of the private session."""
    log: Path
    """What the program logs: "ready", then one line per button press."""


def _check_tools() -> None:
    missing = [tool for tool in ("Xvfb", "dbus-daemon") if shutil.which(tool) is None]
    if not Path(SYSTEM_PYTHON).exists():
        missing.append(SYSTEM_PYTHON)
    if missing:
        raise RuntimeError(f"the AT-SPI tests need {', '.join(missing)} ({NEEDS})")
    probe = subprocess.run(
        [SYSTEM_PYTHON, "-c", "import gi; gi.require_version('Gtk', '3.0')"],
        capture_output=True,
        check=False,
    )
    if probe.returncode != 0:
        raise RuntimeError(f"{SYSTEM_PYTHON} cannot load GTK 3 through gi ({NEEDS})")


def _read_line(fd: int, what: str) -> str:
    """One line from a pipe, waiting at most :data:`APPEAR_S`."""
    data = b""
    deadline = time.monotonic() + APPEAR_S
    while not data.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise RuntimeError(f"{what} did not report within {APPEAR_S:g}s")
        chunk = os.read(fd, 4096)
        if not chunk:
            raise RuntimeError(f"{what} exited before reporting")
        data += chunk
    return data.decode().strip()


@contextlib.contextmanager
def _session_bus(display: str, runtime_dir: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    read_fd, write_fd = os.pipe()
    # XDG_RUNTIME_DIR: where the launcher puts the accessibility bus's socket (else ~/.cache).
    env = {**os.environ, "DISPLAY": display, "XDG_RUNTIME_DIR": str(runtime_dir)}
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    env.pop("AT_SPI_BUS_ADDRESS", None)
    process = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", f"--print-address={write_fd}"],
        pass_fds=(write_fd,),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=resources._die_with_parent,
    )
    os.close(write_fd)
    try:
        try:
            address = _read_line(read_fd, "dbus-daemon")
        finally:
            os.close(read_fd)
        yield process, address
    finally:
        resources.stop(process)


def _gtk_app(display: str, bus: str, runtime_dir: Path, log: Path) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DISPLAY": display,
        "DBUS_SESSION_BUS_ADDRESS": bus,
        "XDG_RUNTIME_DIR": str(runtime_dir),
    }
    env.pop("NO_AT_BRIDGE", None)  # GTK would not load its AT-SPI bridge
    env.pop("AT_SPI_BUS_ADDRESS", None)
    env.pop("GDK_SCALE", None)
    return subprocess.Popen(
        [SYSTEM_PYTHON, str(GTK_APP), str(log)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=resources._die_with_parent,
    )


def wait_for_tree(desktop: X11Backend, label: str) -> list[Element]:
    """The tree once an element named ``label`` is in it (the program registers, then draws,
    asynchronously); fails after :data:`APPEAR_S` with what the reader last said."""
    deadline = time.monotonic() + APPEAR_S
    elements: list[Element] | None = None
    while time.monotonic() < deadline:
        elements = desktop.hierarchy()
        if elements and any(e.text == label for e in elements):
            return elements
        time.sleep(0.2)
    source = desktop._hierarchy_source
    why = source.last_failure if isinstance(source, AtspiTree) else None
    raise AssertionError(f"{label!r} never appeared in the tree: {elements!r} ({why})")


@contextlib.contextmanager
def gtk_session(out_dir: Path) -> Iterator[GtkSession]:
    """Xvfb + session bus + the GTK program, the program's tree showing; stopped on exit."""
    _check_tools()
    log = out_dir / "gtk_clicks.log"
    log.write_text("", encoding="utf-8")
    # Under /tmp, not pytest's deep tmp_path: a unix socket's path has at most 107 bytes.
    runtime_dir = Path(tempfile.mkdtemp(prefix="iconfind-xdg-"))
    try:
        with (
            resources.private_xvfb() as (_xvfb, display),
            _session_bus(display, runtime_dir) as (_bus, address),
        ):
            app = _gtk_app(display, address, runtime_dir, log)
            try:
                if not resources.wait_for_line(log, "ready"):
                    deadline = time.monotonic() + APPEAR_S
                    while "ready" not in resources.log_lines(log):
                        if app.poll() is not None:
                            raise RuntimeError(f"gtk_app.py exited with {app.returncode}")
                        if time.monotonic() > deadline:
                            raise RuntimeError(f"gtk_app.py not ready after {APPEAR_S:g}s")
                        time.sleep(0.1)
                with X11Backend(display) as desktop:
                    wait_for_tree(desktop, "Submit")
                yield GtkSession(display, address, log)
            finally:
                resources.stop(app)
    finally:
        shutil.rmtree(runtime_dir, ignore_errors=True)
