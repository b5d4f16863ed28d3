"""The cleanup of idle usernames (spec section 9): neither edited nor topped up for 365 days."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, delete, func, or_, select
from sqlalchemy.orm import Session

from addme.core import clock
from addme.listings import constants as c
from addme.listings.changes import touch
from addme.listings.models import Username

INACTIVE_AFTER = timedelta(days=365)
CLEANUP_BATCH = 5000


def _inactive(now: datetime) -> list[ColumnElement[bool]]:
    cutoff = now - INACTIVE_AFTER
    return [
        # A banned username's row is what keeps its handle banned: it stays.
        Username.status != c.Status.BANNED,
        Username.created_at < cutoff,
        Username.updated_at < cutoff,
        or_(Username.last_top_up.is_(None), Username.last_top_up < cutoff),
        # A VIP or Studio owner's usernames stay while the entitlement runs.
        or_(Username.owner_vip_until.is_(None), Username.owner_vip_until <= now),
    ]


def inactive_username_ids(
    session: Session, *, now: datetime | None = None, batch: int = CLEANUP_BATCH
) -> list[int]:
    """Usernames neither edited nor topped up for 365 days, the longest idle first (the cleanup)."""
    now = now or clock.now()
    idle = func.coalesce(Username.last_top_up, Username.updated_at)
    return list(
        session.scalars(select(Username.id).where(*_inactive(now)).order_by(idle, Username.id).limit(batch))
    )


def delete_inactive(session: Session, *, username_ids: list[int], now: datetime | None = None) -> int:
    """Hard-delete these idle usernames (tags, stats and reports cascade), re-checked as they go."""
    if not username_ids:
        return 0
    now = now or clock.now()
    done = 0
    for start in range(0, len(username_ids), 500):
        chunk = username_ids[start : start + 500]
        result = session.execute(
            delete(Username)
            .where(Username.id.in_(chunk), *_inactive(now))
            .execution_options(synchronize_session=False)
        )
        done += int(result.rowcount or 0)  # type: ignore[attr-defined]
    if done:
        touch(session)
    session.commit()
    return done


def count_of_users(session: Session, *, user_ids: list[int]) -> int:
    """How many usernames these accounts hold (what leaves the lists with them)."""
    if not user_ids:
        return 0
    total = 0
    for start in range(0, len(user_ids), 500):
        chunk = user_ids[start : start + 500]
        total += int(
            session.scalar(select(func.count()).select_from(Username).where(Username.user_id.in_(chunk))) or 0
        )
    return total
