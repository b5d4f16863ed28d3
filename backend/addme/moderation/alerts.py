"""Alerts to the moderators who asked for them: a mail when a notice or an underage report arrives,
and another when one has used half of its time undecided (the `alert-moderators` job).

The first mail is queued in the transaction that records the notice or the report, so it leaves
seconds after the commit (mail/service.py) or not at all; the half-time mail claims its row with a
conditional update, so two runs of the job never mail twice.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.core.config import get_settings
from addme.core.permissions import Permission, permissions_of
from addme.mail import service as mail
from addme.moderation.models import AlertSubscriber, Notice, NoticeStatus, Report, ReportStatus

# One run mails about this many items at most; the rest wait for the next run (2 minutes later).
BATCH = 50


def subscribed(session: Session, *, user: User) -> bool:
    """Whether this moderator gets the alert mails."""
    return session.get(AlertSubscriber, user.id) is not None


def set_subscribed(session: Session, *, user: User, enabled: bool) -> bool:
    """Opt in or out of the alert mails (a moderator's own switch; not an admin action on others)."""
    row = session.get(AlertSubscriber, user.id)
    if enabled and row is None:
        session.add(AlertSubscriber(user_id=user.id))
    elif not enabled and row is not None:
        session.delete(row)
    session.commit()
    return enabled


def recipients(session: Session) -> list[str]:
    """The addresses of opted-in accounts that still hold the notices permission."""
    rows = session.execute(
        select(User.email, User.admin_level)
        .join(AlertSubscriber, AlertSubscriber.user_id == User.id)
        .where(User.admin_level.is_not(None), ~User.ban.has(), User.deleted_at.is_(None))
        .order_by(User.id)
    ).all()
    return [email for email, level in rows if Permission.NOTICES in permissions_of(level)]


def _utc(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M UTC")


def _send(session: Session, *, to: list[str], subject: str, body: str) -> int:
    for address in to:
        mail.queue(session, to=address, subject=subject, body=body)
    return len(to)


def _link(path: str) -> str:
    return get_settings().site_url.rstrip("/") + path


def new_notice(session: Session, *, notice: Notice) -> int:
    """Mail the opted-in moderators about a notice just received (in its transaction)."""
    return _send(
        session,
        to=recipients(session),
        subject=f"[AddMe notice {notice.reference}] {notice.kind}, due {_utc(notice.due_at)}",
        body=(
            f"A notice ({notice.kind}) arrived at {_utc(notice.created_at)}.\n"
            f"It must be decided by {_utc(notice.due_at)}.\n\n{_link('/admin/notices')}\n"
        ),
    )


def new_underage_report(session: Session, *, report: Report, handle: str, hidden: bool) -> int:
    """Mail the opted-in moderators about an underage report just filed (in its transaction)."""
    state = (
        "The listing is hidden until a moderator decides."
        if hidden
        else f"The listing is still listed: decide by {_utc(report.due_at or report.created_at)}."
    )
    return _send(
        session,
        to=recipients(session),
        subject=f"[AddMe underage report] {handle}",
        body=f"A member reported {handle} as underage.\n{state}\n\n{_link('/admin/report')}\n",
    )


def _claim(session: Session, model: type[Notice] | type[Report], row_id: int, now: datetime) -> bool:
    result = session.execute(
        update(model).where(model.id == row_id, model.warned_at.is_(None)).values(warned_at=now)
    )
    return bool(result.rowcount == 1)  # type: ignore[attr-defined]


def send_half_time(session: Session) -> dict[str, int]:
    """Mail again about each open notice and clocked underage report past half its time (the job)."""
    now = clock.now()
    to = recipients(session)
    notices = session.scalars(
        select(Notice)
        .where(Notice.status == NoticeStatus.OPEN, Notice.warned_at.is_(None), Notice.warn_at <= now)
        .order_by(Notice.due_at)
        .limit(BATCH)
    ).all()
    reports = session.scalars(
        select(Report)
        .where(
            Report.status == ReportStatus.OPEN,
            Report.due_at.is_not(None),
            Report.warned_at.is_(None),
            Report.warn_at <= now,
        )
        .order_by(Report.due_at)
        .limit(BATCH)
    ).all()
    counts = {"notices": 0, "reports": 0, "mails": 0}
    for notice in notices:
        if not _claim(session, Notice, notice.id, now):
            continue
        counts["notices"] += 1
        counts["mails"] += _send(
            session,
            to=to,
            subject=f"[AddMe notice {notice.reference}] half its time used, due {_utc(notice.due_at)}",
            body=(
                f"The notice {notice.reference} ({notice.kind}) is still undecided.\n"
                f"It must be decided by {_utc(notice.due_at)}.\n\n{_link('/admin/notices')}\n"
            ),
        )
    for report in reports:
        if not _claim(session, Report, report.id, now):
            continue
        counts["reports"] += 1
        due = _utc(report.due_at or now)
        counts["mails"] += _send(
            session,
            to=to,
            subject=f"[AddMe underage report] half its hour used, due {due}",
            body=f"An underage report is still undecided; the listing is still listed.\n"
            f"Decide by {due}.\n\n{_link('/admin/report')}\n",
        )
    session.commit()
    return counts
