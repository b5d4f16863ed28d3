"""The mail outbox: every message is written here first, so none is lost to a crash."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base, partial_index


class OutboxMessage(Base):
    __tablename__ = "mail_outbox"
    __table_args__ = (
        # The sender's scan: messages still to send, by when they are next due.
        partial_index(
            "ix_mail_outbox_due",
            "next_attempt_at",
            "id",
            where="sent_at IS NULL AND gave_up_at IS NULL",
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    to: Mapped[str] = mapped_column(String(254), index=True)
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    # Null until an SMTP server accepted it; with the outbox provider it stays readable here.
    sent_at: Mapped[datetime | None] = mapped_column(index=True)
    attempts: Mapped[int] = mapped_column(default=0)
    last_error: Mapped[str | None] = mapped_column(String(500))
    # When a sender may try it (again): now when queued, then 30 s, 60 s... up to 15 minutes after
    # each failure (mail.service.backoff). Null (rows older than the column) counts as due.
    next_attempt_at: Mapped[datetime | None] = mapped_column(default=clock.now)
    # The sender that holds it: claimed by one conditional update, so two senders (job runners,
    # web processes' after-commit threads) never send it both; the claim lapses if its sender dies.
    claim_token: Mapped[str | None] = mapped_column(String(32))
    claimed_until: Mapped[datetime | None]
    # Set when it failed for MAIL_GIVE_UP_AFTER (3 days) since it was queued: no sender tries it
    # again unless an operator retries it (`addme mail-retry`).
    gave_up_at: Mapped[datetime | None]
