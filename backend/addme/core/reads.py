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
import collections
import contextlib
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import anyio
import anyio.to_thread
import psycopg
import psycopg_pool
from psycopg import pq
from psycopg._queries import PostgresQuery
from psycopg.adapt import Transformer
from sqlalchemy import Select, make_url
from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg

from addme.core import db, deadlines
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


class _Conn:
    """A read connection and what this reader keeps with it: its statements prepared by name."""

    __slots__ = ("conn", "fd", "pgconn", "prepared", "tx", "waiter", "watched")

    def __init__(self, conn: psycopg.AsyncConnection[Any]) -> None:
        self.conn = conn
        self.pgconn = conn.pgconn
        # (SQL text, parameter types) -> the server-side statement's name
        self.prepared: dict[tuple[str, tuple[int, ...]], bytes] = {}
        # One transformer for the connection's life: it keeps its dumpers and loaders by type.
        self.tx = Transformer(conn)
        # The socket stays registered with the event loop between reads (`_readable`): adding and
        # removing it around every read cost ~8 us (two epoll_ctl calls and a handle).
        self.fd = conn.pgconn.socket
        self.watched: asyncio.AbstractEventLoop | None = None
        self.waiter: asyncio.Future[None] | None = None

    def unwatch(self) -> None:
        """Off the event loop's watch list: before psycopg waits on the socket itself, or a close."""
        loop, self.watched = self.watched, None
        if loop is not None:
            # A closed loop (a test's) has nothing left to remove.
            with contextlib.suppress(Exception):
                loop.remove_reader(self.fd)


class ReadPool:
    """A FIFO of read connections, at most `max_size`, opened on demand.

    psycopg_pool's pool does more per checkout than a read needs (its locks, its statistics, a
    task per return); a read only needs a free connection or a place in line. No pre-ping: a connection
    found dead on use is dropped with `check()` and the read is tried again (PgReader.fetch).
    """

    def __init__(self, conninfo: str, *, max_size: int, timeout: float, kwargs: dict[str, Any]) -> None:
        self.conninfo = conninfo
        self.max_size = max_size
        self.timeout = timeout
        self.kwargs = kwargs
        self._idle: collections.deque[_Conn] = collections.deque()
        self._waiting: collections.deque[asyncio.Future[_Conn | None]] = collections.deque()
        self._size = 0  # open connections, in use or idle, and those being opened
        self._closed = True
        self._warming: asyncio.Task[None] | None = None

    async def open(self, *, min_size: int) -> None:
        """Start now; a couple of connections are opened in the background, failures only logged."""
        self._closed = False

        async def warm() -> None:
            for _ in range(min(min_size, self.max_size)):
                try:
                    self.put(await self._connect())
                except psycopg.Error:
                    log.warning("read pool: could not open a connection yet", exc_info=True)
                    return

        self._warming = asyncio.get_running_loop().create_task(warm())

    async def close(self) -> None:
        self._closed = True
        if self._warming is not None:
            self._warming.cancel()
        while self._waiting:
            self._waiting.popleft().cancel()
        while self._idle:
            await self._discard(self._idle.popleft())

    def stats(self) -> dict[str, int]:
        return {
            "pool_size": self._size,
            "pool_available": len(self._idle),
            "requests_waiting": len(self._waiting),
        }

    async def _connect(self) -> _Conn:
        self._size += 1
        try:
            conn = await asyncio.wait_for(
                psycopg.AsyncConnection.connect(self.conninfo, **self.kwargs), self.timeout
            )
        except BaseException as exc:
            self._size -= 1
            self._wake_one()
            if isinstance(exc, TimeoutError):  # a frozen server accepts, then never answers
                raise psycopg_pool.PoolTimeout(
                    f"no read connection opened within {self.timeout:.1f} s"
                ) from None
            raise
        return _Conn(conn)

    async def get(self) -> _Conn:
        if self._closed:
            raise psycopg_pool.PoolClosed("the read pool is closed")
        if self._idle:
            return self._idle.popleft()
        if self._size < self.max_size:
            return await self._connect()
        waiter: asyncio.Future[_Conn | None] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            got = await asyncio.wait_for(waiter, self.timeout)
        except TimeoutError:
            raise psycopg_pool.PoolTimeout(f"no read connection free within {self.timeout:.1f} s") from None
        finally:
            if waiter in self._waiting:
                self._waiting.remove(waiter)
        # None: a slot was freed (a connection dropped), so this request opens its own.
        return got if got is not None else await self._connect()

    def put(self, c: _Conn) -> None:
        """A connection back after a read (in a clean state: no statement running)."""
        # Past a few hundred prepared statements (filter shapes by parameter types: a few dozen in
        # use), a fresh connection costs less than a server session keeping them all.
        if self._closed or c.pgconn.status != pq.ConnStatus.OK or len(c.prepared) > 500:
            self._drop(c)
            return
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(c)
                return
        self._idle.append(c)

    def _drop(self, c: _Conn) -> None:
        self._size -= 1
        c.unwatch()
        c.pgconn.finish()  # the socket is closed at once; nothing to wait for
        self._wake_one()

    async def _discard(self, c: _Conn) -> None:
        self._size -= 1
        c.unwatch()
        await c.conn.close()
        self._wake_one()

    def _wake_one(self) -> None:
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return

    async def check(self, *, within: float) -> None:
        """Drop the idle connections that do not answer an empty query (a dead server's), as
        psycopg_pool's check did: one round trip each, only after a read found a dead one."""
        deadline = asyncio.get_running_loop().time() + within
        idle, self._idle = self._idle, collections.deque()
        while idle:
            c = idle.popleft()
            try:
                left = deadline - asyncio.get_running_loop().time()
                await asyncio.wait_for(_ping(c), max(left, 0.001))
            except TimeoutError:
                self._drop(c)
                for rest in idle:
                    self._drop(rest)
                raise
            except psycopg.Error:
                self._drop(c)
            else:
                self.put(c)


class PgReader:
    """PostgreSQL on the event loop: a single prepared statement through libpq's calls directly,
    several through a psycopg pipeline."""

    dialect = PGDialect_psycopg()  # type: ignore[no-untyped-call]

    def __init__(self, conninfo: str, *, max_size: int, timeout: float) -> None:
        self.limits = deadlines.Deadlines.from_budget(timeout)
        self._pool = ReadPool(
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
                rows: list[Sequence[Row]] = [await _prepared(c, *bound[0])]
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
                self._pool._drop(c)

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


# A single prepared statement skips psycopg's cursor (its generators, its prepared-statement
# manager, its result bookkeeping): libpq's calls directly, the rows converted by psycopg's own
# (C) loaders. A first page's read, 8 in flight: 133-137 -> 60-61 us of CPU (psycopg's cursor and
# pool, then this; min of 10 rounds, in-process, 20,000 rows). Pipelines and client-bound
# statements still go through psycopg, on the same connections (their prepared names differ:
# _pg3_* there).


async def _prepared(c: _Conn, sql: str, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    pgconn = c.pgconn
    pgq = PostgresQuery(c.tx)
    pgq.convert(sql, params)
    # By the parameters' types too, as psycopg does: an int is sent as int2, int4 or int8 by its
    # size, and a statement prepared for an int2 cannot read an int4's bytes.
    key = (sql, tuple(pgq.types))
    name = c.prepared.get(key)
    if name is None:
        name = f"_addme_{len(c.prepared)}".encode()
        pgconn.send_prepare(name, pgq.query, param_types=pgq.types)
        _result(await _results(c))
        c.prepared[key] = name
    pgconn.send_query_prepared(name, pgq.params, param_formats=pgq.formats)
    res = _result(await _results(c))
    c.tx.set_pgresult(res)
    return c.tx.load_rows(0, res.ntuples, tuple)


async def _ping(c: _Conn) -> None:
    c.pgconn.send_query(b"")
    _result(await _results(c))


def _result(results: list[pq.abc.PGresult]) -> pq.abc.PGresult:
    res = results[-1]
    for r in results:
        if r.status == pq.ExecStatus.FATAL_ERROR:
            raise psycopg.errors.error_from_result(r)
    return res


async def _results(c: _Conn) -> list[pq.abc.PGresult]:
    """Every result of the statement just sent, waiting for the socket on the event loop."""
    pgconn = c.pgconn
    while pgconn.flush():  # a large statement may not fit the socket's buffer at once
        await _writable(c.fd)
    results: list[pq.abc.PGresult] = []
    while True:
        pgconn.consume_input()
        while pgconn.is_busy():
            await _readable(c)
            pgconn.consume_input()
        res = pgconn.get_result()
        if res is None:
            if not results:  # a broken connection ends without a result
                raise psycopg.OperationalError(pgconn.get_error_message() or "the connection was lost")
            return results
        results.append(res)


async def _readable(c: _Conn) -> None:
    loop = asyncio.get_running_loop()
    if c.watched is not loop:
        c.unwatch()
        loop.add_reader(c.fd, _on_readable, c)
        c.watched = loop
    c.waiter = loop.create_future()
    try:
        await c.waiter
    finally:
        c.waiter = None


def _on_readable(c: _Conn) -> None:
    waiter = c.waiter
    if waiter is not None:
        if not waiter.done():
            waiter.set_result(None)
        return
    # Readable with no read waiting: the rest of an answer already taken, a notice, or the server
    # closing the connection. libpq takes what is there; a closed socket stays readable for ever,
    # so a connection that is now bad is taken off the watch (the pool drops it on its next use).
    with contextlib.suppress(psycopg.Error):
        c.pgconn.consume_input()
    if c.pgconn.status != pq.ConnStatus.OK:
        c.unwatch()


async def _writable(fd: int) -> None:
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    loop.add_writer(fd, _set_ready, ready)
    try:
        await ready
    finally:
        loop.remove_writer(fd)


def _set_ready(fut: asyncio.Future[None]) -> None:
    if not fut.done():
        fut.set_result(None)


def pg_conninfo(settings: Settings) -> str | None:
    """A libpq URI for the configured database, or None when it is not PostgreSQL."""
    url = make_url(settings.sqlalchemy_url)
    if url.get_backend_name() != "postgresql":
        return None
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


_default = ThreadReader()
_current: Reader = _default


def create_reader(settings: Settings | None = None) -> Reader:
    settings = settings or get_settings()
    conninfo = pg_conninfo(settings)
    if conninfo is None:
        return ThreadReader()
    return PgReader(conninfo, max_size=settings.db_pool_size, timeout=settings.db_timeout_seconds)


def install(reader: Reader | None) -> None:
    """Make `reader` the process's reader (the app's lifespan); None restores the thread reader."""
    global _current
    _current = reader or _default


def current() -> Reader:
    return _current
