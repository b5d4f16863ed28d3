"""Demo orders: one demo buyer with a purchase history, older orders included (/user/ordersold)."""

from __future__ import annotations

import random
from datetime import timedelta

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.shop import orders
from addme.shop.constants import PRODUCTS, OrderStatus, Source

# Signs in with the demo members' shared password (addme.demo.members.DEMO_PASSWORD).
BUYER_EMAIL = "buyer@demo.addme.local"

# (sku, days ago, days it ran): the first is current, the others are over 90 days old and ended.
HISTORY = (
    ("topup-20", 12, 0),
    ("vip-month", 130, 30),
    ("studio-week", 210, 7),
    ("topup-50", 400, 0),
)


def seed_orders(session: Session, users: list[User], _rng: random.Random) -> None:
    if not users:
        return
    now = clock.now()
    buyer = User(
        email=BUYER_EMAIL,
        email_normalized=BUYER_EMAIL,
        password_hash=users[0].password_hash,
        first_name="Robin",
        email_confirmed_at=now,
        created_at=now,
        updated_at=now,
    )
    session.add(buyer)
    session.flush()
    for sku, days_ago, ran in HISTORY:
        at = now - timedelta(days=days_ago)
        orders.create_order(
            session,
            source=Source.CARD,
            status=OrderStatus.PAID,
            email=BUYER_EMAIL,
            lines=[(PRODUCTS[sku], 1)],
            user_id=buyer.id,
            confirmed_at=at,
            ending_at=at + timedelta(days=ran) if ran else None,
            created_at=at,
            updated_at=at,
        )
