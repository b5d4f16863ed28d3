"""Wallet answers: action results with a stable code, and the wallet page."""

from __future__ import annotations

from pydantic import BaseModel

from addme.core.schemas import ActionResult, UtcDatetime


class WalletActionResult(ActionResult):
    """The spec's {success, message}; `code` lets the client pick a modal (e.g. not_enough_topups)."""

    # A WalletCode value (listed in the OpenAPI document's error codes); typed loosely, as kept
    # answers replayed from the database carry it as written then.
    code: str | None = None
    next_at: UtcDatetime | None = None


class FreeTopUpStatus(BaseModel):
    available: bool
    code: str | None  # a WalletCode value
    reason: str | None
    next_at: UtcDatetime | None
    claims_left: int


class VipDailyStatus(BaseModel):
    active: bool
    remaining: int
    resets_at: UtcDatetime | None


class Entitlement(BaseModel):
    active: bool
    ending_at: UtcDatetime | None


class Entitlements(BaseModel):
    vip: Entitlement
    studio: Entitlement
    auto_topup: Entitlement


class SlotOffer(BaseModel):
    offered: bool
    price: int | None
    reason: str | None


class WalletRead(BaseModel):
    top_ups_count: int
    fire_pins_count: int
    max_usernames: int
    usernames_count: int
    slot: SlotOffer
    free_topup: FreeTopUpStatus
    vip_daily: VipDailyStatus
    entitlements: Entitlements


class LedgerRead(BaseModel):
    id: int
    kind: str
    delta: int
    reason: str
    username_id: int | None
    order_id: int | None
    created_at: UtcDatetime
