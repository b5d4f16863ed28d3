from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core import clock
from addme.core.config import get_settings
from addme.mail.models import OutboxMessage
from addme.shop import keys
from addme.shop.models import Key, Order
from tests.factories.listings import make_username
from tests.factories.wallet import admin, member, paid_order, webhook


@pytest.fixture(autouse=True)
def _addresses(monkeypatch):
    monkeypatch.setattr(get_settings(), "crypto_erc20_address", "0x2222222222222222222222222222222222222222")


def _crypto_order(client, email="crypto@example.com", quantity=2):
    body = {"email": email, "items": [{"sku": "topup-50", "quantity": quantity}], "network": "erc20-usdc"}
    number = client.post("/v1/shop/direct/orders", json=body).json()["order_number"]
    return number


@pytest.mark.parametrize("level", [None, "Moderator", "AdPartner"])
def test_only_full_admins_reach_orders_keygen_and_pins(client, db, level):
    _, headers = admin(db, level) if level else member(db)
    assert client.get("/v1/admin/orders", headers=headers).status_code == 403
    assert (
        client.post("/v1/admin/keygen", json={"sku": "topup-20", "count": 1}, headers=headers).status_code
        == 403
    )
    assert client.get("/v1/admin/pins", headers=headers).status_code == 403
    assert (
        client.post(
            "/v1/admin/orders/1/confirm", json={"transaction_id": "0xabc"}, headers=headers
        ).status_code
        == 403
    )


def test_confirming_a_crypto_order_issues_and_mails_its_keys(client, db):
    number = _crypto_order(client)
    boss, headers = admin(db)
    order = db.scalar(select(Order).where(Order.order_number == number))
    r = client.post(
        f"/v1/admin/orders/{order.id}/confirm", json={"transaction_id": "0xfeed"}, headers=headers
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["status"], body["confirmed"], body["transaction_id"], len(body["keys"])) == (
        "paid",
        True,
        "0xfeed",
        2,
    )
    mail = db.scalar(select(OutboxMessage).where(OutboxMessage.to == "crypto@example.com"))
    assert mail is not None and mail.body.count("- 50 Top-Ups: ") == 2
    audit = db.scalar(select(AdminAudit).where(AdminAudit.action == "orders.confirm"))
    assert (audit.admin_id, audit.target, audit.details["transaction_id"]) == (
        boss.id,
        f"order:{number}",
        "0xfeed",
    )
    again = client.post(
        f"/v1/admin/orders/{order.id}/confirm", json={"transaction_id": "0xfeed"}, headers=headers
    )
    assert again.status_code == 409
    assert db.query(Key).count() == 2


def test_cancelling_a_never_paid_crypto_order_refunds_nothing(client, db):
    number = _crypto_order(client)
    _, headers = admin(db)
    order = db.scalar(select(Order).where(Order.order_number == number))
    r = client.post(f"/v1/admin/orders/{order.id}/cancel", json={"reason": "frozen"}, headers=headers)
    assert r.json()["status"] == "cancelled"
    assert (
        client.post(
            f"/v1/admin/orders/{order.id}/confirm", json={"transaction_id": "0x1234"}, headers=headers
        ).status_code
        == 409
    )
    audit = db.scalar(select(AdminAudit).where(AdminAudit.action == "orders.cancel"))
    assert (audit.reason, audit.details["refund_cents"]) == ("frozen", 0)
    assert r.json()["ledger"] == []


def test_card_orders_are_not_confirmed_or_cancelled_by_hand(client, db):
    raw, wh = webhook(paid_order(topup_20=1))
    client.post("/v1/webhooks/shop", content=raw, headers=wh)
    _, headers = admin(db)
    order = db.scalar(select(Order))
    assert client.post(f"/v1/admin/orders/{order.id}/cancel", headers=headers).status_code == 409
    assert client.post("/v1/admin/orders/999/cancel", headers=headers).status_code == 404


def test_search_by_number_email_or_key(client, db):
    raw, wh = webhook(paid_order(topup_20=1, email="Find.Me@example.com"))
    client.post("/v1/webhooks/shop", content=raw, headers=wh)
    other = _crypto_order(client)
    _, headers = admin(db)
    order = db.scalar(select(Order).where(Order.source == "card"))
    body = db.scalar(select(OutboxMessage.body).where(OutboxMessage.to == "Find.Me@example.com"))
    code = next(line.split(": ")[1] for line in body.splitlines() if line.startswith("- "))

    def search(q):
        return [
            o["order_number"] for o in client.get("/v1/admin/orders", params={"q": q}, headers=headers).json()
        ]

    assert search(order.order_number) == [order.order_number]
    assert search("find.me@EXAMPLE.com") == [order.order_number]
    assert search(code.lower()) == [order.order_number]
    assert search("") == [other, order.order_number]
    assert search("nothing") == []
    assert db.query(AdminAudit).filter(AdminAudit.action == "orders.search").count() == 4


def test_keygen_shows_codes_once_and_audits_without_them(client, db):
    boss, headers = admin(db)
    r = client.post("/v1/admin/keygen", json={"sku": "vip-week", "count": 3}, headers=headers)
    assert r.status_code == 201
    codes = r.json()["keys"]
    assert len(codes) == 3 and len(set(codes)) == 3
    rows = db.scalars(select(Key)).all()
    assert {k.code_hash for k in rows} == {keys.code_hash(c) for c in codes}
    assert all(k.created_by == boss.id and k.order_id is None for k in rows)
    audit = db.scalar(select(AdminAudit).where(AdminAudit.action == "keys.generate"))
    assert audit.details == {"count": 3} and audit.target == "sku:vip-week"
    assert not any(c in str(audit.details) for c in codes)
    assert (
        client.post("/v1/admin/keygen", json={"sku": "nope", "count": 1}, headers=headers).status_code == 422
    )
    assert (
        client.post("/v1/admin/keygen", json={"sku": "vip-week", "count": 101}, headers=headers).status_code
        == 422
    )


def test_pins_lists_active_fire_pins(client, db):
    pinned = make_username(db, fire_pinned_until=clock.now() + timedelta(minutes=10))
    make_username(db, fire_pinned_until=clock.now() - timedelta(minutes=1))
    # A banned username keeps its pin's end date but is on no list: not on the admin's either.
    make_username(db, fire_pinned_until=clock.now() + timedelta(minutes=12), status="banned")
    _, headers = admin(db)
    rows = client.get("/v1/admin/pins", headers=headers).json()
    assert [r["username_id"] for r in rows] == [pinned.id]
    assert rows[0]["username"] == pinned.username


def test_missing_key_resends_new_codes_to_the_order_email_only(client, db):
    raw, wh = webhook(paid_order(topup_20=2, email="owner@example.com"))
    client.post("/v1/webhooks/shop", content=raw, headers=wh)
    order = db.scalar(select(Order))
    first = db.scalar(select(OutboxMessage.body))
    old_codes = [line.split(": ")[1] for line in first.splitlines() if line.startswith("- ")]
    _user, headers = member(db)
    client.post("/v1/user/keys", json={"key": old_codes[0]}, headers=headers)

    wrong = client.post(
        "/v1/user/missing-key", json={"order_number": order.order_number, "email": "x@example.com"}
    )
    right = client.post(
        "/v1/user/missing-key", json={"order_number": order.order_number, "email": "OWNER@example.com"}
    )
    assert wrong.status_code == right.status_code == 200
    assert wrong.json() == right.json()
    assert "If this order number and e-mail match a paid order" in right.json()["message"]
    mails = db.scalars(select(OutboxMessage).order_by(OutboxMessage.id)).all()
    assert [m.to for m in mails] == ["owner@example.com", "owner@example.com"]
    new_codes = [line.split(": ")[1] for line in mails[1].body.splitlines() if line.startswith("- ")]
    assert len(new_codes) == 1  # the applied key is not re-issued
    # The old unapplied code no longer works; the new one does.
    assert client.post("/v1/user/keys", json={"key": old_codes[1]}, headers=headers).status_code == 404
    assert client.post("/v1/user/keys", json={"key": new_codes[0]}, headers=headers).status_code == 200
    assert (
        client.post("/v1/user/missing-key", json={"order_number": "123", "email": "a@b.co"}).status_code
        == 422
    )
