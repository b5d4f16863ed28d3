"""Reports filed by an account and reports against its usernames (the admin's user page)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.core.schemas import Schema, UtcDatetime, from_row
from addme.listings.models import Username
from addme.moderation.models import Report


class ReportRow(Schema):
    id: int
    username_id: int
    username: str
    app: str
    type: str
    status: str
    message: str
    created_at: UtcDatetime
    resolved_at: UtcDatetime | None


def _rows(session: Session, *, where: object, limit: int) -> list[ReportRow]:
    stmt = (
        select(Report, Username.username, Username.app)
        .join(Username, Username.id == Report.username_id)
        .where(where)  # type: ignore[arg-type]
        .order_by(Report.id.desc())
        .limit(limit)
    )
    out: list[ReportRow] = []
    for report, handle, app in session.execute(stmt).all():
        out.append(from_row(ReportRow, report, username=handle, app=app))
    return out


def reports_by(session: Session, *, user_id: int, limit: int = 20) -> list[ReportRow]:
    """The latest reports this account filed."""
    return _rows(session, where=Report.reporter_id == user_id, limit=limit)


def reports_against(session: Session, *, user_id: int, limit: int = 20) -> list[ReportRow]:
    """The latest reports on this account's usernames."""
    return _rows(session, where=Username.user_id == user_id, limit=limit)
