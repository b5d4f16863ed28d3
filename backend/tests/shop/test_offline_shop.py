"""The shop sells offline: the local test-mode card checkout, and direct crypto orders the buyer
follows from their private link (transaction id, states, the 24-hour rule, frozen and refunded)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core import clock
from addme.core.config import get_settings
from addme.mail.models import OutboxMessage
from addme.shop.models import Key, Order, OrderLedger, WebhookEvent
from tests.factories.wallet import admin, member

EVM_TX = "0x" + "ab" * 32
CARD = {
    "sku": "topup-20",
    "quantity": 1,
    "email": "Card.Buyer@example.com",
    "card_number": "4242 4242 4242 4242",
    "expiry": "12/34",
    "cvc": "123",
}


@pytest.fixture(autouse=True)
def _addresses(monkeypatch):
    monkeypatch.setattr(get_settings(), "crypto_erc20_address", "0x3333333333333333333333333333333333333333")


def test_the_catalogue_sends_buy_to_the_apps_own_test_checkout_by_default(client):
    body = client.get("/v1/shop/products").json()
    assert (body["card_checkout"], body["test_mode"]) == ("local", True)
    urls = {p["sku"]: p["checkout_url"] for p in body["products"]}
    assert urls["topup-20"] == "/shop/checkout/topup-20" and all(urls.values())


def test_the_hosted_shop_keeps_its_links_and_closes_the_local_checkout(client, monkeypatch):
    settings = get_settings()
    monkeypatch.setattr(settings, "card_checkout", "hosted")
    monkeypatch.setattr(settings, "shop_checkout_urls", {"topup-20": "https://shop.example/p/20"})
    body = client.get("/v1/shop/products").json()
    assert (body["card_checkout"], body["test_mode"]) == ("hosted", False)
    urls = {p["sku"]: p["checkout_url"] for p in body["products"]}
    assert urls["topup-20"] == "https://shop.example/p/20" and urls["topup-50"] is None
    assert client.post("/v1/shop/checkout", json=CARD).status_code == 404


def test_a_test_card_payment_sends_the_signed_webhook_and_mails_the_key(client, db):
    r = client.post("/v1/shop/checkout", json={**CARD, "quantity": 2})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["total"] == "11.98" and "Card.Buyer@example.com" in body["message"]
    order = db.scalar(select(Order))
    assert (order.order_number, order.source, order.status) == (body["order_number"], "card", "paid")
    # It went through the webhook: an event row, the shop's order id, keys mailed.
    event = db.scalar(select(WebhookEvent))
    assert event.topic == "orders/paid" and event.order_id == order.id
    assert order.shopify_order_id.startswith("local-")
    assert db.query(Key).filter(Key.order_id == order.id).count() == 2
    mail = db.scalar(select(OutboxMessage).where(OutboxMessage.to == "Card.Buyer@example.com"))
    assert mail.body.count("- 20 Top-Ups: ") == 2


def test_the_key_from_the_local_checkout_applies(client, db):
    user, headers = member(db)
    client.post("/v1/shop/checkout", json={**CARD, "email": user.email})
    body = db.scalar(select(OutboxMessage.body).where(OutboxMessage.to == user.email))
    code = next(line.split(": ")[1] for line in body.splitlines() if line.startswith("- "))
    r = client.post("/v1/user/keys", json={"key": code}, headers=headers)
    assert r.status_code == 200 and r.json()["granted"]["top_ups"] == 20


@pytest.mark.parametrize(
    ("card", "status", "words"),
    [
        ("4000 0000 0000 0002", 402, "Your card was declined."),
        ("4111 1111 1111 1111", 422, "Test mode: use the test card 4242 4242 4242 4242."),
        ("4242 4242 4242 4241", 422, "This card number is not valid."),
    ],
)
def test_only_the_test_card_pays(client, db, card, status, words):
    r = client.post("/v1/shop/checkout", json={**CARD, "card_number": card})
    assert r.status_code == status and words in r.text
    assert db.query(Order).count() == 0


@pytest.mark.parametrize(
    "change",
    [{"sku": "nope"}, {"expiry": "13/30"}, {"cvc": "12"}, {"quantity": 0}, {"email": "no"}, {"price": 1}],
)
def test_bad_checkout_input_is_422(client, db, change):
    assert client.post("/v1/shop/checkout", json={**CARD, **change}).status_code == 422
    assert db.query(Order).count() == 0


def _place(client, quantity=1):
    body = {
        "email": "crypto@example.com",
        "items": [{"sku": "topup-20", "quantity": quantity}],
        "network": "erc20-usdc",
    }
    r = client.post("/v1/shop/direct/orders", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def test_the_buyer_follows_the_order_and_sends_the_transaction_id(client, db):
    placed = _place(client)
    token = placed["token"]
    assert placed["state"] == "awaiting_payment" and len(token) >= 32
    seen = client.get(f"/v1/shop/direct/orders/{token}").json()
    assert (seen["order_number"], seen["total"], seen["state"]) == (
        placed["order_number"],
        "7.80",
        "awaiting_payment",
    )
    bad = client.post(f"/v1/shop/direct/orders/{token}/transaction", json={"transaction_id": "5" * 88})
    assert bad.status_code == 422 and "not a Ethereum (ERC-20) transaction id" in bad.text
    r = client.post(f"/v1/shop/direct/orders/{token}/transaction", json={"transaction_id": f" {EVM_TX} "})
    assert r.status_code == 200 and (r.json()["state"], r.json()["transaction_id"]) == (
        "transaction_sent",
        EVM_TX,
    )
    # A mistyped id is replaced while the order waits.
    other = "0x" + "cd" * 32
    assert (
        client.post(f"/v1/shop/direct/orders/{token}/transaction", json={"transaction_id": other}).json()[
            "transaction_id"
        ]
        == other
    )
    assert client.get("/v1/shop/direct/orders/" + "x" * 32).status_code == 404


def test_an_order_unsettled_after_24_hours_is_not_processed(client, db):
    token = _place(client)["token"]
    clock.travel(24 * 3600 + 1)
    assert client.get(f"/v1/shop/direct/orders/{token}").json()["state"] == "unsettled"
    r = client.post(f"/v1/shop/direct/orders/{token}/transaction", json={"transaction_id": EVM_TX})
    assert r.status_code == 409 and "not settled within 24 hours" in r.text
    _, headers = admin(db)
    order = db.scalar(select(Order))
    r = client.post(f"/v1/admin/orders/{order.id}/confirm", json={"transaction_id": EVM_TX}, headers=headers)
    assert r.status_code == 409 and db.query(Key).count() == 0


def test_a_transaction_sent_in_time_is_still_confirmed_later(client, db):
    token = _place(client)["token"]
    client.post(f"/v1/shop/direct/orders/{token}/transaction", json={"transaction_id": EVM_TX})
    clock.travel(30 * 3600)
    _, headers = admin(db)
    order = db.scalar(select(Order))
    r = client.post(f"/v1/admin/orders/{order.id}/confirm", json={"transaction_id": EVM_TX}, headers=headers)
    assert r.status_code == 200 and r.json()["state"] == "confirmed"
    assert [(e["kind"], e["amount"]) for e in r.json()["ledger"]] == [("payment", "7.80")]
    assert client.get(f"/v1/shop/direct/orders/{token}").json()["state"] == "confirmed"


def test_a_frozen_order_is_cancelled_and_refunded_minus_the_fee(client, db):
    placed = _place(client)
    token = placed["token"]
    boss, headers = admin(db)
    order = db.scalar(select(Order))
    # Nothing to freeze before a transaction was sent.
    r = client.post(f"/v1/admin/orders/{order.id}/freeze", json={"reason": "wrong amount"}, headers=headers)
    assert r.status_code == 409
    client.post(f"/v1/shop/direct/orders/{token}/transaction", json={"transaction_id": EVM_TX})
    r = client.post(f"/v1/admin/orders/{order.id}/freeze", json={"reason": "wrong amount"}, headers=headers)
    assert r.status_code == 200 and r.json()["state"] == "frozen"
    assert client.get(f"/v1/shop/direct/orders/{token}").json()["state"] == "frozen"
    assert (
        client.post(
            f"/v1/shop/direct/orders/{token}/transaction", json={"transaction_id": EVM_TX}
        ).status_code
        == 409
    )
    r = client.post(
        f"/v1/admin/orders/{order.id}/cancel",
        json={"reason": "frozen order", "refund_transaction_id": "0xrefund"},
        headers=headers,
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["state"] == "cancelled"
    # $6 + 30% fee = $7.80 received; $6.00 back, the $1.80 fee kept.
    assert [(e["kind"], e["amount"]) for e in body["ledger"]] == [("payment", "7.80"), ("refund", "-6.00")]
    assert "1.80 fee" in body["ledger"][1]["note"] and "0xrefund" in body["ledger"][1]["note"]
    assert sum(r.amount_cents for r in db.scalars(select(OrderLedger))) == order.fee_cents == 180
    buyer = client.get(f"/v1/shop/direct/orders/{token}").json()
    assert buyer["state"] == "cancelled" and [e["kind"] for e in buyer["ledger"]] == ["payment", "refund"]
    subjects = db.scalars(select(OutboxMessage.subject).where(OutboxMessage.to == "crypto@example.com")).all()
    assert any("frozen" in s for s in subjects) and any("refunded" in s for s in subjects)
    actions = db.execute(select(AdminAudit.action, AdminAudit.reason, AdminAudit.admin_id)).all()
    assert ("orders.freeze", "wrong amount", boss.id) in actions
    assert ("orders.cancel", "frozen order", boss.id) in actions
    assert db.query(Key).count() == 0


@pytest.mark.parametrize("level", [None, "Moderator"])
def test_only_full_admins_freeze(client, db, level):
    _place(client)
    order = db.scalar(select(Order))
    _, headers = admin(db, level) if level else member(db)
    r = client.post(f"/v1/admin/orders/{order.id}/freeze", json={"reason": "wrong amount"}, headers=headers)
    assert r.status_code == 403
