"""A short cache of public responses (lists, profiles, HTML pages), with a generation that any
listing change bumps.

Per process by default; in Redis when REDIS_URL is set, so N web processes agree on the
generation. Keys carry the generation, so a bump makes every older entry unreachable at once,
and the TTL clears them away.

An entry is fresh for its TTL, then stale for STALE_SECONDS more: a stale entry is still served
while one request's worth of work rebuilds it (public.py, stale-while-revalidate with a single
flight per key). Without it, every request in flight at the moment of expiry rebuilt the entry at
once: 32 rebuilds of one search took all 10 pooled connections, and the p99 spiked at each expiry.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import logging
import struct
import threading
import time
import weakref
from collections.abc import Awaitable, Callable
from functools import lru_cache
from typing import Any, ClassVar, Protocol

from addme.core.config import get_settings
from addme.core.errors import AppError

log = logging.getLogger("addme.respcache")

# Fresh enough for a directory, long enough to absorb a crowd (LISTING_CACHE_SECONDS, default 15).
LIST_TTL = get_settings().listing_cache_seconds or 15
COUNTS_TTL = 60
# How long past its TTL an entry may still be served while it is rebuilt: only to the requests
# that arrive during one rebuild.
STALE_SECONDS = 60


def _now() -> float:
    return time.time()


class Store(Protocol):
    """Two generations. The first is in every key: a bump (a username hidden, edited or listed)
    makes every older answer unreachable at once. The second only orders: a bump (a Top-Up, a
    Fire Pin) makes older answers stale, served while one request rebuilds each. Top-Ups come
    several a second on a busy site; had each one emptied the cache, no answer would have lived
    long enough to be read twice (bench/mixed.py: every list rebuilt, and the tags' and
    countries' recounts piling up at each bump, docs/performance.md)."""

    def generations(self) -> tuple[int, int] | None: ...
    def bump(self) -> None: ...
    def bump_order(self) -> None: ...
    def get(self, key: str) -> tuple[bytes, float, int] | None: ...
    def put(self, key: str, value: bytes, ttl: int, order: int) -> None: ...
    def clear(self) -> None: ...


class MemoryStore:
    """A bounded dict; entries expire by TTL, and the generations are process-wide counters."""

    max_entries = 4096

    def __init__(self) -> None:
        self._data: dict[str, tuple[float, int, bytes]] = {}  # key: (fresh until, order, body)
        self._gen = itertools.count(1)
        self._current = next(self._gen)
        self._order = 0
        self._lock = threading.Lock()

    def generations(self) -> tuple[int, int] | None:
        return self._current, self._order

    def bump(self) -> None:
        with self._lock:
            self._current = next(self._gen)
            self._data.clear()

    def bump_order(self) -> None:
        with self._lock:
            self._order += 1

    def get(self, key: str) -> tuple[bytes, float, int] | None:
        item = self._data.get(key)
        if item is None or item[0] < _now() - STALE_SECONDS:
            return None
        return item[2], item[0], item[1]

    def put(self, key: str, value: bytes, ttl: int, order: int) -> None:
        with self._lock:
            if len(self._data) >= self.max_entries:
                self._data.clear()  # crude but bounded: a full cache refills within one TTL
            self._data[key] = (_now() + ttl, order, value)

    def clear(self) -> None:
        self.bump()


class RedisStore:
    """The same interface on Redis; a Redis fault degrades to "no cache", never to an error."""

    GEN_KEY = "addme:listings:gen"
    ORDER_KEY = "addme:listings:order"
    ENTRY_PREFIX = "addme:lc:"
    # A Redis that stops answering costs a request a quarter of a second, then "no cache".
    _TIMEOUTS: ClassVar[dict[str, Any]] = {"socket_timeout": 0.25, "socket_connect_timeout": 0.25}

    def __init__(self, url: str) -> None:
        import redis

        self._url = url
        self._redis: Any = redis.Redis.from_url(url, **self._TIMEOUTS)
        # The request path's clients, one per event loop: redis.asyncio's connections belong to the
        # loop that opened them. A web process has one loop; tests open and close several.
        self._aclients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, tuple[Any, Any]] = (
            weakref.WeakKeyDictionary()
        )

    def generations(self) -> tuple[int, int] | None:
        try:
            gen, order = self._redis.mget(self.GEN_KEY, self.ORDER_KEY)
            return int(gen or 0), int(order or 0)
        except Exception:
            log.warning("redis unavailable for the listings cache")
            return None

    def _incr(self, key: str) -> None:
        try:
            self._redis.incr(key)
        except Exception:
            log.warning("redis unavailable: listings generation not bumped")

    def bump(self) -> None:
        self._incr(self.GEN_KEY)

    def bump_order(self) -> None:
        self._incr(self.ORDER_KEY)

    # A value is its fresh-until time (seconds since the epoch), its order generation, then the body.
    _HEAD = struct.Struct("!dq")

    def get(self, key: str) -> tuple[bytes, float, int] | None:
        try:
            value = self._redis.get(self.ENTRY_PREFIX + key)
        except Exception:
            return None
        return self._entry(value)

    def _entry(self, value: bytes | None) -> tuple[bytes, float, int] | None:
        if value is None or len(value) < self._HEAD.size:
            return None
        fresh_until, order = self._HEAD.unpack_from(value)
        return bytes(value[self._HEAD.size :]), fresh_until, order

    def put(self, key: str, value: bytes, ttl: int, order: int) -> None:
        try:
            head = self._HEAD.pack(_now() + ttl, order)
            self._redis.set(self.ENTRY_PREFIX + key, head + value, ex=ttl + STALE_SECONDS)
        except Exception:
            log.warning("redis unavailable: response not cached")

    # The request path, on the event loop itself. Through worker threads and the blocking client, a
    # cached answer cost two thread hops and the GIL handed back and forth: a cached list answered
    # 0.3x the ping's rate, 0.5x now (bench/htmlpages.py --profile production, performance.md).

    # The generations and the entry they point at, in one round trip instead of two (~100 us less a
    # request here). The entry's key is made inside the script, so this needs one Redis, not a
    # Cluster, which the cache's few keys never need.
    _READ_LUA = """
    local gens = redis.call('MGET', KEYS[1], KEYS[2])
    local gen, order = gens[1] or '0', gens[2] or '0'
    return {gen, order, redis.call('GET', ARGV[1] .. gen .. ':' .. ARGV[2])}
    """

    def _aclient(self) -> tuple[Any, Any]:
        """This event loop's client and read script."""
        loop = asyncio.get_running_loop()
        found = self._aclients.get(loop)
        if found is None:
            import redis.asyncio

            client = redis.asyncio.Redis.from_url(self._url, **self._TIMEOUTS)
            found = self._aclients[loop] = (client, client.register_script(self._READ_LUA))
        return found

    async def aread(
        self, key: str, *, follow_listings: bool
    ) -> tuple[str, int, tuple[bytes, float, int] | None] | None:
        """`versioned(key)` and its entry, in one round trip; None when Redis cannot tell."""
        client, read = self._aclient()
        try:
            if follow_listings:
                gen, order, value = await read(
                    keys=[self.GEN_KEY, self.ORDER_KEY], args=[self.ENTRY_PREFIX, key]
                )
                return f"{int(gen)}:{key}", int(order), self._entry(value)
            full = f"static:{key}"
            return full, 0, self._entry(await client.get(self.ENTRY_PREFIX + full))
        except Exception:
            log.warning("redis unavailable for the listings cache")
            return None

    async def aput(self, key: str, value: bytes, ttl: int, order: int) -> None:
        try:
            head = self._HEAD.pack(_now() + ttl, order)
            await self._aclient()[0].set(self.ENTRY_PREFIX + key, head + value, ex=ttl + STALE_SECONDS)
        except Exception:
            log.warning("redis unavailable: response not cached")

    def clear(self) -> None:
        self.bump()


# The listings' generation this process last saw, and when it saw it change (time.monotonic()): for a
# few seconds after a change, answers are built from the primary (core/replica.py), so no node caches
# a replica's pre-change rows under the new generation.
_seen: list[Any] = [None, float("-inf")]  # [generation, monotonic time it changed]


def saw_generation(gen: str) -> None:
    if gen == "static" or gen == _seen[0]:
        return
    if _seen[0] is not None:
        _seen[1] = time.monotonic()
    _seen[0] = gen


def generation_changed_within(seconds: float) -> bool:
    changed_at: float = _seen[1]
    return time.monotonic() - changed_at < seconds


@lru_cache
def store() -> Store:
    url = get_settings().redis_url
    return RedisStore(url) if url else MemoryStore()


def caching_off() -> bool:
    """LISTING_CACHE_SECONDS=0: nothing is cached, and `cached_if_on` answers None at once."""
    return get_settings().listing_cache_seconds <= 0


def versioned(key: str, *, follow_listings: bool = True) -> tuple[str, int] | None:
    """The key under the current generation and the order generation an answer built now carries;
    None when the store cannot tell (never cache then). An answer that does not follow the
    listings (the tags' and countries' counts, read from the table the recount job keeps) lives
    by its TTL alone."""
    if get_settings().listing_cache_seconds <= 0:
        return None
    if not follow_listings:
        return f"static:{key}", 0
    gens = store().generations()
    return None if gens is None else (f"{gens[0]}:{key}", gens[1])


def etag_of(body: bytes) -> str:
    # SHA-256 runs in the CPU's SHA instructions here: 5.7 us for a 10 kB list against BLAKE2b's
    # 10.4 us, on every uncached answer. 80 bits of it, as before.
    return '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


def not_modified(if_none_match: str | None, etag: str) -> bool:
    """Whether a request's If-None-Match names this ETag (weakly: the compressed copies are W/)."""
    if not if_none_match:
        return False
    if if_none_match.strip() == "*":
        return True
    tags = {t.strip().removeprefix("W/") for t in if_none_match.split(",")}
    return etag in tags


async def cached(
    key: str, build: Callable[[], Awaitable[bytes]], ttl: int, *, follow_listings: bool = True
) -> bytes:
    """`key`'s body: fresh from the cache, or stale while it is rebuilt, or built once for everyone.

    Stale-while-revalidate with a single flight per key: a stale entry (past its TTL, or built
    before a Top-Up or Fire Pin reordered the lists) is answered at once while one task rebuilds
    it; on a miss, every request for the key waits for one build. Before, all the requests in
    flight at an entry's expiry rebuilt it at the same time (32 rebuilds of one search exhausted
    the 10 pooled connections: 503s and a p99 spike at each expiry).
    """
    found = await cached_if_on(key, build, ttl, follow_listings=follow_listings)
    return found if found is not None else await build()


async def cached_if_on(
    key: str, build: Callable[[], Awaitable[bytes]], ttl: int, *, follow_listings: bool = True
) -> bytes | None:
    """As `cached`, but None when caching is off or its store unreachable, instead of a build.

    For what only helps (a page's first answers, core/firstanswers.py): without the cache, each
    page would read the database three more times for bodies the app can ask for itself.
    """
    cache = store()
    if isinstance(cache, RedisStore):
        if get_settings().listing_cache_seconds <= 0:
            return None
        read = await cache.aread(key, follow_listings=follow_listings)
        if read is None:  # Redis unreachable
            return None
        full, order, entry = read
        saw_generation(full.split(":", 1)[0])
    else:
        where = versioned(key, follow_listings=follow_listings)
        if where is None:  # caching off
            return None
        full, order = where
        saw_generation(full.split(":", 1)[0])
        entry = cache.get(full)
    if entry is None:
        return await asyncio.shield(_flight(cache, full, build, ttl, order))
    body, fresh_until, built_order = entry
    if fresh_until <= _now() or built_order != order:
        _flight(cache, full, build, ttl, order)  # in the background: this answer does not wait
    return body


# The rebuild in progress per versioned key (one per process; with Redis, one per web process).
_flights: dict[str, asyncio.Task[bytes]] = {}


def _flight(
    cache: Store, full: str, build: Callable[[], Awaitable[bytes]], ttl: int, order: int
) -> asyncio.Task[bytes]:
    """The task rebuilding `full`, started unless one is already running on this event loop."""
    loop = asyncio.get_running_loop()
    task = _flights.get(full)
    if task is not None and not task.done() and task.get_loop() is loop:
        return task

    async def rebuild() -> bytes:
        body = await build()
        # Marked with the order generation read before the build: a reorder during it leaves the
        # answer stale, so the next request rebuilds it again.
        if isinstance(cache, RedisStore):
            await cache.aput(full, body, ttl, order)
        else:
            cache.put(full, body, ttl, order)
        return body

    def finished(done: asyncio.Task[bytes]) -> None:
        if _flights.get(full) is done:
            del _flights[full]
        if not done.cancelled() and (exc := done.exception()) is not None and not isinstance(exc, AppError):
            # Nobody may be waiting (a background refresh): the stale entry stays until it expires.
            log.warning("rebuilding %s failed: %r", full, exc)

    task = loop.create_task(rebuild())
    task.add_done_callback(finished)
    _flights[full] = task
    return task
