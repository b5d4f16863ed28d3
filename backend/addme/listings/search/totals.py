"""A list's total remembered a few seconds per filter set (count.py counts it).

Apart from count.py: every listing change forgets them (changes.py, below the cards this
package reads), so this module imports nothing of the pipeline.
"""

from __future__ import annotations

import time
from typing import Any

# Totals are capped and only shown as "N usernames": a few seconds' staleness is invisible, while
# counting on every request would cost as much as the page itself.
_COUNT_TTL = 10.0
# When a total expires, the first request to see it counts again and every other one keeps the
# old total for up to _RECOUNT_SECONDS more: without it, each request in flight at the expiry ran
# the same count (a tag's, 15-80 ms under a crowd, was logged 55 times in one 20 s run). A count
# that failed leaves the claim to lapse, and the next request after it counts.
_RECOUNT_SECONDS = 2.0
# Past this age a total is not served while recounting: every request counts, as with none.
_STALE_MAX = 30.0
# key -> (fresh until, total, counted at)
_counts: dict[tuple[Any, ...], tuple[float, int, float]] = {}


def memoized_count(key: tuple[Any, ...]) -> int | None:
    """A capped count for this filter set, or None when this request should count it: when none
    is remembered, or the remembered one expired and no other request is recounting it."""
    hit = _counts.get(key)
    if hit is None:
        return None
    fresh_until, total, counted_at = hit
    now = time.monotonic()
    if now < fresh_until:
        return total
    if now - counted_at < _STALE_MAX:
        # This request recounts; the others serve the old total meanwhile.
        _counts[key] = (now + _RECOUNT_SECONDS, total, counted_at)
    return None


def remember_count(key: tuple[Any, ...], total: int) -> None:
    if len(_counts) > 4096:
        _counts.clear()
    now = time.monotonic()
    _counts[key] = (now + _COUNT_TTL, total, now)


def forget_counts() -> None:
    """Drop memoized totals (a listing change in this process; tests)."""
    _counts.clear()
