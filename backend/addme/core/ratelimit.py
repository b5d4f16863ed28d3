"""Throttles backed by `limits`: in memory for one process, Redis when REDIS_URL is set.

When Redis is down or slow, throttling falls back to this process's memory for a few seconds at a
time instead of failing the request: limits then hold per process, not across processes, until
Redis answers again.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

from addme.core.config import get_settings
from addme.core.errors import TooManyRequests

TOO_MANY = "Too many attempts. Please try again in {minutes} minute(s)."
# After a Redis failure, the memory fallback is used this long before Redis is tried again.
REDIS_RETRY_SECONDS = 5.0

if TYPE_CHECKING:
    # `limits` costs about 0.1 s to import: loaded on the first throttled request, not at start-up.
    from limits import RateLimitItem
    from limits.storage import Storage
    from limits.strategies import MovingWindowRateLimiter

log = logging.getLogger("addme.ratelimit")
T = TypeVar("T")
_redis_down_until = 0.0


@lru_cache
def _storage() -> Storage:
    from limits.storage import MemoryStorage, Storage, storage_from_string

    url = get_settings().redis_url
    if not url:
        return MemoryStorage()
    # A quarter of a second to answer: a hung Redis must not hold requests up.
    storage = storage_from_string(
        url,
        socket_timeout=0.25,
        socket_connect_timeout=0.25,
        key_prefix=get_settings().rate_limit_prefix,
    )
    assert isinstance(storage, Storage)
    return storage


@lru_cache
def _shared_limiter() -> MovingWindowRateLimiter:
    from limits.strategies import MovingWindowRateLimiter

    return MovingWindowRateLimiter(_storage())


@lru_cache
def _local_limiter() -> MovingWindowRateLimiter:
    from limits.storage import MemoryStorage
    from limits.strategies import MovingWindowRateLimiter

    return MovingWindowRateLimiter(MemoryStorage())


def _call(fn: Callable[[MovingWindowRateLimiter], T]) -> T:
    """Run `fn` on the shared limiter, or on this process's while Redis is failing."""
    global _redis_down_until
    if not get_settings().redis_url or time.monotonic() < _redis_down_until:
        return fn(_local_limiter() if get_settings().redis_url else _shared_limiter())
    try:
        return fn(_shared_limiter())
    except Exception as exc:  # any Redis failure (refused, timeout, reset): degrade, never a 500
        log.warning("redis unavailable for rate limits (%s): limiting in this process", type(exc).__name__)
        _redis_down_until = time.monotonic() + REDIS_RETRY_SECONDS
        return fn(_local_limiter())


@lru_cache
def _item(spec: str) -> RateLimitItem:
    from limits import parse

    return parse(spec)


def retry_after(spec: str, *keys: str) -> int:
    """Seconds until the limit admits another hit (0 when it does now)."""
    stats = _call(lambda lim: lim.get_window_stats(_item(spec), *keys))
    if stats.remaining > 0:
        return 0
    return max(1, math.ceil(stats.reset_time - time.time()))


def hit(spec: str, *keys: str) -> None:
    """Count one attempt; raise 429 with Retry-After when over the limit."""
    if not get_settings().rate_limits_enabled:
        return
    if not _call(lambda lim: lim.hit(_item(spec), *keys)):
        wait = retry_after(spec, *keys)
        raise TooManyRequests(TOO_MANY.format(minutes=max(1, math.ceil(wait / 60))), retry_after=wait)


def attempt(spec: str, *keys: str) -> int:
    """Count one attempt without raising: 0 when admitted, else the seconds to wait (Retry-After).

    For callers that answer the 429 themselves (the write-budget middleware, addme/api/throttle.py).
    """
    if not get_settings().rate_limits_enabled:
        return 0
    if _call(lambda lim: lim.hit(_item(spec), *keys)):
        return 0
    return max(1, retry_after(spec, *keys))


def too_many_message(wait: int) -> str:
    return TOO_MANY.format(minutes=max(1, math.ceil(wait / 60)))


def check(spec: str, *keys: str) -> None:
    """Refuse with 429 if the limit is exhausted, without counting a hit."""
    if not get_settings().rate_limits_enabled:
        return
    if not _call(lambda lim: lim.test(_item(spec), *keys)):
        wait = retry_after(spec, *keys)
        raise TooManyRequests(TOO_MANY.format(minutes=max(1, math.ceil(wait / 60))), retry_after=wait)


def reset() -> None:
    """Forget every counter (tests)."""
    global _redis_down_until
    _redis_down_until = 0.0
    _local_limiter().storage.reset()
    try:
        _storage().reset()
    except Exception:
        log.warning("redis unavailable: shared rate-limit counters not reset")
