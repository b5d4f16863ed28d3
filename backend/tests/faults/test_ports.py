"""The drills' servers take ports the system gives: another run holding the old fixed ones is no bother."""

from __future__ import annotations

import contextlib
import socket

from tests.faults.conftest import free_port


def test_a_free_port_comes_from_the_system_even_when_the_old_ranges_are_taken():
    with contextlib.ExitStack() as stack:
        for port in [*range(55432, 55440), *range(8222, 8230)]:
            s = stack.enter_context(socket.socket())
            with contextlib.suppress(OSError):
                s.bind(("127.0.0.1", port))
                s.listen()
        port = free_port()
        assert port not in range(55432, 55440) and port not in range(8222, 8230)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", port))  # it really is free
