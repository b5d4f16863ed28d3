"""Decision records (the DSA's statements of reasons) and members' appeals against them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base, partial_index


class StatementOfReasons(Base):
    """One restricting decision, in the fields of the DSA transparency database's statement of reasons
    (decision, visibility, account, ground, category, automated or not, facts, territorial scope, who,
    when), written by the domain that acted, in the transaction of the action (issue 31)."""

    __tablename__ = "statements_of_reasons"
    __table_args__ = (
        Index("ix_statements_of_reasons_user", "user_id", "decided_at"),
        Index("ix_statements_of_reasons_subject", "subject_type", "subject_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # Set when a notice's decision wrote it (one statement per notice).
    notice_id: Mapped[int | None] = mapped_column(ForeignKey("notices.id", ondelete="CASCADE"), unique=True)
    # reject_username, ban_username, ban_account, remove_media, remove_group, refuse_unban,
    # dismiss_report, uphold_report, hold_username, block_upload, remove | reject (a notice),
    # appeal_upheld | appeal_reversed.
    decision: Mapped[str] = mapped_column(String(20))
    # The DSA's decision_visibility (content_removed, content_disabled, content_demoted, ...) or None.
    decision_visibility: Mapped[str | None] = mapped_column(String(40))
    # The DSA's decision_account: account_suspended | account_terminated, or None.
    decision_account: Mapped[str | None] = mapped_column(String(40))
    # The DSA's account_type of the member concerned: private | business.
    account_type: Mapped[str | None] = mapped_column(String(20), default="private")
    # law (DSA: illegal content) | terms (incompatible with the terms of use).
    ground: Mapped[str] = mapped_column(String(10))
    # The law named (law) or the clause of the terms (terms), as the member reads it.
    ground_reference: Mapped[str] = mapped_column(String(200), default="", server_default="")
    category: Mapped[str] = mapped_column(String(60))
    # notice (Art. 16) | trusted_flagger | report (another notification) | voluntary (own initiative)
    # | appeal (the outcome of an internal complaint, Art. 20).
    source_type: Mapped[str] = mapped_column(String(20))
    automated_detection: Mapped[bool] = mapped_column(default=False)
    # not_automated | partially | fully.
    automated_decision: Mapped[str] = mapped_column(String(20), default="not_automated")
    # The facts and circumstances: the decider's reason, as the member and the audit log read it.
    facts: Mapped[str] = mapped_column(Text)
    # Where the decision applies (ISO country codes); every EEA state for a restriction site-wide.
    territorial_scope: Mapped[list[Any]] = mapped_column(JSON, default=list, server_default=text("'[]'"))
    # What was restricted: "media:12", "username:4", "group:3", "ad:<url>" (copies included).
    content: Mapped[list[Any]] = mapped_column(JSON, default=list)
    # What the decision is about, once: username | media | group | account | notice | unban_request.
    subject_type: Mapped[str | None] = mapped_column(String(20))
    subject_id: Mapped[int | None]
    # The subject in words as the member reads it ("your username alice (snapchat)"), kept as it
    # was: the username may be renamed or deleted later.
    about: Mapped[str] = mapped_column(String(200), default="", server_default="")
    # The member whose content or account it concerns (they are told and may appeal).
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    # An appeal's outcome points at the decision appealed.
    appeal_of_id: Mapped[int | None] = mapped_column(
        ForeignKey("statements_of_reasons.id", ondelete="SET NULL")
    )
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    decided_at: Mapped[datetime] = mapped_column(default=clock.now)


class AppealStatus:
    OPEN = "open"
    UPHELD = "upheld"
    REVERSED = "reversed"


class Appeal(Base):
    """A member's complaint against a decision about them (DSA Art. 20), decided within 7 days."""

    __tablename__ = "appeals"
    __table_args__ = (
        Index("ix_appeals_status_due", "status", "due_at"),
        # One open appeal per decision; the service's friendly 409 runs first.
        partial_index(
            "uq_appeals_open_statement",
            "statement_id",
            unique=True,
            where="status = 'open'",
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # None only for an unban request about a ban that predates decision records.
    statement_id: Mapped[int | None] = mapped_column(
        ForeignKey("statements_of_reasons.id", ondelete="CASCADE"), index=True
    )
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    # appeal (against a statement) | unban (the spec's unban request, the same queue).
    kind: Mapped[str] = mapped_column(String(10), default="appeal")
    unban_request_id: Mapped[int | None] = mapped_column(
        ForeignKey("unban_requests.id", ondelete="CASCADE"), unique=True
    )
    message: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(10), default=AppealStatus.OPEN)
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    due_at: Mapped[datetime]
    decided_at: Mapped[datetime | None]
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    reason: Mapped[str | None] = mapped_column(Text)


class HeldContent(Base):
    """Media or a group removed by moderation, kept out of every list and of public serving for the
    appeal period (DSA Art. 20: six months) so a reversed appeal can bring it back; the owning domain
    writes its row's snapshot here and restores from it, the purge job erases it after `purge_after`."""

    __tablename__ = "held_content"
    __table_args__ = (
        Index("ix_held_content_subject", "kind", "subject_id"),
        Index("ix_held_content_purge", "purge_after"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # media | group
    kind: Mapped[str] = mapped_column(String(10))
    subject_id: Mapped[int]
    # The removal's statement of reasons (what an appeal reverses).
    statement_id: Mapped[int | None] = mapped_column(
        ForeignKey("statements_of_reasons.id", ondelete="SET NULL"), index=True
    )
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # The removed row's columns (and a group's member ids), as the owning domain wrote them.
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # Stored objects moved under a private prefix: {original key: held key}.
    held_keys: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    removed_at: Mapped[datetime] = mapped_column(default=clock.now)
    purge_after: Mapped[datetime]
