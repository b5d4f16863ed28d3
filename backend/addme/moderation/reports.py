"""The reports queue: open reports grouped per username, underage first, and their decisions.

A decision is about the username, so it closes every open report on it at once: dismissed (the
reporters were wrong) or upheld (a moderator acted). get_mail decides nothing: it shows the owner's
address to the moderator and leaves an audit row.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import ColumnElement, case, func, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.db import get_or_404
from addme.core.errors import FieldError, Forbidden, NotFound
from addme.core.options import ReportType
from addme.core.paging import bounded_meta
from addme.core.schemas import Page, PageMeta, from_row
from addme.decisions import service as decisions
from addme.listings import constants as lc
from addme.listings import service as listings
from addme.listings.models import Username
from addme.moderation import member_bans
from addme.moderation import service as moderation
from addme.moderation.codes import ModerationCode
from addme.moderation.models import Report, ReportStatus, TrustedFlagger
from addme.moderation.review import snapshot
from addme.moderation.schemas import (
    AdminUsername,
    ReportAction,
    ReportDecision,
    ReportGroup,
    ReportRead,
)

REPORT_NOT_FOUND = "Report not found"
# Dismissing an underage report puts a listing back in front of everyone: never without a why.
MIN_UNDERAGE_REASON = 10
UNDERAGE_REASON = (
    f"Dismissing an underage report needs a reason of at least {MIN_UNDERAGE_REASON} characters."
)
MESSAGES: dict[str, str] = {
    "dismiss": "Reports dismissed.",
    "delete_username": "Username deleted.",
    "ban_username": "Username banned.",
    "ban_user": "Account banned.",
    "change_to_paid": "Username marked as paid content.",
    "get_mail": "The owner's e-mail address is shown below.",
}


def _status_filter(status: str) -> ColumnElement[bool]:
    if status == "open":
        return Report.status == ReportStatus.OPEN
    return Report.status != ReportStatus.OPEN


def queue(
    session: Session, *, status: str, type: ReportType | None, page: int, per_page: int
) -> Page[ReportGroup]:
    """Open reports grouped by username, those with an underage report first, then oldest first;
    decided reports, the latest decision first."""
    where = [_status_filter(status)]
    if type is not None:
        where.append(Report.type == type)
    if status != "open":
        return _decided(session, where=where, page=page, per_page=per_page)
    underage = func.max(case((Report.type == ReportType.UNDERAGE, 1), else_=0))
    first = func.min(Report.created_at)
    # An underage report on the one-hour clock (the listing still listed) heads the queue, soonest due.
    due = func.min(Report.due_at)
    groups = (
        select(
            Report.username_id,
            underage.label("underage"),
            first.label("first"),
            due.label("due"),
            case((due.is_(None), 1), else_=0).label("unclocked"),
        )
        .where(*where)
        .group_by(Report.username_id)
    ).subquery()
    # The open queue is what moderators empty every day: small, so its groups are counted exactly.
    total = int(session.scalar(select(func.count()).select_from(groups)) or 0)
    ids = list(
        session.scalars(
            select(groups.c.username_id)
            .order_by(
                groups.c.unclocked,
                groups.c.due,
                groups.c.underage.desc(),
                groups.c.first,
                groups.c.username_id,
            )
            .offset((page - 1) * per_page)
            .limit(per_page)
        )
    )
    reports = list(
        session.scalars(
            select(Report).where(Report.username_id.in_(ids), *where).order_by(Report.created_at, Report.id)
        )
    )
    meta = PageMeta.exact(total, page=page, per_page=per_page)
    return Page[ReportGroup](data=_groups(session, ids, reports), meta=meta)


def _decided(
    session: Session, *, where: list[ColumnElement[bool]], page: int, per_page: int
) -> Page[ReportGroup]:
    """The history grows without end: grouping all of it per username to sort the groups reads every
    decided report (half a second at 50,000). So a page is the next `per_page` decisions, newest
    first (an index walk on resolved_at), grouped by username within the page."""
    matches = select(Report).where(*where)
    meta = bounded_meta(session, matches, page=page, per_page=per_page)
    reports = list(
        session.scalars(
            matches.order_by(Report.resolved_at.desc(), Report.id.desc())
            .offset((page - 1) * per_page)
            .limit(per_page)
        )
    )
    ids = list(dict.fromkeys(r.username_id for r in reports))
    return Page[ReportGroup](data=_groups(session, ids, reports), meta=meta)


def _groups(session: Session, ids: list[int], reports: list[Report]) -> list[ReportGroup]:
    reporter_ids = sorted({r.reporter_id for r in reports if r.reporter_id is not None})
    standing = moderation.reporter_standing(session, reporter_ids=reporter_ids)
    trusted = set(
        session.scalars(select(TrustedFlagger.user_id).where(TrustedFlagger.user_id.in_(reporter_ids)))
    )
    usernames = {u.id: u for u in session.scalars(select(Username).where(Username.id.in_(ids)))}
    out = []
    for uid in ids:
        mine = [r for r in reports if r.username_id == uid]
        clocks = [r.due_at for r in mine if r.due_at is not None and r.status == ReportStatus.OPEN]
        out.append(
            ReportGroup(
                username=AdminUsername.model_validate(usernames[uid]),
                reports=[_read(r, standing, trusted) for r in mine],
                has_underage=any(r.type == ReportType.UNDERAGE for r in mine),
                due_at=min(clocks) if clocks else None,
            )
        )
    return out


def _read(report: Report, standing: dict[int, tuple[int, int]], trusted: set[int]) -> ReportRead:
    dismissed, upheld = standing.get(report.reporter_id or 0, (0, 0))
    return from_row(
        ReportRead,
        report,
        reporter_dismissed=dismissed,
        reporter_upheld=upheld,
        reporter_trusted=report.reporter_id in trusted,
    )


def open_counts(session: Session) -> dict[str, int]:
    """Open reports per type."""
    rows = session.execute(
        select(Report.type, func.count()).where(Report.status == ReportStatus.OPEN).group_by(Report.type)
    ).all()
    return {t: int(n) for t, n in rows}


def _close_all(session: Session, *, username: Username, admin: User, action: str, reason: str) -> int:
    status = ReportStatus.DISMISSED if action == "dismiss" else ReportStatus.UPHELD
    now = clock.now()
    rows = list(
        session.scalars(
            select(Report).where(Report.username_id == username.id, Report.status == ReportStatus.OPEN)
        )
    )
    for r in rows:
        r.status, r.decision, r.decision_reason = status, action, reason or None
        r.decided_by, r.resolved_at = admin.id, now
    return len(rows)


def _has_open_underage(session: Session, *, username_id: int) -> bool:
    found = session.scalar(
        select(Report.id).where(
            Report.username_id == username_id,
            Report.status == ReportStatus.OPEN,
            Report.type == ReportType.UNDERAGE,
        )
    )
    return found is not None


# What each upholding action is, as a decision record: (decision, visibility, account).
UPHELD_AS: dict[str, tuple[str, str | None, str | None]] = {
    "delete_username": ("remove_username", "content_removed", None),
    "ban_username": ("ban_username", "content_disabled", None),
    "ban_user": ("ban_account", None, "account_suspended"),
    "change_to_paid": ("label_paid", "content_labelled", None),
}


def _record(
    session: Session,
    *,
    admin: User,
    report: Report,
    username: Username,
    owner: User,
    action: str,
    reason: str,
    until: object,
) -> None:
    trusted = report.reporter_id is not None and flaggers_trusted(session, report.reporter_id)
    if action == "dismiss":
        # About the reporters' claim, not a restriction: no member is told (their listing stays).
        listings.statement_subject(session, username=username, tell=False).record(
            session,
            decision="dismiss_report",
            facts=reason,
            source_type="trusted_flagger" if trusted else "report",
            decided_by=admin.id,
        )
        return
    decision, visibility, account = UPHELD_AS[action]
    if action == "ban_user" and until is None:
        account = "account_terminated"
    decisions.record(
        session,
        decision=decision,
        visibility=visibility,
        account=account,
        facts=reason,
        source_type="trusted_flagger" if trusted else "report",
        category="STATEMENT_CATEGORY_PROTECTION_OF_MINORS"
        if report.type == ReportType.UNDERAGE
        else "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE",
        subject_type="account" if action == "ban_user" else "username",
        subject_id=owner.id if action == "ban_user" else username.id,
        about=owner.email if action == "ban_user" else f"{username.username} ({username.app})",
        member=owner,
        decided_by=admin.id,
    )


def flaggers_trusted(session: Session, user_id: int) -> bool:
    return session.get(TrustedFlagger, user_id) is not None


OWN_REPORT = (
    "You cannot decide a report about your own username or one you made: another moderator decides it."
)


def decide(
    session: Session,
    *,
    admin: User,
    report_id: int,
    action: ReportAction,
    reason: str,
    hours: int | None,
    macro: str | None = None,
) -> ReportDecision:
    """Apply a moderator's decision on a report's username, through the owning domains' services;
    every decision but get_mail needs a reason (or a macro) and leaves a decision record."""
    report = get_or_404(session, Report, report_id, REPORT_NOT_FOUND, code=ModerationCode.REPORT_NOT_FOUND)
    username = listings.get_any(session, username_id=report.username_id)
    before = snapshot(username)
    owner = session.get(User, username.user_id)
    assert owner is not None
    if admin.id in (owner.id, report.reporter_id):
        raise Forbidden(OWN_REPORT, code=ModerationCode.OWN_CASE)
    owner_email: str | None = None
    decided = 0
    any_underage = _has_open_underage(session, username_id=username.id)
    if action == "get_mail":
        owner_email = owner.email
    else:
        if report.status != ReportStatus.OPEN:
            raise NotFound(REPORT_NOT_FOUND, code=ModerationCode.REPORT_NOT_FOUND)
        reason = decisions.reason_text(reason, macro)
        until = None if hours is None else clock.now() + timedelta(hours=hours)
        if action == "dismiss" and any_underage and len(reason.strip()) < MIN_UNDERAGE_REASON:
            raise FieldError("reason", UNDERAGE_REASON)
        if action == "dismiss":
            if username.is_hidden and username.status != lc.Status.DELETED:
                listings.unhide(session, username=username)
        elif action == "delete_username":
            listings.remove(session, username=username)
        elif action == "ban_username":
            listings.ban(session, username=username, until=until)
        elif action == "ban_user":
            member_bans.ban(session, user=owner, until=until, reason=reason)
        elif action == "change_to_paid":
            listings.mark_paid(session, username=username)
        decided = _close_all(session, username=username, admin=admin, action=action, reason=reason)
        _record(
            session,
            admin=admin,
            report=report,
            username=username,
            owner=owner,
            action=action,
            reason=reason,
            until=until,
        )
    audit.record(
        session,
        admin=admin,
        action=f"report.{action}",
        target=f"user:{owner.id}" if action in ("ban_user", "get_mail") else f"username:{username.id}",
        reason=reason,
        before=before,
        after=snapshot(username),
        details={
            "report_id": report.id,
            "username_id": username.id,
            "decided": decided,
            "hours": hours,
            "underage": any_underage,
        },
    )
    session.commit()
    return ReportDecision(
        success=True,
        message=MESSAGES[action],
        username=AdminUsername.model_validate(username),
        decided=decided,
        owner_email=owner_email,
    )
