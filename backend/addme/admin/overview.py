"""The admin home: what needs a decision now, only what the admin's level may open."""

from __future__ import annotations

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.admin import health
from addme.admin.schemas import NoticesFigure, Overview, QueueFigure, RemovalFigure, ReportsFigure, TypeCount
from addme.content import inbox
from addme.core.options import ReportType
from addme.core.permissions import Permission, permissions_of
from addme.moderation import decisions, notice_decisions, reports, review
from addme.stats import service as stats

_LIMIT_HOURS = int(decisions.REMOVAL_LIMIT.total_seconds() // 3600)


def overview(session: Session, *, admin: User) -> Overview:
    """Counts per queue, each present only when the level may open that queue."""
    allowed = permissions_of(admin.admin_level)
    out = Overview(
        reports=None, review=None, unban_requests=None, removal_requests=None, contact_new=None, health=None
    )
    if Permission.REPORTS in allowed:
        counts = reports.open_counts(session)
        out.reports = ReportsFigure(
            open=sum(counts.values()),
            by_type=[TypeCount(type=t, count=counts.get(t, 0)) for t in ReportType],
        )
        pending, oldest = decisions.removal_summary(session)
        left = _LIMIT_HOURS - oldest if oldest is not None else None
        out.removal_requests = RemovalFigure(
            pending=pending,
            oldest_hours=oldest,
            oldest_hours_left=left,
            overdue=left is not None and left < 0,
        )
    if Permission.NOTICES in allowed:
        count, overdue = notice_decisions.open_summary(session)
        out.notices = NoticesFigure(open=count, overdue=overdue)
    if Permission.REVIEW in allowed:
        pending, oldest = review.pending_summary(session)
        out.review = QueueFigure(pending=pending, oldest_hours=oldest)
    if Permission.BANS in allowed:
        out.unban_requests = QueueFigure(pending=decisions.pending_unbans(session), oldest_hours=None)
    if Permission.CONTACT in allowed:
        out.contact_new = inbox.new_count(session)
    if Permission.CONTACT_MODERATION in allowed:
        out.contact_queue_new = inbox.new_count(session, reasons=inbox.MODERATOR_REASONS)
    # The ledger and the jobs are the economy's and the site's health: Full admins act on them.
    if Permission.STATS in allowed:
        out.health = health.figures(session)
        out.today = stats.today_figures(session)
    return out
