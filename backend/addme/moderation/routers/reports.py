"""Reports on usernames: filed by signed-in members with a confirmed e-mail."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from addme.accounts.models import User
from addme.api.deps import DbSession, OptionalUser, require
from addme.core.net import client_ip
from addme.core.params import IdPath
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import ActionResult
from addme.moderation import bans, service
from addme.moderation.schemas import ReportIn

router = api_router(
    tags=["moderation"],
    errors=(401, 403, 404, 409, 422, 429, 503),
)
BansAdmin = Annotated[User, Depends(require(Permission.BANS))]


@router.post("/usernames/{username_id}/reports", response_model=ActionResult)
def report_username(
    username_id: IdPath, body: ReportIn, request: Request, viewer: OptionalUser, db: DbSession
) -> ActionResult:
    ip = client_ip(request)
    message = service.report_username(
        db, username_id=username_id, type=body.type, message=body.message, reporter=viewer, ip=ip
    )
    return ActionResult(success=True, message=message)


@router.post("/admin/usernames/{username_id}/ban", response_model=bans.BanOut, tags=["admin"])
def ban_username(username_id: IdPath, body: bans.BanIn, admin: BansAdmin, db: DbSession) -> bans.BanOut:
    return bans.ban_username(
        db, admin=admin, username_id=username_id, hours=body.hours, reason=body.reason, macro=body.macro
    )
