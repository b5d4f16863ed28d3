"""The blacklist the automated approval and the risk check read, handles removed for good, and the
bot and device assessment's findings."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import JSON, Float, ForeignKey, Index, String, UniqueConstraint
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
    # An IP address or CIDR range: accounts signing in from it are high-risk (no free Top-Ups).
    IP = "ip"


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


class RemovedHandle(Base):
    """A handle removed on its owner's request: it can never be listed again on the same app."""

    __tablename__ = "removed_handles"
    __table_args__ = (UniqueConstraint("app", "handle_normalized"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    app: Mapped[str] = mapped_column(String(10))
    handle_normalized: Mapped[str] = mapped_column(String(40))
    removal_request_id: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class BotAssessment(Base):
    """Why the bot and device assessment found something at a sign-up, login or free Top-Up claim.

    Only assessments with a reason are kept (a person on a browser leaves no row): the score, the
    verdict and the reasons staff read on the account's flags, never the user agent or address.
    """

    __tablename__ = "bot_assessments"
    __table_args__ = (Index("ix_bot_assessments_user_created", "user_id", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    action: Mapped[str] = mapped_column(String(12))  # signup, login, free_topup
    provider: Mapped[str] = mapped_column(String(12))  # local, captcha
    score: Mapped[float] = mapped_column(Float)
    bot: Mapped[bool] = mapped_column(default=False)
    reasons: Mapped[list[str]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class DeviceSignup(Base):
    """An account made on a device: the device cookie's HMAC, so many accounts on one are seen."""

    __tablename__ = "device_signups"
    __table_args__ = (Index("ix_device_signups_device", "device_hash", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    device_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
