"""Moderators' decisions on a username (the only place a decision changes its status), bans and
hides, and what the admin's screens read of usernames."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock, options
from addme.core.db import get_or_404
from addme.core.errors import AppError
from addme.decisions.service import Subject
from addme.listings import constants as c
from addme.listings.changes import touch
from addme.listings.codes import ListingCode
from addme.listings.columns import order_key
from addme.listings.handles import is_taken
from addme.listings.models import Username
from addme.listings.owners import refresh_listed


def statement_subject(session: Session, *, username: Username, tell: bool = True) -> Subject:
    """A username as a statement of reasons names it, sent to its owner (`tell=False`: to nobody,
    e.g. a dismissed report, or an owner whose account is gone)."""
    return Subject(
        type="username",
        id=username.id,
        about=f"{username.username} ({username.app})",
        member=session.get(User, username.user_id) if tell else None,
    )


def ban(session: Session, *, username: Username, until: datetime | None) -> None:
    """Ban a username off every list: until a date (then it may ask to be unbanned), or for good."""
    username.status = c.Status.BANNED
    username.banned_until = until
    username.listed = False
    touch(session)


def hide(session: Session, *, username: Username) -> None:
    """Take a username off every list and profile at once (an underage report), until an admin decides."""
    username.is_hidden = True
    username.listed = False
    touch(session)


def approve_after_unban(session: Session, *, username: Username, owner: User, at: datetime) -> None:
    """An accepted unban request lists the username again, as approved."""
    username.status = c.Status.APPROVED
    username.banned_until = None
    username.approved_at = username.approved_at or at
    refresh_listed(username, owner)
    touch(session)


def unlock_rejected(session: Session, *, user_id: int, review_reason: str) -> int:
    """Send every rejected username of an account back to review (a purchase key unlocks them)."""
    unlocked = session.execute(
        update(Username)
        .where(Username.user_id == user_id, Username.status == c.Status.REJECTED)
        .values(status=c.Status.PENDING, review_reason=review_reason, rejection_reason=None),
        execution_options={"synchronize_session": False},
    ).rowcount  # type: ignore[attr-defined]
    if unlocked:
        # The owner's counts (pending, per status) move: the caller need not remember the caches.
        touch(session)
    return int(unlocked or 0)


def of_user(session: Session, *, user_id: int, limit: int = 50) -> list[Username]:
    """Every username of an account, deleted ones too, newest first (the admin's user page)."""
    return list(
        session.scalars(
            select(Username).where(Username.user_id == user_id).order_by(Username.id.desc()).limit(limit)
        )
    )


def banned_usernames(session: Session, *, limit: int = 200) -> list[Username]:
    """Usernames banned now, latest ban first (the admin's list of bans)."""
    return list(
        session.scalars(
            select(Username)
            .where(Username.status == c.Status.BANNED)
            .order_by(Username.updated_at.desc(), Username.id.desc())
            .limit(limit)
        )
    )


# -- moderators' decisions -------------------------------------------------------------------------


def get_any(session: Session, *, username_id: int) -> Username:
    """Any username by id for a moderator, deleted ones included; 404 if there is none."""
    return get_or_404(session, Username, username_id, c.NOT_FOUND)


def _owner(session: Session, username: Username) -> User:
    owner = session.get(User, username.user_id)
    assert owner is not None  # the foreign key cascades
    return owner


def _refuse_duplicate(session: Session, username: Username) -> None:
    """Listing it (again) must not give its app two live copies of one handle."""
    if is_taken(session, app=username.app, normalized=username.username_normalized, exclude_id=username.id):
        raise AppError(
            c.DUPLICATE.format(app=options.APP_LABELS[options.App(username.app)]), code=ListingCode.DUPLICATE
        )


def approve(session: Session, *, username: Username) -> None:
    """A moderator approves a pending username: it is listed at once (unless hidden or the owner is out)."""
    if username.status != c.Status.PENDING:
        raise AppError(c.NOT_PENDING, code=ListingCode.NOT_PENDING)
    _refuse_duplicate(session, username)
    now = clock.now()
    username.status = c.Status.APPROVED
    username.rejection_reason = None
    username.approved_at = username.approved_at or now
    username.sort_at = order_key(
        base=username.last_top_up or username.approved_at, demoted=username.handle_demoted_at is not None
    )
    refresh_listed(username, _owner(session, username))
    touch(session)


def reject(session: Session, *, username: Username, reason: str) -> None:
    """A moderator rejects a pending username; the member reads the reason on /user."""
    if username.status != c.Status.PENDING:
        raise AppError(c.NOT_PENDING, code=ListingCode.NOT_PENDING)
    username.status = c.Status.REJECTED
    username.rejection_reason = reason[:300] or None
    username.listed = False
    touch(session)


def unhide(session: Session, *, username: Username) -> None:
    """Put a username hidden by a report back in the lists (the report was dismissed)."""
    username.is_hidden = False
    refresh_listed(username, _owner(session, username))
    touch(session)


def remove(session: Session, *, username: Username) -> None:
    """A moderator deletes a username from the site (report upheld, removal request)."""
    username.status = c.Status.DELETED
    username.listed = False
    touch(session)


def mark_paid(session: Session, *, username: Username) -> None:
    """A report showed the listing sells content: it stays, marked paid, and comes back if hidden."""
    username.paid_content = True
    username.is_hidden = False
    refresh_listed(username, _owner(session, username))
    touch(session)


def unban(session: Session, *, username: Username) -> None:
    """Lift a username's ban (an accepted unban request): listed again if nothing else holds it."""
    if username.status != c.Status.BANNED:
        raise AppError(c.NOT_BANNED, code=ListingCode.NOT_BANNED)
    _refuse_duplicate(session, username)
    username.status = c.Status.APPROVED
    username.banned_until = None
    username.approved_at = username.approved_at or clock.now()
    username.sort_at = username.sort_at or username.approved_at
    refresh_listed(username, _owner(session, username))
    touch(session)


def restore(session: Session, *, username: Username) -> None:
    """An appeal reversed a rejection, a removal or a ban: the username is approved and listed again
    (unless its handle was taken meanwhile, or its owner may not be listed)."""
    _refuse_duplicate(session, username)
    now = clock.now()
    username.status = c.Status.APPROVED
    username.rejection_reason = None
    username.banned_until = None
    username.is_hidden = False
    username.approved_at = username.approved_at or now
    username.sort_at = username.sort_at or username.last_top_up or username.approved_at
    refresh_listed(username, _owner(session, username))
    touch(session)


def unmark_paid(session: Session, *, username: Username) -> None:
    """An appeal reversed a report's "paid content" label."""
    username.paid_content = False
    touch(session)
