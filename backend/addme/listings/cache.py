"""A short cache of public read responses, with a generation that any listing change bumps.

Per process by default; in Redis when REDIS_URL is set, so N web processes agree on the
generation. Keys carry the generation, so a bump makes every older entry unreachable at once,
and the TTL clears them away.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import threading
import time
from functools import lru_cache
from typing import Any, Protocol

from addme.core.config import get_settings

log = logging.getLogger("addme.listings.cache")

# Fresh enough for a directory, long enough to absorb a crowd (LISTING_CACHE_SECONDS, default 15).
LIST_TTL = get_settings().listing_cache_seconds or 15
COUNTS_TTL = 60


class Store(Protocol):
    is_local: bool

    def generation(self) -> int: ...
    def bump(self) -> None: ...
    def get(self, key: str) -> bytes | None: ...
    def put(self, key: str, value: bytes, ttl: int) -> None: ...
    def clear(self) -> None: ...


class MemoryStore:
    """A bounded dict; entries expire by TTL, and the generation is a process-wide counter."""

    is_local = True
    max_entries = 4096

    def __init__(self) -> None:
        self._data: dict[str, tuple[float, bytes]] = {}
        self._gen = itertools.count(1)
        self._current = next(self._gen)
        self._lock = threading.Lock()

    def generation(self) -> int:
        return self._current

    def bump(self) -> None:
        with self._lock:
            self._current = next(self._gen)
            self._data.clear()

    def get(self, key: str) -> bytes | None:
        item = self._data.get(key)
        if item is None or item[0] < time.monotonic():
            return None
        return item[1]

    def put(self, key: str, value: bytes, ttl: int) -> None:
        with self._lock:
            if len(self._data) >= self.max_entries:
                self._data.clear()  # crude but bounded: a full cache refills within one TTL
            self._data[key] = (time.monotonic() + ttl, value)

    def clear(self) -> None:
        self.bump()


class RedisStore:
    """The same interface on Redis; a Redis fault degrades to "no cache", never to an error."""

    is_local = False
    GEN_KEY = "addme:listings:gen"

    def __init__(self, url: str) -> None:
        import redis

        self._redis: Any = redis.Redis.from_url(url, socket_timeout=0.25, socket_connect_timeout=0.25)

    def generation(self) -> int:
        try:
            value = self._redis.get(self.GEN_KEY)
            return int(value or 0)
        except Exception:
            log.warning("redis unavailable for the listings cache")
            return -1

    def bump(self) -> None:
        try:
            self._redis.incr(self.GEN_KEY)
        except Exception:
            log.warning("redis unavailable: listings generation not bumped")

    def get(self, key: str) -> bytes | None:
        try:
            value = self._redis.get("addme:lc:" + key)
        except Exception:
            return None
        return bytes(value) if value is not None else None

    def put(self, key: str, value: bytes, ttl: int) -> None:
        try:
            self._redis.set("addme:lc:" + key, value, ex=ttl)
        except Exception:
            log.warning("redis unavailable: response not cached")

    def clear(self) -> None:
        self.bump()


@lru_cache
def store() -> Store:
    url = get_settings().redis_url
    return RedisStore(url) if url else MemoryStore()


def versioned(key: str) -> str | None:
    """The key under the current generation; None when the store cannot tell (never cache then)."""
    if get_settings().listing_cache_seconds <= 0:
        return None
    gen = store().generation()
    return None if gen < 0 else f"{gen}:{key}"


def etag_of(body: bytes) -> str:
    return '"' + hashlib.blake2b(body, digest_size=10).hexdigest() + '"'
