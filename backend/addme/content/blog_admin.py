"""Writing the blog (/admin/blog, /admin/edit/blog): posts with a slug, a visible flag and a picture.

The Markdown body is stored as written and rendered through the same sanitizer as the public page,
so the preview shows exactly what visitors will read.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.content import publish
from addme.content.codes import ContentCode
from addme.content.markdown import render
from addme.content.models import BlogPost
from addme.core import clock
from addme.core.db import get_or_404
from addme.core.errors import AppError, FieldError
from addme.core.paging import exact_page
from addme.core.schemas import Page, StrictInput, UtcDatetime
from addme.media import pipeline
from addme.media.storage import get_storage

POST_NOT_FOUND = "Blog Post Not Found"
POST_NOT_REMOVED = "Error, Post Not Removed"
SLUG_TAKEN = "This slug is already used by another post."
SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
# A picture is a web address (https) or a file this site stored (/media/...).
PICTURE_PATTERN = r"^(https://[^\s<>\"']+|/media/[A-Za-z0-9/_.-]+)$"


class BlogIn(StrictInput):
    title: str = Field(min_length=3, max_length=200)
    # Left empty, it is made from the title.
    slug: str | None = Field(default=None, max_length=120)
    summary: str = Field(default="", max_length=300)
    body_markdown: str = Field(min_length=1, max_length=100_000)
    picture_url: str | None = Field(default=None, max_length=500, pattern=PICTURE_PATTERN)
    visible: bool = Field(default=False, strict=True)
    published_at: datetime | None = None
    reason: str = Field(default="", max_length=300)

    @field_validator("slug")
    @classmethod
    def _slug(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        value = value.strip()
        if not re.match(SLUG_PATTERN, value):
            raise ValueError("A slug uses lower-case letters, digits and single dashes (my-first-post).")
        return value

    @field_validator("title", "summary")
    @classmethod
    def _strip(cls, value: str) -> str:
        return value.strip()


class BlogRemoveIn(publish.RemoveIn):
    pass


class PreviewIn(StrictInput):
    body_markdown: str = Field(max_length=100_000)


class PreviewRead(BaseModel):
    html: str


class PictureRead(BaseModel):
    url: str


class BlogAdminRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    slug: str
    title: str
    summary: str
    body_markdown: str
    picture_url: str | None
    visible: bool
    published_at: UtcDatetime
    updated_at: UtcDatetime


def slugify(text: str) -> str:
    """ "Écrire un billet !" -> "ecrire-un-billet"."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:100].strip("-") or "post"


def _free_slug(session: Session, base: str, *, exclude: int | None = None) -> str:
    slug, n = base, 2
    while True:
        stmt = select(BlogPost.id).where(BlogPost.slug == slug)
        if exclude is not None:
            stmt = stmt.where(BlogPost.id != exclude)
        if session.scalar(stmt) is None:
            return slug
        slug = f"{base[:110]}-{n}"
        n += 1


def _post(session: Session, post_id: int, message: str = POST_NOT_FOUND) -> BlogPost:
    return get_or_404(session, BlogPost, post_id, message, code=ContentCode.POST_NOT_FOUND)


_PUBLISHED = publish.Published[BlogPost](
    kind="blog", target="post", fields=audit.columns("slug", "title", "visible", "picture_url")
)


def posts(session: Session, *, q: str | None, page: int, per_page: int) -> Page[BlogAdminRead]:
    """Every post, hidden ones too, newest first; q matches the title or the slug."""
    stmt = select(BlogPost)
    if q and q.strip():
        like = f"%{q.strip().lower()}%"
        stmt = stmt.where(or_(func.lower(BlogPost.title).like(like), BlogPost.slug.like(like)))
    order = (BlogPost.published_at.desc(), BlogPost.id.desc())
    rows, meta = exact_page(session, stmt, order=order, page=page, per_page=per_page)
    return Page[BlogAdminRead](data=[BlogAdminRead.model_validate(p) for p in rows], meta=meta)


def post(session: Session, *, post_id: int) -> BlogAdminRead:
    return BlogAdminRead.model_validate(_post(session, post_id))


def create(session: Session, *, admin: User, body: BlogIn) -> BlogAdminRead:
    if body.slug and _free_slug(session, body.slug) != body.slug:
        raise FieldError("slug", SLUG_TAKEN)
    new = BlogPost(
        slug=body.slug or _free_slug(session, slugify(body.title)),
        title=body.title,
        summary=body.summary,
        body_markdown=body.body_markdown,
        picture_url=body.picture_url,
        visible=body.visible,
        published_at=publish.naive_utc(body.published_at) or clock.now(),
    )
    return BlogAdminRead.model_validate(_PUBLISHED.create(session, admin=admin, row=new, reason=body.reason))


def update(session: Session, *, admin: User, post_id: int, body: BlogIn) -> BlogAdminRead:
    found = _post(session, post_id)
    slug = body.slug or found.slug
    if slug != found.slug and _free_slug(session, slug, exclude=found.id) != slug:
        raise FieldError("slug", SLUG_TAKEN)

    def change() -> None:
        found.slug = slug
        found.title = body.title
        found.summary = body.summary
        found.body_markdown = body.body_markdown
        found.picture_url = body.picture_url
        found.visible = body.visible
        if body.published_at:
            found.published_at = publish.naive_utc(body.published_at)

    _PUBLISHED.update(session, admin=admin, row=found, change=change, reason=body.reason)
    return BlogAdminRead.model_validate(found)


def remove(session: Session, *, admin: User, post_id: int, reason: str) -> None:
    _PUBLISHED.remove(session, admin=admin, row=_post(session, post_id, POST_NOT_REMOVED), reason=reason)


def preview(body_markdown: str) -> PreviewRead:
    """The body as visitors will see it (the public page's renderer and sanitizer)."""
    return PreviewRead(html=render(body_markdown))


def store_picture(*, admin: User, data: bytes | None) -> PictureRead:
    """Re-encode an uploaded picture (EXIF and metadata dropped) and store it; its URL goes in the post."""
    if data is None:
        raise FieldError("file", "This picture is too large (4 MB at most).")
    try:
        image = pipeline.process(data)
    except pipeline.ImageRejected as exc:
        raise FieldError("file", str(exc)) from exc
    storage = get_storage()
    key = f"blog/{pipeline.random_name()}.{image.extension}"
    try:
        storage.put(key, image.data, content_type=image.content_type)
    except OSError as exc:
        raise AppError("Error, Media not uploaded, please contact support.", status_code=503) from exc
    return PictureRead(url=storage.url(key))
