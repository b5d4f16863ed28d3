"""The admin area's own reads: who the admin is, and the audit log's pages."""

from __future__ import annotations

from sqlalchemy import and_, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.admin.schemas import AdminMe, AuditRead
from addme.audit.models import AdminAudit
from addme.core.paging import bounded_meta
from addme.core.permissions import permissions_of
from addme.core.schemas import Page, from_row


def me(*, admin: User) -> AdminMe:
    """The admin's level and what it may open."""
    return AdminMe(admin_level=admin.admin_level or "", permissions=sorted(permissions_of(admin.admin_level)))


def audit_page(
    session: Session, *, actor: int | None, action: str | None, target: str | None, page: int, per_page: int
) -> Page[AuditRead]:
    """Audit rows, newest first, filtered by who, what (an action or a domain prefix) and on what."""
    where = []
    if actor is not None:
        where.append(AdminAudit.admin_id == actor)
    if action and "." in action.rstrip("."):
        # One action: an equality walks ix_admin_audit_action (action, id) newest first.
        where.append(AdminAudit.action == action)
    elif action:
        # A domain ("report" or "report."): its actions all start with "report.", a range on the same
        # index ("/" sorts right after "."), where a LIKE could not use it under a non-C collation.
        domain = action.rstrip(".")
        where.append(and_(AdminAudit.action >= domain + ".", AdminAudit.action < domain + "/"))
    if target:
        where.append(AdminAudit.target == target)
    meta = bounded_meta(session, select(AdminAudit).where(*where), page=page, per_page=per_page)
    rows = session.execute(
        select(AdminAudit, User.email)
        .outerjoin(User, User.id == AdminAudit.admin_id)
        .where(*where)
        .order_by(AdminAudit.id.desc())
        .offset((page - 1) * per_page)
        .limit(per_page)
    ).all()
    return Page[AuditRead](
        data=[from_row(AuditRead, row, admin_email=email) for row, email in rows], meta=meta
    )
