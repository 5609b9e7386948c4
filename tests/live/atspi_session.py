"""A Linux desktop session of the tests' own: Xvfb, a D-Bus session bus, and a test program.

Everything is private to the caller (its own Xvfb, its own ``dbus-daemon --session``), so the
tree it serves holds only the program (tests/live/gtk_app.py, GTK 3, or tests/live/qt_app.py,
Qt 5), whatever else runs on the machine. The session
bus is started with ``DISPLAY`` set: when the program asks it for ``org.a11y.Bus``, it
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

SYSTEM_PYTHON = "/usr/bin/python3"
"""Debian's Python, which has python3-gi and python3-pyqt5 (the test venv need not)."""
APPEAR_S = 120.0
"""How long the program may take to show its tree: only spent when something is broken, and
generous because a loaded 2-core machine starts GTK, the bus launcher and the registry slowly."""
NEEDS = "apt-get install xvfb dbus-daemon at-spi2-core python3-gi gir1.2-gtk-3.0 python3-pyqt5"


@frozen
class Program:
    """A test program, how Debian's Python proves it can run it, and the environment it needs."""

    script: Path
    probe: str
    env: tuple[tuple[str, str], ...] = ()
    unset: tuple[str, ...] = ()


GTK = Program(
    resources.HERE / "gtk_app.py",
    "import gi; gi.require_version('Gtk', '3.0')",
    unset=("NO_AT_BRIDGE", "GDK_SCALE"),  # NO_AT_BRIDGE: GTK would not load its AT-SPI bridge
)
GTK_SCALED = Program(
    GTK.script,
    GTK.probe,
    env=(("GDK_SCALE", "2"),),  # GTK 3 then reports logical pixels: half the X pixels
    unset=("NO_AT_BRIDGE",),
)
QT = Program(
    resources.HERE / "qt_app.py",
    "import PyQt5.QtWidgets",
    # Qt serves AT-SPI only when told to (or when a screen reader runs).
    env=(("QT_LINUX_ACCESSIBILITY_ALWAYS_ON", "1"), ("QT_QPA_PLATFORM", "xcb")),
    unset=("QT_SCALE_FACTOR", "QT_ACCESSIBILITY"),
)


@frozen
class GtkSession:
    display: str
    """The private Xvfb's ``":N"``."""
    session_bus: str
    """``DBUS_SESSION_BUS_ADDRESS`` of the private session."""
    log: Path
    """What the program logs: "ready", then one line per button press."""


def _check_tools(program: Program) -> None:
    missing = [tool for tool in ("Xvfb", "dbus-daemon") if shutil.which(tool) is None]
    if not Path(SYSTEM_PYTHON).exists():
        missing.append(SYSTEM_PYTHON)
    if missing:
        raise RuntimeError(f"the AT-SPI tests need {', '.join(missing)} ({NEEDS})")
    probe = subprocess.run([SYSTEM_PYTHON, "-c", program.probe], capture_output=True, check=False)
    if probe.returncode != 0:
        raise RuntimeError(f"{SYSTEM_PYTHON} cannot run {program.script.name} ({NEEDS})")


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


def _start_accessibility_bus(session_bus: str) -> None:
    """Ask the session bus for ``org.a11y.Bus``, which starts the launcher, as a desktop
    session does at login. GTK would start it itself; Qt only waits for it to appear.

    The launcher publishes ``AT_SPI_BUS`` on the display and disconnects: an X server with no
    other client then resets and drops the property, so the caller holds a connection open."""
    from jeepney import DBusAddress, new_method_call
    from jeepney.io.blocking import open_dbus_connection

    with open_dbus_connection(session_bus, auth_timeout=APPEAR_S) as conn:
        bus = DBusAddress("/org/a11y/bus", "org.a11y.Bus", "org.a11y.Bus")
        reply = conn.send_and_get_reply(new_method_call(bus, "GetAddress"), timeout=APPEAR_S)
    if not reply.body or not str(reply.body[0]).startswith("unix:"):
        raise RuntimeError(f"org.a11y.Bus.GetAddress answered {reply.body!r}")


def _start(
    program: Program, display: str, bus: str, runtime_dir: Path, log: Path
) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DISPLAY": display,
        "DBUS_SESSION_BUS_ADDRESS": bus,
        "XDG_RUNTIME_DIR": str(runtime_dir),
        **dict(program.env),
    }
    for name in ("AT_SPI_BUS_ADDRESS", *program.unset):
        env.pop(name, None)
    return subprocess.Popen(
        [SYSTEM_PYTHON, str(program.script), str(log)],
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
def gtk_session(out_dir: Path, program: Program = GTK) -> Iterator[GtkSession]:
    """Xvfb + session bus + the program (GTK by default), its tree showing; stopped on exit."""
    _check_tools(program)
    log = out_dir / "clicks.log"
    log.write_text("", encoding="utf-8")
    # Under /tmp, not pytest's deep tmp_path: a unix socket's path has at most 107 bytes.
    runtime_dir = Path(tempfile.mkdtemp(prefix="iconfind-xdg-"))
    try:
        with (
            resources.private_xvfb() as (_xvfb, display),
            X11Backend(display) as desktop,  # a client for the session's lifetime (see above)
            _session_bus(display, runtime_dir) as (_bus, address),
        ):
            _start_accessibility_bus(address)
            app = _start(program, display, address, runtime_dir, log)
            try:
                if not resources.wait_for_line(log, "ready"):
                    deadline = time.monotonic() + APPEAR_S
                    while "ready" not in resources.log_lines(log):
                        if app.poll() is not None:
                            raise RuntimeError(f"{program.script.name} exited: {app.returncode}")
                        if time.monotonic() > deadline:
                            raise RuntimeError(f"{program.script.name} not ready in {APPEAR_S:g}s")
                        time.sleep(0.1)
                wait_for_tree(desktop, "Submit")
                yield GtkSession(display, address, log)
            finally:
                resources.stop(app)
    finally:
        shutil.rmtree(runtime_dir, ignore_errors=True)
