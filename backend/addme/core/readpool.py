"""The read connections of core/reads.py on PostgreSQL: a FIFO of them, and one prepared
statement read through libpq's calls directly.

Split from reads.py, which decides what is read and how a failure is answered (the deadline, the
retry after a dead connection); this module only keeps connections and speaks the wire protocol.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
from collections.abc import Mapping
from typing import Any

import psycopg
import psycopg_pool
from psycopg import pq
from psycopg._queries import PostgresQuery
from psycopg.adapt import Transformer

log = logging.getLogger("addme.reads")


class Conn:
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
        self._idle: collections.deque[Conn] = collections.deque()
        self._waiting: collections.deque[asyncio.Future[Conn | None]] = collections.deque()
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

    async def _connect(self) -> Conn:
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
        return Conn(conn)

    async def get(self) -> Conn:
        if self._closed:
            raise psycopg_pool.PoolClosed("the read pool is closed")
        if self._idle:
            return self._idle.popleft()
        if self._size < self.max_size:
            return await self._connect()
        waiter: asyncio.Future[Conn | None] = asyncio.get_running_loop().create_future()
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

    def put(self, c: Conn) -> None:
        """A connection back after a read (in a clean state: no statement running)."""
        # Past a few hundred prepared statements (filter shapes by parameter types: a few dozen in
        # use), a fresh connection costs less than a server session keeping them all.
        if self._closed or c.pgconn.status != pq.ConnStatus.OK or len(c.prepared) > 500:
            self.drop(c)
            return
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(c)
                return
        self._idle.append(c)

    def drop(self, c: Conn) -> None:
        self._size -= 1
        c.unwatch()
        c.pgconn.finish()  # the socket is closed at once; nothing to wait for
        self._wake_one()

    async def _discard(self, c: Conn) -> None:
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
                await asyncio.wait_for(ping(c), max(left, 0.001))
            except TimeoutError:
                self.drop(c)
                for rest in idle:
                    self.drop(rest)
                raise
            except psycopg.Error:
                self.drop(c)
            else:
                self.put(c)


# A single prepared statement skips psycopg's cursor (its generators, its prepared-statement
# manager, its result bookkeeping): libpq's calls directly, the rows converted by psycopg's own
# (C) loaders. A first page's read, 8 in flight: 133-137 -> 60-61 us of CPU (psycopg's cursor and
# pool, then this; min of 10 rounds, in-process, 20,000 rows). Pipelines and client-bound
# statements still go through psycopg, on the same connections (their prepared names differ:
# _pg3_* there).


async def prepared_rows(c: Conn, sql: str, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
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
    # Rows in binary: a timestamp is 8 bytes to copy, not text to parse (a list's 24 rows carry 6
    # each). Every column type the reads select has a binary loader (no enums or tsvectors).
    pgconn.send_query_prepared(name, pgq.params, param_formats=pgq.formats, result_format=pq.Format.BINARY)
    res = _result(await _results(c))
    c.tx.set_pgresult(res)
    return c.tx.load_rows(0, res.ntuples, tuple)


async def ping(c: Conn) -> None:
    c.pgconn.send_query(b"")
    _result(await _results(c))


def _result(results: list[pq.abc.PGresult]) -> pq.abc.PGresult:
    res = results[-1]
    for r in results:
        if r.status == pq.ExecStatus.FATAL_ERROR:
            raise psycopg.errors.error_from_result(r)
    return res


async def _results(c: Conn) -> list[pq.abc.PGresult]:
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


async def _readable(c: Conn) -> None:
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


def _on_readable(c: Conn) -> None:
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
