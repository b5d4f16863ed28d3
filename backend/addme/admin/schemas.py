"""Admin-wide shapes: who the admin is, the home's figures, the audit log."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from addme.admin.health import HealthFigures
from addme.core.schemas import UtcDatetime
from addme.stats.schemas import TodayFigure


class AdminMe(BaseModel):
    admin_level: str
    # What this level may open, `domain.action` names (core/permissions.py): the menu is built from it.
    permissions: list[str]


class TypeCount(BaseModel):
    type: str
    count: int


class ReportsFigure(BaseModel):
    open: int
    # Underage first, then the spec's order.
    by_type: list[TypeCount]


class QueueFigure(BaseModel):
    pending: int
    oldest_hours: int | None


class RemovalFigure(QueueFigure):
    # The 48-hour limit: hours left on the oldest one (negative once overdue).
    oldest_hours_left: int | None
    overdue: bool


class NoticesFigure(BaseModel):
    open: int
    overdue: int


class Overview(BaseModel):
    """What needs a decision now; a section the level may not open is null."""

    reports: ReportsFigure | None
    review: QueueFigure | None
    unban_requests: QueueFigure | None
    removal_requests: RemovalFigure | None
    contact_new: int | None
    health: HealthFigures | None
    # Today's signups, listings, sales and Top-Ups against the 7 days before (Full: analytics).
    today: list[TodayFigure] | None = None
    # Open notices from anyone, and how many are past their legal deadline.
    notices: NoticesFigure | None = None
    # New messages in the Moderators' queue (bans, age verification, account hopping, VPN).
    contact_queue_new: int | None = None


class AuditRead(BaseModel):
    id: int
    admin_id: int | None
    admin_email: str | None
    admin_level: str | None
    action: str
    target: str | None
    reason: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    details: dict[str, Any] | None
    created_at: UtcDatetime
