"""Recount the daily figures from their source tables: idempotent, a day range at a time.

Each source is read with one GROUP BY over an indexed date range; the rows of those days are then
replaced in the same transaction, so a rerun (or two runners) leaves the same figures.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta
from typing import Any

from sqlalchemy import ColumnElement, delete, func, insert, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.listings.models import Username
from addme.shop.constants import OrderStatus
from addme.shop.models import Order
from addme.stats.models import DailyFigure, PageView
from addme.swipes.models import SwipeDailyStat
from addme.wallet.models import Kind, LedgerEntry, Reason

SIGNUPS = "signups"
LISTINGS = "listings"
SALES = "sales"
SALES_CENTS = "sales_cents"
TOPUPS = "topups"
PINS = "pins"
LIKES = "likes"
PASSES = "passes"
PAGEVIEWS = "pageviews"

METRICS = (SIGNUPS, LISTINGS, SALES, SALES_CENTS, TOPUPS, PINS, LIKES, PASSES, PAGEVIEWS)

# A Top-Up used on a username: bought, VIP's daily one, a scheduled one or the free one. Spending
# Top-Ups on a slot or a group is a purchase of something else, not a Top-Up of a listing.
TOPUP_USES = (Reason.SPEND_TOPUP, Reason.VIP_DAILY, Reason.AUTO_TOPUP, Reason.FREE_TOPUP)

_DIMENSION_MAX = 100

Counts = dict[tuple[str, date, str], int]


def _day(value: Any) -> date:
    # func.date() answers a date on PostgreSQL and "YYYY-MM-DD" on SQLite.
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return date.fromisoformat(str(value)[:10])


def _bounds(start: date, end: date) -> tuple[datetime, datetime]:
    return datetime.combine(start, time.min), datetime.combine(end + timedelta(days=1), time.min)


def _group(
    session: Session,
    out: Counts,
    *,
    metric: str,
    when: Any,
    start: date,
    end: date,
    where: Iterable[ColumnElement[bool]] = (),
    value: Any = None,
    by: Any = None,
    prefix: str = "",
) -> None:
    """Add `metric` per day (and per `by`, as "prefix:value") from one GROUP BY."""
    lo, hi = _bounds(start, end)
    day = func.date(when)
    cols: list[Any] = [day, func.coalesce(func.sum(value), 0) if value is not None else func.count()]
    group: list[Any] = [day]
    if by is not None:
        cols.append(by)
        group.append(by)
    stmt = select(*cols).where(when >= lo, when < hi, *where).group_by(*group)
    for row in session.execute(stmt):
        dim = ""
        if by is not None:
            if row[2] is None or row[2] == "":
                continue
            dim = f"{prefix}:{row[2]}"[:_DIMENSION_MAX]
        key = (metric, _day(row[0]), dim)
        out[key] = out.get(key, 0) + int(row[1] or 0)


def _with_breakdown(session: Session, out: Counts, *, by: Any, prefix: str, **kw: Any) -> None:
    _group(session, out, **kw)
    _group(session, out, by=by, prefix=prefix, **kw)


def recount(session: Session, *, start: date, end: date) -> Counts:
    """Every figure of the days from `start` to `end` (inclusive), read from the source tables."""
    out: Counts = defaultdict(int)
    _with_breakdown(
        session, out, metric=SIGNUPS, when=User.created_at, start=start, end=end,
        by=User.country_code, prefix="country",
    )  # fmt: skip
    _with_breakdown(
        session, out, metric=LISTINGS, when=Username.created_at, start=start, end=end,
        by=Username.app, prefix="app",
    )  # fmt: skip
    _group(
        session, out, metric=LISTINGS, when=Username.created_at, start=start, end=end,
        by=Username.country_code, prefix="country",
    )  # fmt: skip
    paid = (Order.status == OrderStatus.PAID, Order.confirmed_at.is_not(None))
    _with_breakdown(
        session, out, metric=SALES, when=Order.confirmed_at, start=start, end=end,
        where=paid, by=Order.product, prefix="product",
    )  # fmt: skip
    _with_breakdown(
        session, out, metric=SALES_CENTS, when=Order.confirmed_at, start=start, end=end,
        where=paid, value=Order.price_cents, by=Order.product, prefix="product",
    )  # fmt: skip
    _with_breakdown(
        session, out, metric=TOPUPS, when=LedgerEntry.created_at, start=start, end=end,
        where=(LedgerEntry.kind == Kind.TOP_UP, LedgerEntry.reason.in_(TOPUP_USES), LedgerEntry.delta <= 0),
        by=LedgerEntry.reason, prefix="reason",
    )  # fmt: skip
    _group(
        session, out, metric=PINS, when=LedgerEntry.created_at, start=start, end=end,
        where=(LedgerEntry.kind == Kind.FIRE_PIN, LedgerEntry.reason == Reason.SPEND_FIRE_PIN),
        value=-LedgerEntry.delta,
    )  # fmt: skip
    swipes = select(SwipeDailyStat).where(SwipeDailyStat.day >= start, SwipeDailyStat.day <= end)
    for stat in session.scalars(swipes):
        out[(LIKES, stat.day, "")] += stat.likes
        out[(PASSES, stat.day, "")] += stat.passes
    views = select(PageView.day, PageView.path, PageView.referrer_host, func.count()).where(
        PageView.day >= start, PageView.day <= end
    )
    for day, path, referrer, n in session.execute(
        views.group_by(PageView.day, PageView.path, PageView.referrer_host)
    ):
        d = _day(day)
        out[(PAGEVIEWS, d, "")] += n
        out[(PAGEVIEWS, d, f"path:{path}"[:_DIMENSION_MAX])] += n
        if referrer:
            out[(PAGEVIEWS, d, f"referrer:{referrer}"[:_DIMENSION_MAX])] += n
    return {k: v for k, v in out.items() if v}


def rebuild(session: Session, *, start: date, end: date, commit: bool = True) -> int:
    """Replace the stored figures of `start`..`end` with a recount; returns the rows written."""
    counts = recount(session, start=start, end=end)
    session.execute(delete(DailyFigure).where(DailyFigure.day >= start, DailyFigure.day <= end))
    rows = [{"metric": m, "day": d, "dimension": dim, "value": v} for (m, d, dim), v in counts.items()]
    for i in range(0, len(rows), 1000):
        session.execute(insert(DailyFigure), rows[i : i + 1000])
    if commit:
        session.commit()
    return len(rows)


def refresh_recent(session: Session, *, commit: bool = True) -> int:
    """The job: today and yesterday (a late row near midnight lands in yesterday)."""
    today = clock.now().date()
    return rebuild(session, start=today - timedelta(days=1), end=today, commit=commit)


def backfill(session: Session, *, chunk_days: int = 31) -> int:
    """Every day from the oldest source row to today, a month per transaction."""
    firsts = [
        session.scalar(select(func.min(User.created_at))),
        session.scalar(select(func.min(Username.created_at))),
        session.scalar(select(func.min(Order.confirmed_at))),
        session.scalar(select(func.min(LedgerEntry.created_at))),
        session.scalar(select(func.min(SwipeDailyStat.day))),
        session.scalar(select(func.min(PageView.day))),
    ]
    today = clock.now().date()
    days = [_day(f) for f in firsts if f is not None]
    start = min(days, default=today)
    written = 0
    while start <= today:
        end = min(start + timedelta(days=chunk_days - 1), today)
        written += rebuild(session, start=start, end=end)
        start = end + timedelta(days=1)
    return written
