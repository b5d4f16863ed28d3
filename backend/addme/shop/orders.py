"""Orders: numbering, creation from catalogue lines, key delivery and the read models."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.core import clock
from addme.core.errors import AppError
from addme.shop import keys, payments
from addme.shop.codes import ShopCode
from addme.shop.constants import PRODUCTS, UNSETTLED_AFTER, OrderState, OrderStatus, Product, Source
from addme.shop.models import Key, Order, OrderItem, OrderLedger
from addme.shop.schemas import AdminOrderRead, ItemRead, KeyRead, LedgerRead, OrderRead


def new_order_number(session: Session, *, preferred: str | None = None) -> str:
    """A free 5-digit order number: the card shop's own when it has 5 digits and is free."""
    candidates = [preferred] if preferred and len(preferred) == 5 and preferred.isdigit() else []
    candidates += [str(10000 + secrets.randbelow(90000)) for _ in range(30)]
    for number in candidates:
        if session.scalar(select(Order.id).where(Order.order_number == number)) is None:
            return number
    raise AppError("Sorry, something went wrong.", code=ShopCode.ORDER_NUMBER_EXHAUSTED, status_code=503)


def create_order(
    session: Session,
    *,
    source: Source,
    status: OrderStatus,
    email: str,
    lines: Sequence[tuple[Product, int]],
    fee_percent: int = 0,
    preferred_number: str | None = None,
    **fields: object,
) -> Order:
    """Create an order from catalogue lines (prices from the catalogue, never a request)."""
    subtotal = sum((p.crypto_cents if source == Source.CRYPTO else p.card_cents) * q for p, q in lines)
    fee = payments.fee_cents(subtotal, fee_percent)
    order = Order(
        order_number=new_order_number(session, preferred=preferred_number),
        source=source,
        status=status,
        email=email.strip(),
        email_normalized=accounts.normalize_email(email),
        product=", ".join(f"{p.name} x{q}" if q > 1 else p.name for p, q in lines)[:300],
        price_cents=subtotal + fee,
        fee_cents=fee,
        top_ups=sum(p.top_ups * q for p, q in lines),
        **fields,
    )
    session.add(order)
    session.flush()
    for p, q in lines:
        unit = p.crypto_cents if source == Source.CRYPTO else p.card_cents
        session.add(OrderItem(order_id=order.id, sku=p.sku, quantity=q, unit_cents=unit))
    session.flush()
    return order


def deliver(session: Session, *, order: Order, created_by: int | None = None) -> int:
    """One key per unit of every line, mailed to the order's e-mail; returns how many."""
    items = session.scalars(select(OrderItem).where(OrderItem.order_id == order.id)).all()
    pairs: list[tuple[str, str]] = []
    for item in items:
        codes = keys.issue(
            session, sku=item.sku, count=item.quantity, order_id=order.id, created_by=created_by
        )
        pairs += [(item.sku, c) for c in codes]
    keys.mail_keys(session, order=order, codes=pairs)
    return len(pairs)


def is_unsettled(order: Order) -> bool:
    """A crypto order still awaiting payment (no transaction sent) 24 hours after it was placed."""
    return (
        order.source == Source.CRYPTO
        and order.status == OrderStatus.PENDING
        and order.transaction_id is None
        and order.created_at <= clock.now() - UNSETTLED_AFTER
    )


def state_of(order: Order) -> OrderState:
    """The order's state in the buyer's words (spec section 4: crypto order)."""
    if order.status == OrderStatus.PAID:
        return OrderState.CONFIRMED
    if order.status == OrderStatus.FROZEN:
        return OrderState.FROZEN
    if order.status == OrderStatus.CANCELLED:
        return OrderState.CANCELLED
    if order.transaction_id:
        return OrderState.TRANSACTION_SENT
    return OrderState.UNSETTLED if is_unsettled(order) else OrderState.AWAITING_PAYMENT


def ledger_of(session: Session, order: Order) -> list[LedgerRead]:
    rows = session.scalars(
        select(OrderLedger).where(OrderLedger.order_id == order.id).order_by(OrderLedger.id)
    ).all()
    return [
        LedgerRead(kind=r.kind, amount=payments.dollars(r.amount_cents), note=r.note, created_at=r.created_at)
        for r in rows
    ]


def item_read(item: OrderItem) -> ItemRead:
    """A line of an order as the buyer and the admin read it (a retired product under its sku)."""
    return ItemRead(
        sku=item.sku,
        name=PRODUCTS[item.sku].name if item.sku in PRODUCTS else item.sku,
        quantity=item.quantity,
        unit_price=payments.dollars(item.unit_cents),
    )


def order_read(session: Session, order: Order, model: type[OrderRead] = OrderRead) -> OrderRead:
    """An order as its buyer sees it: lines, keys (last 4 only), settled or not."""
    items = session.scalars(
        select(OrderItem).where(OrderItem.order_id == order.id).order_by(OrderItem.id)
    ).all()
    order_keys = session.scalars(select(Key).where(Key.order_id == order.id).order_by(Key.id)).all()
    data = {c.key: getattr(order, c.key) for c in Order.__table__.columns}
    data.update(
        price=payments.dollars(order.price_cents),
        fee=payments.dollars(order.fee_cents),
        confirmed=order.confirmed_at is not None,
        unsettled=is_unsettled(order),
        state=state_of(order),
        ledger=ledger_of(session, order) if model is AdminOrderRead else [],
        items=[item_read(i) for i in items],
        keys=[KeyRead.model_validate(k) for k in order_keys],
    )
    return model.model_validate(data)


def admin_read(session: Session, order: Order) -> AdminOrderRead:
    """An order with the fields only an admin sees."""
    read = order_read(session, order, AdminOrderRead)
    assert isinstance(read, AdminOrderRead)
    return read
