"""The reputation score of a username (spec section 6: a VIP sees reputation scores).

It lives in moderation because upheld reports are one of its inputs (moderation stands above
listings and accounts); listings only stores and shows the number.

A number from 0 to 100 that says how far a listing can be trusted, from what the site already knows
about it: whether its owner proved their age and their e-mail, how long it has been listed without
trouble, how many people open it, and how many reports against it a moderator upheld. It is
computed by a job (jobs/registry.py), stored on the row, and read as it is by the profile and the
suggestions; docs/decisions.md explains the weights.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, case, func, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import batches, clock
from addme.listings import service as listings
from addme.listings.models import Username
from addme.moderation.models import Report, ReportStatus
from addme.trust import standing

BASE = 40
AGE_VERIFIED = 20
EMAIL_CONFIRMED = 10
# Listed for at least this long: points, the longest first.
TENURE = ((timedelta(days=90), 15), (timedelta(days=30), 10), (timedelta(days=7), 5))
# Trailing 7-day profile views + Message clicks (the popularity column): points, the highest first.
AUDIENCE = ((200, 15), (50, 10), (10, 5))
UPHELD_REPORT = 25
MAX = 100


def score_expression(now: datetime) -> ColumnElement[int]:
    """The score of the Username row in the enclosing statement, in SQL (SQLite and PostgreSQL)."""
    owner = (
        select(
            case((standing.age_verified(), AGE_VERIFIED), else_=0)
            + case((User.email_confirmed_at.is_not(None), EMAIL_CONFIRMED), else_=0)
        )
        .where(User.id == Username.user_id)
        .correlate(Username)
        .scalar_subquery()
    )
    tenure = case(
        *[(Username.approved_at <= now - age, points) for age, points in TENURE],
        else_=0,
    )
    audience = case(*[(Username.popularity >= views, points) for views, points in AUDIENCE], else_=0)
    upheld = (
        select(func.count())
        .select_from(Report)
        .where(Report.username_id == Username.id, Report.status == ReportStatus.UPHELD)
        .correlate(Username)
        .scalar_subquery()
    )
    raw = BASE + func.coalesce(owner, 0) + tenure + audience - UPHELD_REPORT * upheld
    return case((raw < 0, 0), (raw > MAX, MAX), else_=raw)


# A run stops starting new ranges after this long and the next one goes on: rows already right are
# read, not written, so the very first pass over a million usernames spreads over a few runs, then
# each run writes only the few scores that moved (a band crossed, a report upheld, a new listing).
# Each range is a short statement and its own transaction (core/batches.py sizes it).
TIME_BUDGET_SECONDS = 300.0
# After each range the job rests as long as the range took: its read pass over a million rows
# (15 s of one database core) becomes 30 s at half a core, beside the site's requests.
PAUSE = 1.0


def refresh(session: Session) -> int:
    """Recompute every live username's score (the job); writes only the rows whose score moved."""
    score = score_expression(clock.now())
    low, high = session.execute(select(func.min(Username.id), func.max(Username.id))).one()
    changed = 0
    for first, stop in batches.id_ranges(low, high, budget_seconds=TIME_BUDGET_SECONDS, pause=PAUSE):
        # The listings domain owns the column: it writes what this domain scores.
        changed += listings.store_scores(session, score=score, first_id=first, stop_id=stop)
        session.commit()
    return changed
