"""The wallet's member actions: Top-Up, Fire Pin, slots, free Top-Ups and the wallet page.

Each action commits and answers the spec's {success, message} (plus a stable `code`); the balance
primitives other domains use (credit, spend, extend_entitlement...) live in `ledger`, which they
import themselves.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Concatenate, ParamSpec

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.core.errors import AppError, NotFound
from addme.listings import allowance
from addme.listings import service as listings
from addme.listings.models import Username
from addme.wallet import ledger
from addme.wallet.codes import WalletCode
from addme.wallet.models import IdempotentAnswer, Kind, LedgerEntry, Reason, Wallet, WalletState
from addme.wallet.schemas import Entitlement as EntitlementRead
from addme.wallet.schemas import (
    Entitlements,
    FreeTopUpStatus,
    SlotOffer,
    VipDailyStatus,
    WalletActionResult,
    WalletRead,
)

log = logging.getLogger("addme.wallet")
P = ParamSpec("P")

FIRE_PIN_DURATION = timedelta(minutes=15)
SLOT_CAP = 5
FREE_BEFORE_PURCHASE = 3
FREE_BETWEEN_PURCHASES = 10
FREE_GAP = timedelta(hours=8)
FREE_PER_DAY = 5
DAY = timedelta(hours=24)

TOPPED_UP = "Username topped up."
TOPPED_UP_VIP = "Username topped up with a free VIP daily Top-Up ({left} left today)."
NOT_ENOUGH_TOPUP = "Not enough Top-Up"
TOPUP_FAILED = "Top-Up Failed"
FIRE_PINNED = "Username pinned on fire: it stays at the top for 15 minutes."
NOT_ENOUGH_FIRE_PIN = "Not enough Fire Pins"
FIRE_PIN_FAILED = "Fire Pin Failed"
SOMETHING_WRONG = "Sorry, something went wrong."
NOT_FOUND = "Username could not be found or connexion failed."
SLOT_ADDED = "Username slot added. You can now list {n} usernames."
SLOT_OVER_LIMIT = "Unlock or reactivate your disabled usernames before buying a new slot."
SLOT_AT_MAX = "You have reached the maximum of 5 usernames. A Studio account lists up to 25."
SLOT_STUDIO = "Your Studio account already lists up to 25 usernames."
SLOT_IN_PROGRESS = "This purchase is already being processed."
SLOT_ACTION = "add-slot"
FREE_CLAIMED = "You got a free Top-Up."
FREE_HIGH_RISK = (
    "Free Top-Ups are not available on a high-risk connection (VPN, proxy or anonymised session). "
    "Turn it off and log in again. Paid Top-Ups still work."
)
FREE_HOPPING = (
    "Free Top-Ups are blocked on this account (account hopping) until {until}, or until you buy "
    "Top-Ups or VIP."
)
FREE_USED_NEW = "You have claimed your 3 free Top-Ups. Buy a pack and you can claim 10 more."
FREE_USED = "You have claimed your 10 free Top-Ups since your last purchase. Buy a pack to claim 10 more."
FREE_TOO_SOON = "Your next free Top-Up is available in {wait}."
FREE_CHECK_IN = "Check in (or log in again) to claim your next free Top-Up."
FREE_DAILY = "You can claim up to 5 free Top-Ups per 24 hours. Next one in {wait}."


def ok(message: str) -> WalletActionResult:
    return WalletActionResult(success=True, message=message)


def fail(message: str, *, code: WalletCode, next_at: datetime | None = None) -> WalletActionResult:
    return WalletActionResult(success=False, message=message, code=code, next_at=next_at)


def refusal(message: str, *, code: WalletCode, next_at: datetime | None = None) -> AppError:
    """A refused action outside the spec's {success, message} calls: a 400 envelope, with when to retry."""
    extra = {"next_at": next_at.replace(tzinfo=UTC).isoformat().replace("+00:00", "Z")} if next_at else None
    return AppError(message, code=code, extra=extra)


def guarded(
    fn: Callable[Concatenate[Session, P], WalletActionResult],
) -> Callable[Concatenate[Session, P], WalletActionResult]:
    """An unexpected failure answers the spec's "Sorry, something went wrong." and changes nothing.

    Refusals (AppError) and an unreachable database (503) keep their own answers.
    """

    @functools.wraps(fn)
    def _run(session: Session, /, *args: P.args, **kwargs: P.kwargs) -> WalletActionResult:
        try:
            return fn(session, *args, **kwargs)
        except (AppError, OperationalError, PoolTimeout):
            session.rollback()
            raise
        except Exception:
            session.rollback()
            log.exception("wallet action %s failed", fn.__name__)
            return fail(SOMETHING_WRONG, code=WalletCode.ERROR)

    return _run


def _wait(delta: timedelta) -> str:
    minutes = max(1, int(delta.total_seconds() + 59) // 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


# -- member actions ---------------------------------------------------------------------------------


def own_username(session: Session, *, user: User, username_id: int) -> Username:
    """The caller's own username (listings' one lookup), else 404 in the wallet's words."""
    try:
        return listings.get_own(session, user=user, username_id=username_id)
    except NotFound:
        raise NotFound(NOT_FOUND, code=WalletCode.USERNAME_NOT_FOUND) from None


@guarded
def topup(session: Session, *, user: User, username_id: int) -> WalletActionResult:
    """Move an approved username to the top: a VIP daily Top-Up first, else a paid one."""
    username = own_username(session, user=user, username_id=username_id)
    if username.status != "approved":
        return fail(TOPUP_FAILED, code=WalletCode.NOT_APPROVED)
    now = clock.now()
    left = ledger.use_vip_daily(session, user_id=user.id, now=now) if user.is_vip else None
    if left is not None:
        ledger.record_free_use(session, user_id=user.id, reason=Reason.VIP_DAILY, username_id=username.id)
        message = TOPPED_UP_VIP.format(left=left)
    elif ledger.spend(
        session, user_id=user.id, kind=Kind.TOP_UP, reason=Reason.SPEND_TOPUP, username_id=username.id
    ):
        message = TOPPED_UP
    else:
        session.rollback()
        return fail(NOT_ENOUGH_TOPUP, code=WalletCode.NOT_ENOUGH_TOPUPS)
    listings.mark_topped_up(session, username_id=username.id, at=now)
    ledger.wallet_of(session, user=user).last_top_up = now
    session.commit()
    return ok(message)


@guarded
def fire_pin(session: Session, *, user: User, username_id: int) -> WalletActionResult:
    """Hold an approved username first in its lists for 15 minutes (a running pin is extended)."""
    username = own_username(session, user=user, username_id=username_id)
    if username.status != "approved":
        raise AppError(FIRE_PIN_FAILED, code=WalletCode.NOT_APPROVED)
    if not ledger.spend(
        session, user_id=user.id, kind=Kind.FIRE_PIN, reason=Reason.SPEND_FIRE_PIN, username_id=username.id
    ):
        raise AppError(NOT_ENOUGH_FIRE_PIN, code=WalletCode.NOT_ENOUGH_FIRE_PINS)
    now = clock.now()
    current = username.fire_pinned_until
    listings.pin_until(session, username=username, until=max(now, current or now) + FIRE_PIN_DURATION)
    session.commit()
    return ok(FIRE_PINNED)


def slot_offer(session: Session, *, user: User) -> tuple[int | None, WalletCode | None, str | None]:
    """(price, refusal code, refusal message): the spec's three states of the slot modal."""
    if user.is_studio:
        return None, WalletCode.STUDIO, SLOT_STUDIO
    if user.max_usernames >= SLOT_CAP:
        return None, WalletCode.MAX_REACHED, SLOT_AT_MAX
    if allowance.count_active(session, user_id=user.id) > user.max_usernames:
        return None, WalletCode.OVER_LIMIT, SLOT_OVER_LIMIT
    return 2 * user.max_usernames, None, None


@guarded
def add_slot(session: Session, *, user: User, key: str | None = None) -> WalletActionResult:
    """Buy one more username slot for 2 x the current slot count in Top-Ups (up to 5).

    With an Idempotency-Key, the first answer is kept with the purchase (same transaction) and a
    repeat of the key replays it: ten clicks that send one key buy one slot, even all at once.
    """
    if key is None:
        result = _buy_slot(session, user=user)
        if result.success:
            session.commit()
        return result
    replay = _answer_for(session, user_id=user.id, key=key)
    if replay is not None:
        return replay
    # Claimed first: a concurrent request with the same key waits on the unique index here, then
    # fails and replays this one's answer.
    claim = IdempotentAnswer(user_id=user.id, action=SLOT_ACTION, key=key)
    session.add(claim)
    try:
        session.flush()
    except IntegrityError:
        session.rollback()
        return _answer_for(session, user_id=user.id, key=key) or fail(SOMETHING_WRONG, code=WalletCode.ERROR)
    result = _buy_slot(session, user=user)
    if result.success:
        claim.answer = result.model_dump(mode="json")
        session.commit()
        return result
    # A refusal bought nothing (rolled back with the claim): kept too, so a repeat answers the same.
    session.add(
        IdempotentAnswer(user_id=user.id, action=SLOT_ACTION, key=key, answer=result.model_dump(mode="json"))
    )
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
    return result


def _answer_for(session: Session, *, user_id: int, key: str) -> WalletActionResult | None:
    """The kept answer for this key, waiting a moment for one still being written."""
    stmt = select(IdempotentAnswer.answer).where(
        IdempotentAnswer.user_id == user_id,
        IdempotentAnswer.action == SLOT_ACTION,
        IdempotentAnswer.key == key,
    )
    found = session.execute(stmt).first()
    session.rollback()  # no transaction stays open (nor a snapshot hides the other's commit)
    if found is None:
        return None
    if found[0] is None:  # claimed by a request that has not committed: this one never buys
        return fail(SLOT_IN_PROGRESS, code=WalletCode.IN_PROGRESS)
    return WalletActionResult.model_validate(found[0])


def _buy_slot(session: Session, *, user: User) -> WalletActionResult:
    """The purchase itself, flushed, not committed; a refusal rolls back."""
    price, code, refusal = slot_offer(session, user=user)
    if price is None:
        session.rollback()
        return fail(refusal or SOMETHING_WRONG, code=code or WalletCode.ERROR)
    current = user.max_usernames
    ledger.wallet_of(session, user=user)
    # Priced on `current`: if a concurrent buy moved it, this one changes nothing.
    raised = session.execute(
        update(Wallet)
        .where(Wallet.user_id == user.id, Wallet.max_usernames == current)
        .values(max_usernames=current + 1, username_slots=current),
        execution_options={"synchronize_session": "fetch"},
    )
    if raised.rowcount != 1:  # type: ignore[attr-defined]
        session.rollback()
        return fail(SOMETHING_WRONG, code=WalletCode.ERROR)
    if not ledger.spend(session, user_id=user.id, kind=Kind.TOP_UP, reason=Reason.SLOT, amount=price):
        session.rollback()
        return fail(NOT_ENOUGH_TOPUP, code=WalletCode.NOT_ENOUGH_TOPUPS)
    return ok(SLOT_ADDED.format(n=current + 1))


# -- free Top-Ups -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class FreeCheck:
    code: WalletCode | None
    reason: str | None
    next_at: datetime | None
    left: int


def checked_in_at(session: Session, *, user: User) -> datetime | None:
    """The account's latest check-in: a username Check-in (location) or a sign-in, whichever is later."""
    latest = session.scalar(select(func.max(Username.checked_in_at)).where(Username.user_id == user.id))
    times = [t for t in (latest, user.last_login_at) if t is not None]
    return max(times) if times else None


def last_purchase_at(session: Session, *, user_id: int) -> datetime | None:
    """When the account last applied a purchase key (None if never)."""
    row = session.get(WalletState, user_id)
    return row.last_purchase_at if row else None


def free_topup_check(session: Session, *, user: User) -> FreeCheck:
    """Whether the account may claim a free Top-Up now, and if not why and when.

    Rules: 3 claims in total before any purchase, 10 between two purchases; a further claim needs
    8 hours since the last one AND a check-in since it, where a check-in is the spec's username
    Check-in action or a fresh sign-in (both prove the member came back; neither can be scripted
    from a stolen long-lived token alone); at most 5 per 24 hours; none for high-risk or
    hopping-restricted accounts.
    """
    now = clock.now()
    if user.high_risk:
        return FreeCheck(WalletCode.HIGH_RISK, FREE_HIGH_RISK, None, 0)
    until = user.hopping_restricted_until
    if until is not None and until > now:
        return FreeCheck(
            WalletCode.HOPPING_RESTRICTED, FREE_HOPPING.format(until=f"{until:%Y-%m-%d %H:%M} UTC"), until, 0
        )
    row = session.get(WalletState, user.id)
    since = row.last_purchase_at if row else None
    claims = select(LedgerEntry.created_at).where(
        LedgerEntry.user_id == user.id, LedgerEntry.reason == Reason.FREE_TOPUP
    )
    if since is not None:
        claims = claims.where(LedgerEntry.created_at > since)
    used = int(session.scalar(select(func.count()).select_from(claims.subquery())) or 0)
    left = (FREE_BETWEEN_PURCHASES if since else FREE_BEFORE_PURCHASE) - used
    if left <= 0:
        return FreeCheck(WalletCode.LIMIT_REACHED, FREE_USED if since else FREE_USED_NEW, None, 0)
    last = user.last_free_topup
    if last is not None:
        if now < last + FREE_GAP:
            nxt = last + FREE_GAP
            return FreeCheck(WalletCode.TOO_SOON, FREE_TOO_SOON.format(wait=_wait(nxt - now)), nxt, left)
        seen = checked_in_at(session, user=user)
        if seen is None or seen <= last:
            return FreeCheck(WalletCode.CHECK_IN_REQUIRED, FREE_CHECK_IN, None, left)
    today = session.scalars(
        claims.where(LedgerEntry.created_at > now - DAY).order_by(LedgerEntry.created_at.desc())
    ).all()
    if len(today) >= FREE_PER_DAY:
        nxt = today[FREE_PER_DAY - 1] + DAY
        return FreeCheck(WalletCode.DAILY_LIMIT, FREE_DAILY.format(wait=_wait(nxt - now)), nxt, left)
    return FreeCheck(None, None, None, left)


@guarded
def claim_free_topup(session: Session, *, user: User) -> WalletActionResult:
    """Credit one free Top-Up if the rules allow it now."""
    check = free_topup_check(session, user=user)
    if check.code is not None:
        raise refusal(check.reason or SOMETHING_WRONG, code=check.code, next_at=check.next_at)
    now = clock.now()
    ledger.wallet_of(session, user=user)
    # The 8-hour gap is the race guard: of two claims at once, only one moves last_free_topup.
    claimed = session.execute(
        update(Wallet)
        .where(
            Wallet.user_id == user.id,
            (Wallet.last_free_topup.is_(None)) | (Wallet.last_free_topup <= now - FREE_GAP),
        )
        .values(last_free_topup=now),
        execution_options={"synchronize_session": "fetch"},
    )
    if claimed.rowcount != 1:  # type: ignore[attr-defined]
        session.rollback()
        return fail(
            FREE_TOO_SOON.format(wait=_wait(FREE_GAP)), code=WalletCode.TOO_SOON, next_at=now + FREE_GAP
        )
    ledger.credit(session, user_id=user.id, kind=Kind.TOP_UP, amount=1, reason=Reason.FREE_TOPUP)
    session.commit()
    return ok(FREE_CLAIMED)


# -- the wallet page --------------------------------------------------------------------------------


def _entitlement(end: datetime | None) -> EntitlementRead:
    return EntitlementRead(active=end is not None and end > clock.now(), ending_at=end)


def wallet_read(session: Session, *, user: User) -> WalletRead:
    """Balances, free Top-Up eligibility, VIP daily Top-Ups left and entitlements with end dates."""
    check = free_topup_check(session, user=user)
    price, _code, refusal = slot_offer(session, user=user)
    remaining, resets_at = ledger.vip_daily_left(session, user=user)
    return WalletRead(
        top_ups_count=user.top_ups_count,
        fire_pins_count=user.fire_pins_count,
        max_usernames=ledger.slot_limit(user),
        usernames_count=allowance.count_active(session, user_id=user.id),
        slot=SlotOffer(offered=price is not None, price=price, reason=refusal),
        free_topup=FreeTopUpStatus(
            available=check.code is None,
            code=check.code,
            reason=check.reason,
            next_at=check.next_at,
            claims_left=check.left,
        ),
        vip_daily=VipDailyStatus(active=user.is_vip, remaining=remaining, resets_at=resets_at),
        entitlements=Entitlements(
            vip=_entitlement(user.promotion_ending_at),
            studio=_entitlement(user.studio_ending_at),
            auto_topup=_entitlement(user.automation_topup_ending_at),
        ),
    )


BELOW_ZERO = "The account has only {have}: a removal cannot take a balance below zero."


def admin_adjust(session: Session, *, user_id: int, kind: Kind, delta: int, admin_id: int, note: str) -> bool:
    """Grant (delta > 0) or remove (delta < 0) a balance by an admin: one ledger row with the reason.

    A removal is one conditional update, so it never drives the balance below zero; False then.
    The caller commits, with its audit row.
    """
    if delta == 0:
        return True
    if delta > 0:
        return ledger.credit(
            session,
            user_id=user_id,
            kind=kind,
            amount=delta,
            reason=Reason.ADMIN,
            admin_id=admin_id,
            note=note,
        )
    col = Wallet.top_ups_count if kind == Kind.TOP_UP else Wallet.fire_pins_count
    result = session.execute(
        update(Wallet).where(Wallet.user_id == user_id, col >= -delta).values({col: col + delta}),
        execution_options={"synchronize_session": "fetch"},
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        return False
    session.add(
        LedgerEntry(
            user_id=user_id,
            kind=kind,
            delta=delta,
            reason=Reason.ADMIN,
            admin_id=admin_id,
            note=note[:200],
            created_at=clock.now(),
        )
    )
    session.flush()
    return True
