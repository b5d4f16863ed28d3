"""Card checkout providers: the hosted shop (real) and the app's own test-mode checkout (local default).

Both end the same way: the shop's signed orders/paid webhook reaches `service.receive_webhook`, which
creates the order and mails its keys. The local one signs that webhook itself, so a fresh checkout
(`make run`) sells out of the box while exercising the exact path production uses.
"""

from __future__ import annotations

import json
import secrets
from typing import Protocol

from addme.core.config import Settings, get_settings


class CardCheckout(Protocol):
    name: str
    # True when no money moves: the pages say so plainly.
    test_mode: bool

    def checkout_url(self, sku: str) -> str | None:
        """Where Buy goes for a product; None when it cannot be bought by card."""


class HostedShop:
    """The external card shop: its product pages take the payment and send the webhook."""

    name = "hosted"
    test_mode = False

    def __init__(self, settings: Settings) -> None:
        self.urls = settings.shop_checkout_urls

    def checkout_url(self, sku: str) -> str | None:
        return self.urls.get(sku)


class LocalCheckout:
    """The app's own checkout page (/shop/checkout/<sku>), test cards only."""

    name = "local"
    test_mode = True

    def checkout_url(self, sku: str) -> str | None:
        return f"/shop/checkout/{sku}"


def provider() -> CardCheckout:
    settings = get_settings()
    return HostedShop(settings) if settings.card_checkout == "hosted" else LocalCheckout()


def luhn_ok(number: str) -> bool:
    """The card-number checksum every processor checks first."""
    if not number.isdigit() or not 12 <= len(number) <= 19:
        return False
    total = 0
    for i, ch in enumerate(reversed(number)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def orders_paid_payload(*, email: str, sku: str, quantity: int) -> tuple[str, bytes]:
    """A Shopify-shaped orders/paid body for one line: (the shop's order id, the raw JSON)."""
    shop_id = f"local-{secrets.token_hex(8)}"
    body = {
        "id": shop_id,
        "email": email,
        "financial_status": "paid",
        "test": True,
        "line_items": [{"sku": sku, "quantity": quantity}],
    }
    return shop_id, json.dumps(body, separators=(",", ":")).encode()
