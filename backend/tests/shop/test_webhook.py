from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from addme.core.db import new_session
from addme.mail.models import OutboxMessage
from addme.shop import keys
from addme.shop import service as shop
from addme.shop.models import Key, Order, OrderItem, WebhookEvent
from tests.conftest import IS_PG
from tests.factories.wallet import paid_order, webhook


def _count(db, model):
    return db.scalar(select(func.count()).select_from(model))


def test_a_paid_order_creates_the_order_and_mails_one_key_per_unit(client, db):
    raw, headers = webhook(paid_order(topup_100=2, vip_month=1))
    r = client.post("/v1/webhooks/shop", content=raw, headers=headers)
    assert r.status_code == 200 and r.json() == {"message": "created"}
    order = db.scalar(select(Order))
    assert (order.source, order.status, order.email) == ("card", "paid", "buyer@example.com")
    assert order.confirmed_at is not None
    # Prices from the catalogue, never from the request's "price" fields.
    assert order.price_cents == 2 * 1199 + 1499
    assert order.top_ups == 300
    assert order.shopify_order_id == "820982911946154508"
    assert len(order.order_number) == 5
    assert _count(db, Key) == 3
    mail = db.scalar(select(OutboxMessage).where(OutboxMessage.to == "buyer@example.com"))
    assert mail is not None and order.order_number in mail.subject
    assert "30 seconds to 5 minutes, rarely up to 30 minutes" in mail.body
    assert mail.body.count("- 100 Top-Ups: ") == 2
    # Only hashes are stored: no code appears in the keys table.
    codes = [line.split(": ")[1] for line in mail.body.splitlines() if line.startswith("- ")]
    stored = {k.code_hash for k in db.scalars(select(Key))}
    assert len(codes) == 3 and not any(c in stored for c in codes)
    assert {keys.code_hash(c) for c in codes} == stored


def test_the_same_event_twice_makes_one_order(client, db):
    raw, headers = webhook(paid_order(topup_20=1), webhook_id="evt-1")
    assert client.post("/v1/webhooks/shop", content=raw, headers=headers).json()["message"] == "created"
    again = client.post("/v1/webhooks/shop", content=raw, headers=headers)
    assert again.status_code == 200 and again.json()["message"] == "duplicate"
    # The same Shopify order under another event id is a duplicate too.
    raw, headers = webhook(paid_order(topup_20=1), webhook_id="evt-2")
    assert client.post("/v1/webhooks/shop", content=raw, headers=headers).json()["message"] == "duplicate"
    assert (_count(db, Order), _count(db, Key), _count(db, OutboxMessage)) == (1, 1, 1)


@pytest.mark.parametrize("signature", [None, "", "bm90IGEgc2lnbmF0dXJl", "wrong"])
def test_a_bad_or_missing_signature_is_401_and_writes_nothing(client, db, signature):
    raw, headers = webhook(paid_order(topup_20=1))
    if signature is None:
        del headers["X-Shopify-Hmac-Sha256"]
    else:
        headers["X-Shopify-Hmac-Sha256"] = signature
    r = client.post("/v1/webhooks/shop", content=raw, headers=headers)
    assert r.status_code == 401
    assert (_count(db, Order), _count(db, WebhookEvent), _count(db, Key), _count(db, OutboxMessage)) == (
        0,
        0,
        0,
        0,
    )


def test_a_signature_of_another_secret_or_body_fails(client, db):
    raw, headers = webhook(paid_order(topup_20=1), secret="someone-elses-secret")
    assert client.post("/v1/webhooks/shop", content=raw, headers=headers).status_code == 401
    raw, headers = webhook(paid_order(topup_20=1))
    tampered = raw.replace(b"topup-20", b"topup-400")
    assert client.post("/v1/webhooks/shop", content=tampered, headers=headers).status_code == 401
    assert _count(db, Order) == 0


def test_unknown_skus_are_ignored(client, db, caplog):
    body = paid_order(topup_50=1)
    body["line_items"].append({"sku": "gift-card", "quantity": 1})
    body["line_items"].append({"sku": None, "quantity": 1})
    raw, headers = webhook(body)
    assert client.post("/v1/webhooks/shop", content=raw, headers=headers).json()["message"] == "created"
    assert db.scalars(select(OrderItem.sku)).all() == ["topup-50"]
    assert "gift-card" in caplog.text
    raw, headers = webhook(paid_order(2, **{"gift_card": 1}))
    assert client.post("/v1/webhooks/shop", content=raw, headers=headers).json()["message"] == "no_items"
    assert _count(db, Order) == 1


def test_other_topics_are_acknowledged_without_effect(client, db):
    raw, headers = webhook(paid_order(topup_20=1))
    headers["X-Shopify-Topic"] = "orders/create"
    assert client.post("/v1/webhooks/shop", content=raw, headers=headers).json()["message"] == "ignored"
    assert _count(db, Order) == 0


def test_the_shopify_order_number_is_kept_when_it_has_5_digits(client, db):
    body = paid_order(topup_20=1)
    body["order_number"] = 54321
    raw, headers = webhook(body)
    client.post("/v1/webhooks/shop", content=raw, headers=headers)
    assert db.scalar(select(Order.order_number)) == "54321"


@pytest.mark.skipif(not IS_PG, reason="real concurrency needs PostgreSQL")
def test_two_concurrent_deliveries_make_one_order(db):
    raw, headers = webhook(paid_order(topup_20=2), webhook_id="evt-race")
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def deliver() -> None:
        with new_session() as session:
            barrier.wait()
            outcomes.append(
                shop.receive_webhook(
                    session,
                    raw=raw,
                    signature=headers["X-Shopify-Hmac-Sha256"],
                    webhook_id="evt-race",
                    topic="orders/paid",
                )
            )

    threads = [threading.Thread(target=deliver) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["created", "duplicate"]
    assert (_count(db, Order), _count(db, Key), _count(db, WebhookEvent)) == (1, 2, 1)
