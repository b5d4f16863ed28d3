"""Swipes between usernames, and the daily counters the admin's stats read."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base


class Swipe(Base):
    __tablename__ = "swipes"
    __table_args__ = (
        UniqueConstraint("from_username_id", "to_username_id"),
        Index("ix_swipes_user_action", "user_id", "action", "updated_at"),
        Index("ix_swipes_to_from", "to_username_id", "from_username_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # The swiping account, so favorites list in one index walk whichever username swiped.
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    from_username_id: Mapped[int] = mapped_column(ForeignKey("usernames.id", ondelete="CASCADE"))
    to_username_id: Mapped[int] = mapped_column(ForeignKey("usernames.id", ondelete="CASCADE"))
    action: Mapped[str] = mapped_column(String(4))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    updated_at: Mapped[datetime] = mapped_column(default=clock.now)


class SwipeDailyStat(Base):
    """One row per day, never a row per swipe."""

    __tablename__ = "swipe_daily_stats"

    day: Mapped[date] = mapped_column(primary_key=True)
    likes: Mapped[int] = mapped_column(default=0)
    passes: Mapped[int] = mapped_column(default=0)
