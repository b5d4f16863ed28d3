"""What the admin's stats pages, the admin home and the page-view beacon exchange."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from addme.core.schemas import UtcDatetime

StatsPageName = Literal["countries", "pins", "sales", "swipes", "topups", "usernames", "users", "pages"]


class Series(BaseModel):
    metric: str
    # "" for the total; "country:FR", "app:kik"... for one part of it.
    dimension: str
    total: int
    # One value per day of the range, in order.
    values: list[int]


class Part(BaseModel):
    metric: str
    dimension: str
    total: int


class StatsPage(BaseModel):
    page: StatsPageName
    start: date
    end: date
    days: list[date]
    # Drawn on the chart, with their totals over the range.
    series: list[Series]
    # The largest parts over the range (top 20 per metric), for the table under the chart.
    parts: list[Part]


class TodayFigure(BaseModel):
    metric: str
    today: int
    # The mean of the (up to) 7 days before today that the site has figures for.
    average_7d: float
    # How many of those days there were: 0 on a site's first day (nothing to compare with yet).
    history_days: int = 0


class PageViewIn(BaseModel):
    # The route's template ("/u/:handle"), never the address itself.
    path: str = Field(min_length=1, max_length=100)
    referrer: str | None = Field(default=None, max_length=500)


class PageViewsIn(BaseModel):
    views: list[PageViewIn] = Field(min_length=1, max_length=20)


class RefreshIn(BaseModel):
    reason: str = Field(default="Recount today and yesterday", min_length=1, max_length=300)


class RefreshOut(BaseModel):
    rows: int


class TransparencyMonth(BaseModel):
    """One calendar month (UTC) of the transparency report; see stats/transparency.py for each count."""

    month: str = Field(description='"YYYY-MM"')
    # False for the month still running.
    complete: bool
    # Received that month.
    notices: dict[str, int] = Field(description="notices from anyone, by kind (ncii, minor, ...)")
    notices_total: int
    reports: dict[str, int] = Field(description="members' reports on usernames, by type")
    reports_total: int
    unban_requests: int
    removal_requests: int
    # Decided that month: the statements of reasons.
    decisions_total: int
    decisions_by_ground: dict[str, int] = Field(description="law or terms")
    decisions_by_category: dict[str, int] = Field(description="the DSA statement categories")
    automated_decisions: int
    automated_share: float | None = Field(description="0 to 1; None without decisions")
    # Everything decided that month (notices, reports, requests, appeals), arrival to decision.
    decided_items: int
    median_hours_to_decision: float | None
    p95_hours_to_decision: float | None
    # ncii notices received that month whose 48 hours have run or that were decided sooner.
    ncii_counted: int
    ncii_within_48h: int
    ncii_within_48h_share: float | None = Field(description="0 to 1; None when none counted")
    appeals: int
    appeals_decided: int
    appeals_reversed: int


class TransparencyReport(BaseModel):
    generated_at: UtcDatetime
    # The current month first.
    months: list[TransparencyMonth]
