"""Media request and response schemas."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from addme.core.options import AppName, GenderName, OrderName, OrientationName, TypeName
from addme.core.schemas import CardBase, PageMeta, StrictInput, UtcDatetime

KindName = Literal["profile", "gallery"]


class MediaRead(BaseModel):
    """One of my images."""

    id: int
    kind: KindName
    url: str
    thumb_url: str
    width: int
    height: int
    content_type: str
    created_at: UtcDatetime


class MyMedia(BaseModel):
    """A username's pictures, for its owner."""

    username_id: int
    profile_picture: str | None
    profile: MediaRead | None
    gallery: list[MediaRead]
    gallery_limit: int


class UploadResult(BaseModel):
    success: bool
    message: str
    skipped_message: str | None = Field(
        default=None, description="set when some files were over 4 MB and were not uploaded"
    )
    data: list[MediaRead]


class PictureResult(BaseModel):
    success: bool
    message: str
    skipped_message: str | None = None
    profile_picture: str | None
    data: MediaRead | None


class NudesParams(BaseModel):
    app: AppName | None = None
    gender: GenderName | None = None
    orientation: OrientationName | None = None
    type: TypeName = "Clean"
    vip: bool = False
    order: OrderName = "latest"
    page: int = Field(default=1, ge=1, le=10_000)
    per_page: int = Field(default=24, ge=1, le=60)


class NudesCard(CardBase):
    cover_thumb_url: str | None = Field(description="a blurred preview when `blurred`")
    media_count: int
    slug: str
    blurred: bool


class NudesPage(BaseModel):
    data: list[NudesCard]
    meta: PageMeta


class GalleryImage(BaseModel):
    id: int
    url: str | None = Field(description="null when `blurred`: the full image is not sent")
    thumb_url: str = Field(description="a blurred preview when `blurred`")
    width: int
    height: int
    blurred: bool


class Gallery(CardBase):
    profile_picture: str | None
    slug: str
    blurred: bool
    data: list[GalleryImage]


class AdminMedia(BaseModel):
    id: int
    user_id: int
    username_id: int
    username: str | None
    kind: KindName
    url: str
    thumb_url: str
    width: int
    height: int
    pdq: str | None = Field(description="the PDQ hash (64 hex digits); null until the backfill reaches it")
    created_at: UtcDatetime


class AdminMediaPage(BaseModel):
    data: list[AdminMedia]
    meta: PageMeta


class ImageBanIn(StrictInput):
    media_id: int
    reason: str = Field(default="", max_length=200)
    macro: str | None = Field(default=None, max_length=40)


class MediaRemoveIn(StrictInput):
    """Why a moderator removes a picture: at least 10 characters, or a macro; its owner reads it."""

    reason: str = Field(default="", max_length=2000)
    macro: str | None = Field(default=None, max_length=40)


BlockSourceName = Literal["notice", "admin_ban", "import", "stopncii"]


class BlockedHashRead(BaseModel):
    """A hash no upload may match."""

    id: int
    pdq: str
    quality: int | None = Field(description="null when the list it came from gives none")
    source: BlockSourceName
    reason: str
    subject: str = Field(description='what it was taken from ("media:12"), or the list\'s label')
    created_by: int | None
    created_at: UtcDatetime


class BlockedHashPage(BaseModel):
    data: list[BlockedHashRead]
    meta: PageMeta


class HashImportIn(StrictInput):
    """A hash list in ThreatExchange's PDQ text format: one hash a line, `hash` or `hash=hash`,
    optionally followed by a comma and fields (`hash,quality,label` or `hash=...,quality=...`)."""

    text: str = Field(max_length=5_000_000)
    reason: str = Field(min_length=3, max_length=300)


class HashImportResult(BaseModel):
    success: bool
    message: str
    added: int
    already: int
