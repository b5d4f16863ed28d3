"""A member's consents: each change recorded with its time; everything starts off (opt-in only)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import ConsentEvent, ConsentKind, User


def current(session: Session, *, user_id: int) -> dict[str, bool]:
    """Each consent's state now: its latest change, or off when it was never given."""
    state = {kind.value: False for kind in ConsentKind}
    rows = session.execute(
        select(ConsentEvent.kind, ConsentEvent.granted)
        .where(ConsentEvent.user_id == user_id)
        .order_by(ConsentEvent.id)
    ).all()
    for kind, granted in rows:
        if kind in state:
            state[kind] = granted
    return state


def changes(session: Session, *, user_id: int, limit: int = 50) -> list[tuple[str, bool, datetime]]:
    """The member's consent changes, newest first: (kind, granted, at)."""
    rows = session.execute(
        select(ConsentEvent.kind, ConsentEvent.granted, ConsentEvent.created_at)
        .where(ConsentEvent.user_id == user_id)
        .order_by(ConsentEvent.id.desc())
        .limit(limit)
    ).all()
    return [(k, g, at) for k, g, at in rows]


def set_consent(session: Session, *, user: User, kind: ConsentKind, granted: bool, ip: str | None) -> bool:
    """Record a change (nothing when the state is already that); True when one was recorded. The
    caller commits."""
    if current(session, user_id=user.id)[kind.value] == granted:
        return False
    session.add(ConsentEvent(user_id=user.id, kind=kind.value, granted=granted, ip_address=ip))
    session.flush()
    return True
