"""One-time e-mail links (confirmation, password reset): hashed, single-use, expiring."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from addme.accounts.models import EmailToken, EmailTokenPurpose, User
from addme.core import clock, security
from addme.core.config import get_settings

CONFIRM_TTL = timedelta(hours=24)
RESET_TTL = timedelta(hours=1)


def issue_email_token(session: Session, *, user: User, purpose: EmailTokenPurpose) -> str:
    """A fresh single-use link token; older unused ones of the same purpose are voided."""
    now = clock.now()
    session.execute(
        update(EmailToken)
        .where(EmailToken.user_id == user.id, EmailToken.purpose == purpose, EmailToken.used_at.is_(None))
        .values(used_at=now)
    )
    token = security.new_token()
    ttl = CONFIRM_TTL if purpose == EmailTokenPurpose.CONFIRM else RESET_TTL
    session.add(
        EmailToken(
            user_id=user.id, purpose=purpose, token_hash=security.token_hash(token), expires_at=now + ttl
        )
    )
    return token


def consume_email_token(session: Session, *, token: str, purpose: EmailTokenPurpose) -> User | None:
    """Claim a link token once; None when unknown, expired, used or voided."""
    now = clock.now()
    row = session.scalar(
        select(EmailToken).where(
            EmailToken.token_hash == security.token_hash(token),
            EmailToken.purpose == purpose,
        )
    )
    if row is None or row.used_at is not None or row.expires_at <= now:
        return None
    # Conditional claim: two clicks at once cannot both use the link.
    claimed = session.execute(
        update(EmailToken).where(EmailToken.id == row.id, EmailToken.used_at.is_(None)).values(used_at=now)
    )
    if claimed.rowcount != 1:  # type: ignore[attr-defined]
        return None
    return session.get(User, row.user_id)


def page_link(path: str) -> str:
    return get_settings().site_url.rstrip("/") + path
