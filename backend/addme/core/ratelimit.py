"""Throttles backed by `limits`: in memory for one process, Redis when REDIS_URL is set."""

from __future__ import annotations

import math
import time
from functools import lru_cache

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

from addme.core.config import get_settings
from addme.core.errors import TooManyRequests

TOO_MANY = "Too many attempts. Please try again in {minutes} minute(s)."


@lru_cache
def _storage() -> Storage:
    url = get_settings().redis_url
    if not url:
        return MemoryStorage()
    storage = storage_from_string(url)
    assert isinstance(storage, Storage)
    return storage


@lru_cache
def _limiter() -> MovingWindowRateLimiter:
    return MovingWindowRateLimiter(_storage())


@lru_cache
def _item(spec: str) -> RateLimitItem:
    return parse(spec)


def retry_after(spec: str, *keys: str) -> int:
    """Seconds until the limit admits another hit (0 when it does now)."""
    stats = _limiter().get_window_stats(_item(spec), *keys)
    if stats.remaining > 0:
        return 0
    return max(1, math.ceil(stats.reset_time - time.time()))


def hit(spec: str, *keys: str) -> None:
    """Count one attempt; raise 429 with Retry-After when over the limit."""
    if not get_settings().rate_limits_enabled:
        return
    if not _limiter().hit(_item(spec), *keys):
        wait = retry_after(spec, *keys)
        raise TooManyRequests(TOO_MANY.format(minutes=max(1, math.ceil(wait / 60))), retry_after=wait)


def check(spec: str, *keys: str) -> None:
    """Refuse with 429 if the limit is exhausted, without counting a hit."""
    if not get_settings().rate_limits_enabled:
        return
    if not _limiter().test(_item(spec), *keys):
        wait = retry_after(spec, *keys)
        raise TooManyRequests(TOO_MANY.format(minutes=max(1, math.ceil(wait / 60))), retry_after=wait)


def reset() -> None:
    """Forget every counter (tests)."""
    _storage().reset()
