"""Account factories: confirmed members and admins, signed in with a real session token."""

from __future__ import annotations

import itertools
from datetime import timedelta
from functools import lru_cache

from sqlalchemy.orm import Session

from addme.accounts import service
from addme.accounts.models import User
from addme.core import clock, security
from addme.moderation.models import MemberBan
from addme.trust.models import MemberTrust
from addme.wallet.models import Wallet

PASSWORD = "correct horse battery staple"
_seq = itertools.count(1)
TRUST_FLAGS = set(MemberTrust.__table__.columns.keys()) - {"user_id"}


@lru_cache
def _hash() -> str:
    return security.hash_password(PASSWORD)


def make_user(
    db: Session,
    *,
    email: str | None = None,
    confirmed: bool = True,
    admin_level: str | None = None,
    **fields: object,
) -> User:
    """A user with PASSWORD, committed; wallet values (top_ups_count, promotion_ending_at...) go to
    the user's wallet row, a ban (banned_at, banned_until, ban_reason) to its member_bans row, the
    trust flags (age_verified, high_risk, hopping_restricted_until...) to its member_trust row."""
    email = email or f"user{next(_seq)}@example.com"
    wallet = {k: fields.pop(k) for k in list(fields) if k in Wallet.__table__.columns}
    banned = {k: fields.pop(k) for k in ("banned_at", "banned_until", "ban_reason") if k in fields}
    flags = {k: fields.pop(k) for k in list(fields) if k in TRUST_FLAGS}
    if flags:
        fields["trust"] = MemberTrust(**flags)
    if banned.get("banned_at") is not None:
        fields["ban"] = MemberBan(
            banned_at=banned["banned_at"],
            banned_until=banned.get("banned_until"),
            reason=banned.get("ban_reason"),
        )
    user = User(
        email=email,
        email_normalized=service.normalize_email(email),
        password_hash=_hash(),
        email_confirmed_at=clock.now() if confirmed else None,
        admin_level=admin_level,
        wallet=Wallet(**wallet),
        **fields,
    )
    db.add(user)
    db.commit()
    return user


def seasoned_user(db: Session, **fields: object) -> User:
    """A confirmed member whose account is a month old: in good standing as a reporter (rules.md)."""
    fields.setdefault("created_at", clock.now() - timedelta(days=30))
    return make_user(db, **fields)


def token_for(db: Session, user: User) -> str:
    """A live session token for the user (as if they had logged in)."""
    token = service.open_session(db, user=user, ip="127.0.0.1", user_agent="pytest")
    db.commit()
    return token


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
