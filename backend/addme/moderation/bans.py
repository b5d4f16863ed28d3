"""Moderators ban usernames: off every list at once, with a wait before an unban can be asked."""

from __future__ import annotations

from datetime import timedelta

from pydantic import Field
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.errors import NotFound
from addme.core.schemas import ActionResult, StrictInput, UtcDatetime
from addme.decisions import service as decisions
from addme.listings import constants as lc
from addme.listings import service as listings
from addme.listings.models import Username

BANNED = "Username banned."


class BanIn(StrictInput):
    # None bans for good: such a ban always goes to a moderator when an unban is asked.
    # 0 is a warning: off the lists now, and the owner may ask to be unbanned at once.
    # strict: JSON false would otherwise read as 0 hours (a warning instead of a ban).
    hours: int | None = Field(default=72, ge=0, le=24 * 365, strict=True)
    reason: str = Field(default="", max_length=300)
    macro: str | None = Field(default=None, max_length=40)


class BanOut(ActionResult):
    # Typed like every other moment in the API (RFC 3339 with Z), so the generated client reads it as one.
    banned_until: UtcDatetime | None = None


def ban_username(
    session: Session,
    *,
    admin: User,
    username_id: int,
    hours: int | None,
    reason: str,
    macro: str | None = None,
) -> BanOut:
    """Ban one username (not deleted ones) with a reason, recorded and told to its owner."""
    username = session.get(Username, username_id)
    if username is None or username.status == lc.Status.DELETED:
        raise NotFound(lc.NOT_FOUND)
    reason = decisions.reason_text(reason, macro)
    until = None if hours is None else clock.now() + timedelta(hours=hours)
    listings.ban(session, username=username, until=until)
    listings.statement_subject(session, username=username).record(
        session, decision="ban_username", visibility="content_disabled", facts=reason, decided_by=admin.id
    )
    audit.record(
        session,
        admin=admin,
        action="username.ban",
        target=f"username:{username.id}",
        reason=reason,
        details={"hours": hours, "reason": reason},
    )
    session.commit()
    return BanOut(success=True, message=BANNED, banned_until=until)
