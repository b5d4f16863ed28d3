"""Pure payment helpers: the crypto fee, Solana Pay and EIP-681 links, webhook signatures."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from decimal import ROUND_HALF_UP, Decimal
from urllib.parse import quote

from addme.shop.constants import CRYPTO_FEES

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
CENT = Decimal("0.01")


def crypto_fee_percent(keys: int) -> int:
    """The direct-crypto fee: 1 key 30%, 2 to 3 keys 15%, 4 or more none."""
    if keys < 1:
        raise ValueError("an order has at least one key")
    for min_keys, percent in CRYPTO_FEES:
        if keys >= min_keys:
            return percent
    raise AssertionError("unreachable")


def fee_cents(subtotal_cents: int, percent: int) -> int:
    """The fee on a subtotal, rounded half up to the cent."""
    return int((Decimal(subtotal_cents) * percent / 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def dollars(cents: int) -> Decimal:
    """Cents as a two-decimal dollar amount."""
    return (Decimal(cents) / 100).quantize(CENT)


def b58encode(data: bytes) -> str:
    """Bitcoin-alphabet base58, as Solana writes public keys."""
    n = int.from_bytes(data, "big")
    out = ""
    while n:
        n, rem = divmod(n, 58)
        out = _B58[rem] + out
    pad = len(data) - len(data.lstrip(b"\0"))
    return "1" * pad + out


def new_reference() -> str:
    """A fresh Solana Pay reference: 32 random bytes in base58, like a public key."""
    return b58encode(secrets.token_bytes(32))


def solana_pay_url(
    *, recipient: str, amount: Decimal, spl_token: str, reference: str, label: str, message: str
) -> str:
    """A Solana Pay transfer request URL (solana:<recipient>?amount=...&spl-token=...&reference=...)."""
    # The spec wants a plain decimal: never scientific notation, a leading 0 below 1.
    params = [
        ("amount", format(amount, "f")),
        ("spl-token", spl_token),
        ("reference", reference),
        ("label", label),
        ("message", message),
    ]
    query = "&".join(f"{k}={quote(v, safe='')}" for k, v in params)
    return f"solana:{recipient}?{query}"


def eip681_url(*, token_contract: str, chain_id: int, recipient: str, amount: Decimal, decimals: int) -> str:
    """An EIP-681 ERC-20 transfer link that wallets pre-fill from."""
    units = int(amount * (Decimal(10) ** decimals))
    return f"ethereum:{token_contract}@{chain_id}/transfer?address={recipient}&uint256={units}"


def shopify_signature(raw: bytes, secret: str) -> str:
    """Base64 HMAC-SHA256 of the raw body, as Shopify sends in X-Shopify-Hmac-Sha256."""
    return base64.b64encode(hmac.new(secret.encode(), raw, hashlib.sha256).digest()).decode()


def signature_ok(raw: bytes, signature: str | None, secret: str) -> bool:
    """Constant-time check of the webhook signature; a missing one fails."""
    if not signature or not secret:
        return False
    return hmac.compare_digest(shopify_signature(raw, secret).encode(), signature.strip().encode())
