"""The hot read path: public Core statements run as compiled SQL, rows come back as plain tuples.

The public lists and profiles are most of the site's traffic. Run through the ORM session in the
thread pool, an uncached list cost about 2 ms of Python: the thread hop, a pre-ping, BEGIN and
ROLLBACK round trips, SQLAlchemy's per-execute work and Row objects. Here, on PostgreSQL:

- each statement is compiled once to SQL text and prepared on the server on first use;
- it runs on the event loop (a small FIFO of connections, ReadPool), so no thread hop and no GIL
  hand-off; a single prepared statement goes through libpq's calls directly;
- connections are in autocommit (a read needs no transaction: no BEGIN, no ROLLBACK);
- nothing pings before use: a connection that died with a database restart fails once, the pool
  pings its idle ones and drops the dead, and the read is tried again (reads are idempotent), so
  the app still recovers by itself;
- several statements of one response go out together in one pipeline (one round trip).

On SQLite (no network to wait on) the same statements run on the app's engine in the thread pool.
`docs/performance.md` has the figures.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import anyio
import anyio.to_thread
import psycopg
from psycopg import pq
from sqlalchemy import Engine, Select, make_url
from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg
from sqlalchemy.orm import Session

from addme.core import db, deadlines, readpool, respcache
from addme.core import replica as replica_mod
from addme.core.config import Settings, get_settings

log = logging.getLogger("addme.reads")

Row = Sequence[Any]
Query = tuple[Select[Any], Mapping[str, Any]]
Listener = Callable[[Select[Any], Mapping[str, Any]], None]

_listeners: list[Listener] = []


def listen(fn: Listener) -> Callable[[], None]:
    """Call `fn(statement, params)` before every read (tests count them, bench/explain.py plans them)."""
    _listeners.append(fn)
    return lambda: _listeners.remove(fn)


def _notify(queries: Sequence[Query]) -> None:
    for fn in _listeners:
        for stmt, params in queries:
            fn(stmt, params)


class Reader(Protocol):
    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def fetch(self, *queries: Query, prepare: bool = True) -> list[Sequence[Row]]:
        """The rows of each query, in order, read on one connection.

        `prepare=False` is for statements built for one request (text search): on PostgreSQL they
        are sent with their values written in, so they are planned for those values every time.
        """
        ...


class ThreadReader:
    """The app's engine in worker threads: SQLite, and any app not started through its lifespan.

    At most `threads` reads at once. SQLite works in-process, so every read thread competes with the
    event loop for the GIL: with 32 requests in flight and the default 40 threads, an uncached list
    ran at 680 req/s (p99 97 ms); two threads gave 1,070 req/s (p99 39 ms). One was a little faster
    still, but would queue every public read behind a single slow one.
    """

    def __init__(self, *, threads: int = 2) -> None:
        self.threads = threads
        self._limiter: tuple[asyncio.AbstractEventLoop, anyio.CapacityLimiter] | None = None

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        return None

    def _limiter_for_this_loop(self) -> anyio.CapacityLimiter:
        # A limiter belongs to one event loop; tests start a new loop per client.
        loop = asyncio.get_running_loop()
        if self._limiter is None or self._limiter[0] is not loop:
            self._limiter = (loop, anyio.CapacityLimiter(self.threads))
        return self._limiter[1]

    async def fetch(self, *queries: Query, prepare: bool = True) -> list[Sequence[Row]]:
        del prepare  # SQLAlchemy caches the compiled form itself
        return await anyio.to_thread.run_sync(
            lambda: self.fetch_sync(*queries), limiter=self._limiter_for_this_loop()
        )

    def fetch_sync(self, *queries: Query) -> list[Sequence[Row]]:
        _notify(queries)
        with db.get_engine().connect() as conn:
            return [list(conn.execute(stmt, dict(params)).all()) for stmt, params in queries]


# The read connections' session settings. The statements are a few fixed shapes, each planned
# once per connection (a generic plan) instead of on every execution: planning them cost ~1.2 ms
# of database CPU per list, six times the execution. bench/explain.py shows every generic plan.
# JIT and parallel workers are for analytics: on a sub-millisecond read, compiling expressions
# or starting workers costs 30-80 ms (a generic plan's pessimistic cost estimate invites both).
READ_SESSION_OPTIONS = " ".join(
    [
        deadlines.SERVER_OPTIONS,
        "-c default_transaction_read_only=on",
        "-c plan_cache_mode=force_generic_plan",
        "-c jit=off",
        "-c max_parallel_workers_per_gather=0",
    ]
)


class _DeadConnection(Exception):
    """A pooled connection that the server closed (a restart, an idle timeout)."""


class ReadTimeout(psycopg.OperationalError):
    """A read that did not finish within its deadline: the database is hung (answered 503)."""


class PgReader:
    """PostgreSQL on the event loop: a single prepared statement through libpq's calls directly,
    several through a psycopg pipeline."""

    dialect = PGDialect_psycopg()  # type: ignore[no-untyped-call]

    def __init__(self, conninfo: str, *, max_size: int, timeout: float) -> None:
        self.limits = deadlines.Deadlines.from_budget(timeout)
        self._pool = readpool.ReadPool(
            conninfo,
            max_size=max_size,
            timeout=self.limits.read_pool_wait,
            kwargs={
                "autocommit": True,
                "application_name": "addme-reads",
                # Every statement here is one of a few shapes: prepare them on first use.
                "prepare_threshold": 0,
                **deadlines.libpq_keepalives(self.limits),
                "options": READ_SESSION_OPTIONS,
            },
        )
        self._min_size = min(2, max_size)
        self._sql: dict[Select[Any], tuple[str, dict[str, Any]]] = {}

    async def open(self) -> None:
        # Without waiting: the app starts (and answers 503) while the database is down.
        await self._pool.open(min_size=self._min_size)

    async def close(self) -> None:
        await self._pool.close()

    def pool_stats(self) -> dict[str, int]:
        """The pool's size, idle connections and waiting requests (for /metrics)."""
        return self._pool.stats()

    def compiled(self, stmt: Select[Any], *, cache: bool = True) -> tuple[str, dict[str, Any]]:
        """The SQL text and default parameters of a statement, compiled once per statement."""
        hit = self._sql.get(stmt) if cache else None
        if hit is None:
            compiled = stmt.compile(dialect=self.dialect)
            hit = (compiled.string, dict(compiled.params))
            if cache:
                if len(self._sql) > 1024:  # statements are built per filter shape: a few dozen
                    self._sql.clear()
                self._sql[stmt] = hit
        return hit

    async def fetch(self, *queries: Query, prepare: bool = True) -> list[Sequence[Row]]:
        if _listeners:
            _notify(queries)
        bound = []
        for stmt, params in queries:
            sql, defaults = self.compiled(stmt)
            bound.append((sql, {**defaults, **params} if defaults else params))
        try:
            return await self._run(bound, prepare=prepare)
        except _DeadConnection:
            # Every idle connection may be as dead as this one: drop them all, then read once more.
            log.warning("read connection lost; checking the pool and retrying once")
            try:
                await self._pool.check(within=self.limits.read)
            except TimeoutError as exc:
                raise ReadTimeout("the read pool's check did not finish in time") from exc
            return await self._run(bound, prepare=prepare)

    async def _run(self, bound: list[tuple[str, Mapping[str, Any]]], *, prepare: bool) -> list[Sequence[Row]]:
        c = await self._pool.get()
        loop = asyncio.get_running_loop()
        # Not asyncio.wait_for: cancelling a psycopg read makes it send a cancel request to
        # the (hung) server and wait up to 5 s for it. A timer that shuts the socket down
        # makes the read itself fail at once; the pool then discards the connection.
        timer = loop.call_later(self.limits.read, deadlines.abort_socket, c.conn)
        clean = False
        try:
            if len(bound) == 1 and prepare:
                rows: list[Sequence[Row]] = [await readpool.prepared_rows(c, *bound[0])]
            elif len(bound) == 1:
                c.unwatch()  # psycopg waits on the socket with its own reader
                rows = [await (await self._execute(c.conn, *bound[0], prepare=False)).fetchall()]
            else:
                c.unwatch()
                async with c.conn.pipeline():
                    cursors = [
                        await self._execute(c.conn, sql, params, prepare=prepare) for sql, params in bound
                    ]
                rows = [await cur.fetchall() for cur in cursors]
            clean = True
            return rows
        except psycopg.OperationalError as exc:
            if timer.when() <= loop.time():
                raise ReadTimeout("a read did not finish within its deadline") from exc
            if c.pgconn.status == pq.ConnStatus.BAD:
                raise _DeadConnection from exc
            raise
        except psycopg.Error:
            # The server refused the statement (a read-only session, a bad value): the
            # connection is idle again and stays.
            clean = c.pgconn.transaction_status == pq.TransactionStatus.IDLE
            raise
        finally:
            timer.cancel()
            if clean:
                self._pool.put(c)
            else:
                self._pool.drop(c)

    @staticmethod
    async def _execute(
        conn: psycopg.AsyncConnection[Any], sql: str, params: Mapping[str, Any], *, prepare: bool
    ) -> psycopg.AsyncCursor[Any]:
        if prepare:
            return await conn.execute(sql, params, prepare=True)
        # Values bound on the client (psycopg quotes them): with no parameters left, the server
        # plans the statement for these very values. A search's best plan depends on them: a rare
        # word reads its few matches from the GIN index and sorts them; a common one walks the
        # list's index and stops after a page. The sessions' force_generic_plan would otherwise
        # plan it blind: reading and sorting all 160,000 matches of "gamer" at 1M rows (395 ms).
        cur = psycopg.AsyncClientCursor(conn)
        await cur.execute(sql, params)
        return cur


def pg_conninfo(settings: Settings) -> str | None:
    """A libpq URI for the configured database, or None when it is not PostgreSQL."""
    url = make_url(settings.sqlalchemy_url)
    if url.get_backend_name() != "postgresql":
        return None
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


class RoutedReader:
    """The primary's reader and the replica's, one read at a time to one of them (core/replica.py).
    A replica read that fails on the connection is read again on the primary, and the replica is
    taken as down until the next check says otherwise."""

    def __init__(self, primary: PgReader, replica: PgReader, replica_conninfo: str) -> None:
        self.primary = primary
        self.replica = replica
        self.state = replica_mod.ReplicaState()
        self.health = replica_mod.HealthCheck(replica_conninfo, self.state)

    async def open(self) -> None:
        await self.primary.open()
        await self.replica.open()
        await self.health.check_once()
        self.health.start()

    async def close(self) -> None:
        await self.health.stop()
        await self.replica.close()
        await self.primary.close()

    def pool_stats(self) -> dict[str, int]:
        return self.primary.pool_stats()

    async def fetch(self, *queries: Query, prepare: bool = True) -> list[Sequence[Row]]:
        target, _ = replica_mod.route(self.state, changed=respcache.generation_changed_within)
        if target == replica_mod.PRIMARY:
            return await self.primary.fetch(*queries, prepare=prepare)
        try:
            return await self.replica.fetch(*queries, prepare=prepare)
        except (psycopg.OperationalError, OSError, TimeoutError) as exc:
            log.warning("replica read failed, read again on the primary: %s", exc.__class__.__name__)
            self.state.up = False
            self.state.reads[(replica_mod.PRIMARY, "replica_failed")] += 1
            return await self.primary.fetch(*queries, prepare=prepare)


_default = ThreadReader()
_current: Reader = _default


def create_reader(settings: Settings | None = None) -> Reader:
    settings = settings or get_settings()
    conninfo = pg_conninfo(settings)
    if conninfo is None:
        return ThreadReader()
    primary = PgReader(conninfo, max_size=settings.db_read_pool_size, timeout=settings.db_timeout_seconds)
    if not settings.database_read_url:
        return primary
    replica_info = _libpq(settings.database_read_url)
    replica = PgReader(replica_info, max_size=settings.db_read_pool_size, timeout=settings.db_timeout_seconds)
    return RoutedReader(primary, replica, replica_info)


def _libpq(url: str) -> str:
    parsed = make_url(url.replace("postgresql+psycopg://", "postgresql://", 1))
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


def public_engine() -> Engine:
    """Where a public read made through SQLAlchemy (the sitemap, a page head) runs now: on the
    replica when the router sends public reads there (same rule as the lists: up, within the lag
    bound, no recent listings change, no own write), else on the primary."""
    reader = _current
    replica_engine = db.get_read_engine()
    if isinstance(reader, RoutedReader) and replica_engine is not None:
        target, _ = replica_mod.route(reader.state, changed=respcache.generation_changed_within)
        if target == replica_mod.REPLICA:
            return replica_engine
    return db.get_engine()


def public_session() -> Session:
    """A read-only ORM session on `public_engine()`: nothing written through it."""
    return Session(bind=public_engine(), expire_on_commit=False)


def install(reader: Reader | None) -> None:
    """Make `reader` the process's reader (the app's lifespan); None restores the thread reader."""
    global _current
    _current = reader or _default


def current() -> Reader:
    return _current
