"""Wallet routes: Top-Up, Fire Pin, slots, free Top-Ups and the wallet page."""

from __future__ import annotations

from typing import Annotated

from fastapi import Header

from addme.api.deps import CurrentUser, DbSession
from addme.core.params import IdPath
from addme.core.routes import api_router
from addme.core.schemas import ErrorBody
from addme.wallet import ledger, service
from addme.wallet.schemas import LedgerRead, WalletActionResult, WalletRead

ERRORS: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorBody} for code in (401, 403, 404, 429, 503)
}
router = api_router(responses=ERRORS, tags=["wallet"])


@router.post("/user/usernames/{username_id}/topup", response_model=WalletActionResult)
def topup(username_id: IdPath, user: CurrentUser, db: DbSession) -> WalletActionResult:
    return service.topup(db, user=user, username_id=username_id)


# Not one of the spec's {success, message} calls: a refusal is a 400 envelope with its code.
@router.post(
    "/user/usernames/{username_id}/fire-pin",
    response_model=WalletActionResult,
    responses={400: {"model": ErrorBody}},
)
def fire_pin(username_id: IdPath, user: CurrentUser, db: DbSession) -> WalletActionResult:
    return service.fire_pin(db, user=user, username_id=username_id)


@router.post("/user/add-slot", response_model=WalletActionResult)
def add_slot(
    user: CurrentUser,
    db: DbSession,
    idempotency_key: Annotated[
        str | None,
        Header(
            alias="Idempotency-Key",
            min_length=8,
            max_length=100,
            pattern=r"^[A-Za-z0-9_.:-]+$",
            description="One per purchase intent: a repeat replays the first answer and never buys twice.",
        ),
    ] = None,
) -> WalletActionResult:
    return service.add_slot(db, user=user, key=idempotency_key)


# POST /user/free-topup is mounted by the trust domain, which screens the claim before the wallet's
# rules (trust.hopping.claim_free_topup calls service.claim_free_topup).


@router.get("/user/wallet", response_model=WalletRead)
def wallet(user: CurrentUser, db: DbSession) -> WalletRead:
    return service.wallet_read(db, user=user)


@router.get("/user/wallet/history", response_model=list[LedgerRead])
def wallet_history(user: CurrentUser, db: DbSession) -> list[LedgerRead]:
    return [
        LedgerRead.model_validate(row, from_attributes=True) for row in ledger.history(db, user_id=user.id)
    ]
