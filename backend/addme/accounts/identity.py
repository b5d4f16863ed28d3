"""How an account is named and found: its e-mail in compared form."""

from __future__ import annotations

import unicodedata

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User


def normalize_email(email: str) -> str:
    """The form e-mails are compared in: NFKC, case-folded, trimmed."""
    return unicodedata.normalize("NFKC", email).strip().casefold()


def get_by_email(session: Session, *, email: str) -> User | None:
    """The account with this e-mail, deleted or not."""
    return session.scalar(select(User).where(User.email_normalized == normalize_email(email)))
