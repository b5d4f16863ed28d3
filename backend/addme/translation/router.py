"""POST /v1/translations: a text the site shows, in the visitor's language."""

from __future__ import annotations

from typing import Literal

from fastapi import Request
from pydantic import Field

from addme.api.deps import DbSession, OptionalUser
from addme.core import ratelimit
from addme.core.net import client_ip, ip_bucket
from addme.core.routes import api_router
from addme.core.schemas import ErrorBody, Schema, StrictInput
from addme.translation import service

router = api_router(tags=["translations"])

TRANSLATE_LIMIT = "30/hour"


class TranslationRequest(StrictInput):
    kind: Literal["description", "comment"]
    id: int = Field(ge=1)
    target: Literal["en", "fr", "de", "es", "it", "pt", "nl"]


class TranslationRead(Schema):
    text: str
    source: str
    target: str
    cached: bool


@router.post(
    "/translations",
    response_model=TranslationRead,
    responses={
        404: {"model": ErrorBody},
        409: {"model": ErrorBody, "description": "This site has no translation service"},
        429: {"model": ErrorBody},
        503: {"model": ErrorBody},
    },
)
def translate(
    body: TranslationRequest, request: Request, db: DbSession, viewer: OptionalUser
) -> TranslationRead:
    ratelimit.hit(TRANSLATE_LIMIT, "translate", str(viewer.id) if viewer else ip_bucket(client_ip(request)))
    result, cached = service.translate(db, kind=body.kind, item_id=body.id, target=body.target, viewer=viewer)
    return TranslationRead(text=result.text, source=result.source, target=body.target, cached=cached)
