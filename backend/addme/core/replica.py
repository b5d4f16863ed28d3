"""Which database answers a public read: the streaming replica (DATABASE_READ_URL) or the primary.

The public reads (lists, search, profiles, similar listings: core/reads.py) go to the replica,
unless one of these sends them to the primary:
- the caller wrote something within the last READ_REPLICA_MAX_LAG_S seconds (read-your-writes): a
  signed cookie, `addme_w`, carries the time of the session's last write to whichever node serves
  its next request (no node keeps it);
- the listings' shared generation changed within that window (a ban, an approval, an edit on any
  node): an answer built now from a replica that has not replayed the change yet would be cached,
  under the new generation, for a whole TTL;
- the replica is down, or more than READ_REPLICA_MAX_LAG_S behind (checked every second).
Everything else (a member's own things, every write, the ORM's reads) is on the primary already:
only core/reads.py reads a replica. /metrics has the replica's state and each read's target.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import time
from collections import Counter
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any

from starlette.types import Message, Receive, Scope, Send

from addme.core.asgi import HttpMiddleware
from addme.core.config import get_settings

log = logging.getLogger("addme.replica")

WRITE_COOKIE = "addme_w"
_SAFE = {"GET", "HEAD", "OPTIONS"}
# How long the cookie lives: past the lag bound it no longer matters.
_COOKIE_MAX_AGE = 300

PRIMARY, REPLICA = "primary", "replica"

# The time (epoch seconds) of this request's caller's last write, from its signed cookie.
wrote_at: ContextVar[float | None] = ContextVar("addme_wrote_at", default=None)


@dataclass
class ReplicaState:
    """What the health check last saw of the replica."""

    up: bool = False
    lag: float | None = None
    checked_at: float = float("-inf")
    reads: Counter[tuple[str, str]] = field(default_factory=Counter)


def decide(
    *,
    up: bool,
    lag: float | None,
    max_lag: float,
    wrote: float | None,
    now: float,
    generation_changed: bool,
) -> tuple[str, str]:
    """(target, why): where one public read goes."""
    if wrote is not None and now - wrote < max_lag:
        return PRIMARY, "own_write"
    if generation_changed:
        return PRIMARY, "listings_changed"
    if not up:
        return PRIMARY, "replica_down"
    if lag is None or lag > max_lag:
        return PRIMARY, "replica_lagging"
    return REPLICA, "replica"


# -- the write cookie ---------------------------------------------------------------------------


def _sign(stamp: str) -> str:
    key = get_settings().secret_key.encode()
    return hmac.new(key, b"addme-write:" + stamp.encode(), hashlib.sha256).hexdigest()[:24]


def write_cookie_value(at: float) -> str:
    stamp = str(int(at * 1000))
    return f"{stamp}.{_sign(stamp)}"


def read_write_cookie(value: str | None, *, now: float) -> float | None:
    """The write time a cookie carries, or None (absent, forged, from the future)."""
    if not value or "." not in value or len(value) > 64:
        return None
    stamp, sig = value.split(".", 1)
    if not stamp.isdigit() or not hmac.compare_digest(sig, _sign(stamp)):
        return None
    at = int(stamp) / 1000
    return at if at <= now + 1 else None


def _cookie_header(scope: Scope) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            return str(value.decode("latin-1"))
    return None


class ReadYourWritesMiddleware(HttpMiddleware):
    """Reads the `addme_w` cookie into `wrote_at`; stamps it on every write that succeeded."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        header = _cookie_header(scope)
        wrote = None
        if header and WRITE_COOKIE in header:
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(header)
            except Exception:  # a malformed Cookie header: no write time, nothing else changes
                jar = SimpleCookie()
            morsel = jar.get(WRITE_COOKIE)
            wrote = read_write_cookie(morsel.value if morsel else None, now=time.time())
        token = wrote_at.set(wrote)
        try:
            if scope["method"] in _SAFE:
                await self.app(scope, receive, send)
                return

            async def stamp(message: Message) -> None:
                if message["type"] == "http.response.start" and message["status"] < 400:
                    secure = "; Secure" if get_settings().cookie_secure else ""
                    cookie = (
                        f"{WRITE_COOKIE}={write_cookie_value(time.time())}; Path=/; "
                        f"Max-Age={_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax{secure}"
                    )
                    message["headers"] = [*message.get("headers", []), (b"set-cookie", cookie.encode())]
                await send(message)

            await self.app(scope, receive, stamp)
        finally:
            wrote_at.reset(token)


# -- the health check -----------------------------------------------------------------------------

# Seconds behind the primary: 0 when everything received is replayed, else since the last replayed
# transaction. (A replica cut off from its primary replays all it received: the primary's own
# check, `replica_lsn_behind`, is in docs/operations.md.)
LAG_SQL = (
    "SELECT CASE WHEN NOT pg_is_in_recovery() THEN 0 "
    "WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0 "
    "ELSE COALESCE(EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 0) END"
)


class HealthCheck:
    """Every `every` seconds, the replica's lag on a connection of its own (never a pooled one)."""

    def __init__(self, conninfo: str, state: ReplicaState, *, every: float = 1.0) -> None:
        self.conninfo = conninfo
        self.state = state
        self.every = every
        self._task: asyncio.Task[None] | None = None
        self._conn: Any = None

    async def check_once(self) -> None:
        import psycopg

        try:
            if self._conn is None or self._conn.closed:
                self._conn = await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True, connect_timeout=2, application_name="addme-replica-check"
                )
            cur = await asyncio.wait_for(self._conn.execute(LAG_SQL), timeout=2)
            row = await cur.fetchone()
            self.state.lag = float(row[0]) if row else None
            self.state.up = True
        except Exception as exc:
            if self.state.up:
                log.warning("read replica unreachable: public reads go to the primary (%s)", exc)
            self.state.up = False
            self.state.lag = None
            conn, self._conn = self._conn, None
            if conn is not None:
                with contextlib.suppress(Exception):  # already broken
                    await conn.close()
        self.state.checked_at = time.monotonic()

    async def _loop(self) -> None:
        while True:
            await self.check_once()
            await asyncio.sleep(self.every)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._conn is not None:
            await self._conn.close()


def route(state: ReplicaState, *, changed: Callable[[float], bool]) -> tuple[str, str]:
    """This request's read target now."""
    max_lag = get_settings().read_replica_max_lag_s
    target, why = decide(
        up=state.up,
        lag=state.lag,
        max_lag=max_lag,
        wrote=wrote_at.get(),
        now=time.time(),
        generation_changed=changed(max_lag),
    )
    state.reads[(target, why)] += 1
    return target, why


def reads_by_target(state: ReplicaState) -> Sequence[tuple[str, str, int]]:
    return [(t, w, n) for (t, w), n in sorted(state.reads.items())]
