"""The listings' use of the public response cache (core/respcache.py): its TTLs and generation."""

from __future__ import annotations

from addme.core.respcache import (
    COUNTS_TTL,
    LIST_TTL,
    STALE_SECONDS,
    cached,
    cached_if_on,
    caching_off,
    etag_of,
    not_modified,
    store,
)

__all__ = [
    "COUNTS_TTL",
    "LIST_TTL",
    "STALE_SECONDS",
    "cached",
    "cached_if_on",
    "caching_off",
    "etag_of",
    "not_modified",
    "store",
]
