"""Blog posts, alerts, ads and contact requests."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base, TimestampMixin


class BlogPost(TimestampMixin, Base):
    __tablename__ = "blog_posts"
    __table_args__ = (Index("ix_blog_posts_visible_published", "visible", "published_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(120), unique=True)
    title: Mapped[str] = mapped_column(String(200))
    summary: Mapped[str] = mapped_column(String(300), default="")
    # Markdown as written; HTML is rendered and sanitized on the way out, never stored raw.
    body_markdown: Mapped[str] = mapped_column(Text)
    picture_url: Mapped[str | None] = mapped_column(String(500))
    visible: Mapped[bool] = mapped_column(default=True)
    published_at: Mapped[datetime] = mapped_column(default=clock.now)


class Alert(TimestampMixin, Base):
    __tablename__ = "alerts"

    id: Mapped[int] = mapped_column(primary_key=True)
    # Comma list of client spots (e.g. "global,home"); "global" shows everywhere.
    spots: Mapped[str] = mapped_column(String(200), default="global")
    type: Mapped[str] = mapped_column(String(10), default="info")
    text: Mapped[str] = mapped_column(String(500), default="")
    # Admin-written HTML and script: browsers run them only inside a sandboxed frame (no same-origin),
    # so they never see the visitor's session; text alerts are shown as text.
    html: Mapped[str] = mapped_column(Text, default="")
    script: Mapped[str] = mapped_column(Text, default="")
    icon: Mapped[str | None] = mapped_column(String(40))
    classes: Mapped[str | None] = mapped_column(String(120))
    # Custom CSS declarations ("background:#222;color:#fff") instead of, or with, the classes.
    style: Mapped[str | None] = mapped_column(String(300))
    dismissible: Mapped[bool] = mapped_column(default=True)
    active: Mapped[bool] = mapped_column(default=True)
    starts_at: Mapped[datetime | None]
    ends_at: Mapped[datetime | None]


class Ad(TimestampMixin, Base):
    __tablename__ = "ads"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    # Comma list of: header-link, global-code, global-popup-code, layout-top, layout-bottom.
    spots: Mapped[str] = mapped_column(String(200))
    # A username orientation, or empty for every orientation.
    orientation: Mapped[str | None] = mapped_column(String(10))
    type: Mapped[str] = mapped_column(String(5))
    # "GLOBAL" or a comma list of two-letter codes.
    country_codes: Mapped[str] = mapped_column(String(500), default="GLOBAL")
    code: Mapped[str] = mapped_column(Text, default="")
    safe_link: Mapped[str | None] = mapped_column(String(500))
    image: Mapped[str | None] = mapped_column(String(500))
    active: Mapped[bool] = mapped_column(default=True)
    # Shown from / until these moments (naive UTC); None is "no limit".
    starts_at: Mapped[datetime | None]
    ends_at: Mapped[datetime | None]
    # Who made it: an AdPartner changes only its own ads; a Full admin any (None: made before owners
    # were kept, Full admins only).
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)


class ContactRequest(Base):
    __tablename__ = "contact_requests"
    __table_args__ = (
        Index("ix_contact_requests_status", "status", "created_at"),
        # The inbox's "all" view, newest first (#11).
        Index("ix_contact_requests_created", "created_at", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    reason: Mapped[str] = mapped_column(String(20))
    reply_email: Mapped[str] = mapped_column(String(254))
    other_notes: Mapped[str] = mapped_column(Text, default="")
    # Only the fields the reason asks for; the rest are dropped, not stored.
    fields: Mapped[dict[str, object]] = mapped_column(JSON, default=dict)
    ip_address: Mapped[str | None] = mapped_column(String(45))
    # new -> answered (a reply was mailed) -> closed; or closed without a reply.
    status: Mapped[str] = mapped_column(String(10), default="new")
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    answered_at: Mapped[datetime | None]
