"""Moderation: automated review of username text against the blacklist, username reports, and the
handles removed for good."""

from __future__ import annotations

import threading
import time

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import ratelimit
from addme.core.errors import Conflict, Forbidden, Unauthorized
from addme.moderation import rules
from addme.moderation.defaults import DEFAULT_TERMS
from addme.moderation.models import BlacklistTerm, RemovedHandle, Report, ReportStatus, ReportType, TermKind

REPORTED = "This username has been reported."
LOGIN_TO_REPORT = "Log in to report a username."
CONFIRM_TO_REPORT = "Confirm your e-mail address before reporting a username."
ALREADY_REPORTED = "You have already reported this username. A moderator will look at it."
MEMBER_REPORT_LIMIT = "20/hour"
# Two dismissed reports and a member's underage reports no longer hide a listing by themselves.
DISMISSED_LIMIT = 2
_TERMS_TTL = 60.0

_lock = threading.Lock()
_compiled: tuple[float, rules.CompiledTerms] | None = None


def ensure_default_terms(session: Session) -> int:
    """Fill an empty blacklist with the defaults (first run); returns rows added."""
    if (session.scalar(select(func.count()).select_from(BlacklistTerm)) or 0) > 0:
        return 0
    for kind, pattern, is_regex in DEFAULT_TERMS:
        session.add(BlacklistTerm(kind=kind, pattern=pattern, is_regex=is_regex))
    try:
        session.flush()
    except IntegrityError:
        session.rollback()  # another process seeded it first
        return 0
    return len(DEFAULT_TERMS)


def invalidate_terms() -> None:
    """Forget the compiled blacklist (after an admin edits it)."""
    global _compiled
    with _lock:
        _compiled = None


def active_terms(session: Session) -> rules.CompiledTerms:
    """The active blacklist, compiled once a minute per process at most."""
    global _compiled
    cached = _compiled
    if cached is not None and cached[0] > time.monotonic():
        return cached[1]
    ensure_default_terms(session)
    rows = session.execute(
        select(BlacklistTerm.kind, BlacklistTerm.pattern, BlacklistTerm.is_regex).where(
            # IP ranges are for the risk check (ipbans.blacklisted_ip), not for a username's text.
            BlacklistTerm.active.is_(True),
            BlacklistTerm.kind != TermKind.IP,
        )
    ).all()
    compiled = rules.compile_terms((r[0], r[1], r[2]) for r in rows)
    with _lock:
        _compiled = (time.monotonic() + _TERMS_TTL, compiled)
    return compiled


def review_text(session: Session, *, texts: list[str]) -> str | None:
    """The reason a username's text needs a human, or None to approve it at once."""
    return rules.review_reason("\n".join(t for t in texts if t), active_terms(session))


def handle_removed(session: Session, *, app: str, normalized: str) -> bool:
    """True when this handle was removed on its owner's request: it is never listed again on that app."""
    found = session.scalar(
        select(RemovedHandle.id).where(
            RemovedHandle.app == app, RemovedHandle.handle_normalized == normalized
        )
    )
    return found is not None


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
    # Listings imports this module for reviews; importing it back at call time avoids the cycle.
    from addme.listings import service as listings

    if reporter is None:
        raise Unauthorized(LOGIN_TO_REPORT, code="login_required")
    if not reporter.email_confirmed:
        raise Forbidden(CONFIRM_TO_REPORT, code="email_unconfirmed")
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
        raise Conflict(ALREADY_REPORTED, code="already_reported")
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
        raise Conflict(ALREADY_REPORTED, code="already_reported") from exc
    return REPORTED
