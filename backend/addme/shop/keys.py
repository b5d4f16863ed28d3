"""Single-use product keys: made, mailed once, claimed by one conditional update."""

from __future__ import annotations

import hashlib
import logging
import secrets
from datetime import timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock, ratelimit
from addme.core.config import get_settings
from addme.core.errors import Conflict, NotFound
from addme.core.permissions import refuse_self_grant
from addme.listings import allowance
from addme.listings import service as listings
from addme.listings.constants import SLOT_CAP, UNLOCKED_BY_KEY
from addme.mail import service as mail
from addme.shop import texts
from addme.shop.codes import ShopCode
from addme.shop.constants import KEY_FAILURES, KEY_UNKNOWN, KEY_USED, ORDER_APPLIED, PRODUCTS
from addme.shop.models import Key, Order
from addme.shop.schemas import Granted, KeyApplied
from addme.trust import standing
from addme.wallet import ledger
from addme.wallet.models import Kind, Reason

log = logging.getLogger("addme.shop")

# Crockford's base32: no I, L, O or U, so a code read aloud or retyped survives. 5 groups of 5
# characters = 25 x 5 bits = 125 bits of randomness.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
GROUPS, GROUP_LEN = 5, 5
_LOOKALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code() -> str:
    """A fresh key, e.g. K7QF9-3XDPL-2M8VR-A4TZC-W6N0B."""
    chars = "".join(secrets.choice(ALPHABET) for _ in range(GROUPS * GROUP_LEN))
    return "-".join(chars[i : i + GROUP_LEN] for i in range(0, len(chars), GROUP_LEN))


def canonical(code: str) -> str | None:
    """The form a key is hashed in: upper case, no dashes or spaces, look-alikes folded; None if malformed."""
    flat = "".join(code.split()).replace("-", "").upper().translate(_LOOKALIKES)
    if len(flat) != GROUPS * GROUP_LEN or any(ch not in ALPHABET for ch in flat):
        return None
    return flat


def code_hash(code: str) -> str | None:
    """SHA-256 of the canonical key (what is stored), or None for a malformed one."""
    flat = canonical(code)
    return hashlib.sha256(flat.encode()).hexdigest() if flat else None


def _new_key(*, sku: str, order_id: int | None, created_by: int | None) -> tuple[Key, str]:
    code = new_code()
    flat = canonical(code)
    assert flat is not None
    return (
        Key(
            code_hash=hashlib.sha256(flat.encode()).hexdigest(),
            last4=flat[-4:],
            sku=sku,
            order_id=order_id,
            created_by=created_by,
        ),
        code,
    )


def issue(
    session: Session, *, sku: str, count: int, order_id: int | None, created_by: int | None
) -> list[str]:
    """Create `count` keys for a product; returns the codes (shown or mailed once, then only hashes)."""
    codes: list[str] = []
    for _ in range(count):
        key, code = _new_key(sku=sku, order_id=order_id, created_by=created_by)
        session.add(key)
        codes.append(code)
    session.flush()
    return codes


def mail_keys(session: Session, *, order: Order, codes: list[tuple[str, str]], resent: bool = False) -> None:
    """Queue the order's keys to its e-mail (in the caller's transaction): (sku, code) pairs."""
    settings = get_settings()
    words = texts.words_for(session, order)
    lines = "\n".join(f"- {PRODUCTS[sku].name}: {code}" for sku, code in codes)
    mail.queue(
        session,
        to=order.email,
        subject=words["keys_subject"].format(site=settings.site_name, number=order.order_number),
        body=words["keys_body"].format(
            intro=words["keys_intro_resent" if resent else "keys_intro"],
            lines=lines,
            link=f"{settings.site_url.rstrip('/')}/user/orders",
            number=order.order_number,
        ),
    )


def apply(session: Session, *, user: User, code: str) -> KeyApplied:
    """Claim a key for the account and grant its product once; a used key or a lost race is 409."""
    bucket = str(user.id)
    ratelimit.check(KEY_FAILURES, "key-fail", bucket)
    digest = code_hash(code)
    key = session.scalar(select(Key).where(Key.code_hash == digest)) if digest else None
    if key is None or key.sku not in PRODUCTS:
        ratelimit.hit(KEY_FAILURES, "key-fail", bucket)
        raise NotFound(KEY_UNKNOWN, code=ShopCode.KEY_UNKNOWN)
    # A key an admin made (keygen, or an order they confirmed) is never theirs to apply.
    refuse_self_grant(admin_id=user.id, user_id=key.created_by, what="a key you generated")
    now = clock.now()
    claimed = session.execute(
        update(Key)
        .where(Key.code_hash == digest, Key.redeemed_at.is_(None))
        .values(redeemed_at=now, redeemed_by=user.id),
        execution_options={"synchronize_session": False},
    )
    if claimed.rowcount != 1:  # type: ignore[attr-defined]
        session.rollback()
        ratelimit.hit(KEY_FAILURES, "key-fail", bucket)
        raise Conflict(KEY_USED, code=ShopCode.KEY_USED)
    product = PRODUCTS[key.sku]
    # The ledger row keyed "key:{id}" is the second guard: even a claim that slipped through twice
    # cannot credit twice.
    kind = Kind.FIRE_PIN if product.fire_pins else Kind.TOP_UP
    amount = product.fire_pins or product.top_ups
    if not ledger.credit(
        session,
        user_id=user.id,
        kind=kind,
        amount=amount,
        reason=Reason.KEY,
        unique_key=f"key:{key.id}",
        key_id=key.id,
        order_id=key.order_id,
    ):
        session.rollback()
        raise Conflict(KEY_USED, code=ShopCode.KEY_USED)
    ending = None
    if product.entitlement:
        ending = ledger.extend_entitlement(
            session,
            user=user,
            entitlement=ledger.Entitlement(product.entitlement),
            duration=timedelta(days=product.days),
        )
    # "Only a purchase key unlocks": every rejected username goes back to review.
    unlocked = listings.unlock_rejected(session, user_id=user.id, review_reason=UNLOCKED_BY_KEY)
    if unlocked:
        # "...and adds a pending slot if needed": the usernames a key unlocks must fit the account,
        # or they would sit over the limit after review (up to the 5-slot cap).
        live = allowance.count_active(session, user_id=user.id)
        if live > allowance.effective_max(user):
            ledger.fit_slots(session, user=user, live=live, cap=SLOT_CAP)
    order = session.get(Order, key.order_id) if key.order_id else None
    if order is not None:
        if order.user_id is None:
            order.user_id = user.id
        if ending is not None:
            order.ending_at = ending
    ledger.record_purchase(session, user=user)
    if product.releases_hopping:
        standing.lift_hopping(session, user=user)
    # The listings' verbs above (a VIP end moved, usernames unlocked) marked the session: their
    # cached lists go stale on this commit, with nothing left for the shop to remember.
    session.commit()
    log.info("key %s applied by user %s", key.id, user.id)
    return KeyApplied(
        message=ORDER_APPLIED,
        sku=product.sku,
        product=product.name,
        order_number=order.order_number if order else None,
        granted=Granted(
            top_ups=product.top_ups,
            fire_pins=product.fire_pins,
            entitlement=product.entitlement,
            ending_at=ending,
            usernames_unlocked=int(unlocked or 0),
        ),
    )


def rotate_unredeemed(session: Session, *, order: Order) -> list[tuple[str, str]]:
    """New codes for the order's keys not yet applied (the old codes stop working): (sku, code)."""
    rotated: list[tuple[str, str]] = []
    keys = session.scalars(select(Key).where(Key.order_id == order.id, Key.redeemed_at.is_(None))).all()
    for key in keys:
        fresh, code = _new_key(sku=key.sku, order_id=order.id, created_by=None)
        changed = session.execute(
            update(Key)
            .where(Key.id == key.id, Key.redeemed_at.is_(None))
            .values(code_hash=fresh.code_hash, last4=fresh.last4),
            execution_options={"synchronize_session": False},
        )
        if changed.rowcount == 1:  # type: ignore[attr-defined]
            rotated.append((key.sku, code))
    return rotated
