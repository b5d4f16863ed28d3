"""The ledger: every change of a balance is one conditional update plus one appended row.

These functions work inside the caller's transaction and never commit (the jobs excepted), so another
domain (groups, shop) makes a spend or credit part of its own unit of work. Other domains reach them
through `wallet.service`.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, or_, select, update
from sqlalchemy.orm import InstrumentedAttribute, Session

from addme.accounts import service as accounts
from addme.accounts.models import User
from addme.core import clock
from addme.core.db import insert_once
from addme.listings import service as listings
from addme.listings.models import Username
from addme.wallet.models import AutoTopUpPause, Kind, LedgerEntry, Reason, Wallet, WalletState

log = logging.getLogger("addme.wallet")

VIP_DAILY_TOPUPS = 5
VIP_WINDOW = timedelta(hours=24)
STUDIO_SLOTS = 25
AUTO_TOPUP_EVERY = timedelta(hours=4)


class Entitlement(StrEnum):
    VIP = "vip"
    STUDIO = "studio"
    AUTO_TOPUP = "auto_topup"


_END_COLUMN = {
    Entitlement.VIP: "promotion_ending_at",
    Entitlement.STUDIO: "studio_ending_at",
    Entitlement.AUTO_TOPUP: "automation_topup_ending_at",
}


# -- the ledger -------------------------------------------------------------------------------------


def _balance(kind: Kind) -> InstrumentedAttribute[int]:
    return Wallet.top_ups_count if kind == Kind.TOP_UP else Wallet.fire_pins_count


def open_wallet(session: Session, *, user_id: int) -> None:
    """Create the account's wallet row if it has none (race-free); new accounts get one anyway."""
    insert_once(session, Wallet, {"user_id": user_id}, conflict=["user_id"])


def wallet_of(session: Session, *, user: User) -> Wallet:
    """The account's wallet row (the one `user.wallet` holds), created on first use if missing."""
    if user.wallet is None:
        open_wallet(session, user_id=user.id)
        session.refresh(user, ["wallet"])
    assert user.wallet is not None
    return user.wallet  # type: ignore[no-any-return]


def vip_user_ids(now: datetime) -> Select[int]:
    """Ids of accounts with VIP perks now (VIP or Studio), for other domains' lists."""
    return select(Wallet.user_id).where(or_(Wallet.promotion_ending_at > now, Wallet.studio_ending_at > now))


def entitled_user_ids(now: datetime) -> Select[int]:
    """Ids of accounts with a paid entitlement running (VIP, Studio or Auto Top-Up): the cleanups
    spare them."""
    return select(Wallet.user_id).where(
        or_(
            Wallet.promotion_ending_at > now,
            Wallet.studio_ending_at > now,
            Wallet.automation_topup_ending_at > now,
        )
    )


def entitlement_filters(*, vip: bool | None, studio: bool | None) -> list[accounts.IdFilter]:
    """The admin's VIP and Studio filters as sets of account ids (None: no filter).

    `end > now` alone, no `IS NOT NULL` beside it: both planners match the partial indexes
    (`... WHERE end IS NOT NULL`) from the comparison itself, which is never true of a NULL. With
    the redundant term PostgreSQL multiplied two selectivities of the same ~3% of the wallets and
    expected 207 VIP accounts of 200,000 instead of 6,666, so it read every VIP wallet and sorted
    them for a page, where walking the users' own order finds 25 VIPs in ~750 steps
    (docs/performance.md, "Admin filters, the stats job's indexes, listing modules").
    """
    now = clock.now()
    found: list[accounts.IdFilter] = []
    for wanted, end in ((vip, Wallet.promotion_ending_at), (studio, Wallet.studio_ending_at)):
        if wanted is not None:
            # One wallet per account (its key is the user's id): the set counts the accounts.
            found.append(accounts.IdFilter(select(Wallet.user_id).where(end > now), among=wanted))
    return found


def _record(session: Session, **values: Any) -> bool:
    values.setdefault("created_at", clock.now())
    if values.get("unique_key"):
        return insert_once(session, LedgerEntry, values, conflict=["unique_key"])
    session.add(LedgerEntry(**values))
    session.flush()
    return True


def credit(
    session: Session,
    *,
    user_id: int,
    kind: Kind,
    amount: int,
    reason: Reason,
    unique_key: str | None = None,
    order_id: int | None = None,
    key_id: int | None = None,
    admin_id: int | None = None,
    note: str | None = None,
) -> bool:
    """Add to a balance with its ledger row; with `unique_key`, at most once ever (False if done)."""
    if amount < 0:
        raise ValueError("credit amounts are positive; use spend()")
    if not _record(
        session,
        user_id=user_id,
        kind=kind,
        delta=amount,
        reason=reason,
        unique_key=unique_key,
        order_id=order_id,
        key_id=key_id,
        admin_id=admin_id,
        note=note,
    ):
        return False
    col = _balance(kind)
    add = update(Wallet).where(Wallet.user_id == user_id).values({col: col + amount})
    if session.execute(add, execution_options={"synchronize_session": "fetch"}).rowcount != 1:  # type: ignore[attr-defined]
        # An account made without its wallet row: open it, then credit.
        open_wallet(session, user_id=user_id)
        session.execute(add, execution_options={"synchronize_session": "fetch"})
    return True


def spend(
    session: Session,
    *,
    user_id: int,
    kind: Kind,
    reason: Reason,
    amount: int = 1,
    username_id: int | None = None,
) -> bool:
    """Take from a balance only if it covers the amount (one conditional update); False if not."""
    col = _balance(kind)
    result = session.execute(
        update(Wallet).where(Wallet.user_id == user_id, col >= amount).values({col: col - amount}),
        execution_options={"synchronize_session": "fetch"},
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        return False
    _record(session, user_id=user_id, kind=kind, delta=-amount, reason=reason, username_id=username_id)
    return True


def record_free_use(
    session: Session, *, user_id: int, reason: Reason, username_id: int | None, unique_key: str | None = None
) -> bool:
    """A Top-Up that costs nothing (VIP daily, scheduled): a zero row, so history stays in one place."""
    return _record(
        session,
        user_id=user_id,
        kind=Kind.TOP_UP,
        delta=0,
        reason=reason,
        username_id=username_id,
        unique_key=unique_key,
    )


def history(session: Session, *, user_id: int, limit: int = 50) -> list[LedgerEntry]:
    """The account's latest ledger rows."""
    return list(
        session.scalars(
            select(LedgerEntry)
            .where(LedgerEntry.user_id == user_id)
            .order_by(LedgerEntry.id.desc())
            .limit(limit)
        )
    )


# The uses that move a username up: a Top-Up (paid, VIP daily, scheduled) or a Fire Pin.
_BOOSTS = {
    Reason.SPEND_TOPUP: "top_up",
    Reason.VIP_DAILY: "top_up",
    Reason.AUTO_TOPUP: "top_up",
    Reason.SPEND_FIRE_PIN: "fire_pin",
}


def boost_uses(
    session: Session, *, user_id: int, username_id: int, since: datetime
) -> list[tuple[datetime, str]]:
    """(when, "top_up" | "fire_pin") for each Top-Up or Fire Pin used on the username since `since`,
    read from the ledger (the owner's figures mark those days; registered in api/main.py)."""
    rows = session.execute(
        select(LedgerEntry.created_at, LedgerEntry.reason).where(
            # user_id and reason lead ix_ledger_entries_user_reason_created.
            LedgerEntry.user_id == user_id,
            LedgerEntry.reason.in_(list(_BOOSTS)),
            LedgerEntry.created_at >= since,
            LedgerEntry.username_id == username_id,
        )
    ).all()
    return [(at, _BOOSTS[Reason(reason)]) for at, reason in rows]


# -- per-account state ------------------------------------------------------------------------------


def state(session: Session, *, user_id: int) -> WalletState:
    """The account's wallet counters, created on first use (race-free)."""
    insert_once(session, WalletState, {"user_id": user_id, "vip_window_used": 0}, conflict=["user_id"])
    row = session.get(WalletState, user_id, populate_existing=True)
    assert row is not None
    return row


def record_purchase(session: Session, *, user: User) -> None:
    """A key was applied: free claims count afresh (a Top-Up or VIP buy also lifts the hopping
    restriction: trust's, which the shop calls)."""
    state(session, user_id=user.id).last_purchase_at = clock.now()


def use_vip_daily(session: Session, *, user_id: int, now: datetime) -> int | None:
    """Take one of the 5 daily VIP Top-Ups; returns how many are left, None when none was."""
    state(session, user_id=user_id)
    window_open = and_(
        WalletState.vip_window_started_at.is_not(None), WalletState.vip_window_started_at > now - VIP_WINDOW
    )
    taken = session.execute(
        update(WalletState)
        .where(WalletState.user_id == user_id, window_open, WalletState.vip_window_used < VIP_DAILY_TOPUPS)
        .values(vip_window_used=WalletState.vip_window_used + 1),
        execution_options={"synchronize_session": False},
    )
    if taken.rowcount != 1:  # type: ignore[attr-defined]
        # The window resets 24 h after its first use: the next use opens a new one.
        taken = session.execute(
            update(WalletState)
            .where(
                WalletState.user_id == user_id,
                or_(
                    WalletState.vip_window_started_at.is_(None),
                    WalletState.vip_window_started_at <= now - VIP_WINDOW,
                ),
            )
            .values(vip_window_started_at=now, vip_window_used=1),
            execution_options={"synchronize_session": False},
        )
        if taken.rowcount != 1:  # type: ignore[attr-defined]
            return None
    row = state(session, user_id=user_id)
    return VIP_DAILY_TOPUPS - row.vip_window_used


def vip_daily_left(session: Session, *, user: User) -> tuple[int, datetime | None]:
    """Free VIP Top-Ups left in the current window, and when the window resets."""
    if not user.is_vip:
        return 0, None
    row = session.get(WalletState, user.id)
    now = clock.now()
    if row is None or row.vip_window_started_at is None or row.vip_window_started_at <= now - VIP_WINDOW:
        return VIP_DAILY_TOPUPS, None
    return max(0, VIP_DAILY_TOPUPS - row.vip_window_used), row.vip_window_started_at + VIP_WINDOW


# -- entitlements -----------------------------------------------------------------------------------


def extend_entitlement(
    session: Session, *, user: User, entitlement: Entitlement, duration: timedelta
) -> datetime:
    """Push an end date out from the later of now and the current end; returns the new end."""
    wallet = wallet_of(session, user=user)
    # Lock the row (PostgreSQL) so two keys applied at once both count.
    session.refresh(wallet, with_for_update=True)
    attr = _END_COLUMN[entitlement]
    now = clock.now()
    current: datetime | None = getattr(wallet, attr)
    new_end = max(now, current or now) + duration
    setattr(wallet, attr, new_end)
    if entitlement == Entitlement.STUDIO:
        wallet.max_usernames = max(wallet.max_usernames, STUDIO_SLOTS)
    if entitlement != Entitlement.AUTO_TOPUP:
        # The usernames carry their owner's VIP end (the "VIP" lists read it).
        session.flush()
        listings.owner_vip_changed(session, owner=user)
    return new_end


def fit_slots(session: Session, *, user: User, live: int, cap: int) -> None:
    """Raise the account's paid slots so `live` usernames fit, up to `cap` (never lowers them)."""
    wallet = wallet_of(session, user=user)
    if wallet.max_usernames < cap:
        wallet.max_usernames = max(wallet.max_usernames, min(cap, live))


def slot_limit(user: User) -> int:
    """How many usernames the account may hold now: Studio's 25 while active, else its own slots."""
    if user.is_studio:
        return STUDIO_SLOTS
    if user.studio_ending_at is not None:
        # Studio has ended but the end-studio job may not have reset the column yet.
        return min(user.max_usernames, 1 + user.username_slots)
    return user.max_usernames


def end_expired_studios(session: Session) -> int:
    """Give accounts whose Studio ended their own slot count back (the job)."""
    now = clock.now()
    own = 1 + Wallet.username_slots
    result = session.execute(
        update(Wallet)
        .where(
            Wallet.studio_ending_at.is_not(None), Wallet.studio_ending_at <= now, Wallet.max_usernames > own
        )
        .values(max_usernames=own),
        execution_options={"synchronize_session": False},
    )
    session.commit()
    return int(result.rowcount)  # type: ignore[attr-defined]


def auto_topup(session: Session, *, now: datetime | None = None) -> int:
    """Top up every approved username of Auto Top-Up and Studio accounts once per 4-hour slot (the job).

    The ledger's unique key `auto:{username}:{slot}` makes a rerun within the slot a no-op.
    """
    now = now or clock.now()
    slot = int(now.replace(tzinfo=UTC).timestamp()) // int(AUTO_TOPUP_EVERY.total_seconds())
    active: ColumnElement[bool] = or_(Wallet.automation_topup_ending_at > now, Wallet.studio_ending_at > now)
    rows = session.execute(
        select(Username.id, Username.user_id)
        .join(Wallet, Wallet.user_id == Username.user_id)
        .join(User, User.id == Username.user_id)
        .where(active, User.deleted_at.is_(None), ~User.ban.has(), Username.status == "approved")
        # An admin paused this account's schedule (/admin/automations).
        .where(~select(AutoTopUpPause.user_id).where(AutoTopUpPause.user_id == User.id).exists())
        .order_by(Username.id)
    ).all()
    done = 0
    for username_id, user_id in rows:
        if record_free_use(
            session,
            user_id=user_id,
            reason=Reason.AUTO_TOPUP,
            username_id=username_id,
            unique_key=f"auto:{username_id}:{slot}",
        ):
            listings.mark_topped_up(session, username_id=username_id, at=now)
            done += 1
    session.commit()
    return done
