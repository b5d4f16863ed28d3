"""Media routes: my pictures, the public nudes pages and the admin gallery and image bans."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Request
from fastapi.responses import StreamingResponse

from addme.accounts.models import User
from addme.api.deps import CurrentUser, DbSession, OptionalUser, require
from addme.core.bodylimit import allow_body
from addme.core.params import IdPath, PageQuery, PerPageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import ActionResult, ErrorBody
from addme.media import admin as media_admin
from addme.media import public, service
from addme.media.schemas import (
    AdminMediaPage,
    BlockedHashPage,
    BlockedHashRead,
    BlockSourceName,
    Gallery,
    HashImportIn,
    HashImportResult,
    ImageBanIn,
    MediaRemoveIn,
    MyMedia,
    NudesPage,
    NudesParams,
    PictureResult,
    UploadResult,
)
from addme.media.uploads import (
    GALLERY_BODY,
    PICTURE_BODY,
    UPLOAD_BYTES,
    GalleryFiles,
    PictureFile,
    Uploader,
)

router = api_router(errors=(400, 401, 403, 404, 422, 429, 503))
allow_body("POST", "/user/usernames/{username_id}/media", UPLOAD_BYTES)
allow_body("POST", "/user/usernames/{username_id}/profile-picture", UPLOAD_BYTES)
# A hash list of up to 5 MB, as a JSON string (its newlines escaped).
allow_body("POST", "/admin/image-hashes/import", 12 * 1024 * 1024)
GalleryAdmin = Annotated[User, Depends(require(Permission.GALLERY))]
BansAdmin = Annotated[User, Depends(require(Permission.IMAGE_BANS))]


@router.get("/user/usernames/{username_id}/media", response_model=MyMedia, tags=["media"])
def my_media(username_id: IdPath, user: CurrentUser, db: DbSession) -> MyMedia:
    return service.my_media(db, user=user, username_id=username_id)


# The signed-in user comes before the files: a visitor is refused before the body is read.
@router.post(
    "/user/usernames/{username_id}/media",
    response_model=UploadResult,
    responses={400: {"model": ErrorBody}, 503: {"model": ErrorBody}},
    tags=["media"],
    openapi_extra=GALLERY_BODY,
)
def upload_media(username_id: IdPath, user: Uploader, files: GalleryFiles, db: DbSession) -> UploadResult:
    return service.upload_gallery(db, user=user, username_id=username_id, files=files)


@router.post(
    "/user/usernames/{username_id}/profile-picture",
    response_model=PictureResult,
    responses={400: {"model": ErrorBody}, 503: {"model": ErrorBody}},
    tags=["media"],
    openapi_extra=PICTURE_BODY,
)
def upload_profile_picture(
    username_id: IdPath, user: Uploader, file: PictureFile, db: DbSession
) -> PictureResult:
    return service.set_profile_picture(db, user=user, username_id=username_id, file=file)


@router.delete("/user/usernames/{username_id}/media/{media_id}", response_model=ActionResult, tags=["media"])
def delete_media(username_id: IdPath, media_id: IdPath, user: CurrentUser, db: DbSession) -> ActionResult:
    return service.delete_media(db, user=user, username_id=username_id, media_id=media_id)


@router.get("/nudes", response_model=NudesPage, tags=["media"])
def nudes(
    params: Annotated[NudesParams, Query()], request: Request, viewer: OptionalUser, db: DbSession
) -> NudesPage:
    blurred = service.should_blur(db, user=viewer, request=request)
    return public.nudes_page(db, params=params, signed_in=viewer is not None, blurred=blurred)


@router.get("/nudes/{slug}", response_model=Gallery, tags=["media"])
def nudes_gallery(slug: str, request: Request, viewer: OptionalUser, db: DbSession) -> Gallery:
    blurred = service.should_blur(db, user=viewer, request=request)
    return public.gallery(db, slug=slug, signed_in=viewer is not None, blurred=blurred)


@router.get("/admin/gallery", response_model=AdminMediaPage, tags=["admin"])
def admin_gallery(
    _admin: GalleryAdmin,
    db: DbSession,
    page: PageQuery = 1,
    per_page: PerPageQuery = 48,
) -> AdminMediaPage:
    return media_admin.recent_uploads(db, page=page, per_page=per_page)


@router.delete("/admin/gallery/{media_id}", response_model=ActionResult, tags=["admin"])
def admin_remove_media(
    media_id: IdPath, admin: GalleryAdmin, db: DbSession, body: MediaRemoveIn | None = None
) -> ActionResult:
    sent = body or MediaRemoveIn()
    return media_admin.admin_remove(db, admin=admin, media_id=media_id, reason=sent.reason, macro=sent.macro)


@router.post("/admin/image-bans", response_model=BlockedHashRead, status_code=201, tags=["admin"])
def admin_ban_image(body: ImageBanIn, admin: BansAdmin, db: DbSession) -> BlockedHashRead:
    return media_admin.ban_image(
        db, admin=admin, media_id=body.media_id, reason=body.reason, macro=body.macro
    )


@router.get("/admin/image-bans", response_model=BlockedHashPage, tags=["admin"])
def admin_image_bans(
    _admin: BansAdmin,
    db: DbSession,
    source: BlockSourceName | None = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 50,
) -> BlockedHashPage:
    return media_admin.image_bans(db, source=source, page=page, per_page=per_page)


@router.post("/admin/image-hashes/import", response_model=HashImportResult, tags=["admin"])
def admin_import_hashes(body: HashImportIn, admin: BansAdmin, db: DbSession) -> HashImportResult:
    return media_admin.import_hashes(db, admin=admin, text=body.text, reason=body.reason)


@router.get(
    "/admin/image-hashes/export",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
    tags=["admin"],
)
def admin_export_hashes(
    admin: BansAdmin, db: DbSession, source: BlockSourceName | None = None
) -> StreamingResponse:
    lines = media_admin.export_hashes(db, admin=admin, source=source)
    return StreamingResponse(
        lines,
        media_type="text/plain; charset=utf-8",
        headers={
            "Content-Disposition": 'attachment; filename="addme-pdq-hashes.txt"',
            "Cache-Control": "no-store",
        },
    )
