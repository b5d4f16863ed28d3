"""Sellers fall back to pending review when their key expires (spec section 4).

A seller is a username marked paid content (the member's checkbox, or a moderator's "change to
paid"); its listing rides on the owner's VIP or Studio, which a key grants. When both have ended
(the username's `owner_vip_until` is past), the username goes back to review, and a moderator
decides again (or the member's next key sends it there too: it is already pending).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from addme.core import clock
from addme.listings import constants as c
from addme.listings.changes import touch
from addme.listings.models import Username

KEY_EXPIRED = "Paid content listed with a VIP or Studio key that has ended: reviewed again."


def expired_seller_ids(session: Session, *, now: datetime, limit: int = 500) -> list[int]:
    """Listed sellers whose owner's VIP and Studio have both ended, oldest end first."""
    return list(
        session.scalars(
            select(Username.id)
            .where(
                Username.status == c.Status.APPROVED,
                Username.paid_content.is_(True),
                Username.owner_vip_until.is_not(None),
                Username.owner_vip_until <= now,
            )
            .order_by(Username.owner_vip_until, Username.id)
            .limit(limit)
        )
    )


def sellers_back_to_review(session: Session, *, now: datetime | None = None) -> int:
    """The job: expired sellers back to pending (off the lists); returns how many. Commits."""
    now = now or clock.now()
    ids = expired_seller_ids(session, now=now)
    if not ids:
        return 0
    moved = session.execute(
        update(Username)
        .where(Username.id.in_(ids), Username.status == c.Status.APPROVED)
        .values(status=c.Status.PENDING, listed=False, review_reason=KEY_EXPIRED, updated_at=now),
        execution_options={"synchronize_session": False},
    ).rowcount  # type: ignore[attr-defined]
    touch(session)
    session.commit()
    return int(moved or 0)
