"""Moderation: automated review of username text against the blacklist, and username reports."""

from __future__ import annotations

import threading
import time

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import ratelimit
from addme.moderation import rules
from addme.moderation.defaults import DEFAULT_TERMS
from addme.moderation.models import BlacklistTerm, Report, ReportType, TermKind

REPORTED = "This username has been reported."
ANON_REPORT_LIMIT = "5/hour"
MEMBER_REPORT_LIMIT = "20/hour"
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


def report_username(
    session: Session,
    *,
    username_id: int,
    type: ReportType,
    message: str,
    reporter: User | None,
    ip: str,
    ip_key: str,
) -> str:
    """Record a report; an underage report hides the username at once until an admin decides."""
    # Listings imports this module for reviews; importing it back at call time avoids the cycle.
    from addme.listings import service as listings

    if reporter is None:
        ratelimit.hit(ANON_REPORT_LIMIT, "report-ip", ip_key)
    else:
        ratelimit.hit(MEMBER_REPORT_LIMIT, "report-user", str(reporter.id))
    username = listings.get_listed(session, username_id=username_id, viewer=reporter)
    session.add(
        Report(
            username_id=username.id,
            reporter_id=reporter.id if reporter else None,
            ip_address=ip,
            type=type,
            message=message,
        )
    )
    if type == ReportType.UNDERAGE:
        listings.hide(session, username=username)
    session.commit()
    return REPORTED
