"""Routes for notices: the public form (JSON, or multipart with a picture), the moderators' queue,
their decisions and alert switch, and the trusted-flagger flag on an account."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse
from pydantic import ValidationError
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException

from addme.accounts.models import User
from addme.api.deps import DbSession, OptionalUser, require
from addme.core.bodylimit import MULTIPART_OVERHEAD, allow_body
from addme.core.errors import INVALID_DATA, FieldError, request_language
from addme.core.net import client_ip, ip_bucket
from addme.core.params import IdPath
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import Page
from addme.media import constants as media_limits
from addme.moderation import alerts, flaggers, notice_decisions, notices
from addme.moderation.notice_schemas import (
    AlertSetting,
    NoticeAdmin,
    NoticeDecideIn,
    NoticeDecision,
    NoticeDetail,
    NoticeIn,
    NoticeReceiptOut,
)
from addme.moderation.notices import Picture
from addme.moderation.routers import CaseQueue, private_image
from addme.moderation.schemas import TrustedFlaggerIn, TrustedFlaggerRead
from addme.screening.captcha import require_captcha

allow_body("POST", "/notices", media_limits.MAX_FILE_BYTES + MULTIPART_OVERHEAD)
router = api_router(errors=(400, 401, 403, 404, 409, 422, 429, 503))
NoticesAdmin = Annotated[User, Depends(require(Permission.NOTICES))]
UsersAdmin = Annotated[User, Depends(require(Permission.USERS))]
UNREADABLE = "The form could not be read. Please send it again."
# The form's text fields and one picture: the parser refuses more before reading them.
MAX_FIELDS = 30
_TEXT_FIELDS = ("kind", "description", "signature", "contact_email", "captcha_token")

NOTICE_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": NoticeIn.model_json_schema()},
            "multipart/form-data": {
                "schema": {
                    **NoticeIn.model_json_schema(),
                    "properties": {
                        **NoticeIn.model_json_schema()["properties"],
                        "picture": {"type": "string", "format": "binary", "description": "At most 4 MB"},
                    },
                }
            },
        },
    }
}


def _validated(raw: object) -> NoticeIn:
    try:
        return NoticeIn.model_validate(raw)
    except ValidationError as exc:
        raise RequestValidationError([{**e, "loc": ("body", *e["loc"])} for e in exc.errors()]) from exc


async def _multipart(request: Request) -> tuple[NoticeIn, Picture | None]:
    try:
        form = await request.form(max_files=1, max_fields=MAX_FIELDS)
    except (MultiPartException, HTTPException) as exc:
        raise FieldError("picture", UNREADABLE) from exc
    try:
        raw: dict[str, Any] = {k: v for k in _TEXT_FIELDS if isinstance(v := form.get(k), str)}
        # Repeated `urls` fields, or one field with an address per line (a textarea as it is).
        raw["urls"] = [
            u for v in form.getlist("urls") if isinstance(v, str) for u in v.splitlines() if u.strip()
        ]
        good_faith = form.get("good_faith")
        raw["good_faith"] = isinstance(good_faith, str) and good_faith.strip().lower() in (
            "true",
            "1",
            "on",
            "yes",
        )
        picture: Picture | None = None
        upload = form.get("picture")
        if isinstance(upload, UploadFile):
            head = await upload.read(media_limits.MAX_FILE_BYTES + 1)
            if head:
                picture = Picture(data=head if len(head) <= media_limits.MAX_FILE_BYTES else None)
        return _validated(raw), picture
    finally:
        await form.close()


async def notice_form(request: Request) -> tuple[NoticeIn, Picture | None]:
    """The notice as JSON or as a multipart form (with an optional picture), validated."""
    if request.headers.get("content-type", "").lower().startswith("multipart/form-data"):
        return await _multipart(request)
    try:
        raw = json.loads(await request.body() or b"null")
    except (ValueError, UnicodeDecodeError) as exc:
        raise FieldError("body", INVALID_DATA) from exc
    return _validated(raw), None


NoticeForm = Annotated[tuple[NoticeIn, Picture | None], Depends(notice_form)]


@router.post(
    "/notices",
    status_code=201,
    response_model=NoticeReceiptOut,
    tags=["moderation"],
    openapi_extra=NOTICE_BODY,
)
def file_notice(form: NoticeForm, request: Request, viewer: OptionalUser, db: DbSession) -> NoticeReceiptOut:
    data, picture = form
    ip = client_ip(request)
    require_captcha(data.captcha_token, remote_ip=ip)
    receipt = notices.submit(
        db,
        data=data,
        picture=picture,
        reporter=viewer,
        ip=ip,
        ip_key=ip_bucket(ip),
        language=request_language(request),
    )
    return NoticeReceiptOut(data=receipt)


# -- moderators -------------------------------------------------------------------------------------


@router.get("/admin/notices", response_model=Page[NoticeAdmin], tags=["admin"])
def notice_queue(_admin: NoticesAdmin, db: DbSession, q: CaseQueue) -> Page[NoticeAdmin]:
    return notice_decisions.queue(db, status=q.status, page=q.page, per_page=q.per_page)


# Before /admin/notices/{notice_id}: "alerts" is not an id.
@router.get("/admin/notices/alerts", response_model=AlertSetting, tags=["admin"])
def alert_setting(admin: NoticesAdmin, db: DbSession) -> AlertSetting:
    return AlertSetting(enabled=alerts.subscribed(db, user=admin))


@router.put("/admin/notices/alerts", response_model=AlertSetting, tags=["admin"])
def set_alert_setting(body: AlertSetting, admin: NoticesAdmin, db: DbSession) -> AlertSetting:
    return AlertSetting(enabled=alerts.set_subscribed(db, user=admin, enabled=body.enabled))


@router.get("/admin/notices/{notice_id}", response_model=NoticeDetail, tags=["admin"])
def notice_detail(notice_id: IdPath, _admin: NoticesAdmin, db: DbSession) -> NoticeDetail:
    return notice_decisions.detail(db, notice_id=notice_id)


@router.post("/admin/notices/{notice_id}/decide", response_model=NoticeDecision, tags=["admin"])
def decide_notice(
    notice_id: IdPath, body: NoticeDecideIn, admin: NoticesAdmin, db: DbSession
) -> NoticeDecision:
    return notice_decisions.decide(db, admin=admin, notice_id=notice_id, body=body)


@router.get(
    "/admin/notices/{notice_id}/picture",
    response_class=FileResponse,
    responses={200: {"content": {"image/webp": {}}}},
    tags=["admin"],
)
def notice_picture(notice_id: IdPath, _admin: NoticesAdmin, db: DbSession) -> FileResponse:
    return private_image(notice_decisions.picture_file(db, notice_id=notice_id))


@router.put("/admin/users/{user_id}/trusted-flagger", response_model=TrustedFlaggerRead, tags=["admin"])
def set_trusted_flagger(
    user_id: IdPath, body: TrustedFlaggerIn, admin: UsersAdmin, db: DbSession
) -> TrustedFlaggerRead:
    return flaggers.set_flag(db, admin=admin, user_id=user_id, trusted=body.trusted, reason=body.reason)
