"""What the admin's stats pages, the admin home and the page-view beacon exchange."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

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
    # The mean of the 7 days before today.
    average_7d: float


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
