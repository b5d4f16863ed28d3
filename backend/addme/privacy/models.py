"""A member's data exports: asked for, built by a job, downloadable for 72 hours."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base


class ExportStatus(StrEnum):
    PENDING = "pending"
    READY = "ready"
    FAILED = "failed"
    EXPIRED = "expired"


class DataExport(Base):
    __tablename__ = "data_exports"
    __table_args__ = (
        Index("ix_data_exports_user", "user_id", "id"),
        Index("ix_data_exports_status", "status", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    status: Mapped[str] = mapped_column(String(10), default=ExportStatus.PENDING)
    requested_at: Mapped[datetime] = mapped_column(default=clock.now)
    ready_at: Mapped[datetime | None]
    expires_at: Mapped[datetime | None]
    # The ZIP's name under the private directory's exports/ folder (random, never guessable).
    file_name: Mapped[str | None] = mapped_column(String(80))
    size_bytes: Mapped[int] = mapped_column(default=0)
