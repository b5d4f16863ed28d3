"""Admin routes of the blog: list, read, write, publish, remove, preview and picture upload."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Response

from addme.accounts.models import User
from addme.api.deps import DbSession, require
from addme.content import blog_admin
from addme.content.blog_admin import BlogAdminRead, BlogIn, BlogRemoveIn, PictureRead, PreviewIn, PreviewRead
from addme.core.bodylimit import allow_body
from addme.core.params import IdPath, PageQuery, PerPageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import Page
from addme.media.uploads import PICTURE_BODY, UPLOAD_BYTES, PictureFile

router = api_router(
    prefix="/admin/blog",
    tags=["admin"],
    errors=(401, 403, 404, 422, 503),
)
BlogAdmin = Annotated[User, Depends(require(Permission.BLOG))]
allow_body("POST", "/admin/blog/picture", UPLOAD_BYTES)


@router.get("", response_model=Page[BlogAdminRead])
def blog_posts(
    _admin: BlogAdmin,
    db: DbSession,
    q: Annotated[str | None, Query(max_length=100)] = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 50,
) -> Page[BlogAdminRead]:
    return blog_admin.posts(db, q=q, page=page, per_page=per_page)


@router.post("", response_model=BlogAdminRead, status_code=201)
def blog_create(body: BlogIn, admin: BlogAdmin, db: DbSession) -> BlogAdminRead:
    return blog_admin.create(db, admin=admin, body=body)


@router.post("/preview", response_model=PreviewRead)
def blog_preview(body: PreviewIn, _admin: BlogAdmin) -> PreviewRead:
    return blog_admin.preview(body.body_markdown)


@router.post("/picture", response_model=PictureRead, status_code=201, openapi_extra=PICTURE_BODY)
def blog_picture(admin: BlogAdmin, file: PictureFile) -> PictureRead:
    return blog_admin.store_picture(admin=admin, data=file.data)


@router.get("/{post_id}", response_model=BlogAdminRead)
def blog_post(post_id: IdPath, _admin: BlogAdmin, db: DbSession) -> BlogAdminRead:
    return blog_admin.post(db, post_id=post_id)


@router.put("/{post_id}", response_model=BlogAdminRead)
def blog_update(post_id: IdPath, body: BlogIn, admin: BlogAdmin, db: DbSession) -> BlogAdminRead:
    return blog_admin.update(db, admin=admin, post_id=post_id, body=body)


@router.delete("/{post_id}", status_code=204, response_class=Response)
def blog_remove(post_id: IdPath, body: BlogRemoveIn, admin: BlogAdmin, db: DbSession) -> Response:
    blog_admin.remove(db, admin=admin, post_id=post_id, reason=body.reason)
    return Response(status_code=204)
