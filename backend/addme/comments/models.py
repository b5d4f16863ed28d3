"""Comments on listings and the reports filed on them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base


class CommentStatus:
    # Shown on the profile.
    VISIBLE = "visible"
    # Held by screening or a burst on the listing: only its author and staff see it until decided.
    HELD = "held"
    # Removed by a moderator (a decision record): only its author (as a decision) and staff see it.
    REMOVED = "removed"


class Comment(Base):
    __tablename__ = "comments"
    __table_args__ = (
        # One per member per listing per day: the day is part of the key, so two posts racing get one.
        UniqueConstraint("username_id", "user_id", "day", name="uq_comments_one_a_day"),
        Index("ix_comments_listing_created", "username_id", "created_at"),
        Index("ix_comments_user_created", "user_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    username_id: Mapped[int] = mapped_column(ForeignKey("usernames.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    # The UTC day of posting, "YYYY-MM-DD" (the one-a-day key).
    day: Mapped[str] = mapped_column(String(10))
    body: Mapped[str] = mapped_column(Text)
    # up | down | None: "this handle is real and answered me".
    thumb: Mapped[str | None] = mapped_column(String(4))
    # Whether the thumb counts (the account was older than 7 days and not flagged hopping when posted).
    thumb_counted: Mapped[bool] = mapped_column(default=False)
    status: Mapped[str] = mapped_column(String(10), default=CommentStatus.VISIBLE)
    held_reason: Mapped[str | None] = mapped_column(String(200))
    # The owner hid it on their listing: not deleted, staff still see it.
    hidden_at: Mapped[datetime | None]
    owner_answer: Mapped[str | None] = mapped_column(Text)
    answered_at: Mapped[datetime | None]
    removed_at: Mapped[datetime | None]
    removed_reason: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class CommentReport(Base):
    __tablename__ = "comment_reports"
    __table_args__ = (UniqueConstraint("comment_id", "reporter_id", name="uq_comment_reports_once"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    comment_id: Mapped[int] = mapped_column(ForeignKey("comments.id", ondelete="CASCADE"), index=True)
    reporter_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    message: Mapped[str] = mapped_column(Text, default="")
    # open | dismissed | upheld
    status: Mapped[str] = mapped_column(String(10), default="open")
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    decided_at: Mapped[datetime | None]
