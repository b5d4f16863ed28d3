"""What a member may add: their slots and the two submit cool-downs (one new username a day, none
for 24 hours after a deletion), kept in listings' `submit_clocks` (issue 35)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, or_, select, true, update
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.core.db import insert_once
from addme.listings import constants as c
from addme.listings import validation
from addme.listings.models import SubmitClock, Username


def count_active(session: Session, *, user_id: int) -> int:
    """Usernames that take a slot: every one not deleted."""
    return int(
        session.scalar(
            select(func.count())
            .select_from(Username)
            .where(Username.user_id == user_id, Username.status != c.Status.DELETED)
        )
        or 0
    )


def effective_max(user: User) -> int:
    """Studio accounts have 25 slots whatever they bought."""
    return max(user.max_usernames, c.STUDIO_MAX_USERNAMES) if user.is_studio else user.max_usernames


def add_blocked_reason(session: Session, *, user: User, count: int | None = None) -> str | None:
    """Why the member cannot add a username right now, or None."""
    now = clock.now()
    count = count_active(session, user_id=user.id) if count is None else count
    if count >= effective_max(user):
        return c.AT_MAX
    if user.is_studio:
        # Studio is sold with "no 24-hour wait" (spec section 6: bypass restrictions): neither the
        # one-a-day rule nor the wait after a deletion holds for it.
        return None
    deleted = user.last_username_deleted_at
    if deleted is not None and now - deleted < c.DELETE_COOLDOWN:
        return c.AFTER_DELETE.format(
            wait=validation.wait_text((deleted + c.DELETE_COOLDOWN - now).total_seconds())
        )
    latest = user.latest_username
    if latest is not None and now - latest < c.NEW_USERNAME_COOLDOWN:
        left = latest + c.NEW_USERNAME_COOLDOWN - now
        return c.ONE_PER_DAY.format(wait=validation.wait_text(left.total_seconds()))
    return None


def _clock(session: Session, *, user: User) -> None:
    """Make the member's row once (race-free: a concurrent twin inserts nothing)."""
    if user.submit_clock is None:
        insert_once(session, SubmitClock, {"user_id": user.id}, conflict=["user_id"])


def claim_new_username(session: Session, *, user: User, now: datetime) -> bool:
    """Take the day's new-username right; False when it was taken within 24 hours (Studio: always
    True). One conditional UPDATE is the claim: two submits at once, one wins."""
    _clock(session, user=user)
    day_free = or_(
        SubmitClock.latest_username.is_(None), SubmitClock.latest_username <= now - c.NEW_USERNAME_COOLDOWN
    )
    claimed = session.execute(
        update(SubmitClock)
        .where(SubmitClock.user_id == user.id, true() if user.is_studio else day_free)
        .values(latest_username=now),
        execution_options={"synchronize_session": False},
    )
    # Read `user.submit_clock` again when next asked: the relationship is listings' to refresh,
    # never to assign (an assignment would be a write to users).
    session.expire(user, ["submit_clock"])
    return claimed.rowcount == 1  # type: ignore[attr-defined, no-any-return]


def note_deleted(session: Session, *, user: User, now: datetime) -> None:
    """The member deleted a username: no new one for 24 hours."""
    _clock(session, user=user)
    session.execute(
        update(SubmitClock).where(SubmitClock.user_id == user.id).values(last_username_deleted_at=now),
        execution_options={"synchronize_session": False},
    )
    session.expire(user, ["submit_clock"])


def usernames_count_hook(session: Session, user: User) -> dict[str, object]:
    """Adds usernames_count to GET /v1/auth/user."""
    return {"usernames_count": count_active(session, user_id=user.id)}
