"""Shop routes: catalogue, direct crypto orders, keys, my orders, the card webhook and admin tools."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Path, Query, Request
from starlette.concurrency import run_in_threadpool

from addme.accounts.models import User
from addme.api.deps import CurrentUser, DbSession, require
from addme.core.bodylimit import MB, allow_body
from addme.core.net import client_ip, ip_bucket
from addme.core.params import IdPath, PageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import ErrorBody, Message, Page
from addme.shop import admin as shop_admin
from addme.shop import service
from addme.shop.schemas import (
    AdminOrderRead,
    CancelIn,
    Catalogue,
    ConfirmIn,
    DirectOrderIn,
    DirectOrderRead,
    FreezeIn,
    KeyApplied,
    KeygenIn,
    KeygenRead,
    KeyIn,
    LocalCheckoutIn,
    LocalCheckoutRead,
    MissingKeyIn,
    OrderRead,
    PinRead,
    TransactionIn,
)

ERRORS: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorBody} for code in (400, 401, 402, 403, 404, 409, 422, 429, 503)
}
router = api_router(responses=ERRORS)

OrdersAdmin = Annotated[User, Depends(require(Permission.ORDERS))]
KeygenAdmin = Annotated[User, Depends(require(Permission.KEYGEN))]


@router.get("/shop/products", response_model=Catalogue, tags=["shop"])
def products() -> Catalogue:
    return service.catalogue()


@router.post("/shop/direct/orders", response_model=DirectOrderRead, status_code=201, tags=["shop"])
def direct_order(body: DirectOrderIn, request: Request, db: DbSession) -> DirectOrderRead:
    return service.create_direct_order(
        db, email=str(body.email), items=body.items, network=body.network, ip=ip_bucket(client_ip(request))
    )


# The buyer's private link (the token) is the only key to a direct order: no account is needed.
TokenPath = Annotated[str, Path(min_length=16, max_length=43, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("/shop/direct/orders/{token}", response_model=DirectOrderRead, tags=["shop"])
def direct_order_read(token: TokenPath, db: DbSession) -> DirectOrderRead:
    return service.direct_order(db, token=token)


@router.post("/shop/direct/orders/{token}/transaction", response_model=DirectOrderRead, tags=["shop"])
def direct_order_transaction(token: TokenPath, body: TransactionIn, db: DbSession) -> DirectOrderRead:
    return service.submit_transaction(db, token=token, transaction_id=body.transaction_id)


@router.post("/shop/checkout", response_model=LocalCheckoutRead, status_code=201, tags=["shop"])
def local_checkout(body: LocalCheckoutIn, request: Request, db: DbSession) -> LocalCheckoutRead:
    return service.local_checkout(db, body=body, ip=ip_bucket(client_ip(request)))


@router.post("/user/keys", response_model=KeyApplied, tags=["shop"])
def apply_key(body: KeyIn, user: CurrentUser, db: DbSession) -> KeyApplied:
    return service.apply_key(db, user=user, code=body.key)


@router.get("/user/orders", response_model=list[OrderRead], tags=["shop"])
def my_orders(user: CurrentUser, db: DbSession) -> list[OrderRead]:
    return service.my_orders(db, user=user)


@router.get("/user/orders/old", response_model=Page[OrderRead], tags=["shop"])
def my_old_orders(
    user: CurrentUser,
    db: DbSession,
    page: PageQuery = 1,
    per_page: Annotated[int, Query(ge=1, le=50)] = 20,
) -> Page[OrderRead]:
    return service.my_old_orders(db, user=user, page=page, per_page=per_page)


@router.post("/user/missing-key", response_model=Message, tags=["shop"])
def missing_key(body: MissingKeyIn, request: Request, db: DbSession) -> Message:
    message = service.resend_keys(
        db, order_number=body.order_number, email=str(body.email), ip=ip_bucket(client_ip(request))
    )
    return Message(message=message)


# Shopify's order payloads grow with line items and notes; a JSON route's 64 KB could refuse one.
allow_body("POST", "/webhooks/shop", MB)


@router.post("/webhooks/shop", response_model=Message, tags=["webhooks"])
async def shop_webhook(request: Request, db: DbSession) -> Message:
    # The signature covers the exact bytes sent, so the body is read raw, never re-serialized.
    raw = await request.body()
    outcome = await run_in_threadpool(
        service.receive_webhook,
        db,
        raw=raw,
        signature=request.headers.get("x-shopify-hmac-sha256"),
        webhook_id=request.headers.get("x-shopify-webhook-id"),
        topic=request.headers.get("x-shopify-topic"),
    )
    return Message(message=outcome)


@router.get("/admin/orders", response_model=list[AdminOrderRead], tags=["admin"])
def admin_orders(
    admin: OrdersAdmin, db: DbSession, q: Annotated[str | None, Query(max_length=100)] = None
) -> list[AdminOrderRead]:
    return shop_admin.search_orders(db, admin=admin, q=q)


@router.post("/admin/orders/{order_id}/confirm", response_model=AdminOrderRead, tags=["admin"])
def admin_confirm(order_id: IdPath, body: ConfirmIn, admin: OrdersAdmin, db: DbSession) -> AdminOrderRead:
    return shop_admin.confirm_order(db, admin=admin, order_id=order_id, transaction_id=body.transaction_id)


@router.post("/admin/orders/{order_id}/cancel", response_model=AdminOrderRead, tags=["admin"])
def admin_cancel(
    order_id: IdPath, admin: OrdersAdmin, db: DbSession, body: CancelIn | None = None
) -> AdminOrderRead:
    return shop_admin.cancel_order(
        db,
        admin=admin,
        order_id=order_id,
        reason=body.reason if body else None,
        refund_transaction_id=body.refund_transaction_id if body else None,
    )


@router.post("/admin/orders/{order_id}/freeze", response_model=AdminOrderRead, tags=["admin"])
def admin_freeze(order_id: IdPath, body: FreezeIn, admin: OrdersAdmin, db: DbSession) -> AdminOrderRead:
    return shop_admin.freeze_order(db, admin=admin, order_id=order_id, reason=body.reason)


@router.post("/admin/keygen", response_model=KeygenRead, status_code=201, tags=["admin"])
def admin_keygen(body: KeygenIn, admin: KeygenAdmin, db: DbSession) -> KeygenRead:
    return KeygenRead(sku=body.sku, keys=shop_admin.keygen(db, admin=admin, sku=body.sku, count=body.count))


@router.get(
    "/admin/pins",
    response_model=list[PinRead],
    tags=["admin"],
    dependencies=[Depends(require(Permission.PINS))],
)
def admin_pins(db: DbSession) -> list[PinRead]:
    return shop_admin.active_pins(db)
