"""Uploaded images (profile pictures and galleries), the PDQ hash of every stored image (ad images
too), and the block list of hashes no upload may match."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base


class Media(Base):
    __tablename__ = "media"
    __table_args__ = (
        # A gallery page and the per-username limit read one username's rows of one kind.
        Index("ix_media_username_kind", "username_id", "kind", "id"),
        # A notice names an image by its URL: the row is found from the object's key.
        Index("ix_media_storage_key", "storage_key"),
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
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class _Chunks:
    """The multi-index: the hash's 16 chunks of 16 bits (media/pdq.py), each indexed; NULL when the
    hash's quality is too low to match on, so such rows are never candidates."""


for _i in range(16):
    setattr(_Chunks, f"c{_i}", mapped_column(Integer, nullable=True, index=True))


class MediaImageHash(_Chunks, Base):
    """The PDQ hash of one stored image: a gallery or profile picture (a media row) or an ad image
    (a stored object only: the ad row is the content domain's)."""

    __tablename__ = "media_image_hashes"

    id: Mapped[int] = mapped_column(primary_key=True)
    media_id: Mapped[int | None] = mapped_column(
        ForeignKey("media.id", ondelete="CASCADE"), unique=True, nullable=True
    )
    kind: Mapped[str] = mapped_column(String(10))
    # The stored object's key: how an ad image (no media row) and a media file's URL are found.
    storage_key: Mapped[str] = mapped_column(String(200), unique=True)
    pdq: Mapped[str] = mapped_column(String(64))
    quality: Mapped[int]
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class MediaBlockedHash(_Chunks, Base):
    """A hash no upload may match: from a notice's removal, an admin's image ban, an imported list
    or StopNCII. One row per (source, hash): a StopNCII withdrawal removes its own row only."""

    __tablename__ = "media_blocked_hashes"
    __table_args__ = (
        UniqueConstraint("source", "pdq"),
        Index("ix_media_blocked_hashes_source", "source", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    pdq: Mapped[str] = mapped_column(String(64))
    # None when the list it came from gives none (StopNCII, a bare hash list): used for matching.
    quality: Mapped[int | None] = mapped_column(nullable=True)
    source: Mapped[str] = mapped_column(String(20))
    reason: Mapped[str] = mapped_column(String(300), default="")
    # What the hash was taken from ("media:12", "ad:ads/x.webp"), or the list's own label.
    subject: Mapped[str] = mapped_column(String(200), default="")
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class MediaHashCursor(Base):
    """Where a resumable hash job stands: the backfill's last media id, StopNCII's checkpoint."""

    __tablename__ = "media_hash_cursors"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    position: Mapped[str] = mapped_column(String(2000), default="")
    updated_at: Mapped[datetime] = mapped_column(default=clock.now, onupdate=clock.now)


class MediaHashFeedback(Base):
    """Feedback owed to StopNCII on one of its hashes (a match, a moderator's decision), sent by the
    sync job; kept after sending for the record."""

    __tablename__ = "media_hash_feedback"
    __table_args__ = (Index("ix_media_hash_feedback_sent", "sent_at", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    pdq: Mapped[str] = mapped_column(String(64))
    value: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    sent_at: Mapped[datetime | None] = mapped_column(nullable=True)
