"""Accounts: the sessions behind bearer tokens and cookies, their lifetimes, and ending them."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from addme.accounts.models import AuthToken, User
from addme.core import clock, security
from addme.core.errors import NotFound

MEMBER_IDLE, MEMBER_ABSOLUTE = timedelta(days=7), timedelta(days=30)
ADMIN_IDLE, ADMIN_ABSOLUTE = timedelta(minutes=30), timedelta(hours=12)


def open_session(session: Session, *, user: User, ip: str | None, user_agent: str | None) -> str:
    """A new session for the account: its token (stored hashed) with the lifetimes of its role."""
    now = clock.now()
    idle, absolute = (ADMIN_IDLE, ADMIN_ABSOLUTE) if user.admin_level else (MEMBER_IDLE, MEMBER_ABSOLUTE)
    token = security.new_token()
    session.add(
        AuthToken(
            user_id=user.id,
            token_hash=security.token_hash(token),
            created_at=now,
            last_used_at=now,
            expires_at=now + absolute,
            idle_seconds=int(idle.total_seconds()),
            user_agent=(user_agent or "")[:255] or None,
            ip_address=ip,
        )
    )
    return token


def user_for_token(session: Session, *, token: str) -> tuple[User, AuthToken] | None:
    """The live session behind a bearer token, sliding its idle window."""
    row = session.scalar(select(AuthToken).where(AuthToken.token_hash == security.token_hash(token)))
    now = clock.now()
    if row is None or row.revoked_at is not None or row.expires_at <= now:
        return None
    if row.last_used_at + timedelta(seconds=row.idle_seconds) <= now:
        return None
    user = session.get(User, row.user_id)
    if user is None or user.deleted_at is not None or user.banned_at is not None:
        return None
    # Write the sliding window at most once a minute: reads should not all become writes.
    if now - row.last_used_at > timedelta(minutes=1):
        row.last_used_at = now
        session.commit()
    return user, row


def user_id_for_token(session: Session, *, token: str) -> int | None:
    """The account a live token belongs to, read only (the write budgets key on it)."""
    row = session.execute(
        select(AuthToken.user_id, AuthToken.revoked_at, AuthToken.expires_at).where(
            AuthToken.token_hash == security.token_hash(token)
        )
    ).first()
    if row is None or row.revoked_at is not None or row.expires_at <= clock.now():
        return None
    return int(row.user_id)


def user_ids_for_token_hashes(session: Session, *, hashes: list[str]) -> dict[str, int]:
    """Token hash -> account, for the tokens among `hashes` that exist (the visit log's batches)."""
    if not hashes:
        return {}
    rows = session.execute(
        select(AuthToken.token_hash, AuthToken.user_id).where(AuthToken.token_hash.in_(set(hashes)))
    ).all()
    return {r[0]: int(r[1]) for r in rows}


def revoke_sessions(session: Session, *, user_id: int, keep_id: int | None = None) -> None:
    """End every session of an account (but one, when given)."""
    stmt = update(AuthToken).where(AuthToken.user_id == user_id, AuthToken.revoked_at.is_(None))
    if keep_id is not None:
        stmt = stmt.where(AuthToken.id != keep_id)
    session.execute(stmt.values(revoked_at=clock.now()))


def logout(session: Session, *, auth: AuthToken) -> None:
    """Revoke the current session."""
    auth.revoked_at = clock.now()
    session.commit()


def list_sessions(session: Session, *, user: User) -> list[AuthToken]:
    """The account's live sessions, most recently used first."""
    now = clock.now()
    rows = session.scalars(
        select(AuthToken)
        .where(AuthToken.user_id == user.id, AuthToken.revoked_at.is_(None), AuthToken.expires_at > now)
        .order_by(AuthToken.last_used_at.desc())
    ).all()
    return [r for r in rows if r.last_used_at + timedelta(seconds=r.idle_seconds) > now]


def revoke_session(session: Session, *, user: User, session_id: int) -> None:
    """Revoke one of the caller's own sessions; someone else's is 404."""
    row = session.get(AuthToken, session_id)
    if row is None or row.user_id != user.id or row.revoked_at is not None:
        raise NotFound("Session not found.")
    row.revoked_at = clock.now()
    session.commit()


def sessions_of(session: Session, *, user_id: int, limit: int = 20) -> list[AuthToken]:
    """An account's latest sessions, live or ended (the admin's view)."""
    return list(
        session.scalars(
            select(AuthToken).where(AuthToken.user_id == user_id).order_by(AuthToken.id.desc()).limit(limit)
        )
    )


def ips_of(session: Session, *, user: User) -> list[str]:
    """Every IP the account registered or signed in from, the latest first."""
    rows = session.execute(
        select(AuthToken.ip_address, func.max(AuthToken.id))
        .where(AuthToken.user_id == user.id, AuthToken.ip_address.is_not(None))
        .group_by(AuthToken.ip_address)
        .order_by(func.max(AuthToken.id).desc())
        .limit(50)
    ).all()
    ips = [r[0] for r in rows if r[0]]
    if user.ip_address and user.ip_address not in ips:
        ips.insert(0, user.ip_address)
    return ips
