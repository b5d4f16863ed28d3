"""The wallet's admin tools: VIP promotions granted by hand (/admin/promotions) and Auto Top-Up
schedules (/admin/automations).

VIP and Auto Top-Up end dates are entitlements the wallet owns: only this domain changes them, and
every change writes its audit row in the same transaction.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.errors import AppError, NotFound
from addme.core.paging import bounded_meta
from addme.core.schemas import Page, StrictInput, UtcDatetime
from addme.wallet import ledger
from addme.wallet.codes import WalletCode

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
    stmt = select(User).where(User.promotion_ending_at > clock.now(), User.deleted_at.is_(None))
    if q and q.strip():
        text = q.strip().lower()
        stmt = stmt.where(
            User.id == int(text)
            if text.isdigit() and len(text) < 10
            else func.lower(User.email).like(f"{text}%")
        )
    meta = bounded_meta(session, stmt, page=page, per_page=per_page)
    rows = session.scalars(
        stmt.order_by(User.promotion_ending_at, User.id).offset((page - 1) * per_page).limit(per_page)
    ).all()
    return Page[PromotionRead](data=[_read(u) for u in rows], meta=meta)


def _grant(
    session: Session, *, admin: User, user: User, days: int, reason: str, campaign: int | None
) -> None:
    before = user.promotion_ending_at
    end = ledger.extend_entitlement(
        session, user=user, entitlement=ledger.Entitlement.VIP, duration=timedelta(days=days)
    )
    details: dict[str, Any] = {"days": days}
    if campaign is not None:
        details["campaign"] = campaign
    audit.record(
        session,
        admin=admin,
        action="promotion.grant",
        target=f"user:{user.id}",
        reason=reason,
        before={"vip_until": before.isoformat() if before else None},
        after={"vip_until": end.isoformat()},
        details=details,
    )


def grant_promotion(session: Session, *, admin: User, who: str, days: int, reason: str) -> PromotionRead:
    """VIP for `days` more days (from the later of now and the current end), granted by an admin."""
    user = _account(session, who)
    if user is None:
        raise NotFound(ACCOUNT_NOT_FOUND.format(who=who.strip()), code=WalletCode.ACCOUNT_NOT_FOUND)
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
    before = user.promotion_ending_at
    user.promotion_ending_at = None
    audit.record(
        session,
        admin=admin,
        action="promotion.end",
        target=f"user:{user.id}",
        reason=reason,
        before={"vip_until": before.isoformat() if before else None},
        after={"vip_until": None},
    )
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
