"""Shop requests and answers: catalogue, direct crypto orders, keys, orders and admin views."""

from __future__ import annotations

from decimal import Decimal

from pydantic import BaseModel, ConfigDict, EmailStr, Field

from addme.core.schemas import StrictInput, UtcDatetime
from addme.shop.constants import Network


class ProductRead(BaseModel):
    sku: str
    name: str
    card_price: Decimal
    crypto_price: Decimal
    currency: str = "USD"
    top_ups: int
    fire_pins: int
    entitlement: str | None
    days: int
    checkout_url: str | None


class CryptoFee(BaseModel):
    min_keys: int
    percent: int


class Catalogue(BaseModel):
    products: list[ProductRead]
    crypto_fees: list[CryptoFee]
    networks: list[str]
    delivery_note: str
    crypto_contact_url: str | None
    # "local" (the app's own test-mode checkout) or "hosted" (the external card shop).
    card_checkout: str
    test_mode: bool


class ItemIn(StrictInput):
    sku: str = Field(min_length=1, max_length=24)
    quantity: int = Field(ge=1, le=50, strict=True)


class DirectOrderIn(StrictInput):
    email: EmailStr = Field(max_length=254)
    items: list[ItemIn] = Field(min_length=1, max_length=11)
    network: Network


class LocalCheckoutIn(StrictInput):
    sku: str = Field(min_length=1, max_length=24)
    quantity: int = Field(default=1, ge=1, le=50, strict=True)
    email: EmailStr = Field(max_length=254)
    card_number: str = Field(min_length=12, max_length=23)
    expiry: str = Field(pattern=r"^(0[1-9]|1[0-2])\s*/\s*\d{2}$", max_length=7)
    cvc: str = Field(pattern=r"^\d{3,4}$")


class LocalCheckoutRead(BaseModel):
    order_number: str
    email: str
    product: str
    total: Decimal
    message: str


class TransactionIn(StrictInput):
    transaction_id: str = Field(min_length=20, max_length=120)


class LedgerRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    kind: str
    amount: Decimal
    note: str
    created_at: UtcDatetime


class ItemRead(BaseModel):
    sku: str
    name: str
    quantity: int
    unit_price: Decimal


class PaymentInstructions(BaseModel):
    network: str
    chain: str
    chain_id: int | None
    token: str
    token_contract: str
    address: str
    amount: Decimal
    # Solana Pay transfer request, or an EIP-681 link for EVM wallets.
    url: str
    reference: str | None
    note: str


class DirectOrderRead(BaseModel):
    order_number: str
    email: str
    status: str
    items: list[ItemRead]
    subtotal: Decimal
    fee_percent: int
    fee: Decimal
    total: Decimal
    currency: str
    payment: PaymentInstructions
    created_at: UtcDatetime
    # The buyer's private link: /shop/direct/order/<token>.
    token: str
    # awaiting_payment, transaction_sent, confirmed, frozen, cancelled or unsettled.
    state: str
    transaction_id: str | None
    transaction_sent_at: UtcDatetime | None
    ledger: list[LedgerRead]


class KeyIn(StrictInput):
    key: str = Field(min_length=1, max_length=64)


class Granted(BaseModel):
    top_ups: int = 0
    fire_pins: int = 0
    entitlement: str | None = None
    ending_at: UtcDatetime | None = None
    usernames_unlocked: int = 0


class KeyApplied(BaseModel):
    success: bool = True
    message: str
    sku: str
    product: str
    order_number: str | None
    granted: Granted


class KeyRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    sku: str
    last4: str
    redeemed_at: UtcDatetime | None


class OrderRead(BaseModel):
    id: int
    order_number: str
    source: str
    status: str
    product: str
    price: Decimal
    fee: Decimal
    currency: str
    top_ups: int
    confirmed: bool
    unsettled: bool
    state: str
    ending_at: UtcDatetime | None
    created_at: UtcDatetime
    items: list[ItemRead]
    keys: list[KeyRead]


class AdminOrderRead(OrderRead):
    email: str
    user_id: int | None
    shopify_order_id: str | None
    network: str | None
    pay_address: str | None
    pay_reference: str | None
    transaction_id: str | None
    transaction_sent_at: UtcDatetime | None
    frozen_at: UtcDatetime | None
    cancelled_at: UtcDatetime | None
    ledger: list[LedgerRead]


class MissingKeyIn(StrictInput):
    order_number: str = Field(pattern=r"^\d{5}$")
    email: EmailStr = Field(max_length=254)


class ConfirmIn(StrictInput):
    transaction_id: str = Field(min_length=4, max_length=120)


class CancelIn(StrictInput):
    reason: str | None = Field(default=None, max_length=200)
    # For a frozen order: the transaction that sent the refund back (price minus fee).
    refund_transaction_id: str | None = Field(default=None, max_length=120)


class FreezeIn(StrictInput):
    reason: str = Field(min_length=3, max_length=200)


class KeygenIn(StrictInput):
    sku: str = Field(min_length=1, max_length=24)
    count: int = Field(ge=1, le=100, strict=True)


class KeygenRead(BaseModel):
    sku: str
    # Shown once: only hashes are stored.
    keys: list[str]


class PinRead(BaseModel):
    username_id: int
    username: str
    app: str
    user_id: int
    fire_pinned_until: UtcDatetime


class ShopifyLine(BaseModel):
    sku: str | None = None
    quantity: int = Field(default=1, ge=0, le=1000)


class ShopifyOrder(BaseModel):
    """The fields of Shopify's orders/paid body we read; everything else (prices too) is ignored."""

    id: int | str
    order_number: int | str | None = None
    email: str | None = None
    contact_email: str | None = None
    line_items: list[ShopifyLine] = []
