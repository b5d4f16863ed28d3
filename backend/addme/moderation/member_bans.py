"""Account bans (issue 35): moderation's table `member_bans`, one row per account banned now.

Each verb carries its own side effects: a ban ends the account's sessions and takes its usernames
off the lists; lifting one (by a moderator, an appeal, the job or at sign-in once its end has
passed) lists them again. The caller commits. Other domains read a ban through `User.ban` (loaded
with the user) and, in SQL, `User.ban.has()`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.accounts.models import User
from addme.core import clock
from addme.listings import service as listings
from addme.moderation.models import MemberBan


def _reload(session: Session, user: User) -> None:
    """Write the row now and read `user.ban` again: the user's relationship is moderation's to
    refresh, never to assign (an assignment would be a write to users)."""
    session.flush()
    session.expire(user, ["ban"])


def ban(session: Session, *, user: User, until: datetime | None, reason: str) -> None:
    """Ban an account until `until` (None: for good): its sessions end, its usernames leave the lists."""
    now = clock.now()
    row = user.ban
    if row is None:
        session.add(MemberBan(user_id=user.id, banned_at=now, banned_until=until, reason=reason or None))
        _reload(session, user)
    else:
        row.banned_at, row.banned_until, row.reason = now, until, reason or None
    accounts.revoke_sessions(session, user_id=user.id)
    listings.owner_standing_changed(session, owner=user)


def unban(session: Session, *, user: User) -> None:
    """Lift an account's ban; its approved usernames are listed again."""
    if user.ban is None:
        return
    session.delete(user.ban)
    _reload(session, user)
    listings.owner_standing_changed(session, owner=user)


def lift_expired_ban(session: Session, *, user: User, now: datetime | None = None) -> bool:
    """Lift a ban whose end has passed; True if lifted."""
    row = user.ban
    if row is None or row.banned_until is None or row.banned_until > (now or clock.now()):
        return False
    unban(session, user=user)
    return True


def lift_at_sign_in(session: Session, user: User, now: datetime) -> None:
    """accounts' sign-in hook (wired in addme/api/main.py): a ban past its end ends as they sign in."""
    lift_expired_ban(session, user=user, now=now)


def lift_expired_bans(session: Session) -> int:
    """Lift every account ban whose end has passed (the job); commits."""
    now = clock.now()
    users = session.scalars(
        select(User)
        .join(MemberBan, MemberBan.user_id == User.id)
        .where(MemberBan.banned_until <= now)
        .limit(500)
    ).all()
    for user in users:
        lift_expired_ban(session, user=user, now=now)
    session.commit()
    return len(users)


def banned_users(session: Session, *, limit: int = 200) -> list[User]:
    """Accounts banned now (not deleted), latest ban first: the admin's list of bans."""
    return list(
        session.scalars(
            select(User)
            .join(MemberBan, MemberBan.user_id == User.id)
            .where(User.deleted_at.is_(None))
            .order_by(MemberBan.banned_at.desc())
            .limit(limit)
        )
    )


def banned_user_ids() -> Select[Any]:
    """Ids of the accounts banned now, for another domain's filter (the admin's user table)."""
    return select(MemberBan.user_id)
