"""The shop as the admin runs it: orders found and decided (confirm, freeze, cancel), keys made,
the running Fire Pins. Every decision leaves an audit row with its reason."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.db import get_or_404
from addme.core.errors import Conflict, FieldError
from addme.core.permissions import refuse_self_grant
from addme.core.schemas import from_row
from addme.listings.constants import Status
from addme.listings.models import Username
from addme.mail import service as mail
from addme.shop import keys, orders, payments, texts
from addme.shop.codes import ShopCode
from addme.shop.constants import (
    NOT_CRYPTO,
    NOT_FROZEN_OR_PENDING,
    NOT_PENDING,
    ORDER_NOT_FOUND,
    PRODUCTS,
    UNKNOWN_PRODUCT,
    UNSETTLED_REFUSED,
    OrderState,
    OrderStatus,
    Source,
)
from addme.shop.models import Key, Order, OrderLedger
from addme.shop.schemas import (
    AdminOrderRead,
    PinRead,
)

log = logging.getLogger("addme.shop")


def search_orders(session: Session, *, admin: User, q: str | None) -> list[AdminOrderRead]:
    """Orders by number, e-mail or key (newest first); the latest 50 without a query."""
    stmt = select(Order).order_by(Order.id.desc()).limit(50)
    q = (q or "").strip()
    if q:
        digest = keys.code_hash(q)
        conditions = [Order.order_number == q, Order.email_normalized == accounts.normalize_email(q)]
        if digest:
            conditions.append(Order.id.in_(select(Key.order_id).where(Key.code_hash == digest)))
        stmt = stmt.where(or_(*conditions))
        audit.record(session, admin=admin, action="orders.search", target=None, details={"q": q[:100]})
        session.commit()
    rows = session.scalars(stmt).all()
    return [orders.admin_read(session, o) for o in rows]


def _crypto_order(session: Session, order_id: int) -> Order:
    order = get_or_404(session, Order, order_id, ORDER_NOT_FOUND, code=ShopCode.ORDER_NOT_FOUND)
    if order.source != Source.CRYPTO:
        raise Conflict(NOT_CRYPTO, code=ShopCode.NOT_CRYPTO)
    return order


def _record(session: Session, *, order: Order, kind: str, cents: int, note: str, admin: User) -> None:
    session.add(
        OrderLedger(order_id=order.id, kind=kind, amount_cents=cents, note=note[:300], admin_id=admin.id)
    )


def _record_payment(session: Session, *, order: Order, note: str, admin: User) -> None:
    """The money received, in the order's ledger once (a frozen order, confirmed later, keeps its entry)."""
    recorded = session.scalar(
        select(OrderLedger.id).where(OrderLedger.order_id == order.id, OrderLedger.kind == "payment")
    )
    if recorded is None:
        _record(session, order=order, kind="payment", cents=order.price_cents, note=note, admin=admin)


def _move(
    session: Session, order: Order, *, from_: Sequence[OrderStatus], refused: str, **values: object
) -> None:
    """Change the order only if it is still in one of `from_`: of two admins at once, one wins and
    the other's transaction is rolled back and refused (409, `refused`)."""
    moved = session.execute(
        update(Order).where(Order.id == order.id, Order.status.in_(list(from_))).values(**values),
        execution_options={"synchronize_session": "fetch"},
    )
    if moved.rowcount != 1:  # type: ignore[attr-defined]
        session.rollback()
        raise Conflict(refused, code=ShopCode.NOT_PENDING)


def confirm_order(session: Session, *, admin: User, order_id: int, transaction_id: str) -> AdminOrderRead:
    """Mark a direct crypto order paid (waiting or frozen), issue its keys and mail them."""
    order = _crypto_order(session, order_id)
    # Confirming one's own order would issue oneself keys for a payment no one else has checked.
    own = order.user_id == admin.id or order.email_normalized == admin.email_normalized
    refuse_self_grant(admin_id=admin.id, user_id=admin.id if own else None, what="the keys of an order")
    if orders.state_of(order) == OrderState.UNSETTLED:
        raise Conflict(UNSETTLED_REFUSED, code=ShopCode.UNSETTLED)
    before = {"status": order.status, "transaction_id": order.transaction_id}
    _move(
        session,
        order,
        from_=(OrderStatus.PENDING, OrderStatus.FROZEN),
        refused=NOT_PENDING,
        status=OrderStatus.PAID,
        confirmed_at=clock.now(),
        transaction_id=transaction_id,
    )
    _record_payment(session, order=order, note=transaction_id, admin=admin)
    count = orders.deliver(session, order=order, created_by=admin.id)
    audit.record(
        session,
        admin=admin,
        action="orders.confirm",
        target=f"order:{order.order_number}",
        reason="payment found on chain",
        before=before,
        after={"status": OrderStatus.PAID, "transaction_id": transaction_id},
        details={"transaction_id": transaction_id, "keys": count},
    )
    session.commit()
    return orders.admin_read(session, order)


def freeze_order(session: Session, *, admin: User, order_id: int, reason: str) -> AdminOrderRead:
    """Hold a crypto order whose payment arrived but cannot be accepted (wrong amount, suspicious).

    The money received is entered in the order's ledger; the order is then cancelled and refunded
    minus the fee (spec section 4: frozen orders).
    """
    order = _crypto_order(session, order_id)
    if order.transaction_id is None:
        raise Conflict(
            "Only an order whose transaction was sent can be frozen.", code=ShopCode.NO_TRANSACTION
        )
    _move(
        session,
        order,
        from_=(OrderStatus.PENDING,),
        refused=NOT_PENDING,
        status=OrderStatus.FROZEN,
        frozen_at=clock.now(),
    )
    _record_payment(session, order=order, note=order.transaction_id, admin=admin)
    audit.record(
        session,
        admin=admin,
        action="orders.freeze",
        target=f"order:{order.order_number}",
        reason=reason,
        before={"status": OrderStatus.PENDING},
        after={"status": OrderStatus.FROZEN},
    )
    words = texts.words_for(session, order)
    mail.queue(
        session,
        to=order.email,
        subject=words["frozen_subject"].format(number=order.order_number),
        body=words["frozen_body"].format(number=order.order_number, reason=reason),
    )
    session.commit()
    return orders.admin_read(session, order)


def cancel_order(
    session: Session,
    *,
    admin: User,
    order_id: int,
    reason: str | None,
    refund_transaction_id: str | None = None,
) -> AdminOrderRead:
    """Cancel a crypto order: one never paid simply ends; a frozen one is refunded minus its fee."""
    order = _crypto_order(session, order_id)
    was = OrderStatus(order.status)
    _move(
        session,
        order,
        from_=(OrderStatus.PENDING, OrderStatus.FROZEN),
        refused=NOT_FROZEN_OR_PENDING,
        status=OrderStatus.CANCELLED,
        cancelled_at=clock.now(),
    )
    refund = 0
    if was == OrderStatus.FROZEN:
        refund = order.price_cents - order.fee_cents
        note = f"Refund minus the {payments.dollars(order.fee_cents)} fee"
        if refund_transaction_id:
            note += f" ({refund_transaction_id.strip()})"
        _record(session, order=order, kind="refund", cents=-refund, note=note, admin=admin)
        words = texts.words_for(session, order)
        mail.queue(
            session,
            to=order.email,
            subject=words["refunded_subject"].format(number=order.order_number),
            body=words["refunded_body"].format(
                number=order.order_number,
                refund=payments.dollars(refund),
                currency=order.currency,
                fee=payments.dollars(order.fee_cents),
            ),
        )
    audit.record(
        session,
        admin=admin,
        action="orders.cancel",
        target=f"order:{order.order_number}",
        reason=reason or "",
        before={"status": was},
        after={"status": OrderStatus.CANCELLED, "refund_cents": refund},
        details={"reason": reason, "refund_cents": refund, "refund_transaction_id": refund_transaction_id},
    )
    session.commit()
    return orders.admin_read(session, order)


def keygen(session: Session, *, admin: User, sku: str, count: int) -> list[str]:
    """Make keys outside any order (support, giveaways); the codes are returned once, never stored."""
    if sku not in PRODUCTS:
        raise FieldError("sku", UNKNOWN_PRODUCT.format(sku=sku))
    codes = keys.issue(session, sku=sku, count=count, order_id=None, created_by=admin.id)
    audit.record(session, admin=admin, action="keys.generate", target=f"sku:{sku}", details={"count": count})
    session.commit()
    return codes


def active_pins(session: Session) -> list[PinRead]:
    """Usernames holding a Fire Pin right now, the latest-ending first; banned and deleted ones hold
    no place on the lists, so the admin's list leaves them out too (spec: /admin/pins)."""
    rows = session.scalars(
        select(Username)
        .where(
            Username.fire_pinned_until.is_not(None),
            Username.fire_pinned_until > clock.now(),
            Username.status.not_in([Status.BANNED, Status.DELETED]),
        )
        .order_by(Username.fire_pinned_until.desc())
        .limit(200)
    ).all()
    return [from_row(PinRead, u, username_id=u.id) for u in rows if u.fire_pinned_until is not None]


def orders_of_user(session: Session, *, user_id: int, limit: int = 20) -> list[AdminOrderRead]:
    """An account's latest orders (the admin's user page)."""
    rows = session.scalars(
        select(Order).where(Order.user_id == user_id).order_by(Order.id.desc()).limit(limit)
    ).all()
    return [orders.admin_read(session, o) for o in rows]
