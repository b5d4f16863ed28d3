"""Reported and held comments (issue 37): the queue and a moderator's decision. Removing one is a
decision record its author is sent and may appeal (comments.service.remove); keeping one closes its
reports and shows it if it was held. Both need a reason; nobody decides a case that is their own."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.comments import service as comments
from addme.comments.models import Comment, CommentReport
from addme.core.errors import Forbidden
from addme.core.schemas import StrictInput, UtcDatetime, from_row
from addme.decisions import service as decisions
from addme.moderation.codes import ModerationCode

QueueKind = Literal["all", "reported", "held"]
OWN_CASE = "This case is about your own comment, listing or report: another moderator decides it."


class CommentReportAdmin(BaseModel):
    comment_id: int
    username_id: int
    # The listing the comment is on, as moderators read it.
    listing_username: str | None
    listing_app: str | None
    text: str
    status: str
    held_reason: str | None
    hidden: bool
    # The reasons the reporters gave (empty strings for none), oldest first.
    reports: list[str]
    # The comment, the listing or a report is the caller's: they may not decide it (403 own_case).
    own_case: bool = False
    created_at: UtcDatetime


class CommentDecideIn(StrictInput):
    action: Literal["remove", "dismiss"]
    reason: str = Field(default="", max_length=2000)
    macro: str | None = Field(default=None, max_length=40)


class CommentDecision(BaseModel):
    success: bool
    message: str


def queue(session: Session, *, admin: User, kind: QueueKind = "all") -> list[CommentReportAdmin]:
    """Comments to decide: reported ones (open reports), held ones, or both (held first)."""
    found: dict[int, tuple[Comment, list[CommentReport]]] = {}
    if kind in ("all", "held"):
        found.update((c.id, (c, r)) for c, r in comments.held(session))
    if kind in ("all", "reported"):
        for c, r in comments.open_reports(session):
            found.setdefault(c.id, (c, r))
    out = []
    for c, reports in found.values():
        listing = comments.listing_of(session, comment=c)
        out.append(
            from_row(
                CommentReportAdmin,
                c,
                comment_id=c.id,
                listing_username=listing.username if listing is not None else None,
                listing_app=listing.app if listing is not None else None,
                text=c.body,
                hidden=c.hidden_at is not None,
                reports=[r.message for r in reports],
                own_case=admin.id in comments.parties(session, comment=c),
            )
        )
    return out


def decide(
    session: Session, *, admin: User, comment_id: int, action: str, reason: str, macro: str | None
) -> CommentDecision:
    comment = comments.get(session, comment_id=comment_id)
    if admin.id in comments.parties(session, comment=comment):
        raise Forbidden(OWN_CASE, code=ModerationCode.OWN_CASE)
    text = decisions.reason_text(reason, macro)
    if action == "remove":
        comments.remove(session, comment=comment, reason=text, decided_by=admin.id, source="report")
        message = comments.REMOVED
    else:
        comments.dismiss(session, comment=comment)
        message = "Reports dismissed."
    audit.record(
        session, admin=admin, action=f"comment.{action}", target=f"comment:{comment.id}", reason=text
    )
    session.commit()
    return CommentDecision(success=True, message=message)
