"""Reported comments (issue 37): the queue and a moderator's decision. Removing one is a decision
record its author is sent and may appeal (comments.service.remove); dismissing closes the reports."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.comments import service as comments
from addme.core.schemas import StrictInput, UtcDatetime
from addme.decisions import service as decisions


class CommentReportAdmin(BaseModel):
    comment_id: int
    username_id: int
    text: str
    status: str
    held_reason: str | None
    hidden: bool
    reports: list[str]
    created_at: UtcDatetime


class CommentDecideIn(StrictInput):
    action: Literal["remove", "dismiss"]
    reason: str = Field(default="", max_length=2000)
    macro: str | None = Field(default=None, max_length=40)


class CommentDecision(BaseModel):
    success: bool
    message: str


def queue(session: Session) -> list[CommentReportAdmin]:
    return [
        CommentReportAdmin(
            comment_id=c.id,
            username_id=c.username_id,
            text=c.body,
            status=c.status,
            held_reason=c.held_reason,
            hidden=c.hidden_at is not None,
            reports=[r.message for r in reports],
            created_at=c.created_at,
        )
        for c, reports in comments.open_reports(session)
    ]


def decide(
    session: Session, *, admin: User, comment_id: int, action: str, reason: str, macro: str | None
) -> CommentDecision:
    comment = comments.get(session, comment_id=comment_id)
    if action == "remove":
        text = decisions.reason_text(reason, macro)
        comments.remove(session, comment=comment, reason=text, decided_by=admin.id, source="report")
        message = comments.REMOVED
    else:
        text = reason.strip()
        comments.dismiss(session, comment=comment)
        message = "Reports dismissed."
    audit.record(
        session, admin=admin, action=f"comment.{action}", target=f"comment:{comment.id}", reason=text
    )
    session.commit()
    return CommentDecision(success=True, message=message)
