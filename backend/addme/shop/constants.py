"""The product catalogue (the only source of prices), networks and the messages buyers read."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum


class Network(StrEnum):
    BEP20 = "bep20"
    ERC20_USDC = "erc20-usdc"
    ERC20_USDT = "erc20-usdt"
    SOLANA = "solana"


class OrderStatus(StrEnum):
    PENDING = "pending"
    PAID = "paid"
    FROZEN = "frozen"
    CANCELLED = "cancelled"


class OrderState(StrEnum):
    """What a direct crypto buyer reads on their order page."""

    AWAITING_PAYMENT = "awaiting_payment"
    TRANSACTION_SENT = "transaction_sent"
    CONFIRMED = "confirmed"
    FROZEN = "frozen"
    CANCELLED = "cancelled"
    # Awaiting payment for over 24 hours: the spec says it is not processed.
    UNSETTLED = "unsettled"


class Source(StrEnum):
    CARD = "card"
    CRYPTO = "crypto"


@dataclass(frozen=True)
class Product:
    sku: str
    name: str
    # Prices in US cents: card (the hosted card shop) and direct crypto.
    card_cents: int
    crypto_cents: int
    top_ups: int = 0
    fire_pins: int = 0
    entitlement: str | None = None  # "vip", "studio" or "auto_topup" (wallet.ledger.Entitlement values)
    days: int = 0

    @property
    def releases_hopping(self) -> bool:
        """The spec: buying Top-Ups or VIP (Studio includes VIP) lifts an account-hopping block."""
        return self.top_ups > 0 or self.entitlement in ("vip", "studio")


# Card prices from the spec: 20 $5.99, 50 $8.99, 100 $11.99, VIP + Top-Up bonus $14.99, Fire Pin
# $4.99, Auto Top-Up $24.99, Studio $99.99. Every one of them is its crypto price minus one cent, so
# the prices the spec leaves out follow the same rule: 200 $23.99, 400 $47.99, VIP week $6.99 and
# Studio week $49.99 (crypto $24, $48, $7, $50). The Studio $99.99 is the month (crypto $100).
PRODUCTS: dict[str, Product] = {
    p.sku: p
    for p in (
        Product("topup-20", "20 Top-Ups", 599, 600, top_ups=20),
        Product("topup-50", "50 Top-Ups", 899, 900, top_ups=50),
        Product("topup-100", "100 Top-Ups", 1199, 1200, top_ups=100),
        Product("topup-200", "200 Top-Ups", 2399, 2400, top_ups=200),
        Product("topup-400", "400 Top-Ups", 4799, 4800, top_ups=400),
        Product("fire-pin", "Fire Pin", 499, 500, fire_pins=1),
        Product("vip-week", "VIP (1 week)", 699, 700, entitlement="vip", days=7),
        Product(
            "vip-month", "VIP (1 month) + 100 Top-Ups", 1499, 1500, top_ups=100, entitlement="vip", days=30
        ),
        Product("auto-topup-month", "Auto Top-Up (1 month)", 2499, 2500, entitlement="auto_topup", days=30),
        Product("studio-week", "Studio Key (1 week)", 4999, 5000, entitlement="studio", days=7),
        Product("studio-month", "Studio Key (1 month)", 9999, 10000, entitlement="studio", days=30),
    )
}

# Crypto fee by the number of keys in the order: (at least this many keys, percent).
CRYPTO_FEES: tuple[tuple[int, int], ...] = ((4, 0), (2, 15), (1, 30))

# Stablecoin contracts per network (mainnet). Amounts are in US dollars = token units.
NETWORKS: dict[Network, dict[str, object]] = {
    Network.BEP20: {
        "chain": "BNB Smart Chain (BEP20)",
        "chain_id": 56,
        "token": "USDT",
        "contract": "0x55d398326f99059fF775485246999027B3197955",
        "decimals": 18,
    },
    Network.ERC20_USDC: {
        "chain": "Ethereum (ERC-20)",
        "chain_id": 1,
        "token": "USDC",
        "contract": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
        "decimals": 6,
    },
    Network.ERC20_USDT: {
        "chain": "Ethereum (ERC-20)",
        "chain_id": 1,
        "token": "USDT",
        "contract": "0xdAC17F958D2ee523a2206206994597C13D831ec7",
        "decimals": 6,
    },
    Network.SOLANA: {
        "chain": "Solana",
        "chain_id": None,
        "token": "USDC",
        # The USDC mint on Solana mainnet: Solana Pay's spl-token parameter.
        "contract": "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        "decimals": 6,
    },
}

UNSETTLED_AFTER = timedelta(hours=24)
KEY_FAILURES = "10/hour"
MISSING_KEY_LIMIT = "5/hour"
DIRECT_ORDER_LIMIT = "10/hour"
MAX_KEYGEN = 100
MAX_UNITS = 50

DELIVERY_NOTE = (
    "Keys are sent by e-mail within 30 seconds to 5 minutes, rarely up to 30 minutes. "
    "Check your junk and spam folder."
)
CRYPTO_NOTE = (
    "Send exactly {amount} {token} on {chain} to the address below, then send us the transaction id. "
    "Keys are delivered by e-mail 4 to 48 hours after payment. An order not settled within 24 hours "
    "is not processed and not refunded."
)
ORDER_APPLIED = "Order applied."
KEY_UNKNOWN = "Error, contact support please"
KEY_USED = "This key has already been applied."
NO_ORDERS = "No orders were found."
MISSING_KEY_SENT = (
    "If this order number and e-mail match a paid order, its keys were sent to that e-mail. " + DELIVERY_NOTE
)
UNKNOWN_PRODUCT = "Unknown product: {sku}."
CRYPTO_UNAVAILABLE = "Payments on this network are not available right now. Choose another one."
ORDER_NOT_FOUND = "Order not found."
NOT_CRYPTO = "Only direct crypto orders are confirmed or cancelled by hand."
NOT_PENDING = "This order is not waiting for payment."
NOT_FROZEN_OR_PENDING = "Only an order waiting for payment or frozen can be cancelled."
UNSETTLED_REFUSED = "This order was not settled within 24 hours: it is not processed and not refunded."
TRANSACTION_SENT = "Thank you: your transaction id was sent. Keys are e-mailed 4 to 48 hours after payment."
BAD_TRANSACTION = "This is not a {chain} transaction id."
CARD_DECLINED = "Your card was declined."
TEST_CARD_ONLY = "Test mode: use the test card 4242 4242 4242 4242."
CHECKOUT_OFF = "This checkout is not available."
CARD_PAID = "Payment received. Your key is on its way to {email}."
# Test cards of the local checkout, as the big card processors document them.
TEST_CARD_OK = "4242424242424242"
TEST_CARD_DECLINED = "4000000000000002"
