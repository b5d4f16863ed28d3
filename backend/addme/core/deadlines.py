"""Client-side deadlines on every database round trip, so a hung database is a 503 within 5 s.

A frozen PostgreSQL (SIGSTOP, a black-holed network) still has a kernel that accepts and
acknowledges our packets: TCP keepalives and `tcp_user_timeout` never fire, the server's own
`statement_timeout` never runs and a cancel request is never read. Only the client can give up.

Every statement, commit and rollback on the ORM's connections is timed by a watchdog thread. When
one runs past its deadline, the watchdog shuts the connection's socket down (`shutdown(2)`, on a
duplicate of its descriptor, so the blocked thread's descriptor stays valid): the thread waiting
in libpq wakes at once with "server closed the connection", the connection is discarded, and the
error handlers answer 503. The server notices the vanished client within a second
(`client_connection_check_interval`) and stops the statement. The async read pool does the same
with a timer on the event loop (core/reads.py).

The budget (`DB_TIMEOUT_SECONDS`, 5 s) is split so the worst chain still fits (docs/operations.md,
"Deadlines and fault drills").
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextvars import ContextVar, Token
from dataclasses import dataclass
from typing import Any

import psycopg

log = logging.getLogger("addme.deadlines")


@dataclass(frozen=True)
class Deadlines:
    """How a request's database budget is spent; every figure is in seconds."""

    budget: float
    connect: int  # libpq connect_timeout (whole seconds, 2 at least)
    ping: float  # the pool's pre-ping before a connection is handed out
    statement: float  # one statement, commit or rollback of a web request
    pool_wait: float  # waiting for a free ORM connection
    read: float  # one read (a pipeline of statements) on the async read pool
    read_pool_wait: float  # waiting for a free read connection
    job_statement: float  # jobs and the CLI: past the server's 15 s statement_timeout

    @classmethod
    def from_budget(cls, budget: float) -> Deadlines:
        # Worst chains, each within the budget: pool wait + statement; pool wait + failed ping +
        # failed reconnect; read-pool wait + read.
        return cls(
            budget=budget,
            connect=max(2, int(budget * 0.4)),
            ping=budget * 0.2,
            statement=budget * 0.6,
            pool_wait=budget * 0.3,
            read=budget * 0.5,
            read_pool_wait=budget * 0.4,
            job_statement=20.0,
        )


# Server-side limits of every connection: the server stops a statement by itself after 15 s, and
# checks every second whether the client is still there (so a statement whose client gave up at
# its deadline does not run on).
SERVER_OPTIONS = "-c statement_timeout=15000 -c lock_timeout=5000 -c client_connection_check_interval=1000"


def libpq_keepalives(deadlines: Deadlines) -> dict[str, Any]:
    """libpq settings that find a dead peer or a black-holed network in a few seconds."""
    return {
        "connect_timeout": deadlines.connect,
        "keepalives": 1,
        "keepalives_idle": 5,
        "keepalives_interval": 1,
        "keepalives_count": 3,
        # Data sent but unacknowledged this long (a black hole): the kernel errors the socket out.
        "tcp_user_timeout": int(deadlines.statement * 1000),
    }


# Set for the duration of each web request (enter_web_request): its statements get the short web
# deadline. Everything else (jobs, the CLI, migrations) gets the long one.
_in_web_request: ContextVar[bool] = ContextVar("addme_in_web_request", default=False)
# An explicit deadline for the statements of a block (the pre-ping), whatever the caller.
_statement_seconds: ContextVar[float | None] = ContextVar("addme_statement_seconds", default=None)


@contextlib.contextmanager
def statement_deadline(seconds: float) -> Iterator[None]:
    """Statements run inside this block get `seconds` each."""
    token = _statement_seconds.set(seconds)
    try:
        yield
    finally:
        _statement_seconds.reset(token)


def enter_web_request() -> Token[bool]:
    """Marks the running context as a web request's (the edge, core/edge.py, at each request), so its
    ORM statements get the web deadline.

    Context variables set here reach the endpoint, its dependencies and the worker threads they run
    in (each thread hop copies the request's context)."""
    return _in_web_request.set(True)


def leave_web_request(token: Token[bool]) -> None:
    _in_web_request.reset(token)


def abort_socket(conn: psycopg.Connection[Any] | psycopg.AsyncConnection[Any]) -> None:
    """Shut a connection's socket down so whoever waits on it wakes with an error now."""
    try:
        fd = conn.pgconn.socket
    except psycopg.Error:
        return  # already closed
    try:
        dup = socket.socket(fileno=os.dup(fd))
    except OSError:
        return
    try:
        dup.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    finally:
        dup.close()


class Watchdog:
    """One thread that aborts the connections whose current round trip is past its deadline."""

    TICK = 0.05

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._armed: dict[int, tuple[float, psycopg.Connection[Any]]] = {}
        self._thread: threading.Thread | None = None
        self._wake = threading.Event()
        self.aborted = 0

    def arm(self, conn: psycopg.Connection[Any], seconds: float) -> int:
        key = id(conn)
        with self._lock:
            self._armed[key] = (time.monotonic() + seconds, conn)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="addme-db-watchdog", daemon=True)
                self._thread.start()
        return key

    def disarm(self, key: int) -> None:
        with self._lock:
            self._armed.pop(key, None)

    def _run(self) -> None:
        while True:
            time.sleep(self.TICK)
            now = time.monotonic()
            with self._lock:
                late = [(k, c) for k, (at, c) in self._armed.items() if at <= now]
                for k, _ in late:
                    del self._armed[k]
            for _, conn in late:
                self.aborted += 1
                log.error("database round trip past its deadline: dropping the connection")
                abort_socket(conn)


watchdog = Watchdog()


class _Timed:
    """Arms the watchdog around one blocking call on a connection."""

    __slots__ = ("conn", "key")

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self.conn = conn
        self.key = 0

    def __enter__(self) -> None:
        seconds = _statement_seconds.get()
        if seconds is None:
            web = _in_web_request.get()
            seconds = getattr(self.conn, "statement_seconds" if web else "background_seconds", 20.0)
        self.key = watchdog.arm(self.conn, seconds)

    def __exit__(self, *exc: object) -> None:
        watchdog.disarm(self.key)


class DeadlineCursor(psycopg.Cursor[Any]):
    """A cursor whose statements are bounded by the watchdog."""

    def execute(self, *args: Any, **kwargs: Any) -> Any:
        with _Timed(self.connection):
            return super().execute(*args, **kwargs)

    def executemany(self, *args: Any, **kwargs: Any) -> None:
        with _Timed(self.connection):
            return super().executemany(*args, **kwargs)


class DeadlineConnection(psycopg.Connection[Any]):
    """A psycopg connection whose statements, commits and rollbacks have a deadline."""

    statement_seconds = 3.0  # in a web request
    background_seconds = 20.0  # jobs, the CLI, migrations

    def commit(self) -> None:
        with _Timed(self):
            super().commit()

    def rollback(self) -> None:
        with _Timed(self):
            super().rollback()
