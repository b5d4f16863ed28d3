"""/user/orders shows the current orders, /user/ordersold pages through the older ones."""

from __future__ import annotations

import itertools
from datetime import timedelta

from addme.core import clock
from addme.shop.models import Order
from tests.factories.accounts import auth, make_user, token_for

DAY = timedelta(days=1)
_numbers = itertools.count(20000)


def _order(db, user, *, days_ago: int, ending_in: int | None = None, product: str = "VIP (1 week)") -> Order:
    at = clock.now() - days_ago * DAY
    order = Order(
        order_number=str(next(_numbers))[-5:],
        source="card",
        status="paid",
        user_id=user.id,
        email=user.email,
        email_normalized=user.email_normalized,
        product=product,
        price_cents=699,
        ending_at=None if ending_in is None else clock.now() + ending_in * DAY,
        created_at=at,
        updated_at=at,
    )
    db.add(order)
    db.commit()
    return order


def test_old_orders_leave_the_current_list_for_the_old_one(client, db) -> None:
    user = make_user(db)
    other = make_user(db)
    recent = _order(db, user, days_ago=5)
    old_ended = _order(db, user, days_ago=200, ending_in=-190, product="Studio Key (1 week)")
    old_still_running = _order(db, user, days_ago=120, ending_in=30, product="Auto Top-Up (1 month)")
    old_topups = _order(db, user, days_ago=95, product="100 Top-Ups")
    _order(db, other, days_ago=300)
    headers = auth(token_for(db, user))

    current = client.get("/v1/user/orders", headers=headers).json()
    assert [o["id"] for o in current] == [old_still_running.id, recent.id]

    old = client.get("/v1/user/orders/old", headers=headers).json()
    assert [o["id"] for o in old["data"]] == [old_topups.id, old_ended.id]
    assert old["data"][1]["product"] == "Studio Key (1 week)"
    assert old["meta"] == {"page": 1, "per_page": 20, "total": 2, "has_next": False}


def test_old_orders_are_paged_and_private(client, db) -> None:
    user = make_user(db)
    ids = [_order(db, user, days_ago=100 + i).id for i in range(3)]
    headers = auth(token_for(db, user))
    first = client.get("/v1/user/orders/old", params={"per_page": 2}, headers=headers).json()
    assert [o["id"] for o in first["data"]] == ids[:2]
    assert first["meta"]["has_next"] is True
    second = client.get("/v1/user/orders/old", params={"per_page": 2, "page": 2}, headers=headers).json()
    assert [o["id"] for o in second["data"]] == ids[2:]
    assert client.get("/v1/user/orders/old").status_code == 401
