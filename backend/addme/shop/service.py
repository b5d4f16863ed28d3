"""The shop: catalogue, direct crypto orders, card orders by webhook, keys, and the admin's tools.

Prices and products always come from `constants.PRODUCTS`, never from a request.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta

from pydantic import ValidationError
from sqlalchemy import ColumnElement, and_, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.accounts.models import User
from addme.core import clock, ratelimit
from addme.core.config import get_settings
from addme.core.db import insert_once
from addme.core.errors import AppError, Conflict, FieldError, NotFound, Unauthorized
from addme.core.paging import exact_page
from addme.core.schemas import Page, from_row
from addme.shop import checkout, keys, orders, payments

# Other domains read a member's orders through the service (architecture.md).
from addme.shop.admin import orders_of_user as orders_of_user
from addme.shop.codes import ShopCode
from addme.shop.constants import (
    BAD_TRANSACTION,
    CARD_DECLINED,
    CARD_PAID,
    CHECKOUT_OFF,
    CRYPTO_FEES,
    CRYPTO_NOTE,
    CRYPTO_UNAVAILABLE,
    DELIVERY_NOTE,
    DIRECT_ORDER_LIMIT,
    MISSING_KEY_LIMIT,
    MISSING_KEY_SENT,
    NETWORKS,
    NOT_PENDING,
    ORDER_NOT_FOUND,
    PRODUCTS,
    TEST_CARD_DECLINED,
    TEST_CARD_OK,
    TEST_CARD_ONLY,
    UNKNOWN_PRODUCT,
    UNSETTLED_REFUSED,
    Network,
    OrderState,
    OrderStatus,
    Product,
    Source,
)
from addme.shop.models import Order, OrderItem, WebhookEvent
from addme.shop.schemas import (
    Catalogue,
    CryptoFee,
    DirectOrderRead,
    ItemIn,
    KeyApplied,
    LocalCheckoutIn,
    LocalCheckoutRead,
    OrderRead,
    PaymentInstructions,
    ProductRead,
    ShopifyOrder,
)

log = logging.getLogger("addme.shop")


def catalogue() -> Catalogue:
    """Every product with its card and crypto price and its card checkout link."""
    settings = get_settings()
    card = checkout.provider()
    return Catalogue(
        products=[
            ProductRead(
                sku=p.sku,
                name=p.name,
                card_price=payments.dollars(p.card_cents),
                crypto_price=payments.dollars(p.crypto_cents),
                top_ups=p.top_ups,
                fire_pins=p.fire_pins,
                entitlement=p.entitlement,
                days=p.days,
                checkout_url=card.checkout_url(p.sku),
            )
            for p in PRODUCTS.values()
        ],
        crypto_fees=[CryptoFee(min_keys=k, percent=pct) for k, pct in sorted(CRYPTO_FEES)],
        networks=[n.value for n in Network if _address(n)],
        delivery_note=DELIVERY_NOTE,
        crypto_contact_url=settings.crypto_contact_url or None,
        card_checkout=card.name,
        test_mode=card.test_mode,
    )


def _address(network: Network) -> str:
    settings = get_settings()
    if network == Network.SOLANA:
        return settings.crypto_solana_address
    return settings.crypto_bep20_address if network == Network.BEP20 else settings.crypto_erc20_address


# -- direct crypto orders ---------------------------------------------------------------------------


def _lines(items: Sequence[ItemIn]) -> list[tuple[Product, int]]:
    merged: dict[str, int] = {}
    for item in items:
        if item.sku not in PRODUCTS:
            raise FieldError("items", UNKNOWN_PRODUCT.format(sku=item.sku))
        merged[item.sku] = merged.get(item.sku, 0) + item.quantity
    if sum(merged.values()) > 50:
        raise FieldError("items", "An order holds at most 50 keys.")
    return [(PRODUCTS[sku], q) for sku, q in merged.items()]


def create_direct_order(
    session: Session, *, email: str, items: Sequence[ItemIn], network: Network, ip: str
) -> DirectOrderRead:
    """A pending crypto order with its total (fee included) and how to pay it."""
    ratelimit.hit(DIRECT_ORDER_LIMIT, "direct-order", ip)
    lines = _lines(items)
    address = _address(network)
    if not address:
        raise AppError(CRYPTO_UNAVAILABLE, code=ShopCode.NETWORK_UNAVAILABLE)
    percent = payments.crypto_fee_percent(sum(q for _, q in lines))
    order = orders.create_order(
        session,
        source=Source.CRYPTO,
        status=OrderStatus.PENDING,
        email=email,
        lines=lines,
        fee_percent=percent,
        network=network,
        pay_address=address,
        pay_reference=payments.new_reference() if network == Network.SOLANA else None,
        token=secrets.token_urlsafe(24),
    )
    session.commit()
    return _direct_read(session, order)


def _instructions(order: Order) -> PaymentInstructions:
    net = NETWORKS[Network(order.network or "")]
    amount = payments.dollars(order.price_cents)
    address = order.pay_address or ""
    if order.network == Network.SOLANA:
        url = payments.solana_pay_url(
            recipient=address,
            amount=amount,
            spl_token=str(net["contract"]),
            reference=order.pay_reference or "",
            label=get_settings().site_name,
            message=f"Order #{order.order_number}",
        )
    else:
        url = payments.eip681_url(
            token_contract=str(net["contract"]),
            chain_id=int(str(net["chain_id"])),
            recipient=address,
            amount=amount,
            decimals=int(str(net["decimals"])),
        )
    return PaymentInstructions(
        network=str(order.network),
        chain=str(net["chain"]),
        chain_id=net["chain_id"],
        token=str(net["token"]),
        token_contract=str(net["contract"]),
        address=address,
        amount=amount,
        url=url,
        reference=order.pay_reference,
        note=CRYPTO_NOTE.format(amount=amount, token=net["token"], chain=net["chain"]),
    )


def _direct_read(session: Session, order: Order) -> DirectOrderRead:
    items = session.scalars(
        select(OrderItem).where(OrderItem.order_id == order.id).order_by(OrderItem.id)
    ).all()
    return from_row(
        DirectOrderRead,
        order,
        items=[orders.item_read(i) for i in items],
        subtotal=payments.dollars(order.price_cents - order.fee_cents),
        fee_percent=payments.crypto_fee_percent(sum(i.quantity for i in items) or 1),
        fee=payments.dollars(order.fee_cents),
        total=payments.dollars(order.price_cents),
        payment=_instructions(order),
        token=order.token or "",
        state=orders.state_of(order),
        ledger=orders.ledger_of(session, order),
    )


def _by_token(session: Session, token: str) -> Order:
    order = session.scalar(select(Order).where(Order.token == token, Order.source == Source.CRYPTO))
    if order is None:
        raise NotFound(ORDER_NOT_FOUND, code=ShopCode.ORDER_NOT_FOUND)
    return order


def direct_order(session: Session, *, token: str) -> DirectOrderRead:
    """A direct crypto order as its buyer sees it from their private link."""
    return _direct_read(session, _by_token(session, token))


# What each network's transaction ids look like: an EVM hash, or a Solana signature in base58.
_TX_PATTERNS = {
    Network.SOLANA: re.compile(r"^[1-9A-HJ-NP-Za-km-z]{64,90}$"),
    Network.BEP20: re.compile(r"^0x[0-9a-fA-F]{64}$"),
    Network.ERC20_USDC: re.compile(r"^0x[0-9a-fA-F]{64}$"),
    Network.ERC20_USDT: re.compile(r"^0x[0-9a-fA-F]{64}$"),
}


def submit_transaction(session: Session, *, token: str, transaction_id: str) -> DirectOrderRead:
    """The buyer says which transaction paid the order; an admin then checks it and confirms.

    Sending it again replaces a mistyped id while the order still waits; after 24 hours without one,
    the order is unsettled and not processed (spec section 4).
    """
    order = _by_token(session, token)
    txid = transaction_id.strip()
    network = Network(order.network or Network.SOLANA)
    if not _TX_PATTERNS[network].match(txid):
        raise FieldError("transaction_id", BAD_TRANSACTION.format(chain=NETWORKS[network]["chain"]))
    state = orders.state_of(order)
    if state == OrderState.UNSETTLED:
        raise Conflict(UNSETTLED_REFUSED, code=ShopCode.UNSETTLED)
    if state not in (OrderState.AWAITING_PAYMENT, OrderState.TRANSACTION_SENT):
        raise Conflict(NOT_PENDING, code=ShopCode.NOT_PENDING)
    order.transaction_id = txid
    order.transaction_sent_at = clock.now()
    session.commit()
    read = _direct_read(session, order)
    log.info("order %s: transaction id sent", order.order_number)
    return read


# -- the local card checkout ------------------------------------------------------------------------


def local_checkout(session: Session, *, body: LocalCheckoutIn, ip: str) -> LocalCheckoutRead:
    """Take a test-card payment and send the shop's signed orders/paid webhook, as the real shop does.

    Only the local provider has this page; with the hosted shop it is not found. No money moves, so
    only the documented test cards are accepted.
    """
    provider = checkout.provider()
    if not provider.test_mode:
        raise NotFound(CHECKOUT_OFF, code=ShopCode.CHECKOUT_OFF)
    ratelimit.hit(DIRECT_ORDER_LIMIT, "local-checkout", ip)
    product = PRODUCTS.get(body.sku)
    if product is None:
        raise FieldError("sku", UNKNOWN_PRODUCT.format(sku=body.sku))
    number = re.sub(r"[\s-]", "", body.card_number)
    if not checkout.luhn_ok(number):
        raise FieldError("card_number", "This card number is not valid.")
    if number == TEST_CARD_DECLINED:
        raise AppError(CARD_DECLINED, code=ShopCode.CARD_DECLINED, status_code=402)
    if number != TEST_CARD_OK:
        raise FieldError("card_number", TEST_CARD_ONLY)
    shop_id, raw = checkout.orders_paid_payload(
        email=str(body.email), sku=product.sku, quantity=body.quantity
    )
    secret = get_settings().shop_webhook_secret
    outcome = receive_webhook(
        session,
        raw=raw,
        signature=payments.shopify_signature(raw, secret),
        webhook_id=f"{shop_id}-paid",
        topic="orders/paid",
    )
    order = session.scalar(select(Order).where(Order.shopify_order_id == shop_id))
    if outcome != "created" or order is None:
        raise AppError("Sorry, something went wrong.", code=ShopCode.CHECKOUT_FAILED, status_code=503)
    return LocalCheckoutRead(
        order_number=order.order_number,
        email=order.email,
        product=order.product,
        total=payments.dollars(order.price_cents),
        message=CARD_PAID.format(email=order.email),
    )


# -- card orders by webhook -------------------------------------------------------------------------


def receive_webhook(
    session: Session, *, raw: bytes, signature: str | None, webhook_id: str | None, topic: str | None
) -> str:
    """Handle Shopify's orders/paid: one order and its keys per event, however often it is delivered.

    Answers what happened ("created", "duplicate", "ignored", "no_items"); a bad signature is 401 and
    writes nothing.
    """
    if not payments.signature_ok(raw, signature, get_settings().shop_webhook_secret):
        raise Unauthorized("Invalid webhook signature.", code=ShopCode.BAD_SIGNATURE)
    if not webhook_id:
        raise AppError("Missing X-Shopify-Webhook-Id header.", code=ShopCode.MISSING_WEBHOOK_ID)
    if topic and topic != "orders/paid":
        return "ignored"
    try:
        payload = ShopifyOrder.model_validate_json(raw)
    except ValidationError as exc:
        raise AppError("Invalid order payload.", code=ShopCode.BAD_PAYLOAD) from exc
    # Inserted first, in the order's transaction: a concurrent twin waits here, then inserts nothing.
    if not insert_once(
        session,
        WebhookEvent,
        {"webhook_id": webhook_id[:100], "topic": topic, "received_at": clock.now()},
        conflict=["webhook_id"],
    ):
        session.rollback()
        return "duplicate"
    shopify_id = str(payload.id)
    if session.scalar(select(Order.id).where(Order.shopify_order_id == shopify_id)) is not None:
        session.commit()
        return "duplicate"
    lines: list[tuple[Product, int]] = []
    for line in payload.line_items:
        product = PRODUCTS.get(line.sku or "")
        if product is None:
            log.warning("webhook %s: unknown SKU %r ignored", webhook_id, line.sku)
        elif line.quantity > 0:
            lines.append((product, min(line.quantity, 50)))
    email = payload.email or payload.contact_email
    if not lines or not email:
        log.warning("webhook %s: no known product or no e-mail; nothing delivered", webhook_id)
        session.commit()
        return "no_items"
    try:
        order = orders.create_order(
            session,
            source=Source.CARD,
            status=OrderStatus.PAID,
            email=email,
            lines=lines,
            preferred_number=str(payload.order_number) if payload.order_number is not None else None,
            shopify_order_id=shopify_id,
            confirmed_at=clock.now(),
        )
    except IntegrityError:
        # The same Shopify order under another event id, committed a moment ago.
        session.rollback()
        return "duplicate"
    orders.deliver(session, order=order)
    session.execute(
        update(WebhookEvent).where(WebhookEvent.webhook_id == webhook_id[:100]).values(order_id=order.id)
    )
    session.commit()
    return "created"


# -- members ----------------------------------------------------------------------------------------


def apply_key(session: Session, *, user: User, code: str) -> KeyApplied:
    """Apply a key to the account (see keys.apply)."""
    return keys.apply(session, user=user, code=code)


# /user/orders shows what is current: the last 90 days and every order whose entitlement still runs;
# /user/ordersold pages through the rest (docs/decisions.md, "Upkeep").
RECENT_ORDERS = timedelta(days=90)


def _current(now: datetime) -> ColumnElement[bool]:
    return or_(
        Order.created_at >= now - RECENT_ORDERS, and_(Order.ending_at.is_not(None), Order.ending_at > now)
    )


def my_orders(session: Session, *, user: User) -> list[OrderRead]:
    """The current orders linked to the account (by an applied key), newest first."""
    rows = session.scalars(
        select(Order)
        .where(Order.user_id == user.id, _current(clock.now()))
        .order_by(Order.id.desc())
        .limit(200)
    ).all()
    return [orders.order_read(session, o) for o in rows]


def my_old_orders(session: Session, *, user: User, page: int, per_page: int) -> Page[OrderRead]:
    """The account's older orders (over 90 days and nothing still running), newest first, paged."""
    stmt = select(Order).where(Order.user_id == user.id, ~_current(clock.now()))
    order = (Order.created_at.desc(), Order.id.desc())
    rows, meta = exact_page(session, stmt, order=order, page=page, per_page=per_page)
    return Page[OrderRead](data=[orders.order_read(session, o) for o in rows], meta=meta)


def resend_keys(session: Session, *, order_number: str, email: str, ip: str) -> str:
    """Send a paid order's keys again to its own e-mail; the answer never says whether it matched.

    Only hashes are stored, so the keys not yet applied get new codes (the old ones stop working)
    and those go out; applied keys are listed as applied.
    """
    ratelimit.hit(MISSING_KEY_LIMIT, "missing-key", ip)
    ratelimit.hit(MISSING_KEY_LIMIT, "missing-key-order", order_number)
    order = session.scalar(select(Order).where(Order.order_number == order_number))
    if (
        order is not None
        and order.status == OrderStatus.PAID
        and order.email_normalized == accounts.normalize_email(email)
    ):
        pairs = keys.rotate_unredeemed(session, order=order)
        if pairs:
            keys.mail_keys(session, order=order, codes=pairs, resent=True)
        session.commit()
    return MISSING_KEY_SENT
