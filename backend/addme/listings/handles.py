"""Handles: one live username per app and handle, a short link's handle, handles by id or prefix."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from addme.core.config import get_settings
from addme.core.db import starts_with
from addme.listings import constants as c
from addme.listings import validation
from addme.listings.cards import LISTED
from addme.listings.models import Username

_LIVE = (c.Status.PENDING, c.Status.APPROVED)


def is_taken(session: Session, *, app: str, normalized: str, exclude_id: int | None = None) -> bool:
    stmt = select(Username.id).where(
        Username.app == app, Username.username_normalized == normalized, Username.status.in_(_LIVE)
    )
    if exclude_id is not None:
        stmt = stmt.where(Username.id != exclude_id)
    return session.scalar(stmt.limit(1)) is not None


def resolve_short_link(session: Session, *, token: str) -> Username | None:
    """The listed username a short link `/{handle}` names: the brand's app first, then the newest.

    A token is a handle; a Dirty username is not offered to a visitor (the profile page asks them
    to log in), so only the listed state decides; None when no listed username has this handle.
    """
    normalized = validation.normalize_handle(token)
    if not normalized or len(normalized) > 32:
        return None
    default_app = get_settings().default_app
    return session.scalar(
        select(Username)
        .where(Username.username_normalized == normalized, LISTED)
        .order_by((Username.app == default_app).desc(), Username.sort_at.desc(), Username.id.desc())
        .limit(1)
    )


def handles_by_id(session: Session, *, ids: list[int]) -> dict[int, str]:
    """Username id -> its handle, for the ids that exist (the visit log names the profile viewed)."""
    if not ids:
        return {}
    rows = session.execute(select(Username.id, Username.username).where(Username.id.in_(set(ids)))).all()
    return {int(r[0]): r[1] for r in rows}


def owner_ids_with_handle(*, prefix: str, dialect: str) -> Select[Any]:
    """Owners of usernames whose handle starts with `prefix` (a subquery for the admin's user search)."""
    handle = validation.normalize_handle(prefix)
    return select(Username.user_id).where(starts_with(Username.username_normalized, handle, dialect=dialect))
