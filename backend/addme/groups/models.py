"""Groups and who belongs to them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base, TimestampMixin


class Group(TimestampMixin, Base):
    __tablename__ = "groups"
    __table_args__ = (
        # The join path's conditional update is the guard; these back it in the database.
        CheckConstraint("members_count <= max_members", name="not_over_full"),
        CheckConstraint("members_count >= 0", name="members_non_negative"),
        Index("ix_groups_app_activity", "app", "last_activity_at", "id"),
        Index("ix_groups_activity", "last_activity_at", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    app: Mapped[str] = mapped_column(String(10))
    name: Mapped[str] = mapped_column(String(60))
    slug: Mapped[str] = mapped_column(String(80), unique=True)
    # The group's handle or invite link on the messaging app.
    username: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    max_members: Mapped[int]
    # The owner counts as the first member.
    members_count: Mapped[int] = mapped_column(default=1)
    last_activity_at: Mapped[datetime] = mapped_column(default=clock.now)


class GroupMember(Base):
    __tablename__ = "group_members"
    __table_args__ = (
        UniqueConstraint("group_id", "user_id"),
        Index("ix_group_members_user", "user_id", "group_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    joined_at: Mapped[datetime] = mapped_column(default=clock.now)
