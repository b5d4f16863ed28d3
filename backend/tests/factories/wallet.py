"""Wallet and shop factories: balances through the ledger, signed webhooks, admins."""

from __future__ import annotations

import json
import uuid
from typing import Any

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core.config import get_settings
from addme.shop import payments
from addme.wallet import ledger
from addme.wallet.models import Kind, Reason
from tests.factories.accounts import auth, make_user, token_for


def give(db: Session, user: User, *, top_ups: int = 0, fire_pins: int = 0) -> User:
    """Credit balances the way the app does (ledger rows + conditional updates), committed."""
    if top_ups:
        ledger.credit(db, user_id=user.id, kind=Kind.TOP_UP, amount=top_ups, reason=Reason.ADMIN)
    if fire_pins:
        ledger.credit(db, user_id=user.id, kind=Kind.FIRE_PIN, amount=fire_pins, reason=Reason.ADMIN)
    db.commit()
    db.refresh(user)
    return user


def member(db: Session, **fields: Any) -> tuple[User, dict[str, str]]:
    """A signed-in member and their Authorization header."""
    user = make_user(db, **fields)
    return user, auth(token_for(db, user))


def admin(db: Session, level: str = "Full") -> tuple[User, dict[str, str]]:
    """A signed-in admin of `level` and their Authorization header."""
    return member(db, admin_level=level)


def webhook(
    body: dict[str, Any], *, webhook_id: str | None = None, secret: str | None = None
) -> tuple[bytes, dict[str, str]]:
    """A Shopify orders/paid delivery: raw body and signed headers."""
    raw = json.dumps(body).encode()
    signature = payments.shopify_signature(raw, secret or get_settings().shop_webhook_secret)
    return raw, {
        "X-Shopify-Hmac-Sha256": signature,
        "X-Shopify-Webhook-Id": webhook_id or str(uuid.uuid4()),
        "X-Shopify-Topic": "orders/paid",
        "Content-Type": "application/json",
    }


def paid_order(
    shopify_id: int = 820982911946154508, *, email: str = "buyer@example.com", **lines: int
) -> dict[str, Any]:
    """An orders/paid body; `lines` maps SKU (underscores for dashes) to quantity."""
    return {
        "id": shopify_id,
        "order_number": 1001,
        "email": email,
        "line_items": [
            {"sku": sku.replace("_", "-"), "quantity": q, "price": "0.01"} for sku, q in lines.items()
        ],
    }
