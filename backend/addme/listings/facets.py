"""Tags and countries with their number of listed usernames: recounted by a job into
listing_facet_counts, read from there by /tags and the filters' choices."""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta
from threading import Thread
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select
from sqlalchemy.engine import Engine

from addme.core import options
from addme.listings.cards import LISTED, U
from addme.listings.models import FacetCount, Tag, Username, username_tags

FC = FacetCount.__table__.c


def _count_tags(conn: Connection, *, app: str | None) -> list[tuple[str, int]]:
    stmt = (
        select(Tag.name, func.count().label("n"))
        .select_from(username_tags.join(Tag, Tag.id == username_tags.c.tag_id))
        .join(Username, Username.id == username_tags.c.username_id)
        # A tag an admin hid is left off /tags and the filters' choices (they read these counts).
        .where(LISTED, Tag.hidden.is_(False))
        .group_by(Tag.name)
    )
    if app:
        stmt = stmt.where(U.app == app)
    return [(r[0], int(r[1])) for r in conn.execute(stmt).all()]


def _count_countries(conn: Connection) -> list[tuple[str, int]]:
    stmt = (
        select(U.country_code, func.count())
        .where(LISTED, U.country_code.is_not(None))
        .group_by(U.country_code)
    )
    return [(r[0], int(r[1])) for r in conn.execute(stmt).all()]


# The job recounts every minute; a reader finding counts older than this recounts behind them.
FACETS_MAX_AGE = timedelta(minutes=5)
_recount_lock = threading.Lock()
log = logging.getLogger("addme.listings")


def refresh_facets(conn: Connection, *, now: datetime) -> int:
    """Recount tags (overall and per app) and countries into listing_facet_counts (the job)."""
    rows: list[dict[str, Any]] = []
    for app in ("", *(a.value for a in options.App)):
        rows += [
            {"kind": "tag", "app": app, "key": k, "count": n, "refreshed_at": now}
            for k, n in _count_tags(conn, app=app or None)
        ]
    rows += [
        {"kind": "country", "app": "", "key": k, "count": n, "refreshed_at": now}
        for k, n in _count_countries(conn)
    ]
    conn.execute(delete(FacetCount))
    if rows:
        conn.execute(insert(FacetCount), rows)
    return len(rows)


def _facets(conn: Connection, *, kind: str, app: str, now: datetime) -> list[tuple[str, int]]:
    stmt = select(FC.key, FC.count).where(FC.kind == kind, FC.app == app, FC.count > 0)
    last = conn.execute(select(func.max(FC.refreshed_at))).scalar_one()
    if last is None:
        # Never counted (a fresh install): count now rather than show an empty page. One recount
        # at a time in a process: the tags of each app and the countries asked at once used to
        # recount side by side.
        with _recount_lock:
            conn.commit()  # a new snapshot: another request's recount may have just finished
            if conn.execute(select(func.max(FC.refreshed_at))).scalar_one() is None:
                refresh_facets(conn, now=now)
                conn.commit()
    counts = [(r[0], int(r[1])) for r in conn.execute(stmt.order_by(FC.count.desc(), FC.key)).all()]
    if last is not None and last < now - FACETS_MAX_AGE:
        # The recount job is not running (RUN_JOBS_IN_WEB=false and no job process, or a job
        # runner just started): answer these counts now and recount behind them. At a million
        # usernames a recount takes seconds, and every tag page used to wait for it (p99 5.8 s in
        # bench/mixed.py's first seconds). Started once they are read: on a small database the
        # recount could otherwise finish first, and this answer be the new counts.
        _recount_behind(conn.engine, now=now)
    return counts


def _recount_behind(engine: Engine, *, now: datetime) -> None:
    """Recount the facets in a thread of its own, unless a recount is already running here."""
    if not _recount_lock.acquire(blocking=False):
        return

    def run() -> None:
        try:
            with engine.begin() as conn:
                refresh_facets(conn, now=now)
        except Exception:
            log.exception("recounting the tags and countries failed")
        finally:
            _recount_lock.release()

    Thread(target=run, name="facet-recount", daemon=True).start()


def recounting() -> bool:
    """Whether a recount of the facets is running in this process (tests wait for it)."""
    return _recount_lock.locked()


def tag_counts(
    conn: Connection, *, app: str | None, now: datetime, limit: int = 300
) -> list[tuple[str, int]]:
    """Tags with the number of listed usernames carrying them, most used first."""
    return _facets(conn, kind="tag", app=app or "", now=now)[:limit]


def country_counts(conn: Connection, *, now: datetime) -> list[tuple[str, int]]:
    """Country codes with their number of listed usernames."""
    return _facets(conn, kind="country", app="", now=now)
