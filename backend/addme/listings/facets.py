"""Tags and countries with their number of listed usernames: recounted by a job into
listing_facet_counts, read from there by /tags and the filters' choices."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select

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


# The job recounts every minute; a reader finding counts older than this recounts itself.
FACETS_MAX_AGE = timedelta(minutes=5)


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
    if last is None or last < now - FACETS_MAX_AGE:
        # Never counted (a fresh install) or the recount job is not running (RUN_JOBS_IN_WEB=false
        # and no job process): count now rather than show an empty or old page.
        refresh_facets(conn, now=now)
        conn.commit()
    return [(r[0], int(r[1])) for r in conn.execute(stmt.order_by(FC.count.desc(), FC.key)).all()]


def tag_counts(
    conn: Connection, *, app: str | None, now: datetime, limit: int = 300
) -> list[tuple[str, int]]:
    """Tags with the number of listed usernames carrying them, most used first."""
    return _facets(conn, kind="tag", app=app or "", now=now)[:limit]


def country_counts(conn: Connection, *, now: datetime) -> list[tuple[str, int]]:
    """Country codes with their number of listed usernames."""
    return _facets(conn, kind="country", app="", now=now)
