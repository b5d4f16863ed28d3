"""Profile views and Message clicks: one counter row per username per day, feeding "popular"."""

from __future__ import annotations

from typing import Literal

from sqlalchemy import Connection, Table, case, delete, func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from addme.core import batches, clock, ratelimit
from addme.core.errors import NotFound, TooManyRequests
from addme.listings import constants as c
from addme.listings import facets, figures
from addme.listings.models import Username, UsernameDailyStat, UsernameViewSource
from addme.listings.service import since_days

VIEW_DEDUP = "1/hour"
CLICK_LIMIT = "30/hour"
# The owner's figures look back 90 days (VIP and Studio), and a boost on the first of them is
# compared with the 7 days before it; the popular score reads only the last 7.
KEEP_DAYS = figures.VIP_DAYS + figures.BASELINE_DAYS


def _upsert(
    conn: Connection, table: Table, values: dict[str, object], *, keys: list[str], field: str
) -> None:
    ins = pg_insert(table) if conn.dialect.name == "postgresql" else sqlite_insert(table)
    conn.execute(
        ins.values(**values).on_conflict_do_update(index_elements=keys, set_={field: table.c[field] + 1})
    )


def _bump(
    conn: Connection, *, username_id: int, field: Literal["views", "clicks"], source: str | None = None
) -> None:
    table = UsernameDailyStat.__table__
    assert isinstance(table, Table)
    day = clock.now().date()
    values: dict[str, object] = {"username_id": username_id, "day": day, "views": 0, "clicks": 0}
    values[field] = 1
    _upsert(conn, table, values, keys=["username_id", "day"], field=field)
    if field == "views" and source is not None:
        sources = UsernameViewSource.__table__
        assert isinstance(sources, Table)
        row = {"username_id": username_id, "day": day, "source": source, "views": 1}
        _upsert(conn, sources, row, keys=["username_id", "day", "source"], field="views")
    # The live score moves at once; the job recomputes it so old days fall out of the window.
    conn.execute(
        update(Username)
        # A demoted handle (not found on its app) stays at 0: below the others in "popular" too.
        .where(Username.id == username_id, Username.handle_demoted_at.is_(None))
        .values(popularity=Username.popularity + 1, updated_at=Username.updated_at)
    )


def record(
    session: Session,
    *,
    username_id: int,
    kind: Literal["view", "click"],
    ip_key: str,
    source: str | None = None,
) -> None:
    """Count a profile view (once per viewer IP per username per hour, under the place it came from
    when given: schemas.ViewSource) or a Message click."""
    listed = session.scalar(select(Username.listed).where(Username.id == username_id))
    if not listed:
        raise NotFound(c.NOT_FOUND)
    limit = VIEW_DEDUP if kind == "view" else CLICK_LIMIT
    try:
        ratelimit.hit(limit, f"username-{kind}", ip_key, str(username_id))
    except TooManyRequests:
        return  # already counted for this viewer: the answer is the same, the counter does not move
    field: Literal["views", "clicks"] = "views" if kind == "view" else "clicks"
    _bump(session.connection(), username_id=username_id, field=field, source=source)
    session.commit()


# A run stops starting new ranges after this long; the next run goes on (unchanged rows are only read).
POPULARITY_BUDGET_SECONDS = 300.0
# Rest after each range as long as it took: half a database core at most, beside the site's requests.
POPULARITY_PAUSE = 1.0


def refresh_popularity(session: Session) -> int:
    """Recompute the trailing 7-day score (the job), range by range of ids, each range its own short
    transaction (one statement over every scored row of a million-row table ran past the server's
    15-second statement_timeout and rolled back, every ten minutes). Writes only the scores that
    moved: an unchanged row rewritten still costs a new row version in every index. Returns rows
    written."""
    since = since_days(c.POPULAR_DAYS).date()
    low, high = session.execute(select(func.min(Username.id), func.max(Username.id))).one()
    changed = 0
    for first, stop in batches.id_ranges(
        low, high, budget_seconds=POPULARITY_BUDGET_SECONDS, pause=POPULARITY_PAUSE
    ):
        counted = (
            select(func.coalesce(func.sum(UsernameDailyStat.views + UsernameDailyStat.clicks), 0))
            .where(UsernameDailyStat.username_id == Username.id, UsernameDailyStat.day >= since)
            .scalar_subquery()
        )
        recent = case((Username.handle_demoted_at.is_not(None), 0), else_=counted)
        touched = select(UsernameDailyStat.username_id).where(
            UsernameDailyStat.day >= since,
            UsernameDailyStat.username_id >= first,
            UsernameDailyStat.username_id < stop,
        )
        result = session.execute(
            update(Username)
            .where(
                Username.id >= first,
                Username.id < stop,
                (Username.popularity > 0) | Username.id.in_(touched),
                Username.popularity != recent,
            )
            .values(popularity=recent, updated_at=Username.updated_at)
            .execution_options(synchronize_session=False)
        )
        changed += int(result.rowcount or 0)  # type: ignore[attr-defined]
        session.commit()
    cutoff = since_days(KEEP_DAYS).date()
    session.execute(delete(UsernameDailyStat).where(UsernameDailyStat.day < cutoff))
    session.execute(delete(UsernameViewSource).where(UsernameViewSource.day < cutoff))
    session.commit()
    return changed


def refresh_facets(session: Session) -> int:
    """Recount the tags and countries pages' numbers (the job; a scan, off the request path)."""
    return facets.refresh_facets(session.connection(), now=clock.now())
