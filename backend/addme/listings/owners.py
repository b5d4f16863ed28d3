"""What a username carries of its owner: the listed flag (the owner neither banned nor deleted) and
the owner's VIP end, kept in step with the account."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Select, and_, event, inspect, literal, or_, select, update
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.listings import constants as c
from addme.listings.cards import LISTED
from addme.listings.changes import invalidate_listings, touch
from addme.listings.models import Username

# The account's own columns that decide its usernames' listed flag. A ban lives in moderation's
# table: the ban's verbs call `owner_standing_changed` themselves.
_OWNER_FIELDS = ("deleted_at",)


def owners_listed_as(*, gender: str | None, orientation: str | None) -> Select[int]:
    """Ids of accounts with a listed username of this gender and/or orientation (for group lists)."""
    stmt = select(Username.user_id).where(LISTED)
    if gender:
        stmt = stmt.where(Username.gender == gender)
    if orientation:
        stmt = stmt.where(Username.orientation == orientation)
    return stmt


def owner_vip_until(user: User) -> datetime | None:
    """The later of the owner's VIP and Studio end dates."""
    ends = [d for d in (user.promotion_ending_at, user.studio_ending_at) if d is not None]
    return max(ends) if ends else None


def owner_ok(user: User) -> bool:
    return user.deleted_at is None and user.banned_at is None


def refresh_listed(username: Username, owner: User) -> None:
    """Recompute the denormalized listed flag and owner VIP end from the row and its owner."""
    username.listed = username.status == c.Status.APPROVED and not username.is_hidden and owner_ok(owner)
    username.owner_vip_until = owner_vip_until(owner)


def _listed_update(session: Session, owner: User) -> None:
    session.connection().execute(
        update(Username)
        .where(Username.user_id == owner.id)
        .values(
            listed=and_(
                Username.status == c.Status.APPROVED,
                Username.is_hidden.is_(False),
                literal(owner_ok(owner)),
            ),
            owner_vip_until=owner_vip_until(owner),
            updated_at=Username.updated_at,
        )
    )
    touch(session)


@event.listens_for(Session, "after_flush")
def _sync_owner_flags(session: Session, _ctx: Any) -> None:
    """A deletion (or restoring) of an account reaches its usernames' denormalized columns."""
    for obj in list(session.dirty):
        if not isinstance(obj, User):
            continue
        state = inspect(obj)
        if any(state.attrs[f].history.has_changes() for f in _OWNER_FIELDS):
            _listed_update(session, obj)


def owner_standing_changed(session: Session, *, owner: User) -> None:
    """The owner was banned or their ban lifted (moderation's verbs): their usernames leave the
    lists or come back, in the same transaction."""
    session.flush()
    _listed_update(session, owner)


def owner_vip_changed(session: Session, *, owner: User) -> None:
    """The wallet moved the owner's VIP or Studio end: their usernames carry it for the VIP lists."""
    session.execute(
        update(Username)
        .where(Username.user_id == owner.id)
        .values(owner_vip_until=owner_vip_until(owner), updated_at=Username.updated_at),
        execution_options={"synchronize_session": "fetch"},
    )
    touch(session)


def resync_owner_flags(session: Session) -> int:
    """Repair drift from writes that bypassed the ORM (the job): returns rows fixed."""
    owner = select(User).where(User.id == Username.user_id).correlate(Username)
    ok = and_(owner.exists().where(User.deleted_at.is_(None), ~User.ban.has()))
    should = and_(Username.status == c.Status.APPROVED, Username.is_hidden.is_(False), ok)
    result = session.execute(
        update(Username)
        .where(or_(and_(Username.listed.is_(True), ~should), and_(Username.listed.is_(False), should)))
        .values(listed=should, updated_at=Username.updated_at)
        .execution_options(synchronize_session=False)
    )
    session.commit()
    fixed = int(result.rowcount or 0)  # type: ignore[attr-defined]
    if fixed:
        invalidate_listings()
    return fixed
