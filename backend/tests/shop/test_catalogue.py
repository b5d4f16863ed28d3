from __future__ import annotations

import re
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import pytest

from addme.core.config import get_settings
from addme.shop import payments
from addme.shop.constants import PRODUCTS

SKUS = [
    "topup-20", "topup-50", "topup-100", "topup-200", "topup-400", "fire-pin",
    "vip-week", "vip-month", "auto-topup-month", "studio-week", "studio-month",
]  # fmt: skip


def test_products_with_prices_and_checkout_links(client, monkeypatch):
    monkeypatch.setattr(get_settings(), "shop_checkout_urls", {"topup-20": "https://shop.example/20"})
    monkeypatch.setattr(get_settings(), "card_checkout", "hosted")
    body = client.get("/v1/shop/products").json()
    by_sku = {p["sku"]: p for p in body["products"]}
    assert list(by_sku) == SKUS
    assert [by_sku[s]["card_price"] for s in ("topup-20", "topup-50", "topup-100")] == [
        "5.99",
        "8.99",
        "11.99",
    ]
    assert [by_sku[s]["crypto_price"] for s in ("topup-20", "topup-50", "topup-100", "topup-200", "topup-400")] == [
        "6.00", "9.00", "12.00", "24.00", "48.00",
    ]  # fmt: skip
    assert (by_sku["vip-month"]["card_price"], by_sku["vip-month"]["top_ups"]) == ("14.99", 100)
    assert by_sku["fire-pin"]["card_price"] == "4.99" and by_sku["fire-pin"]["crypto_price"] == "5.00"
    assert by_sku["auto-topup-month"]["card_price"] == "24.99"
    assert by_sku["studio-month"]["card_price"] == "99.99"
    assert (by_sku["vip-week"]["crypto_price"], by_sku["studio-week"]["crypto_price"]) == ("7.00", "50.00")
    assert by_sku["topup-20"]["checkout_url"] == "https://shop.example/20"
    assert by_sku["topup-50"]["checkout_url"] is None
    assert body["crypto_fees"] == [
        {"min_keys": 1, "percent": 30},
        {"min_keys": 2, "percent": 15},
        {"min_keys": 4, "percent": 0},
    ]
    assert "30 seconds to 5 minutes" in body["delivery_note"]


@pytest.mark.parametrize(("keys", "percent"), [(1, 30), (2, 15), (3, 15), (4, 0), (25, 0)])
def test_crypto_fee_by_number_of_keys(keys, percent):
    assert payments.crypto_fee_percent(keys) == percent


def test_crypto_fee_needs_a_key():
    with pytest.raises(ValueError):
        payments.crypto_fee_percent(0)


def test_fee_rounds_half_up_to_the_cent():
    assert payments.fee_cents(600, 30) == 180
    assert payments.fee_cents(1, 15) == 0
    assert payments.fee_cents(10, 15) == 2  # 1.5 cents -> 2


def _b58decode(s: str) -> bytes:
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    n = 0
    for ch in s:
        n = n * 58 + alphabet.index(ch)
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return b"\0" * (len(s) - len(s.lstrip("1"))) + body


def test_solana_pay_url_follows_the_spec():
    ref = payments.new_reference()
    assert len(_b58decode(ref)) == 32
    assert payments.new_reference() != ref
    url = payments.solana_pay_url(
        recipient="mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN",
        amount=Decimal("7.80"),
        spl_token="EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        reference=ref,
        label="AddMe",
        message="Order #12345",
    )
    parts = urlsplit(url)
    assert parts.scheme == "solana" and parts.path == "mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN"
    q = parse_qs(parts.query)
    assert q == {
        "amount": ["7.80"],
        "spl-token": ["EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"],
        "reference": [ref],
        "label": ["AddMe"],
        "message": ["Order #12345"],
    }
    assert "Order%20%2312345" in url  # encoded, so the # does not start a fragment
    assert payments.solana_pay_url(
        recipient="x", amount=Decimal("0.50"), spl_token="m", reference="r", label="l", message="m"
    ).startswith("solana:x?amount=0.50&")


def test_eip681_link_uses_token_base_units():
    url = payments.eip681_url(
        token_contract="0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", chain_id=1, recipient="0xabc",
        amount=Decimal("7.80"), decimals=6,
    )  # fmt: skip
    assert (
        url == "ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48@1/transfer?address=0xabc&uint256=7800000"
    )


def test_every_product_is_priced():
    for p in PRODUCTS.values():
        assert p.card_cents > 0 and p.crypto_cents > 0
        assert re.fullmatch(r"[a-z0-9-]+", p.sku)
