"""Uploaded images (profile pictures and galleries) and the perceptual hashes of banned images."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base


class Media(Base):
    __tablename__ = "media"
    __table_args__ = (
        # A gallery page and the per-username limit read one username's rows of one kind.
        Index("ix_media_username_kind", "username_id", "kind", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    username_id: Mapped[int] = mapped_column(ForeignKey("usernames.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))
    # Random object names (never the member's file name); the blurred preview sits beside the thumb.
    storage_key: Mapped[str] = mapped_column(String(200))
    thumb_key: Mapped[str] = mapped_column(String(200))
    width: Mapped[int]
    height: Mapped[int]
    content_type: Mapped[str] = mapped_column(String(40))
    size_bytes: Mapped[int] = mapped_column(default=0)
    # imagehash.phash as 16 hex digits, compared by Hamming distance against image bans.
    phash: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class MediaImageBan(Base):
    __tablename__ = "media_image_bans"

    id: Mapped[int] = mapped_column(primary_key=True)
    phash: Mapped[str] = mapped_column(String(16), index=True)
    reason: Mapped[str] = mapped_column(String(200), default="")
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
