"""The admin's figures, read from the daily rollups only (never from the source tables)."""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.errors import AppError
from addme.stats import rollup
from addme.stats.codes import StatsCode
from addme.stats.models import DailyFigure
from addme.stats.schemas import Part, Series, StatsPage, StatsPageName, TodayFigure

MAX_DAYS = 400
BAD_RANGE = "Choose a start date on or before the end date, at most 400 days apart."
TOP_PARTS = 20
TOP_SERIES = 5

# Per page: the totals drawn, then the parts listed (metric, dimension prefix).
_PAGES: dict[str, tuple[tuple[str, ...], tuple[tuple[str, str], ...]]] = {
    "users": ((rollup.SIGNUPS,), ((rollup.SIGNUPS, "country"),)),
    "usernames": ((rollup.LISTINGS,), ((rollup.LISTINGS, "app"), (rollup.LISTINGS, "country"))),
    "sales": (
        (rollup.SALES, rollup.SALES_CENTS),
        ((rollup.SALES, "product"), (rollup.SALES_CENTS, "product")),
    ),
    "topups": ((rollup.TOPUPS,), ((rollup.TOPUPS, "reason"),)),
    "pins": ((rollup.PINS,), ()),
    "swipes": ((rollup.LIKES, rollup.PASSES), ()),
    "countries": ((), ((rollup.SIGNUPS, "country"), (rollup.LISTINGS, "country"))),
    "pages": ((rollup.PAGEVIEWS,), ((rollup.PAGEVIEWS, "path"), (rollup.PAGEVIEWS, "referrer"))),
}


def default_range() -> tuple[date, date]:
    today = clock.now().date()
    return today - timedelta(days=29), today


def _series(session: Session, *, metric: str, dimension: str, start: date, days: list[date]) -> Series:
    rows = session.execute(
        select(DailyFigure.day, DailyFigure.value).where(
            DailyFigure.metric == metric,
            DailyFigure.day >= start,
            DailyFigure.day <= days[-1],
            DailyFigure.dimension == dimension,
        )
    )
    by_day = {d: int(v) for d, v in rows}
    values = [by_day.get(d, 0) for d in days]
    return Series(metric=metric, dimension=dimension, total=sum(values), values=values)


def _parts(session: Session, *, metric: str, prefix: str, start: date, end: date) -> list[Part]:
    total = func.sum(DailyFigure.value).label("total")
    rows = session.execute(
        select(DailyFigure.dimension, total)
        .where(
            DailyFigure.metric == metric,
            DailyFigure.day >= start,
            DailyFigure.day <= end,
            DailyFigure.dimension.like(f"{prefix}:%"),
        )
        .group_by(DailyFigure.dimension)
        .order_by(total.desc(), DailyFigure.dimension)
        .limit(TOP_PARTS)
    )
    return [Part(metric=metric, dimension=dim, total=int(n)) for dim, n in rows]


def page(session: Session, *, name: StatsPageName, start: date | None, end: date | None) -> StatsPage:
    """One stats page over `start`..`end` (default: the last 30 days)."""
    lo, hi = default_range()
    start, end = start or (end - timedelta(days=29) if end else lo), end or hi
    if end < start or (end - start).days >= MAX_DAYS:
        raise AppError(BAD_RANGE, status_code=422, code=StatsCode.BAD_RANGE)
    days = [start + timedelta(days=i) for i in range((end - start).days + 1)]
    totals, part_specs = _PAGES[name]
    series = [_series(session, metric=m, dimension="", start=start, days=days) for m in totals]
    parts = [
        p for m, prefix in part_specs for p in _parts(session, metric=m, prefix=prefix, start=start, end=end)
    ]
    if name == "countries":
        # The largest countries by signups drawn day by day (by new usernames when no signup in the
        # range has a country).
        metric = rollup.SIGNUPS if any(p.metric == rollup.SIGNUPS for p in parts) else rollup.LISTINGS
        top = [p.dimension for p in parts if p.metric == metric][:TOP_SERIES]
        series = [_series(session, metric=metric, dimension=d, start=start, days=days) for d in top]
    return StatsPage(page=name, start=start, end=end, days=days, series=series, parts=parts)


HOME_METRICS = (rollup.SIGNUPS, rollup.LISTINGS, rollup.SALES, rollup.TOPUPS)


def today_figures(session: Session) -> list[TodayFigure]:
    """Today's signups, listings, sales and Top-Ups against the mean of the 7 days before."""
    today = clock.now().date()
    rows = session.execute(
        select(DailyFigure.metric, DailyFigure.day, DailyFigure.value).where(
            DailyFigure.metric.in_(HOME_METRICS),
            DailyFigure.dimension == "",
            DailyFigure.day >= today - timedelta(days=7),
            DailyFigure.day <= today,
        )
    )
    now: dict[str, int] = {}
    week: dict[str, int] = {}
    for metric, day, value in rows:
        target = now if day == today else week
        target[metric] = target.get(metric, 0) + int(value)
    # A young site compares with the days it has had, not with zeros from before it existed.
    # (The first day with signups: the primary key's prefix (metric, dimension) finds it at once.)
    first = session.scalar(
        select(func.min(DailyFigure.day)).where(
            DailyFigure.metric == rollup.SIGNUPS, DailyFigure.dimension == ""
        )
    )
    history = 0 if first is None else max(0, min(7, (today - first).days))
    return [
        TodayFigure(
            metric=m,
            today=now.get(m, 0),
            average_7d=round(week.get(m, 0) / history, 1) if history else 0.0,
            history_days=history,
        )
        for m in HOME_METRICS
    ]


def refresh_now(session: Session, *, admin: User, reason: str) -> int:
    """An admin recounts today and yesterday at once (the job does it every 5 minutes); audited."""
    written = rollup.refresh_recent(session, commit=False)
    audit.record(session, admin=admin, action="stats.refresh", reason=reason, details={"rows": written})
    session.commit()
    return written
