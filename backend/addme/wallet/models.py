"""The ledger behind every Top-Up and Fire Pin balance, and per-account wallet counters."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, CheckConstraint, ForeignKey, Index, String, UniqueConstraint, event, text
from sqlalchemy.orm import Mapped, Session, mapped_column

from addme.accounts.models import User
from addme.core import clock
from addme.core.db import Base, partial_index


class Kind(StrEnum):
    TOP_UP = "top_up"
    FIRE_PIN = "fire_pin"


class Reason(StrEnum):
    PURCHASE = "purchase"
    KEY = "key"
    SPEND_TOPUP = "spend_topup"
    SPEND_FIRE_PIN = "spend_fire_pin"
    SLOT = "slot"
    FREE_TOPUP = "free_topup"
    VIP_DAILY = "vip_daily"
    AUTO_TOPUP = "auto_topup"
    GROUP = "group"
    ADMIN = "admin"


class LedgerEntry(Base):
    """One change of one balance. Rows are only ever inserted: the balance is their sum.

    Free uses (VIP daily and scheduled Top-Ups) are rows with delta 0, so the history of a username's
    Top-Ups reads from one table.
    """

    __tablename__ = "ledger_entries"
    __table_args__ = (
        Index("ix_ledger_entries_user_kind", "user_id", "kind"),
        Index("ix_ledger_entries_user_reason_created", "user_id", "reason", "created_at"),
        # The admin's daily figures recount the Top-Ups and Fire Pins used in a day range.
        Index("ix_ledger_entries_created", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))
    delta: Mapped[int]
    reason: Mapped[str] = mapped_column(String(20))
    # Plain ids, not foreign keys: a ledger row outlives the username or order it names.
    username_id: Mapped[int | None]
    order_id: Mapped[int | None]
    key_id: Mapped[int | None]
    # "key:{id}", "auto:{username}:{slot}"...: a credit that must happen once carries one, and the
    # unique index makes a second insert a no-op, whatever races in front of it.
    unique_key: Mapped[str | None] = mapped_column(String(80), unique=True)
    admin_id: Mapped[int | None]
    note: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


# The admin's VIP and Studio filters (#11): a few percent of the accounts each, so a partial index
# on the end date answers "ends after now" without reading the other wallets.
_FILTERED: tuple[tuple[str, str], ...] = (
    ("ix_wallets_f_vip", "promotion_ending_at"),
    ("ix_wallets_f_studio", "studio_ending_at"),
)


class Wallet(Base):
    """One account's balances, slots and entitlement end dates (#10): one row per user.

    Created with the user (see `_open_wallets`) and, for an account that has none, on first use
    (`ledger.wallet_of`). The user reads it through `User.wallet`, loaded with the user; only the
    wallet writes it, each balance change a conditional update beside its ledger row.
    """

    __tablename__ = "wallets"
    __table_args__ = (
        # The database itself refuses a negative balance, behind the conditional updates.
        CheckConstraint("top_ups_count >= 0", name="top_ups_non_negative"),
        CheckConstraint("fire_pins_count >= 0", name="fire_pins_non_negative"),
        *(
            partial_index(
                name,
                column,
                "user_id",
                where=f"{column} IS NOT NULL",
            )
            for name, column in _FILTERED
        ),
    )

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    # Paid slots (Studio raises it to 25 while active); username_slots is what the member bought.
    max_usernames: Mapped[int] = mapped_column(default=1, server_default=text("1"))
    username_slots: Mapped[int] = mapped_column(default=0, server_default=text("0"))
    top_ups_count: Mapped[int] = mapped_column(default=0, server_default=text("0"))
    fire_pins_count: Mapped[int] = mapped_column(default=0, server_default=text("0"))
    # Entitlements are end dates: "is VIP" is derived on every read, so expiry needs no job.
    promotion_ending_at: Mapped[datetime | None]
    studio_ending_at: Mapped[datetime | None]
    automation_topup_ending_at: Mapped[datetime | None]
    last_top_up: Mapped[datetime | None]
    last_free_topup: Mapped[datetime | None]


@event.listens_for(Session, "before_flush")
def _open_wallets(session: Session, _ctx: Any, _instances: Any) -> None:
    """Every new account gets its wallet row in the same flush."""
    for obj in list(session.new):
        if isinstance(obj, User) and obj.wallet is None:
            obj.wallet = Wallet()


class WalletState(Base):
    """Counters the wallet rules need that are not balances: VIP daily window, last purchase."""

    __tablename__ = "wallet_states"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    # Free claims count from here: 3 in total before any purchase, 10 between two purchases.
    last_purchase_at: Mapped[datetime | None]
    vip_window_started_at: Mapped[datetime | None]
    vip_window_used: Mapped[int] = mapped_column(default=0)


class IdempotentAnswer(Base):
    """The first answer to a purchase sent with an Idempotency-Key: a repeat replays it."""

    __tablename__ = "idempotent_answers"
    __table_args__ = (UniqueConstraint("user_id", "action", "key", name="uq_idempotent_answers_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    action: Mapped[str] = mapped_column(String(20))
    key: Mapped[str] = mapped_column(String(100))
    answer: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=clock.now, index=True)


class LedgerCheck(Base):
    """The latest reconciliation of every balance with its ledger (one row, rewritten by a job).

    The check reads every account and the whole ledger: seconds at 200,000 accounts, so it runs in
    the background and the admin home shows its last result and when it ran (#11).
    """

    __tablename__ = "ledger_checks"

    id: Mapped[int] = mapped_column(primary_key=True)
    checked_at: Mapped[datetime]
    mismatches: Mapped[int]
    # The first 50 accounts that disagree, lowest id first.
    user_ids: Mapped[list[int]] = mapped_column(JSON)


class AutoTopUpPause(Base):
    """An admin paused an account's scheduled Top-Ups (Auto Top-Up or Studio) until resumed.

    The end date keeps running while paused: a pause stops the Top-Ups, it does not move the end.
    """

    __tablename__ = "auto_topup_pauses"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    paused_at: Mapped[datetime] = mapped_column(default=clock.now)
    admin_id: Mapped[int | None]


class EndReminder(Base):
    """One e-mail sent 3 days before an entitlement ends: one row per account, kind and end date, so
    a rerun of the job never mails twice and a renewal (a new end date) gets its own reminder."""

    __tablename__ = "wallet_end_reminders"
    __table_args__ = (UniqueConstraint("user_id", "kind", "ending_at", name="uq_wallet_end_reminder"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # "vip", "studio" or "auto_topup" (ledger.Entitlement).
    kind: Mapped[str] = mapped_column(String(12))
    ending_at: Mapped[datetime]
    sent_at: Mapped[datetime] = mapped_column(default=clock.now)
