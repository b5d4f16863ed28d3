"""The admin audit log: one appended row per admin action, never updated or deleted."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base


class AdminAudit(Base):
    __tablename__ = "admin_audit"
    __table_args__ = (
        Index("ix_admin_audit_admin_created", "admin_id", "created_at"),
        Index("ix_admin_audit_target", "target", "id"),
        Index("ix_admin_audit_action", "action", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # SET NULL: erasing an admin's account must not erase what they did.
    admin_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    # The level the admin held when acting: a later promotion or demotion does not rewrite history.
    admin_level: Mapped[str | None] = mapped_column(String(20))
    action: Mapped[str] = mapped_column(String(40))
    # "kind:id" of what was acted on ("user:12", "username:40", "report:7", "sku:topup-20").
    target: Mapped[str | None] = mapped_column(String(120))
    # Why, in the admin's words (may be empty); shown to the member where the decision concerns them.
    reason: Mapped[str] = mapped_column(Text, default="")
    # The acted-on object's relevant fields before and after, so a decision can be understood later.
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    details: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=clock.now, index=True)
