"""Writing and reading the audit log: every admin action is recorded in the transaction that performs it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit.models import AdminAudit


def record(
    session: Session,
    *,
    admin: User,
    action: str,
    target: str | None = None,
    reason: str = "",
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    details: dict[str, Any] | None = None,
) -> AdminAudit:
    """Append one audit row; it commits (or not) with the caller's work, so a failed action leaves none."""
    row = AdminAudit(
        admin_id=admin.id,
        admin_level=admin.admin_level or None,
        action=action,
        target=target,
        reason=(reason or "")[:2000],
        before=before,
        after=after,
        details=details,
    )
    session.add(row)
    return row


def record_by(
    session: Session,
    *,
    actor_id: int | None,
    action: str,
    target: str | None = None,
    reason: str = "",
    details: dict[str, Any] | None = None,
) -> AdminAudit:
    """Append one audit row for an actor known by id, or for the system (a job: `actor_id` None)."""
    level = session.scalar(select(User.admin_level).where(User.id == actor_id)) if actor_id else None
    row = AdminAudit(
        admin_id=actor_id,
        admin_level=level or None,
        action=action,
        target=target,
        reason=(reason or "")[:2000],
        details=details,
    )
    session.add(row)
    return row


def entries(session: Session, *, action: str | None = None, limit: int = 100) -> list[AdminAudit]:
    """The latest audit rows, optionally for one action."""
    stmt = select(AdminAudit).order_by(AdminAudit.id.desc()).limit(limit)
    if action:
        stmt = stmt.where(AdminAudit.action == action)
    return list(session.scalars(stmt))


def for_targets(session: Session, *, targets: list[str], limit: int = 50) -> list[AdminAudit]:
    """The latest audit rows about any of these targets ("user:12", "username:40"...)."""
    if not targets:
        return []
    stmt = (
        select(AdminAudit).where(AdminAudit.target.in_(targets)).order_by(AdminAudit.id.desc()).limit(limit)
    )
    return list(session.scalars(stmt))


def latest_reasons(session: Session, *, targets: list[str], action: str) -> dict[str, str]:
    """The reason of the latest `action` row per target (e.g. why each username was banned)."""
    if not targets:
        return {}
    rows = session.scalars(
        select(AdminAudit)
        .where(AdminAudit.target.in_(targets), AdminAudit.action == action)
        .order_by(AdminAudit.id.asc())
    ).all()
    found: dict[str, str] = {}
    for row in rows:
        legacy = (row.details or {}).get("reason") if isinstance(row.details, dict) else None
        found[row.target or ""] = row.reason or str(legacy or "")
    return found
