"""The admin audit log: every admin action is recorded in the transaction that performs it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.admin.models import AdminAudit
from addme.admin.schemas import AdminMe, AuditRead
from addme.core.permissions import permissions_of
from addme.core.schemas import Page, PageMeta


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


def me(*, admin: User) -> AdminMe:
    """The admin's level and what it may open."""
    return AdminMe(admin_level=admin.admin_level or "", permissions=sorted(permissions_of(admin)))


def audit_page(
    session: Session, *, actor: int | None, action: str | None, target: str | None, page: int, per_page: int
) -> Page[AuditRead]:
    """Audit rows, newest first, filtered by who, what (an action or a domain prefix) and on what."""
    where = []
    if actor is not None:
        where.append(AdminAudit.admin_id == actor)
    if action:
        where.append(AdminAudit.action.startswith(action, autoescape=True))
    if target:
        where.append(AdminAudit.target == target)
    total = int(session.scalar(select(func.count()).select_from(AdminAudit).where(*where)) or 0)
    rows = session.execute(
        select(AdminAudit, User.email)
        .outerjoin(User, User.id == AdminAudit.admin_id)
        .where(*where)
        .order_by(AdminAudit.id.desc())
        .offset((page - 1) * per_page)
        .limit(per_page)
    ).all()
    data = [
        AuditRead(
            id=row.id,
            admin_id=row.admin_id,
            admin_email=email,
            admin_level=row.admin_level,
            action=row.action,
            target=row.target,
            reason=row.reason,
            before=row.before,
            after=row.after,
            details=row.details,
            created_at=row.created_at,
        )
        for row, email in rows
    ]
    return Page[AuditRead](
        data=data, meta=PageMeta(page=page, per_page=per_page, total=total, has_next=page * per_page < total)
    )
