from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from addme.core import clock
from addme.core.config import get_settings
from addme.shop.models import Order
from tests.factories.wallet import admin

SOL = "7YWHMfk9JZe0LM0g1ZauHuiSxhI2ZgTzYBmm3xjSc9Xk".replace("0", "1").replace("I", "J").replace("l", "k")


@pytest.fixture(autouse=True)
def _addresses(monkeypatch):
    settings = get_settings()
    monkeypatch.setattr(settings, "crypto_solana_address", SOL)
    monkeypatch.setattr(settings, "crypto_erc20_address", "0x1111111111111111111111111111111111111111")
    monkeypatch.setattr(settings, "crypto_bep20_address", "")


def _order(client, **body):
    data = {"email": "Buyer@Example.com", "items": [{"sku": "topup-20", "quantity": 1}], "network": "solana"}
    data.update(body)
    return client.post("/v1/shop/direct/orders", json=data)


def test_one_key_pays_a_30_percent_fee_through_solana_pay(client, db):
    r = _order(client)
    assert r.status_code == 201, r.text
    body = r.json()
    assert len(body["order_number"]) == 5 and body["order_number"].isdigit()
    assert (body["subtotal"], body["fee_percent"], body["fee"], body["total"]) == ("6.00", 30, "1.80", "7.80")
    pay = body["payment"]
    assert pay["chain"] == "Solana" and pay["token"] == "USDC" and pay["address"] == SOL
    parts = urlsplit(pay["url"])
    q = parse_qs(parts.query)
    assert parts.scheme == "solana" and parts.path == SOL
    assert q["amount"] == ["7.80"]
    assert q["spl-token"] == ["EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"]
    assert q["reference"] == [pay["reference"]]
    assert q["message"] == [f"Order #{body['order_number']}"]
    assert "24 hours" in pay["note"]
    order = db.query(Order).one()
    assert (order.status, order.source, order.price_cents, order.email_normalized) == (
        "pending", "crypto", 780, "buyer@example.com",
    )  # fmt: skip


def test_fee_falls_with_more_keys_and_evm_gets_amount_address_chain(client):
    body = _order(
        client,
        items=[{"sku": "topup-50", "quantity": 2}, {"sku": "vip-month", "quantity": 1}],
        network="erc20-usdt",
    ).json()
    # 3 keys: 15% of 2 x $9 + $15 = $33.
    assert (body["subtotal"], body["fee_percent"], body["fee"], body["total"]) == (
        "33.00",
        15,
        "4.95",
        "37.95",
    )
    pay = body["payment"]
    assert (pay["chain_id"], pay["token"], pay["amount"], pay["reference"]) == (1, "USDT", "37.95", None)
    assert pay["url"].startswith("ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?")
    four = _order(client, items=[{"sku": "fire-pin", "quantity": 4}], network="erc20-usdc").json()
    assert (four["fee_percent"], four["total"]) == (0, "20.00")


def test_prices_cannot_come_from_the_request(client):
    r = _order(client, items=[{"sku": "topup-20", "quantity": 1, "price": "0.01"}])
    assert r.status_code == 422


def test_unknown_product_and_missing_network_address(client):
    r = _order(client, items=[{"sku": "gold-bar", "quantity": 1}])
    assert r.status_code == 422
    assert r.json()["errors"]["items"] == ["Unknown product: gold-bar."]
    r = _order(client, network="bep20")
    assert r.status_code == 400 and r.json()["code"] == "network_unavailable"
    assert _order(client, network="bitcoin").status_code == 422


def test_an_unconfirmed_order_shows_as_unsettled_after_24_hours(client, db):
    number = _order(client).json()["order_number"]
    _, headers = admin(db)
    found = client.get("/v1/admin/orders", params={"q": number}, headers=headers).json()
    assert found[0]["unsettled"] is False and found[0]["confirmed"] is False
    clock.travel(24 * 3600 + 1)
    _, headers = admin(db)  # admin sessions idle out after 30 minutes
    found = client.get("/v1/admin/orders", params={"q": number}, headers=headers).json()
    assert found[0]["unsettled"] is True
