"""Site-wide switches an admin flips at run time (maintenance), shared by every web process.

Core holds only the stored value and a short per-process cache: the admin domain writes it (with
its audit row), the API's middleware and the public config read it.
"""

from __future__ import annotations

import threading
import time
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, Session, mapped_column

from addme.core import clock
from addme.core.config import get_settings
from addme.core.db import Base, new_session

MAINTENANCE = "maintenance"
# Each process re-reads a switch at most this often: other processes follow within this delay.
CACHE_SECONDS = 3.0

_lock = threading.Lock()
_cache: dict[str, tuple[float, bool]] = {}


class SiteSetting(Base):
    __tablename__ = "site_settings"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    updated_at: Mapped[datetime] = mapped_column(default=clock.now)


def row(session: Session, key: str) -> SiteSetting | None:
    return session.scalar(select(SiteSetting).where(SiteSetting.key == key))


def put(session: Session, *, key: str, value: dict[str, Any], by: int | None) -> None:
    """Store a switch (the caller commits, then calls forget())."""
    found = row(session, key)
    if found is None:
        session.add(SiteSetting(key=key, value=value, updated_by=by, updated_at=clock.now()))
    else:
        found.value = value
        found.updated_by = by
        found.updated_at = clock.now()


def cached_maintenance() -> bool | None:
    """The switch as this process last read it, or None when that is too old (or never read)."""
    if get_settings().maintenance:
        return True
    hit = _cache.get(MAINTENANCE)
    if hit and time.monotonic() - hit[0] < CACHE_SECONDS:
        return hit[1]
    return None


def maintenance_on() -> bool:
    """MAINTENANCE=true, or the admin's switch (read at most every CACHE_SECONDS per process)."""
    cached = cached_maintenance()
    if cached is not None:
        return cached
    try:
        with new_session() as session:
            found = row(session, MAINTENANCE)
            on = bool(found and found.value.get("on"))
    except SQLAlchemyError:
        # The switch must never be why a request fails: with the database out of reach, keep the
        # last value read (off if none) for CACHE_SECONDS, and let the request's own work answer
        # 503 as it does for any outage.
        hit = _cache.get(MAINTENANCE)
        on = hit[1] if hit else False
    with _lock:
        _cache[MAINTENANCE] = (time.monotonic(), on)
    return on


def forget() -> None:
    """Drop the cached values (after a switch, and between tests)."""
    with _lock:
        _cache.clear()
