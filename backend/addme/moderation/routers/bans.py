"""Bans and the blacklist: IP bans, the list of every ban, username unbans, blacklist entries."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Request

from addme.accounts.models import User
from addme.api.deps import DbSession, require
from addme.core.net import client_ip
from addme.core.params import IdPath, PageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import ActionResult, Page
from addme.moderation import banlist, blacklist, ipbans
from addme.moderation.admin_schemas import (
    BanRow,
    BlacklistTermIn,
    BlacklistTermRead,
    BlacklistTermUpdate,
    IpBanIn,
    IpBanRead,
    ReasonIn,
)
from addme.screening.models import TermKind

router = api_router(
    prefix="/admin",
    tags=["admin"],
    errors=(401, 403, 404, 409, 422),
)
BansAdmin = Annotated[User, Depends(require(Permission.BANS))]
BlacklistAdmin = Annotated[User, Depends(require(Permission.BLACKLIST))]


@router.get("/bans", response_model=list[BanRow])
def list_bans(_admin: BansAdmin, db: DbSession) -> list[BanRow]:
    return banlist.active_bans(db)


@router.get("/ip-bans", response_model=list[IpBanRead])
def list_ip_bans(_admin: BansAdmin, db: DbSession) -> list[IpBanRead]:
    return [IpBanRead.model_validate(b) for b in ipbans.active_bans(db)]


@router.post("/ip-bans", response_model=IpBanRead, status_code=201)
def ban_ip(body: IpBanIn, request: Request, admin: BansAdmin, db: DbSession) -> IpBanRead:
    row = ipbans.ban_ip(
        db,
        admin=admin,
        cidr=body.cidr,
        hours=body.hours,
        reason=body.reason,
        caller_ip=client_ip(request),
        confirm=body.confirm,
    )
    return IpBanRead.model_validate(row)


@router.delete("/ip-bans/{ban_id}", response_model=ActionResult)
def lift_ip_ban(ban_id: IdPath, admin: BansAdmin, db: DbSession, reason: str = "") -> ActionResult:
    ipbans.lift(db, admin=admin, ban_id=ban_id, reason=reason[:300])
    return ActionResult(success=True, message="IP ban lifted.")


@router.post("/usernames/{username_id}/unban", response_model=ActionResult)
def unban_username(username_id: IdPath, body: ReasonIn, admin: BansAdmin, db: DbSession) -> ActionResult:
    return banlist.unban_username(db, admin=admin, username_id=username_id, reason=body.reason)


@router.get("/blacklist", response_model=Page[BlacklistTermRead])
def list_blacklist(
    _admin: BlacklistAdmin,
    db: DbSession,
    kind: TermKind | None = None,
    page: PageQuery = 1,
    per_page: Annotated[int, Query(ge=1, le=200)] = 100,
) -> Page[BlacklistTermRead]:
    rows, meta = blacklist.entries(db, kind=kind, page=page, per_page=per_page)
    return Page(data=[BlacklistTermRead.model_validate(r) for r in rows], meta=meta)


@router.post("/blacklist", response_model=BlacklistTermRead, status_code=201)
def add_blacklist(body: BlacklistTermIn, admin: BlacklistAdmin, db: DbSession) -> BlacklistTermRead:
    return BlacklistTermRead.model_validate(blacklist.add(db, admin=admin, data=body))


@router.patch("/blacklist/{term_id}", response_model=BlacklistTermRead)
def switch_blacklist(
    term_id: IdPath, body: BlacklistTermUpdate, admin: BlacklistAdmin, db: DbSession
) -> BlacklistTermRead:
    return BlacklistTermRead.model_validate(
        blacklist.switch(db, admin=admin, term_id=term_id, active=body.active)
    )


@router.delete("/blacklist/{term_id}", response_model=ActionResult)
def delete_blacklist(term_id: IdPath, admin: BlacklistAdmin, db: DbSession) -> ActionResult:
    blacklist.remove(db, admin=admin, term_id=term_id)
    return ActionResult(success=True, message="Blacklist entry deleted.")
