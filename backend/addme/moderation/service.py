"""Moderation: members' reports on usernames and their reporters' standing (the blacklist and the
text review live in `screening`)."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import ratelimit
from addme.core.errors import Conflict, Forbidden, Unauthorized
from addme.core.options import ReportType
from addme.listings import service as listings
from addme.moderation.codes import ModerationCode
from addme.moderation.models import Report, ReportStatus

REPORTED = "This username has been reported."
LOGIN_TO_REPORT = "Log in to report a username."
CONFIRM_TO_REPORT = "Confirm your e-mail address before reporting a username."
ALREADY_REPORTED = "You have already reported this username. A moderator will look at it."
MEMBER_REPORT_LIMIT = "20/hour"
# Two dismissed reports and a member's underage reports no longer hide a listing by themselves.
DISMISSED_LIMIT = 2


def reporter_standing(session: Session, *, reporter_ids: list[int]) -> dict[int, tuple[int, int]]:
    """For each reporter: how many of their reports were dismissed and how many upheld."""
    if not reporter_ids:
        return {}
    rows = session.execute(
        select(Report.reporter_id, Report.status, func.count())
        .where(
            Report.reporter_id.in_(reporter_ids),
            Report.status.in_((ReportStatus.DISMISSED, ReportStatus.UPHELD)),
        )
        .group_by(Report.reporter_id, Report.status)
    ).all()
    out: dict[int, tuple[int, int]] = {i: (0, 0) for i in reporter_ids}
    for reporter_id, status, count in rows:
        if reporter_id is None:
            continue
        dismissed, upheld = out[reporter_id]
        if status == ReportStatus.DISMISSED:
            dismissed = int(count)
        else:
            upheld = int(count)
        out[reporter_id] = (dismissed, upheld)
    return out


def in_good_standing(session: Session, *, reporter: User) -> bool:
    """A reporter whose earlier reports were not dismissed twice or more (rules.md, Moderation)."""
    dismissed, _ = reporter_standing(session, reporter_ids=[reporter.id])[reporter.id]
    return dismissed < DISMISSED_LIMIT


def report_username(
    session: Session,
    *,
    username_id: int,
    type: ReportType,
    message: str,
    reporter: User | None,
    ip: str,
) -> str:
    """Record a member's report; an underage one hides the listing at once if its reporter is trusted."""
    if reporter is None:
        raise Unauthorized(LOGIN_TO_REPORT, code=ModerationCode.LOGIN_REQUIRED)
    if not reporter.email_confirmed:
        raise Forbidden(CONFIRM_TO_REPORT, code=ModerationCode.EMAIL_UNCONFIRMED)
    ratelimit.hit(MEMBER_REPORT_LIMIT, "report-user", str(reporter.id))
    username = listings.get_listed(session, username_id=username_id, viewer=reporter)
    already = session.scalar(
        select(Report.id).where(
            Report.username_id == username.id,
            Report.reporter_id == reporter.id,
            Report.status == ReportStatus.OPEN,
        )
    )
    if already is not None:
        raise Conflict(ALREADY_REPORTED, code=ModerationCode.ALREADY_REPORTED)
    hides = type == ReportType.UNDERAGE and in_good_standing(session, reporter=reporter)
    session.add(
        Report(
            username_id=username.id,
            reporter_id=reporter.id,
            ip_address=ip,
            type=type,
            message=message,
            hid_listing=hides,
        )
    )
    if hides:
        listings.hide(session, username=username)
    try:
        session.commit()
    except IntegrityError as exc:  # the same member's twin request, a moment apart
        session.rollback()
        raise Conflict(ALREADY_REPORTED, code=ModerationCode.ALREADY_REPORTED) from exc
    return REPORTED
