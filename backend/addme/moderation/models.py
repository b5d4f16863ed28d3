"""Moderation data: account bans, reports on usernames, notices from anyone and their decisions,
macros, IP bans, trusted flaggers and the moderators who asked for alerts."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import JSON, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base, TimestampMixin, partial_index


class MemberBan(Base):
    """An account's ban in force (issue 35): one row per banned account, none once it is lifted.

    Moderation alone writes it (moderation.member_bans: ban, unban, lift when its end has passed);
    the user reads it through `User.ban`, loaded with the user in the same query, so the ban check
    of every signed-in request stays one statement.
    """

    __tablename__ = "member_bans"
    # The list of bans: latest first.
    __table_args__ = (Index("ix_member_bans_banned_at", "banned_at"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    banned_at: Mapped[datetime]
    # None: banned for good. Past it, the ban is lifted (at sign-in, or by the job).
    banned_until: Mapped[datetime | None]
    # Shown to the member when they try to sign in.
    reason: Mapped[str | None] = mapped_column(String(300))


class ReportStatus(StrEnum):
    OPEN = "open"
    # The report was wrong (or not enough): it counts against its reporter's standing.
    DISMISSED = "dismissed"
    # A moderator acted on the username: the report was right.
    UPHELD = "upheld"


class Macro(TimestampMixin, Base):
    """A canned answer moderators pick to fill a decision's reason (review, reports, requests)."""

    __tablename__ = "macros"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    # Where it is offered: review, report, unban, removal, contact.
    type: Mapped[str] = mapped_column(String(10), index=True)
    text: Mapped[str] = mapped_column(Text)


class Report(Base):
    __tablename__ = "username_reports"
    __table_args__ = (
        Index("ix_username_reports_open", "status", "created_at"),
        Index("ix_username_reports_reporter", "reporter_id", "status"),
        # Decided reports, the latest decision first (the reports page's history, #11).
        # The admin home's open reports per type and the open queue's groups (username, underage,
        # oldest): both read from this index alone.
        partial_index(
            "ix_username_reports_open_type",
            "type",
            "username_id",
            "created_at",
            where="status = 'open'",
        ),
        # Partial: open reports (resolved_at NULL) would otherwise come first in a backward walk.
        partial_index(
            "ix_username_reports_resolved",
            "resolved_at",
            "id",
            where="status <> 'open'",
        ),
        # One open report per member per username; the service's friendly 409 runs first.
        partial_index(
            "uq_username_reports_open_member",
            "username_id",
            "reporter_id",
            unique=True,
            where="status = 'open'",
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    username_id: Mapped[int] = mapped_column(ForeignKey("usernames.id", ondelete="CASCADE"), index=True)
    reporter_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    ip_address: Mapped[str | None] = mapped_column(String(45))
    type: Mapped[str] = mapped_column(String(10))
    message: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(10), default="open")
    # True when this report took the listing off the lists (underage, reporter in good standing).
    hid_listing: Mapped[bool] = mapped_column(default=False)
    # The moderator's decision: the action taken and the reason given.
    decision: Mapped[str | None] = mapped_column(String(20))
    decision_reason: Mapped[str | None] = mapped_column(Text)
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    resolved_at: Mapped[datetime | None]
    # An underage report that left the listing listed is decided within the hour: it heads the
    # queue by this time, and the opted-in moderators are mailed again at half of it (warn_at).
    due_at: Mapped[datetime | None]
    warn_at: Mapped[datetime | None]
    warned_at: Mapped[datetime | None]


class IpBan(Base):
    """An IP address or CIDR range (IPv4 or IPv6) that may read the site but not write to it."""

    __tablename__ = "ip_bans"
    __table_args__ = (Index("ix_ip_bans_active", "lifted_at", "banned_until"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # Normalised network form ("203.0.113.0/24", "2001:db8::/48"); a single address is a /32 or /128.
    cidr: Mapped[str] = mapped_column(String(50))
    reason: Mapped[str] = mapped_column(String(300), default="")
    # None: for good.
    banned_until: Mapped[datetime | None]
    admin_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    # Unbanning keeps the row (with who lifted it in the audit log), so the history stays readable.
    lifted_at: Mapped[datetime | None]


class NoticeStatus(StrEnum):
    OPEN = "open"
    REMOVED = "removed"
    REJECTED = "rejected"


class Notice(Base):
    """A notice from anyone (no account needed) about content on AddMe: the TAKE IT DOWN Act's removal
    request and the DSA's Art. 16 notice, decided by `due_at`."""

    __tablename__ = "notices"
    __table_args__ = (
        # The open queue by due time, and the half-time alerts' scan.
        Index("ix_notices_status_due", "status", "due_at"),
        Index("ix_notices_status_warn", "status", "warn_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # What the requester quotes: random, so one reference says nothing about the others.
    reference: Mapped[str] = mapped_column(String(16), unique=True)
    kind: Mapped[str] = mapped_column(String(15))
    urls: Mapped[list[str]] = mapped_column(JSON)
    description: Mapped[str] = mapped_column(Text, default="")
    good_faith: Mapped[bool] = mapped_column(default=False)
    # The typed full name (a signature under the TAKE IT DOWN Act); empty only for a minor's notice.
    signature: Mapped[str] = mapped_column(String(200), default="")
    contact_email: Mapped[str] = mapped_column(String(254), default="")
    # The filer's language at filing time ("en"/"fr"): a visitor's mails speak it (no account).
    language: Mapped[str] = mapped_column(String(2), default="en", server_default="en")
    # Relative to PRIVATE_DIR: the re-encoded picture the requester sent, for moderators only.
    picture_path: Mapped[str | None] = mapped_column(String(120))
    picture_pdq: Mapped[str | None] = mapped_column(String(64))
    reporter_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    ip_address: Mapped[str | None] = mapped_column(String(45))
    status: Mapped[str] = mapped_column(String(10), default=NoticeStatus.OPEN)
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    due_at: Mapped[datetime]
    warn_at: Mapped[datetime]
    warned_at: Mapped[datetime | None]
    decided_at: Mapped[datetime | None]


class TrustedFlagger(Base):
    """A member whose underage reports hide a listing at once whatever their account's age."""

    __tablename__ = "trusted_flaggers"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    reason: Mapped[str] = mapped_column(String(300))
    added_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class AlertSubscriber(Base):
    """A moderator who asked to be mailed about new notices and underage reports (a row: opted in)."""

    __tablename__ = "moderator_alert_subscribers"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
