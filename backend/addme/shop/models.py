"""Orders, their lines, single-use keys and the webhook events already processed."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base, TimestampMixin, partial_index


class Order(TimestampMixin, Base):
    __tablename__ = "shop_orders"
    __table_args__ = (
        Index("ix_shop_orders_status_created", "status", "created_at"),
        # The admin's daily figures recount the sales confirmed in a day range. Partial on the
        # column alone: the range itself proves it, whatever the values (a generic plan too).
        partial_index(
            "ix_shop_orders_confirmed",
            "confirmed_at",
            where="confirmed_at IS NOT NULL",
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # What the buyer quotes to support and on /missing-key.
    order_number: Mapped[str] = mapped_column(String(5), unique=True)
    source: Mapped[str] = mapped_column(String(8))
    status: Mapped[str] = mapped_column(String(10))
    shopify_order_id: Mapped[str | None] = mapped_column(String(40), unique=True)
    # Set when one of the order's keys is applied: the order then shows in that member's list.
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    email: Mapped[str] = mapped_column(String(254))
    email_normalized: Mapped[str] = mapped_column(String(254), index=True)
    product: Mapped[str] = mapped_column(String(300))
    price_cents: Mapped[int]
    fee_cents: Mapped[int] = mapped_column(default=0)
    currency: Mapped[str] = mapped_column(String(3), default="USD")
    top_ups: Mapped[int] = mapped_column(default=0)
    confirmed_at: Mapped[datetime | None]
    # The entitlement end date the order's key set when applied (VIP, Studio, Auto Top-Up).
    ending_at: Mapped[datetime | None]
    network: Mapped[str | None] = mapped_column(String(16))
    pay_address: Mapped[str | None] = mapped_column(String(100))
    # Solana Pay reference: a fresh public key that lets the payment be found on chain.
    pay_reference: Mapped[str | None] = mapped_column(String(64), unique=True)
    transaction_id: Mapped[str | None] = mapped_column(String(120))
    cancelled_at: Mapped[datetime | None]
    # The buyer's private link to a direct crypto order (/shop/direct/order/<token>): no account needed.
    token: Mapped[str | None] = mapped_column(String(43), unique=True)
    # When the buyer sent their transaction id (the order is then "transaction sent").
    transaction_sent_at: Mapped[datetime | None]
    # Held by an admin (wrong amount, suspicious payment): it is then cancelled and refunded minus fee.
    frozen_at: Mapped[datetime | None]


class OrderLedger(Base):
    """Money in and out of one order: the payment received and, for a frozen order, its refund."""

    __tablename__ = "shop_order_ledger"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("shop_orders.id", ondelete="CASCADE"), index=True)
    # "payment" (money received, positive) or "refund" (money sent back, negative).
    kind: Mapped[str] = mapped_column(String(10))
    amount_cents: Mapped[int]
    note: Mapped[str] = mapped_column(String(300), default="")
    admin_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class OrderItem(Base):
    __tablename__ = "shop_order_items"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("shop_orders.id", ondelete="CASCADE"), index=True)
    sku: Mapped[str] = mapped_column(String(24))
    quantity: Mapped[int]
    # The catalogue price at the time of the order, never the one a request claimed.
    unit_cents: Mapped[int]


class Key(Base):
    """A single-use product key: only its SHA-256 and last 4 characters are kept."""

    __tablename__ = "shop_keys"

    id: Mapped[int] = mapped_column(primary_key=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    last4: Mapped[str] = mapped_column(String(4))
    sku: Mapped[str] = mapped_column(String(24))
    order_id: Mapped[int | None] = mapped_column(
        ForeignKey("shop_orders.id", ondelete="SET NULL"), index=True
    )
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    redeemed_at: Mapped[datetime | None]
    redeemed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)


class WebhookEvent(Base):
    """Webhook deliveries already handled: inserted with the order, so a replay creates nothing."""

    __tablename__ = "shop_webhook_events"

    webhook_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    topic: Mapped[str | None] = mapped_column(String(50))
    order_id: Mapped[int | None]
    received_at: Mapped[datetime] = mapped_column(default=clock.now)
