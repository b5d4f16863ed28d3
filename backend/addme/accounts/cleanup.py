"""Accounts that go away: erased 30 days after deletion, or deleted after a year idle (spec section 9)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, func, select, update
from sqlalchemy.orm import Session

from addme.accounts.models import AuthToken, User
from addme.core import clock

DELETION_GRACE = timedelta(days=30)


def erasable_user_ids(session: Session, *, now: datetime | None = None, batch: int = 500) -> list[int]:
    """Accounts deleted more than 30 days ago, oldest deletion first: the next ones to erase."""
    cutoff = (now or clock.now()) - DELETION_GRACE
    return list(
        session.scalars(
            select(User.id)
            .where(User.deleted_at.is_not(None), User.deleted_at <= cutoff)
            .order_by(User.deleted_at, User.id)
            .limit(batch)
        )
    )


def erase_users(session: Session, *, user_ids: list[int], now: datetime | None = None) -> int:
    """Erase these accounts for good (only those still deleted past the grace); rows cascade away."""
    if not user_ids:
        return 0
    cutoff = (now or clock.now()) - DELETION_GRACE
    users = session.scalars(
        select(User).where(User.id.in_(user_ids), User.deleted_at.is_not(None), User.deleted_at <= cutoff)
    ).all()
    for user in users:
        session.delete(user)
    session.commit()
    return len(users)


def erase_deleted_accounts(session: Session, *, now: datetime | None = None, batch: int = 500) -> int:
    """Erase accounts deleted more than 30 days ago; their rows cascade away (their files: the job)."""
    return erase_users(session, user_ids=erasable_user_ids(session, now=now, batch=batch), now=now)


INACTIVE_AFTER = timedelta(days=365)
# Spec section 9: the oldest 5000 per run, so one run stays a bounded amount of work.
CLEANUP_BATCH = 5000
_CLEANUP_CHUNK = 500


def inactive_user_ids(
    session: Session,
    *,
    now: datetime | None = None,
    batch: int = CLEANUP_BATCH,
    keep: Select[Any] | None = None,
) -> list[int]:
    """Members not seen for 365 days, the longest idle first (the cleanup's candidates).

    Idle since their last login (or sign-up when they never logged in). Admins are never candidates,
    nor accounts banned for good: their row is what keeps the ban (as a banned username's row keeps
    its handle's). `keep` names more accounts to spare: the wallet's, with a paid entitlement still
    running (VIP, Studio, Auto Top-Up); accounts sit below the wallet and cannot ask it themselves.
    """
    now = now or clock.now()
    seen = func.coalesce(User.last_login_at, User.created_at)
    spared = [User.id.not_in(keep)] if keep is not None else []
    return list(
        session.scalars(
            select(User.id)
            .where(
                User.deleted_at.is_(None),
                User.admin_level.is_(None),
                seen < now - INACTIVE_AFTER,
                ~User.ban.has(banned_until=None),
                *spared,
            )
            .order_by(seen, User.id)
            .limit(batch)
        )
    )


def delete_inactive_users(session: Session, *, user_ids: list[int]) -> int:
    """Delete these idle accounts as a member's own deletion does: hidden now (their usernames leave
    the lists with them), erased after 30 days; logging in before then restores them."""
    done = 0
    for start in range(0, len(user_ids), _CLEANUP_CHUNK):
        chunk = user_ids[start : start + _CLEANUP_CHUNK]
        users = session.scalars(select(User).where(User.id.in_(chunk), User.deleted_at.is_(None))).all()
        now = clock.now()
        for user in users:
            user.deleted_at = now
        session.execute(
            update(AuthToken)
            .where(AuthToken.user_id.in_(chunk), AuthToken.revoked_at.is_(None))
            .values(revoked_at=now)
        )
        session.commit()
        done += len(users)
    return done
