"""The moderators' side of appeals (/admin/appeals): the queue by due time, and the decision.

An appeal is decided by a moderator other than the one who made the decision, when there is one;
the outcome is a decision record of its own (source_type appeal) mailed to the member, and reversing
restores what was taken through the owning domains' services. The spec's unban requests are appeals
of the kind `unban`: deciding one is the unban decision (`moderation.decisions.decide_unban`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.comments import service as comments
from addme.core import clock
from addme.core.errors import Conflict, Forbidden, NotFound
from addme.core.permissions import Permission, permissions_of
from addme.core.schemas import Page, StrictInput, UtcDatetime, from_row
from addme.decisions import appeals as records
from addme.decisions import service as decisions
from addme.decisions.codes import DecisionCode
from addme.decisions.models import Appeal, AppealStatus, StatementOfReasons
from addme.decisions.schemas import StatementRead
from addme.groups import admin as groups_admin
from addme.listings import constants as lc
from addme.listings import service as listings
from addme.listings.models import Username
from addme.media import held as held_media
from addme.moderation import decisions as requests_decided
from addme.moderation import member_bans

NOT_FOUND = "Appeal not found."
ALREADY_DECIDED = "This appeal has already been decided."
SAME_DECIDER = "A different moderator must decide this appeal: you made the decision it is about."
UPHELD = "Appeal decided: the decision stands."
REVERSED = "Appeal decided: the decision is reversed and what was taken is back."
# What a reversal cannot bring back unless it is held (a moderator's removal of media or a group is
# held for the appeal period; a hash ban's or a notice's erasure is not).
ERASED = frozenset({"remove_media", "remove_group", "block_upload", "remove"})

Urgency = Literal["ok", "soon", "overdue"]


class AppealAdmin(BaseModel):
    id: int
    kind: Literal["appeal", "unban"]
    status: Literal["open", "upheld", "reversed"]
    message: str
    user_id: int | None
    member_email: str | None
    about: str
    statement: StatementRead | None
    # Who made the decision appealed (they may not decide the appeal while another moderator can).
    first_decider_id: int | None
    unban_request_id: int | None
    created_at: UtcDatetime
    due_at: UtcDatetime
    urgency: Urgency
    decided_at: UtcDatetime | None
    decided_by: int | None
    reason: str | None
    # False when reversing cannot bring the content back (it was erased at removal).
    restorable: bool


class AppealDecideIn(StrictInput):
    action: Literal["uphold", "reverse"]
    reason: str = Field(default="", max_length=2000)
    macro: str | None = Field(default=None, max_length=40)


class AppealDecision(BaseModel):
    success: bool
    message: str
    appeal: AppealAdmin


def _urgency(appeal: Appeal) -> Urgency:
    now = clock.now()
    if appeal.status != AppealStatus.OPEN:
        return "ok"
    if now >= appeal.due_at:
        return "overdue"
    if now >= appeal.created_at + (appeal.due_at - appeal.created_at) / 2:
        return "soon"
    return "ok"


def _read(session: Session, appeal: Appeal) -> AppealAdmin:
    statement = session.get(StatementOfReasons, appeal.statement_id) if appeal.statement_id else None
    member = session.get(User, appeal.user_id) if appeal.user_id else None
    about = records.about_of(statement) if statement is not None else ""
    if appeal.kind == "unban" and not about:
        about = _unban_about(session, appeal)
    return from_row(
        AppealAdmin,
        appeal,
        kind="unban" if appeal.kind == "unban" else "appeal",
        member_email=member.email if member is not None else None,
        about=about,
        statement=records.statement_read(statement) if statement is not None else None,
        first_decider_id=statement.decided_by if statement is not None else None,
        urgency=_urgency(appeal),
        restorable=statement is None
        or statement.decision not in ERASED
        or decisions.held_for(session, statement_id=statement.id) is not None,
    )


def _unban_about(session: Session, appeal: Appeal) -> str:
    from addme.moderation.requests import UnbanRequest

    req = session.get(UnbanRequest, appeal.unban_request_id) if appeal.unban_request_id else None
    username = session.get(Username, req.username_id) if req is not None else None
    return f"{username.username} ({username.app})" if username is not None else ""


def queue(session: Session, *, status: str, page: int, per_page: int) -> Page[AppealAdmin]:
    """Open appeals, the soonest due first (decided within 7 days); decided ones, the latest first."""
    rows, meta = records.queue(session, status=status, page=page, per_page=per_page)
    return Page[AppealAdmin](data=[_read(session, a) for a in rows], meta=meta)


def open_count(session: Session) -> int:
    return records.queue(session, status="open", page=1, per_page=1)[1].total


def _another_staff_member(session: Session, *, besides: int) -> bool:
    """Whether someone else may decide appeals (a moderator or Full admin, not deleted or banned)."""
    levels = [
        level
        for level in session.scalars(
            select(User.admin_level).where(
                User.id != besides,
                User.admin_level.is_not(None),
                User.deleted_at.is_(None),
                ~User.ban.has(),
            )
        )
        if Permission.APPEALS in permissions_of(level)
    ]
    return bool(levels)


def _restore(session: Session, *, statement: StatementOfReasons) -> None:
    """Give back what the decision took, through the owning domain's service."""
    kind, subject = statement.decision, statement.subject_id
    if subject is None:
        return
    if statement.subject_type == "username":
        username = session.get(Username, subject)
        if username is None:
            return
        if kind in ("reject_username", "remove_username", "hold_username"):
            listings.restore(session, username=username)
        elif kind == "delist_dead_handle":
            listings.restore_dead_handle(session, username=username)
        elif kind in ("ban_username", "refuse_unban") and username.status == lc.Status.BANNED:
            listings.unban(session, username=username)
        elif kind == "label_paid":
            listings.unmark_paid(session, username=username)
    elif statement.subject_type == "media" and kind == "remove_media":
        held_media.restore_held(session, statement_id=statement.id)
    elif statement.subject_type == "group" and kind == "remove_group":
        groups_admin.restore_held(session, statement_id=statement.id)
    elif statement.subject_type == "comment" and kind == "remove_comment":
        comments.restore(session, comment_id=subject)
    elif statement.subject_type == "account" and kind == "ban_account":
        user = session.get(User, subject)
        if user is not None and user.banned_at is not None:
            member_bans.unban(session, user=user)


def decide(
    session: Session, *, admin: User, appeal_id: int, action: str, reason: str, macro: str | None
) -> AppealDecision:
    """Uphold or reverse an appeal; the member is mailed the outcome's statement."""
    appeal = records.get(session, appeal_id=appeal_id)
    if appeal is None:
        raise NotFound(NOT_FOUND, code=DecisionCode.APPEAL_NOT_FOUND)
    if appeal.status != AppealStatus.OPEN:
        raise Conflict(ALREADY_DECIDED, code=DecisionCode.APPEAL_DECIDED)
    reason = decisions.reason_text(reason, macro)
    statement = session.get(StatementOfReasons, appeal.statement_id) if appeal.statement_id else None
    first = statement.decided_by if statement is not None else None
    if first == admin.id and _another_staff_member(session, besides=admin.id):
        raise Forbidden(SAME_DECIDER, code=DecisionCode.SAME_DECIDER)
    reverse = action == "reverse"
    if appeal.kind == "unban" and appeal.unban_request_id is not None:
        # The spec's unban decision, its rules and mail kept; it closes this appeal too.
        requests_decided.decide_unban(
            session, admin=admin, request_id=appeal.unban_request_id, accept=reverse, reason=reason
        )
        session.refresh(appeal)
        return AppealDecision(
            success=True, message=REVERSED if reverse else UPHELD, appeal=_read(session, appeal)
        )
    assert statement is not None
    if reverse:
        _restore(session, statement=statement)
    records.close(session, appeal=appeal, reversed_=reverse, decided_by=admin.id, reason=reason)
    member = session.get(User, statement.user_id) if statement.user_id else None
    outcome = decisions.record(
        session,
        decision="appeal_reversed" if reverse else "appeal_upheld",
        facts=reason,
        ground=statement.ground,
        ground_reference=statement.ground_reference,
        category=statement.category,
        source_type="appeal",
        subject_type=statement.subject_type or "",
        subject_id=statement.subject_id,
        about=statement.about,
        member=member,
        decided_by=admin.id,
        appeal_of_id=statement.id,
        content=list(statement.content or []),
    )
    audit.record(
        session,
        admin=admin,
        action="appeal.reverse" if reverse else "appeal.uphold",
        target=f"appeal:{appeal.id}",
        reason=reason,
        before={"status": AppealStatus.OPEN},
        after={"status": appeal.status},
        details={
            "statement_id": statement.id,
            "decision": statement.decision,
            "subject": f"{statement.subject_type}:{statement.subject_id}",
            "outcome_statement_id": outcome.id,
        },
    )
    session.commit()
    return AppealDecision(
        success=True, message=REVERSED if reverse else UPHELD, appeal=_read(session, appeal)
    )


def due_soonest(session: Session) -> datetime | None:
    rows, _ = records.queue(session, status="open", page=1, per_page=1)
    return rows[0].due_at if rows else None
