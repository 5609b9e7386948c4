"""A minimal blocking D-Bus client with a deadline on every step, over jeepney's sans-I/O core.

jeepney parses and builds the messages and runs the authentication dialogue; the socket is ours,
so that connecting, authenticating, ``Hello`` and every reply wait at most until a deadline
(jeepney's own blocking connection says ``Hello`` with no time limit). Calls can be pipelined:
:meth:`DBusLink.call_many` sends a whole batch, then collects the replies by serial number, which
turns a tree walk's thousands of round trips into a few per tree level.

Only what the AT-SPI reader needs: method calls on ``unix:`` addresses, no signals, no fds.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Sequence
from itertools import count
from typing import Any

from attrs import frozen

_HELLO_DESTINATION = "org.freedesktop.DBus"
_HELLO_PATH = "/org/freedesktop/DBus"
_RECV_BYTES = 65536


class BusUnavailable(Exception):
    """No bus at the address: nothing listens, the address is junk, or authentication failed."""


class BusTimeout(Exception):
    """The bus (or the program behind it) did not answer before the deadline."""


@frozen
class MethodCall:
    """One D-Bus method call: where it goes, what it calls, its arguments and their signature."""

    destination: str
    path: str
    interface: str
    member: str
    signature: str | None = None
    body: tuple[Any, ...] = ()


@frozen
class CallError:
    """A D-Bus error reply (``org.freedesktop.DBus.Error.UnknownMethod``…), kept as a value so
    one failing node does not sink a whole batch."""

    name: str
    message: str = ""


def _remaining(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise BusTimeout("the D-Bus deadline passed")
    return left


class DBusLink:
    """One authenticated connection to a message bus. Not thread-safe: one walk, one link."""

    def __init__(self, sock: socket.socket) -> None:
        from jeepney import Parser

        self._sock = sock
        self._parser = Parser()
        self._serials = count(1)
        self.unique_name = ""

    @classmethod
    def open(cls, address: str, deadline: float) -> DBusLink:
        """Connect to a bus address (``unix:path=…`` or ``unix:abstract=…``) and say Hello.

        Raises :class:`BusUnavailable` when it cannot be reached and :class:`BusTimeout` when it
        does not answer in time.
        """
        from jeepney.bus import get_connectable_addresses

        try:
            target = next(get_connectable_addresses(address))
        except (RuntimeError, ValueError, StopIteration) as exc:
            raise BusUnavailable(f"unusable D-Bus address {address!r}: {exc}") from None
        sock = socket.socket(family=socket.AF_UNIX)
        try:
            sock.settimeout(_remaining(deadline))
            sock.connect(target)
            link = cls(sock)
            link._authenticate(deadline)
            hello = MethodCall(_HELLO_DESTINATION, _HELLO_PATH, _HELLO_DESTINATION, "Hello")
            reply = link.call_many([hello], deadline)[0]
        except TimeoutError:
            sock.close()
            raise BusTimeout(f"D-Bus at {address!r} did not answer in time") from None
        except OSError as exc:
            sock.close()
            raise BusUnavailable(f"cannot connect to D-Bus at {address!r}: {exc}") from None
        except BaseException:
            sock.close()
            raise
        if isinstance(reply, CallError):
            sock.close()
            raise BusUnavailable(f"D-Bus at {address!r} refused Hello: {reply.name}")
        link.unique_name = str(reply[0])
        return link

    def _authenticate(self, deadline: float) -> None:
        from jeepney.auth import BEGIN, AuthenticationError, Authenticator

        auth = Authenticator(enable_fds=False, inc_null_byte=True)
        try:
            for request in auth:
                self._sock.settimeout(_remaining(deadline))
                self._sock.sendall(request)
                self._sock.settimeout(_remaining(deadline))
                data = self._sock.recv(1024)
                if not data:
                    raise BusUnavailable("the bus closed the connection while authenticating")
                auth.feed(data)
        except AuthenticationError as exc:
            raise BusUnavailable(f"D-Bus authentication failed: {exc}") from None
        self._sock.settimeout(_remaining(deadline))
        self._sock.sendall(BEGIN)

    def call_many(self, calls: Sequence[MethodCall], deadline: float) -> list[Any]:
        """Send every call, then wait (until ``deadline``) for all their replies, in order.

        Each reply is the body tuple, or a :class:`CallError`. Raises :class:`BusTimeout` when
        a reply is still missing at the deadline and :class:`BusUnavailable` when the bus hangs
        up.
        """
        from jeepney import DBusAddress, new_method_call

        pending: dict[int, int] = {}
        chunks: list[bytes] = []
        for position, call in enumerate(calls):
            address = DBusAddress(call.path, bus_name=call.destination, interface=call.interface)
            message = new_method_call(address, call.member, call.signature, call.body)
            serial = next(self._serials)
            pending[serial] = position
            chunks.append(message.serialise(serial=serial))
        try:
            self._sock.settimeout(_remaining(deadline))
            self._sock.sendall(b"".join(chunks))
            replies: list[Any] = [None] * len(calls)
            while pending:
                message = self._next_message(deadline)
                answered = self._reply_position(message, pending)
                if answered is not None:
                    replies[answered] = self._unwrap(message)
            return replies
        except TimeoutError:
            raise BusTimeout(f"{len(pending)} D-Bus replies still missing") from None
        except OSError as exc:
            raise BusUnavailable(f"the D-Bus connection failed: {exc}") from None

    def _next_message(self, deadline: float) -> Any:
        while True:
            message = self._parser.get_next_message()
            if message is not None:
                return message
            self._sock.settimeout(_remaining(deadline))
            data = self._sock.recv(_RECV_BYTES)
            if not data:
                raise BusUnavailable("the bus closed the connection")
            self._parser.add_data(data)

    @staticmethod
    def _reply_position(message: Any, pending: dict[int, int]) -> int | None:
        from jeepney import HeaderFields

        serial = message.header.fields.get(HeaderFields.reply_serial)
        return None if serial is None else pending.pop(serial, None)

    @staticmethod
    def _unwrap(message: Any) -> Any:
        from jeepney import HeaderFields, MessageType

        if message.header.message_type is MessageType.error:
            name = str(message.header.fields.get(HeaderFields.error_name, "unknown error"))
            body = message.body
            detail = str(body[0]) if body and isinstance(body[0], str) else ""
            return CallError(name, detail)
        return tuple(message.body)

    def close(self) -> None:
        self._sock.close()

    def __enter__(self) -> DBusLink:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


__all__ = ["BusTimeout", "BusUnavailable", "CallError", "DBusLink", "MethodCall"]
