"""Admin routes of the wallet (every admin level): VIP promotions and Auto Top-Up schedules."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query

from addme.accounts.models import User
from addme.api.deps import DbSession, require
from addme.core.params import IdPath, PageQuery, PerPageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import Page
from addme.wallet import admin
from addme.wallet.admin import (
    AutomationAction,
    AutomationRead,
    CampaignIn,
    CampaignRead,
    CampaignResult,
    PromotionEnd,
    PromotionGrant,
    PromotionRead,
)

router = api_router(
    prefix="/admin",
    tags=["admin"],
    errors=(400, 401, 403, 404, 422),
)
Promotions = Annotated[User, Depends(require(Permission.PROMOTIONS))]


@router.get("/promotions", response_model=Page[PromotionRead])
def admin_promotions(
    _admin: Promotions,
    db: DbSession,
    q: Annotated[str | None, Query(max_length=100, description="e-mail prefix or account number")] = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 25,
) -> Page[PromotionRead]:
    return admin.promotions(db, q=q, page=page, per_page=per_page)


@router.post("/promotions", response_model=PromotionRead)
def admin_grant_promotion(body: PromotionGrant, who: Promotions, db: DbSession) -> PromotionRead:
    return admin.grant_promotion(db, admin=who, who=body.user, days=body.days, reason=body.reason)


@router.post("/promotions/{user_id}/end", response_model=PromotionRead)
def admin_end_promotion(user_id: IdPath, body: PromotionEnd, who: Promotions, db: DbSession) -> PromotionRead:
    return admin.end_promotion(db, admin=who, user_id=user_id, reason=body.reason)


@router.get("/promotions/campaigns", response_model=list[CampaignRead])
def admin_campaigns(_admin: Promotions, db: DbSession) -> list[CampaignRead]:
    return admin.campaigns(db)


@router.post("/promotions/campaigns", response_model=CampaignResult)
def admin_run_campaign(body: CampaignIn, who: Promotions, db: DbSession) -> CampaignResult:
    return admin.run_campaign(db, admin=who, body=body)


Automations = Annotated[User, Depends(require(Permission.AUTOMATIONS))]


@router.get("/automations", response_model=Page[AutomationRead])
def admin_automations(
    _admin: Automations,
    db: DbSession,
    q: Annotated[str | None, Query(max_length=100, description="e-mail prefix or account number")] = None,
    paused: bool | None = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 25,
) -> Page[AutomationRead]:
    return admin.automations(db, q=q, paused=paused, page=page, per_page=per_page)


@router.post("/automations/{user_id}/pause", response_model=AutomationRead)
def admin_pause_automation(
    user_id: IdPath, body: AutomationAction, who: Automations, db: DbSession
) -> AutomationRead:
    return admin.pause_automation(db, admin=who, user_id=user_id, reason=body.reason)


@router.post("/automations/{user_id}/resume", response_model=AutomationRead)
def admin_resume_automation(
    user_id: IdPath, body: AutomationAction, who: Automations, db: DbSession
) -> AutomationRead:
    return admin.resume_automation(db, admin=who, user_id=user_id, reason=body.reason)


@router.post("/automations/{user_id}/end", response_model=AutomationRead)
def admin_end_automation(
    user_id: IdPath, body: AutomationAction, who: Automations, db: DbSession
) -> AutomationRead:
    return admin.end_automation(db, admin=who, user_id=user_id, reason=body.reason)
