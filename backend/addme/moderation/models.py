"""Moderation data: the blacklist the automated approval reads, and reports on usernames."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base


class TermKind(StrEnum):
    SPAM = "spam"
    SELLING = "selling"
    UNDERAGE = "underage"
    LINK = "link"
    PHONE = "phone"
    ILLEGAL = "illegal"


class ReportType(StrEnum):
    UNDERAGE = "underage"
    FAKE = "fake"
    REMOVAL = "removal"
    SELL = "sell"
    OTHER = "other"


class BlacklistTerm(Base):
    """A word, phrase or regular expression that sends a username to manual review."""

    __tablename__ = "blacklist_terms"
    __table_args__ = (UniqueConstraint("kind", "pattern"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    pattern: Mapped[str] = mapped_column(String(200))
    # Plain terms match whole words, case-insensitively; regexes are for shapes (ages, phone numbers).
    is_regex: Mapped[bool] = mapped_column(default=False)
    # Admins switch terms off rather than delete them, so the defaults never come back uninvited.
    active: Mapped[bool] = mapped_column(default=True)
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class Report(Base):
    __tablename__ = "username_reports"
    __table_args__ = (Index("ix_username_reports_open", "status", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    username_id: Mapped[int] = mapped_column(ForeignKey("usernames.id", ondelete="CASCADE"), index=True)
    reporter_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    ip_address: Mapped[str | None] = mapped_column(String(45))
    type: Mapped[str] = mapped_column(String(10))
    message: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(10), default="open")
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    resolved_at: Mapped[datetime | None]
