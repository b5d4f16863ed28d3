"""Trusted flaggers: members an admin trusts to hide a listing at once with an underage report,
whatever their account's age or record. Setting and clearing the flag are audited with a reason."""

from __future__ import annotations

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core.errors import NotFound
from addme.core.permissions import refuse_self_grant
from addme.moderation.codes import ModerationCode
from addme.moderation.models import TrustedFlagger
from addme.moderation.schemas import TrustedFlaggerRead

USER_NOT_FOUND = "User not found."


def is_trusted(session: Session, *, user_id: int) -> bool:
    """Whether an admin flagged this member as a trusted flagger."""
    return session.get(TrustedFlagger, user_id) is not None


def flag_of(session: Session, *, user_id: int) -> TrustedFlaggerRead:
    """The member's flag as the admin's user page shows it."""
    row = session.get(TrustedFlagger, user_id)
    if row is None:
        return TrustedFlaggerRead(trusted=False)
    return TrustedFlaggerRead(trusted=True, reason=row.reason, added_by=row.added_by, since=row.created_at)


def set_flag(
    session: Session, *, admin: User, user_id: int, trusted: bool, reason: str
) -> TrustedFlaggerRead:
    """Flag or unflag a member as a trusted flagger, audited in the same transaction."""
    user = session.get(User, user_id)
    if user is None or user.deleted_at is not None:
        raise NotFound(USER_NOT_FOUND, code=ModerationCode.USER_NOT_FOUND)
    refuse_self_grant(admin_id=admin.id, user_id=user.id, what="trusted-flagger standing")
    row = session.get(TrustedFlagger, user_id)
    before = {"trusted": row is not None}
    if trusted and row is None:
        session.add(TrustedFlagger(user_id=user_id, reason=reason, added_by=admin.id))
    elif trusted and row is not None:
        row.reason = reason
    elif row is not None:
        session.delete(row)
    audit.record(
        session,
        admin=admin,
        action="user.trusted_flagger" if trusted else "user.untrusted_flagger",
        target=f"user:{user_id}",
        reason=reason,
        before=before,
        after={"trusted": trusted},
    )
    session.commit()
    return flag_of(session, user_id=user_id)
