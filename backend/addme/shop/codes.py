"""The stable error codes of orders, keys and payment webhooks: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class ShopCode(StrEnum):
    """The stable error codes of orders, keys and payment webhooks."""

    BAD_PAYLOAD = "bad_payload"
    BAD_SIGNATURE = "bad_signature"
    CARD_DECLINED = "card_declined"
    CHECKOUT_FAILED = "checkout_failed"
    CHECKOUT_OFF = "checkout_off"
    KEY_UNKNOWN = "key_unknown"
    KEY_USED = "key_used"
    MISSING_WEBHOOK_ID = "missing_webhook_id"
    NETWORK_UNAVAILABLE = "network_unavailable"
    NO_TRANSACTION = "no_transaction"
    NOT_CRYPTO = "not_crypto"
    NOT_PENDING = "not_pending"
    ORDER_NOT_FOUND = "order_not_found"
    ORDER_NUMBER_EXHAUSTED = "order_number_exhausted"
    UNSETTLED = "unsettled"
