"""Ad routes: what a visitor gets (GET /v1/ads, loaded once a visit), why (?debugad=1), a Code ad's
own sandboxed document, and the admin's list, create, edit, delete and banner upload (Full and
AdPartner)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request, Response
from fastapi.responses import HTMLResponse

from addme.accounts.models import User
from addme.api.deps import CurrentUser, DbSession, OptionalUser, require
from addme.content import ads_admin, consents
from addme.content.ads_admin import AdAdminRead, AdIn, AdRemoveIn, ImageRead
from addme.content.consents import ConsentsRead, ConsentsUpdate
from addme.content.schemas import AdExplainRead, AdRead
from addme.core.bodylimit import allow_body
from addme.core.net import client_ip
from addme.core.options import OrientationName
from addme.core.params import IdPath
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import ErrorBody
from addme.media.uploads import PICTURE_BODY, UPLOAD_BYTES, PictureFile
from addme.trust.geo import visitor_place

router = api_router(tags=["content"])
admin_router = api_router(
    prefix="/admin/ads",
    tags=["admin"],
    errors=(401, 403, 404, 422, 503),
)
AdsAdmin = Annotated[User, Depends(require(Permission.ADS))]
allow_body("POST", "/admin/ads/image", UPLOAD_BYTES)


@router.get("/ads", response_model=list[AdRead])
def ads(
    request: Request,
    viewer: OptionalUser,
    db: DbSession,
    spot: str | None = None,
    orientation: OrientationName | None = None,
) -> list[AdRead]:
    """The ads this viewer may get (their country, VIP, Full admin and the schedule decided here)."""
    country = visitor_place(request).country
    return ads_admin.active_ads(db, spot=spot, country=country, orientation=orientation, viewer=viewer)


@router.get("/user/consents", response_model=ConsentsRead, tags=["user"])
def my_consents(user: CurrentUser, db: DbSession) -> ConsentsRead:
    """The member's consents (all off until given), with every change and its time."""
    return consents.read(db, user=user)


@router.put("/user/consents", response_model=ConsentsRead, tags=["user"])
def set_my_consents(body: ConsentsUpdate, request: Request, user: CurrentUser, db: DbSession) -> ConsentsRead:
    """Give or withdraw a consent (orientation-targeted ads)."""
    return consents.update(db, user=user, body=body, ip=client_ip(request))


@router.get("/ads/explain", response_model=AdExplainRead)
def ads_explain(request: Request, viewer: OptionalUser, db: DbSession) -> AdExplainRead:
    """For ?debugad=1: every running or scheduled ad, with the spots this viewer is refused and why."""
    return ads_admin.explain(db, country=visitor_place(request).country, viewer=viewer)


@router.get("/ads/{ad_id}/frame", response_class=HTMLResponse, responses={404: {"model": ErrorBody}})
def ad_frame(ad_id: IdPath, db: DbSession, viewer: OptionalUser) -> HTMLResponse:
    """A Code ad's document, for its sandboxed frame only (its own strict policy)."""
    html = ads_admin.frame_document(db, ad_id=ad_id, viewer=viewer)
    return HTMLResponse(
        html,
        headers={
            "Content-Security-Policy": ads_admin.FRAME_CSP,
            "X-Frame-Options": "SAMEORIGIN",
            "Cache-Control": "no-store",
        },
    )


@admin_router.get("", response_model=list[AdAdminRead])
def ads_list(admin: AdsAdmin, db: DbSession) -> list[AdAdminRead]:
    return ads_admin.ads(db, admin=admin)


@admin_router.post("", response_model=AdAdminRead, status_code=201)
def ad_create(body: AdIn, admin: AdsAdmin, db: DbSession) -> AdAdminRead:
    return ads_admin.create(db, admin=admin, body=body)


@admin_router.post("/image", response_model=ImageRead, status_code=201, openapi_extra=PICTURE_BODY)
def ad_image(_admin: AdsAdmin, file: PictureFile, db: DbSession) -> ImageRead:
    return ads_admin.store_image(db, data=file.data)


@admin_router.put("/{ad_id}", response_model=AdAdminRead)
def ad_update(ad_id: IdPath, body: AdIn, admin: AdsAdmin, db: DbSession) -> AdAdminRead:
    return ads_admin.update(db, admin=admin, ad_id=ad_id, body=body)


@admin_router.delete("/{ad_id}", status_code=204, response_class=Response)
def ad_remove(ad_id: IdPath, body: AdRemoveIn, admin: AdsAdmin, db: DbSession) -> Response:
    ads_admin.remove(db, admin=admin, ad_id=ad_id, reason=body.reason)
    return Response(status_code=204)
