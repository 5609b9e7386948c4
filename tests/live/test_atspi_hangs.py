"""A hung accessibility bus, or a hung application on it, is bounded: the tree is unavailable
(or the hung program left out), never a stuck find.

The hangs are real: a socket that accepts and never answers, one that authenticates and then
goes silent, and a real ``dbus-daemon`` whose registry lists a program that never reads its
messages next to one that answers.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from iconfind.backends.atspi import AtspiTree, State
from tests.live import resources
from tests.live.atspi_session import _read_line

GUARD_S = 300.0
"""Only a walk that ignores its own limit would come near this."""


def walk_bounded(tree: AtspiTree) -> Any:
    result: list[Any] = []
    worker = threading.Thread(target=lambda: result.append(tree()), daemon=True)
    worker.start()
    worker.join(GUARD_S)
    assert not worker.is_alive(), "the walk ignored its time limit"
    return result[0]


def _serve(path: Path, authenticate: bool, stop: threading.Event) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.listen(4)
    server.settimeout(0.2)
    held: list[socket.socket] = []

    def run() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            held.append(conn)
            if authenticate:
                conn.settimeout(5)
                data = b""
                while b"\r\n" not in data:
                    chunk = conn.recv(1024)
                    if not chunk:
                        break
                    data += chunk
                conn.sendall(b"OK 0123456789abcdef0123456789abcdef\r\n")
            # then nothing, ever: BEGIN and Hello go unanswered
        for conn in held:
            conn.close()
        server.close()

    threading.Thread(target=run, daemon=True).start()


@pytest.mark.parametrize("authenticate", [False, True], ids=["mute", "mute-after-auth"])
def test_a_bus_that_never_answers_makes_the_tree_unavailable(
    tmp_path: Path, authenticate: bool
) -> None:
    stop = threading.Event()
    path = tmp_path / "bus"
    _serve(path, authenticate, stop)
    try:
        tree = AtspiTree(bus_address=f"unix:path={path}", time_limit_s=1.0)
        assert walk_bounded(tree) is None
        assert "did not answer" in (tree.last_failure or "")
    finally:
        stop.set()


# -- a real bus with a hung program on it -------------------------------------------------------

ROOT = "/org/a11y/atspi/accessible/root"


class FakeProgram:
    """Answers AT-SPI calls for a tiny object tree on a real bus, from a thread.

    ``objects[path][member]`` is the reply's ``(signature, body)``; for ``Get`` a dict of them
    by property name. Anything else gets an UnknownMethod error, as a real adaptor sends.
    """

    def __init__(self, address: str, objects: dict[str, dict[str, Any]], name: str = "") -> None:
        from jeepney.io.blocking import open_dbus_connection

        self.conn = open_dbus_connection(address)
        self.objects = objects
        self.stop = threading.Event()
        if name:
            from jeepney.bus_messages import message_bus

            self.conn.send_and_get_reply(message_bus.RequestName(name), timeout=30)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        from jeepney import HeaderFields, MessageType, new_error, new_method_return

        while not self.stop.is_set():
            try:
                msg = self.conn.receive(timeout=0.2)
            except TimeoutError:
                continue
            except OSError:
                return
            if msg.header.message_type is not MessageType.method_call:
                continue
            fields = msg.header.fields
            path, member = fields.get(HeaderFields.path), fields.get(HeaderFields.member)
            answer = self.objects.get(path, {}).get(member)
            if member == "Get" and isinstance(answer, dict):  # Properties.Get(iface, name)
                answer = answer.get(msg.body[1])
            if answer is None:
                self.conn.send(new_error(msg, "org.freedesktop.DBus.Error.UnknownMethod"))
            else:
                signature, body = answer
                self.conn.send(new_method_return(msg, signature, body))

    def close(self) -> None:
        if self.stop.is_set():
            return
        self.stop.set()
        self.thread.join(timeout=10)
        self.conn.close()


@pytest.fixture
def plain_bus() -> Iterator[str]:
    if shutil.which("dbus-daemon") is None:
        raise RuntimeError("dbus-daemon is not installed (apt-get install dbus-daemon)")
    read_fd, write_fd = os.pipe()
    process = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", f"--print-address={write_fd}"],
        pass_fds=(write_fd,),
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
        yield address
    finally:
        resources.stop(process)


def test_a_hung_program_is_left_out_and_the_others_still_read(plain_bus: str) -> None:
    from jeepney.io.blocking import open_dbus_connection

    showing = [1 << State.SHOWING | 1 << State.VISIBLE | 1 << State.ENABLED, 0]
    accessible = ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"]
    hung = open_dbus_connection(plain_bus)  # connected, never reads a message
    healthy_objects: dict[str, dict[str, Any]] = {}
    healthy = FakeProgram(plain_bus, healthy_objects)
    me = healthy.conn.unique_name
    healthy_objects.update(
        {
            ROOT: {
                "GetRoleName": ("s", ("application",)),
                "GetState": ("au", ([0, 0],)),
                "GetInterfaces": ("as", (["org.a11y.atspi.Accessible"],)),
                "Get": {"Name": ("v", (("s", "healthy"),))},
                "GetChildren": ("a(so)", ([(me, "/w")],)),
            },
            "/w": {
                "GetRoleName": ("s", ("frame",)),
                "GetState": ("au", (showing,)),
                "GetInterfaces": ("as", (accessible,)),
                "Get": {"Name": ("v", (("s", "Healthy window"),))},
                "GetChildren": ("a(so)", ([],)),
                "GetExtents": ("(iiii)", ((10, 20, 300, 200),)),
            },
        }
    )
    registry = FakeProgram(
        plain_bus,
        {ROOT: {"GetChildren": ("a(so)", ([(hung.unique_name, ROOT), (me, ROOT)],))}},
        name="org.a11y.atspi.Registry",
    )
    try:
        tree = AtspiTree(bus_address=plain_bus, time_limit_s=10.0)
        elements = walk_bounded(tree)
        assert elements is not None, tree.last_failure
        assert [(e.text, e.bounds.to_list()) for e in elements] == [
            ("Healthy window", [10, 20, 310, 220])
        ]
        assert hung.unique_name in (tree.last_failure or "")

        silent_registry = AtspiTree(bus_address=plain_bus, time_limit_s=2.0)
        registry.close()
        hung_registry = open_dbus_connection(plain_bus)
        from jeepney.bus_messages import message_bus

        hung_registry.send_and_get_reply(
            message_bus.RequestName("org.a11y.atspi.Registry"), timeout=30
        )
        assert walk_bounded(silent_registry) is None
        assert "did not answer" in (silent_registry.last_failure or "")
        hung_registry.close()
    finally:
        registry.close()
        healthy.close()
        hung.close()
