"""Routes for unban requests and removal requests."""

from __future__ import annotations

from typing import Annotated

from fastapi import File, Form, Request, UploadFile

from addme.api.deps import CurrentUser, DbSession
from addme.core.bodylimit import MULTIPART_OVERHEAD, allow_body
from addme.core.errors import request_language
from addme.core.net import client_ip, ip_bucket
from addme.core.options import AppName
from addme.core.params import IdPath
from addme.core.routes import api_router
from addme.core.schemas import ActionResult
from addme.moderation import requests as service
from addme.moderation.requests import (
    RemovalForm,
    RemovalLookup,
    UnbanRequestIn,
    UnbanResult,
    UnbanState,
)
from addme.screening.captcha import require_captcha

allow_body("POST", "/remove-username", service.PROOF_MAX_BYTES + MULTIPART_OVERHEAD)
router = api_router(errors=(400, 401, 404, 409, 422, 429, 503))


@router.get("/user/usernames/{username_id}/unban", response_model=UnbanState, tags=["user usernames"])
def unban_state(username_id: IdPath, user: CurrentUser, db: DbSession) -> UnbanState:
    return service.unban_state(db, user=user, username_id=username_id)


@router.post(
    "/user/usernames/{username_id}/unban-request", response_model=UnbanResult, tags=["user usernames"]
)
def request_unban(username_id: IdPath, body: UnbanRequestIn, user: CurrentUser, db: DbSession) -> UnbanResult:
    return service.request_unban(db, user=user, username_id=username_id, message=body.message)


@router.get("/remove-username/lookup", response_model=RemovalLookup, tags=["moderation"])
def removal_lookup(app: AppName, username: str, db: DbSession) -> RemovalLookup:
    return service.lookup(db, app=app, username=username)


# One screenshot and the five text fields: the parser refuses a second file or a flood of fields.
@router.post(
    "/remove-username",
    response_model=ActionResult,
    tags=["moderation"],
    form_limits={"max_files": 1, "max_fields": 10},
)
def remove_username(
    form: Annotated[RemovalForm, Form()],
    screenshot: Annotated[UploadFile, File(description="Proof of ownership: an image, at most 4 MB")],
    request: Request,
    db: DbSession,
) -> ActionResult:
    ip = client_ip(request)
    require_captcha(form.captcha_token, remote_ip=ip)
    # One byte past the limit is enough to know it is too big, without reading the rest.
    proof = screenshot.file.read(service.PROOF_MAX_BYTES + 1)
    message = service.request_removal(
        db, form=form, proof=proof, ip=ip, ip_key=ip_bucket(ip), language=request_language(request)
    )
    return ActionResult(success=True, message=message)
