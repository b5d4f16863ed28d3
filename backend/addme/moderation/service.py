"""Moderation: members' reports on usernames and their reporters' standing (the blacklist and the
text review live in `screening`)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock, ratelimit
from addme.core.errors import Conflict, Forbidden, Unauthorized
from addme.core.options import ReportType
from addme.listings import service as listings
from addme.moderation import alerts, flaggers
from addme.moderation.codes import ModerationCode
from addme.moderation.models import Report, ReportStatus

REPORTED = "This username has been reported."
LOGIN_TO_REPORT = "Log in to report a username."
CONFIRM_TO_REPORT = "Confirm your e-mail address before reporting a username."
ALREADY_REPORTED = "You have already reported this username. A moderator will look at it."
MEMBER_REPORT_LIMIT = "20/hour"
# Good standing (rules.md): an account this old, with no report of its own dismissed this recently.
STANDING_AGE = timedelta(days=7)
DISMISSED_WINDOW = timedelta(days=90)
# An underage report that does not hide the listing is decided within the hour, at the queue's top.
UNDERAGE_CLOCK = timedelta(hours=1)


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
    """Confirmed, at least 7 days old, and no report of theirs dismissed in 90 days (rules.md)."""
    now = clock.now()
    if not reporter.email_confirmed or reporter.created_at > now - STANDING_AGE:
        return False
    dismissed = session.scalar(
        select(Report.id)
        .where(
            Report.reporter_id == reporter.id,
            Report.status == ReportStatus.DISMISSED,
            func.coalesce(Report.resolved_at, Report.created_at) >= now - DISMISSED_WINDOW,
        )
        .limit(1)
    )
    return dismissed is None


def hides_at_once(session: Session, *, reporter: User) -> bool:
    """Whether this member's underage report takes a listing off the lists before a moderator looks."""
    return flaggers.is_trusted(session, user_id=reporter.id) or in_good_standing(session, reporter=reporter)


def report_username(
    session: Session,
    *,
    username_id: int,
    type: ReportType,
    message: str,
    reporter: User | None,
    ip: str,
) -> str:
    """Record a member's report. An underage one hides the listing at once when its reporter is in good
    standing or a trusted flagger; otherwise it heads the queue on a one-hour clock, still listed.
    Either way the opted-in moderators are mailed."""
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
    underage = type == ReportType.UNDERAGE
    hides = underage and hides_at_once(session, reporter=reporter)
    now = clock.now()
    clocked = underage and not hides
    report = Report(
        username_id=username.id,
        reporter_id=reporter.id,
        ip_address=ip,
        type=type,
        message=message,
        hid_listing=hides,
        created_at=now,
        due_at=now + UNDERAGE_CLOCK if clocked else None,
        warn_at=now + UNDERAGE_CLOCK / 2 if clocked else None,
    )
    session.add(report)
    if hides:
        listings.hide(session, username=username)
    if type == ReportType.FAKE:
        # Does the handle exist at all? Its page is read on one of the check job's next runs.
        listings.check_soon(username)
    if underage:
        alerts.new_underage_report(
            session, report=report, handle=f"{username.username} ({username.app})", hidden=hides
        )
    try:
        session.commit()
    except IntegrityError as exc:  # the same member's twin request, a moment apart
        session.rollback()
        raise Conflict(ALREADY_REPORTED, code=ModerationCode.ALREADY_REPORTED) from exc
    return REPORTED
