"""One clock for the app, so tests can move time and rules never trust the client's clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

_offset_seconds: float = 0.0


def now() -> datetime:
    """Current UTC time (naive UTC, as stored in the database)."""
    current = datetime.now(UTC).replace(tzinfo=None)
    return current + timedelta(seconds=_offset_seconds) if _offset_seconds else current


def travel(seconds: float) -> None:
    """Move the app's clock forward (tests only)."""
    global _offset_seconds
    _offset_seconds += seconds


def reset() -> None:
    """Back to real time (tests only)."""
    global _offset_seconds
    _offset_seconds = 0.0
