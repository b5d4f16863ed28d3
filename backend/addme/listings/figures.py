"""The owner's figures for one username (/user): views and Message clicks per day, its place in its
main list today, and what each day's Top-Ups and Fire Pins did to views."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import Select, and_, func, or_, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.core.errors import FieldError, Forbidden
from addme.listings import service
from addme.listings.cards import LISTED
from addme.listings.codes import ListingCode
from addme.listings.models import Username, UsernameDailyStat, UsernameViewSource
from addme.listings.schemas import (
    BoostEffect,
    ListPlace,
    SourceViews,
    StatsDay,
    UsernameStats,
    UsernameStatsMeta,
)

FREE_DAYS = 30
VIP_DAYS = 90
# A day of use is compared with the average of up to this many days before it.
BASELINE_DAYS = 7
# Rows ahead in the list are counted up to this many: an exact rank deep in a million-row list is a
# walk over half an index for a number that only says "far down".
PLACE_CAP = 10_000

TOO_MANY_DAYS = "Free members see up to 30 days of figures; VIP and Studio members up to 90."
CSV_VIP_ONLY = "The CSV download is for VIP and Studio members. Become VIP to download your figures."

# (when, "top_up" | "fire_pin") of each use on the username since a time. Listings sit below the
# wallet, so the wallet registers its ledger reader here (api/main.py).
BoostSource = Callable[..., list[tuple[datetime, str]]]
_boost_sources: list[BoostSource] = []


def register_boost_source(source: BoostSource) -> None:
    """Called once at start-up with the wallet's ledger reader."""
    if source not in _boost_sources:
        _boost_sources.append(source)


def max_days(user: User) -> int:
    """How far back the member may look: 90 days for VIP and Studio, 30 for everyone else."""
    return VIP_DAYS if user.is_vip else FREE_DAYS


def wants_csv(*, format: str | None, accept: str) -> bool:
    """`?format=csv`, or an Accept header asking for text/csv (and not for JSON first)."""
    if format is not None:
        return format == "csv"
    return "text/csv" in accept.lower()


def _boosts(session: Session, *, user: User, username_id: int, since: datetime) -> dict[date, dict[str, int]]:
    per_day: dict[date, dict[str, int]] = {}
    for source in _boost_sources:
        for at, kind in source(session, user_id=user.id, username_id=username_id, since=since):
            counts = per_day.setdefault(at.date(), {"top_up": 0, "fire_pin": 0})
            counts[kind] = counts.get(kind, 0) + 1
    return per_day


def _count(session: Session, rows: Select[Any]) -> int:
    return int(session.scalar(select(func.count()).select_from(rows.subquery())) or 0)


def _place(session: Session, *, username: Username, now: datetime) -> ListPlace:
    """Its rank in the "latest" list of its app and type: active Fire Pins first (newest pin first),
    then by the last Top-Up, as the list shows them."""
    pinned = username.fire_pinned_until is not None and username.fire_pinned_until > now
    place = ListPlace(app=username.app, type=username.type, position=None, capped=False, pinned=pinned)
    if not username.listed:
        return place
    same_list = [LISTED, Username.app == username.app, Username.type == username.type]
    pin_active = and_(Username.fire_pinned_until.is_not(None), Username.fire_pinned_until > now)
    pins = select(Username.id).where(*same_list, pin_active, Username.id != username.id)
    if pinned:
        ahead = pins.where(
            or_(
                Username.fire_pinned_until > username.fire_pinned_until,
                and_(Username.fire_pinned_until == username.fire_pinned_until, Username.id > username.id),
            )
        )
        count = _count(session, ahead.limit(PLACE_CAP))
    else:
        # Every active pin (a handful, from their own index), then the rows above it in "latest",
        # walked down the list's own index from the top and stopped at the cap.
        later = (
            select(Username.id)
            .where(
                *same_list,
                or_(Username.fire_pinned_until.is_(None), Username.fire_pinned_until <= now),
                or_(
                    Username.sort_at > username.sort_at,
                    and_(Username.sort_at == username.sort_at, Username.id > username.id),
                ),
            )
            .order_by(Username.sort_at.desc(), Username.id.desc())
            .limit(PLACE_CAP)
        )
        count = min(PLACE_CAP, _count(session, pins.limit(PLACE_CAP)) + _count(session, later))
    # A new answer rather than attribute writes: `position` is also a column name another domain owns,
    # and the ownership test reads attribute writes by name.
    return place.model_copy(update={"position": count + 1, "capped": count >= PLACE_CAP})


def _sources(session: Session, *, username_id: int, since: date) -> list[SourceViews]:
    rows = session.execute(
        select(UsernameViewSource.source, func.sum(UsernameViewSource.views))
        .where(UsernameViewSource.username_id == username_id, UsernameViewSource.day >= since)
        .group_by(UsernameViewSource.source)
    ).all()
    found = [SourceViews(source=source, views=int(views or 0)) for source, views in rows]
    return sorted(found, key=lambda s: (-s.views, s.source))


def _effects(days: list[StatsDay], *, first_day: date, baseline: dict[date, int]) -> list[BoostEffect]:
    effects: list[BoostEffect] = []
    for point in days:
        before = [
            baseline.get(point.day - timedelta(days=n), 0)
            for n in range(1, BASELINE_DAYS + 1)
            if point.day - timedelta(days=n) >= first_day
        ]
        average = round(sum(before) / len(before), 1) if before else None
        change = round((point.views - average) * 100 / average) if average else None
        for kind, uses in (("fire_pin", point.fire_pins), ("top_up", point.top_ups)):
            if uses:
                effects.append(
                    BoostEffect(
                        day=point.day,
                        kind=kind,
                        uses=uses,
                        views=point.views,
                        views_before=average,
                        change_percent=change,
                    )
                )
    return effects


def username_stats(
    session: Session, *, user: User, username_id: int, days: int, as_csv: bool = False
) -> UsernameStats:
    """The owner's figures for the last `days` days, today included (404 for anyone else's id; a free
    member asking past 30 days is a 422, a CSV a 403)."""
    username = service.get_own(session, user=user, username_id=username_id)
    allowed = max_days(user)
    if as_csv and not user.is_vip:
        raise Forbidden(CSV_VIP_ONLY, code=ListingCode.STATS_VIP_ONLY)
    if days > allowed:
        raise FieldError("days", TOO_MANY_DAYS)
    now = clock.now()
    start = service.since_days(days)
    # The days before the window too: a use on its first day is compared with them.
    read_from = start - timedelta(days=BASELINE_DAYS)
    counted = {
        day: (int(views), int(clicks))
        for day, views, clicks in session.execute(
            select(UsernameDailyStat.day, UsernameDailyStat.views, UsernameDailyStat.clicks).where(
                UsernameDailyStat.username_id == username.id, UsernameDailyStat.day >= read_from.date()
            )
        )
    }
    uses = _boosts(session, user=user, username_id=username.id, since=start)
    points: list[StatsDay] = []
    for n in range(days):
        day = start.date() + timedelta(days=n)
        views, clicks = counted.get(day, (0, 0))
        used = uses.get(day, {})
        points.append(
            StatsDay(
                day=day,
                views=views,
                clicks=clicks,
                top_ups=used.get("top_up", 0),
                fire_pins=used.get("fire_pin", 0),
            )
        )
    # Days before the username existed say nothing about what a boost changed.
    first_day = max(read_from.date(), username.created_at.date())
    return UsernameStats(
        data=points,
        meta=UsernameStatsMeta(
            username_id=username.id,
            username=username.username,
            days=days,
            max_days=allowed,
            can_export_csv=user.is_vip,
            views_total=sum(p.views for p in points),
            clicks_total=sum(p.clicks for p in points),
            place=_place(session, username=username, now=now),
            boosts=_effects(points, first_day=first_day, baseline={d: v for d, (v, _) in counted.items()}),
            sources=_sources(session, username_id=username.id, since=start.date()),
        ),
    )


def to_csv(stats: UsernameStats) -> str:
    """The days as CSV, one row a day, oldest first (the VIP download)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["day", "views", "message_clicks", "top_ups", "fire_pins"])
    for p in stats.data:
        writer.writerow([p.day.isoformat(), p.views, p.clicks, p.top_ups, p.fire_pins])
    return out.getvalue()


def csv_filename(stats: UsernameStats) -> str:
    """addme-<handle>-<days>d.csv: the handle is letters, digits, dots, dashes and underscores."""
    handle = "".join(ch for ch in stats.meta.username if ch.isalnum() or ch in "._-") or "username"
    return f"addme-{handle}-{stats.meta.days}d.csv"
