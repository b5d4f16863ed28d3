"""The blacklist the automated approval and the risk check read, and handles removed for good."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import String, UniqueConstraint
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
