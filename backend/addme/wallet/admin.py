"""The wallet's admin tools: VIP promotions granted by hand (/admin/promotions) and Auto Top-Up
schedules (/admin/automations).

VIP and Auto Top-Up end dates are entitlements the wallet owns: only this domain changes them, and
every change writes its audit row in the same transaction.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import ColumnElement, delete, func, or_, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.db import insert_once
from addme.core.errors import AppError, NotFound
from addme.core.paging import bounded_meta
from addme.core.permissions import refuse_self_grant
from addme.core.schemas import Page, StrictInput, UtcDatetime
from addme.listings import service as listings
from addme.wallet import ledger
from addme.wallet.codes import WalletCode
from addme.wallet.models import AutoTopUpPause, LedgerEntry, Reason, Wallet

ACCOUNT_NOT_FOUND = "No account matches {who}."
NOT_PROMOTED = "This account has no VIP running."
MAX_DAYS = 366
MAX_CAMPAIGN = 200


class PromotionRead(BaseModel):
    user_id: int
    email: str
    vip_until: UtcDatetime | None


class PromotionGrant(StrictInput):
    # An e-mail or an account number, as an admin has it at hand.
    user: str = Field(min_length=1, max_length=254)
    days: int = Field(ge=1, le=MAX_DAYS, strict=True)
    reason: str = Field(default="", max_length=300)


class PromotionEnd(StrictInput):
    reason: str = Field(default="", max_length=300)


class CampaignIn(StrictInput):
    users: list[str] = Field(min_length=1, max_length=MAX_CAMPAIGN)
    days: int = Field(ge=1, le=MAX_DAYS, strict=True)
    note: str = Field(min_length=3, max_length=300)


class CampaignResult(BaseModel):
    granted: list[PromotionRead]
    # The entries no account matched, as typed.
    missing: list[str]


class CampaignRead(BaseModel):
    id: int
    note: str
    days: int
    granted: int
    admin_id: int | None
    created_at: UtcDatetime


def _member_match(q: str) -> ColumnElement[bool]:
    """A list's search box: an account id (digits), else the start of an e-mail address."""
    text = q.strip().lower()
    return (
        User.id == int(text) if text.isdigit() and len(text) < 10 else func.lower(User.email).like(f"{text}%")
    )


def _account(session: Session, who: str) -> User | None:
    text = who.strip()
    if text.isdigit() and len(text) < 10:
        user = session.get(User, int(text))
    else:
        user = session.scalar(select(User).where(func.lower(User.email) == text.lower()))
    return None if user is None or user.deleted_at is not None else user


def _read(user: User) -> PromotionRead:
    return PromotionRead(user_id=user.id, email=user.email, vip_until=user.promotion_ending_at)


def promotions(session: Session, *, q: str | None, page: int, per_page: int) -> Page[PromotionRead]:
    """Accounts whose VIP is running, the soonest to end first; q is an e-mail prefix or a number."""
    stmt = (
        select(User)
        .join(Wallet, Wallet.user_id == User.id)
        .where(Wallet.promotion_ending_at > clock.now(), User.deleted_at.is_(None))
    )
    if q and q.strip():
        stmt = stmt.where(_member_match(q))
    meta = bounded_meta(session, stmt, page=page, per_page=per_page)
    rows = session.scalars(
        stmt.order_by(Wallet.promotion_ending_at, User.id).offset((page - 1) * per_page).limit(per_page)
    ).all()
    return Page[PromotionRead](data=[_read(u) for u in rows], meta=meta)


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


# The audit's views of an account: its VIP end, its Auto Top-Up end.
VIP_AUDIT = audit.Audited[User](target="user", fields=lambda u: {"vip_until": _iso(u.promotion_ending_at)})
AUTOMATION_AUDIT = audit.Audited[User](
    target="user", fields=lambda u: {"auto_topup_until": _iso(u.automation_topup_ending_at)}
)


def _grant(
    session: Session, *, admin: User, user: User, days: int, reason: str, campaign: int | None
) -> None:
    details: dict[str, Any] = {"days": days}
    if campaign is not None:
        details["campaign"] = campaign
    with VIP_AUDIT.change(
        session, admin=admin, row=user, action="promotion.grant", reason=reason, details=details
    ):
        ledger.extend_entitlement(
            session, user=user, entitlement=ledger.Entitlement.VIP, duration=timedelta(days=days)
        )


def grant_promotion(session: Session, *, admin: User, who: str, days: int, reason: str) -> PromotionRead:
    """VIP for `days` more days (from the later of now and the current end), granted by an admin."""
    user = _account(session, who)
    if user is None:
        raise NotFound(ACCOUNT_NOT_FOUND.format(who=who.strip()), code=WalletCode.ACCOUNT_NOT_FOUND)
    refuse_self_grant(admin_id=admin.id, user_id=user.id, what="VIP")
    _grant(session, admin=admin, user=user, days=days, reason=reason, campaign=None)
    session.commit()
    return _read(user)


def end_promotion(session: Session, *, admin: User, user_id: int, reason: str) -> PromotionRead:
    """End an account's VIP now (whether bought or granted)."""
    user = session.get(User, user_id)
    if user is None or user.deleted_at is not None:
        raise NotFound(ACCOUNT_NOT_FOUND.format(who=f"#{user_id}"), code=WalletCode.ACCOUNT_NOT_FOUND)
    if not user.is_promoted:
        raise AppError(NOT_PROMOTED, code=WalletCode.NOT_PROMOTED)
    with VIP_AUDIT.change(session, admin=admin, row=user, action="promotion.end", reason=reason):
        ledger.wallet_of(session, user=user).promotion_ending_at = None
        # The usernames carry their owner's VIP end for the VIP lists: the wallet tells the listings.
        listings.owner_vip_changed(session, owner=user)
    session.commit()
    return _read(user)


def run_campaign(session: Session, *, admin: User, body: CampaignIn) -> CampaignResult:
    """The same VIP grant to several accounts at once, with a note; entries no account matches are
    listed back, and the others are granted."""
    seen: set[int] = set()
    granted: list[User] = []
    missing: list[str] = []
    for who in body.users:
        if not who.strip():
            continue
        user = _account(session, who)
        if user is None:
            missing.append(who.strip())
        elif user.id not in seen:
            # Nothing is granted when the list names the caller: the whole campaign is refused.
            refuse_self_grant(admin_id=admin.id, user_id=user.id, what="VIP")
            seen.add(user.id)
            granted.append(user)
    row = audit.record(
        session,
        admin=admin,
        action="promotion.campaign",
        reason=body.note,
        details={"days": body.days, "granted": len(granted), "missing": len(missing)},
    )
    session.flush()
    for user in granted:
        _grant(session, admin=admin, user=user, days=body.days, reason=body.note, campaign=row.id)
    session.commit()
    return CampaignResult(granted=[_read(u) for u in granted], missing=missing)


def campaigns(session: Session, *, limit: int = 50) -> list[CampaignRead]:
    """The latest campaigns, newest first."""
    return [
        CampaignRead(
            id=row.id,
            note=row.reason,
            days=int((row.details or {}).get("days", 0)),
            granted=int((row.details or {}).get("granted", 0)),
            admin_id=row.admin_id,
            created_at=row.created_at,
        )
        for row in audit.entries(session, action="promotion.campaign", limit=limit)
    ]


# -- Auto Top-Up schedules (/admin/automations) -----------------------------------------------------

NOT_AUTOMATED = "This account has no scheduled Top-Ups running."
NO_AUTO_TOPUP = "This account has no Auto Top-Up to end: its scheduled Top-Ups come with Studio."


class AutomationRead(BaseModel):
    user_id: int
    email: str
    auto_topup_until: UtcDatetime | None
    studio_until: UtcDatetime | None
    paused_at: UtcDatetime | None
    last_auto_topup: UtcDatetime | None


class AutomationAction(StrictInput):
    reason: str = Field(default="", max_length=300)


def _scheduled(now: datetime) -> ColumnElement[bool]:
    return or_(Wallet.automation_topup_ending_at > now, Wallet.studio_ending_at > now)


def _automation_rows(session: Session, users: list[User]) -> list[AutomationRead]:
    ids = [u.id for u in users]
    last: dict[int, datetime] = {}
    paused: dict[int, datetime] = {}
    if ids:
        last = {
            uid: at
            for uid, at in session.execute(
                select(LedgerEntry.user_id, func.max(LedgerEntry.created_at))
                .where(LedgerEntry.user_id.in_(ids), LedgerEntry.reason == Reason.AUTO_TOPUP)
                .group_by(LedgerEntry.user_id)
            )
        }
        paused = {
            uid: at
            for uid, at in session.execute(
                select(AutoTopUpPause.user_id, AutoTopUpPause.paused_at).where(
                    AutoTopUpPause.user_id.in_(ids)
                )
            )
        }
    now = clock.now()
    return [
        AutomationRead(
            user_id=u.id,
            email=u.email,
            auto_topup_until=u.automation_topup_ending_at
            if u.automation_topup_ending_at and u.automation_topup_ending_at > now
            else None,
            studio_until=u.studio_ending_at if u.studio_ending_at and u.studio_ending_at > now else None,
            paused_at=paused.get(u.id),
            last_auto_topup=last.get(u.id),
        )
        for u in users
    ]


def automations(
    session: Session, *, q: str | None, paused: bool | None, page: int, per_page: int
) -> Page[AutomationRead]:
    """Accounts with scheduled Top-Ups running (Auto Top-Up or Studio), the soonest to end first."""
    now = clock.now()
    stmt = (
        select(User).join(Wallet, Wallet.user_id == User.id).where(_scheduled(now), User.deleted_at.is_(None))
    )
    if q and q.strip():
        stmt = stmt.where(_member_match(q))
    if paused is not None:
        held = select(AutoTopUpPause.user_id).where(AutoTopUpPause.user_id == User.id).exists()
        stmt = stmt.where(held if paused else ~held)
    meta = bounded_meta(session, stmt, page=page, per_page=per_page)
    ends = func.coalesce(Wallet.automation_topup_ending_at, Wallet.studio_ending_at)
    users = list(session.scalars(stmt.order_by(ends, User.id).offset((page - 1) * per_page).limit(per_page)))
    return Page[AutomationRead](data=_automation_rows(session, users), meta=meta)


def _automated(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None or user.deleted_at is not None:
        raise NotFound(ACCOUNT_NOT_FOUND.format(who=f"#{user_id}"), code=WalletCode.ACCOUNT_NOT_FOUND)
    now = clock.now()
    if not any(
        end is not None and end > now for end in (user.automation_topup_ending_at, user.studio_ending_at)
    ):
        raise AppError(NOT_AUTOMATED, code=WalletCode.NOT_AUTOMATED)
    return user


def _one(session: Session, user: User) -> AutomationRead:
    return _automation_rows(session, [user])[0]


def pause_automation(session: Session, *, admin: User, user_id: int, reason: str) -> AutomationRead:
    """Stop an account's scheduled Top-Ups until resumed (the end date keeps running)."""
    user = _automated(session, user_id)
    if insert_once(
        session,
        AutoTopUpPause,
        {"user_id": user.id, "paused_at": clock.now(), "admin_id": admin.id},
        conflict=["user_id"],
    ):
        audit.record(session, admin=admin, action="automation.pause", target=f"user:{user.id}", reason=reason)
    session.commit()
    return _one(session, user)


def resume_automation(session: Session, *, admin: User, user_id: int, reason: str) -> AutomationRead:
    """Start a paused account's scheduled Top-Ups again."""
    user = _automated(session, user_id)
    refuse_self_grant(admin_id=admin.id, user_id=user.id, what="scheduled Top-Ups")
    gone = session.execute(
        delete(AutoTopUpPause).where(AutoTopUpPause.user_id == user.id),
        execution_options={"synchronize_session": False},
    )
    if gone.rowcount:  # type: ignore[attr-defined]
        audit.record(
            session, admin=admin, action="automation.resume", target=f"user:{user.id}", reason=reason
        )
    session.commit()
    return _one(session, user)


def end_automation(session: Session, *, admin: User, user_id: int, reason: str) -> AutomationRead:
    """End an account's Auto Top-Up now (a Studio's own schedule ends with the Studio)."""
    user = _automated(session, user_id)
    before = user.automation_topup_ending_at
    if before is None or before <= clock.now():
        raise AppError(NO_AUTO_TOPUP, code=WalletCode.NOT_AUTOMATED)
    with AUTOMATION_AUDIT.change(session, admin=admin, row=user, action="automation.end", reason=reason):
        ledger.wallet_of(session, user=user).automation_topup_ending_at = None
    session.commit()
    return _one(session, user)
