"""Daily rollups (one row per metric, day and dimension) and the page views they count."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import BigInteger, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base


class DailyFigure(Base):
    """One number for one day: `dimension` is "" for the day's total, else "app:kik", "country:FR",
    "product:20 Top-Ups", "reason:vip_daily", "path:/u/:handle", "referrer:example.com".

    Kept by the `refresh-daily-figures` job (today and yesterday each run) and `addme stats-backfill`;
    the admin's stats read only this table, so a year answers in one index range whatever the size of
    the source tables.
    """

    __tablename__ = "daily_figures"

    # Key order (metric, dimension, day): a series is one contiguous index range.
    metric: Mapped[str] = mapped_column(String(24), primary_key=True)
    dimension: Mapped[str] = mapped_column(String(100), primary_key=True, default="")
    day: Mapped[date] = mapped_column(primary_key=True)
    value: Mapped[int] = mapped_column(BigInteger, default=0)


class PageView(Base):
    """One page view the web reported: a route template, never the address with its handles; the
    referrer's host only; the country, never the IP (not even truncated)."""

    __tablename__ = "page_views"
    __table_args__ = (Index("ix_page_views_day", "day"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    day: Mapped[date]
    path: Mapped[str] = mapped_column(String(100))
    referrer_host: Mapped[str] = mapped_column(String(100), default="")
    country_code: Mapped[str | None] = mapped_column(String(2))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
