"""A moderator clears a false high-risk or account-hopping flag, with a reason, audited (issue 31).

A flag comes back by itself when its cause does: the risk check runs at every sign-in and free
Top-Up claim, and a claim from a device or address another account claimed from links the two.
So a clearance is more than a reset: high-risk stays off for standing.CLEARANCE_HOLDS (the risk check may
flag it again after that), and account-hopping links made before the clearance no longer count,
for this account and against the others that shared them.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.errors import Conflict, FieldError, NotFound
from addme.screening import bots
from addme.trust import standing
from addme.trust.codes import TrustCode
from addme.trust.schemas import BotAssessmentRead, TrustFlag, TrustFlagsRead

MIN_REASON = 10
NOT_FOUND = "Account not found."
REASON_TOO_SHORT = f"Give a reason of at least {MIN_REASON} characters."
NOT_SET = {
    "high_risk": "This account is not flagged high-risk.",
    "hopping": "This account is not restricted for account hopping.",
}


def _user(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None:
        raise NotFound(NOT_FOUND, code=TrustCode.FLAG_ACCOUNT_NOT_FOUND)
    return user


def _read(user: User, session: Session | None = None) -> TrustFlagsRead:
    now = clock.now()
    until = user.hopping_restricted_until
    cleared_until = user.high_risk_cleared_until
    return TrustFlagsRead(
        user_id=user.id,
        high_risk=user.high_risk,
        hopping_restricted_until=until if until is not None and until > now else None,
        high_risk_cleared_until=cleared_until if cleared_until is not None and cleared_until > now else None,
        hopping_cleared_at=user.hopping_cleared_at,
        assessments=[BotAssessmentRead.model_validate(a) for a in bots.history(session, user_id=user.id)]
        if session is not None
        else [],
    )


def flags_of(session: Session, *, user_id: int) -> TrustFlagsRead:
    """The account's flags as a moderator reads them (nothing else of the account)."""
    return _read(_user(session, user_id), session)


def clear(session: Session, *, admin: User, user_id: int, flag: TrustFlag, reason: str) -> TrustFlagsRead:
    """Clear one flag that is set; refused without a reason of 10 characters or more."""
    reason = reason.strip()
    if len(reason) < MIN_REASON:
        raise FieldError("reason", REASON_TOO_SHORT)
    user = _user(session, user_id)
    now = clock.now()
    before = _read(user)
    if flag == "high_risk":
        if not user.high_risk:
            raise Conflict(NOT_SET[flag], code=TrustCode.FLAG_NOT_SET)
        standing.clear_high_risk(session, user=user, now=now)
    else:
        if before.hopping_restricted_until is None:
            raise Conflict(NOT_SET[flag], code=TrustCode.FLAG_NOT_SET)
        standing.clear_hopping(session, user=user, now=now)
    after = _read(user)
    audit.record(
        session,
        admin=admin,
        action=f"trust.clear_{flag}",
        target=f"user:{user.id}",
        reason=reason,
        before=before.model_dump(mode="json", exclude={"user_id", "assessments"}),
        after=after.model_dump(mode="json", exclude={"user_id", "assessments"}),
    )
    session.commit()
    return _read(user, session)
