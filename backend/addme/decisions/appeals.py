"""Members' appeals against decisions about them (DSA Art. 20): one open appeal per decision, within
six months, answered within 7 days. Deciding one restores what was taken through the owning domains,
so that part lives in `moderation.appeals`; this module owns the `appeals` rows."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.core import clock
from addme.core.errors import AppError, Conflict, NotFound
from addme.core.paging import exact_page
from addme.core.schemas import PageMeta, from_row
from addme.decisions import service
from addme.decisions.codes import DecisionCode
from addme.decisions.models import Appeal, AppealStatus, StatementOfReasons
from addme.decisions.schemas import AppealBrief, AppealResult, MyDecision, MyDecisions, StatementRead

ANSWER_WITHIN = timedelta(days=7)
NOT_FOUND = "Decision not found."
ALREADY_OPEN = "You have already appealed this decision. A moderator will answer within 7 days."
TOO_LATE = "This decision can no longer be appealed: the 6 months have passed."
NOT_APPEALABLE = "This decision cannot be appealed."
APPEALED = "Your appeal has been sent. A different moderator will answer within 7 days."


def statement_read(row: StatementOfReasons) -> StatementRead:
    return from_row(
        StatementRead,
        row,
        territorial_scope=[str(c) for c in row.territorial_scope or []],
        content=[str(c) for c in row.content or []],
    )


def brief(appeal: Appeal) -> AppealBrief:
    return AppealBrief.model_validate(appeal, from_attributes=True)


def about_of(row: StatementOfReasons) -> str:
    """What a decision is about, in words, as written with it."""
    if row.about:
        return row.about
    return f"{row.subject_type} #{row.subject_id}" if row.subject_type else ""


def _appealable(session: Session, row: StatementOfReasons, appeals: list[Appeal]) -> bool:
    until = service.appealable_until(row)
    if until is None or clock.now() > until:
        return False
    return not any(a.status == AppealStatus.OPEN for a in appeals)


def mine(session: Session, *, user_id: int) -> MyDecisions:
    """Every decision about this member, newest first, with its appeals."""
    rows = list(
        session.scalars(
            select(StatementOfReasons)
            .where(StatementOfReasons.user_id == user_id)
            .order_by(StatementOfReasons.decided_at.desc(), StatementOfReasons.id.desc())
            .limit(200)
        )
    )
    by_statement: dict[int, list[Appeal]] = {}
    if rows:
        for a in session.scalars(
            select(Appeal).where(Appeal.statement_id.in_([r.id for r in rows])).order_by(Appeal.id)
        ):
            by_statement.setdefault(a.statement_id or 0, []).append(a)
    out = []
    for r in rows:
        appeals = by_statement.get(r.id, [])
        out.append(
            MyDecision(
                statement=statement_read(r),
                about=about_of(r),
                appealable=_appealable(session, r, appeals),
                appeal_until=service.appealable_until(r),
                appeals=[brief(a) for a in appeals],
            )
        )
    return MyDecisions(data=out)


def appeal(session: Session, *, user_id: int, statement_id: int, message: str) -> AppealResult:
    """Open an appeal against a decision about this member (404 for anyone else's)."""
    row = session.get(StatementOfReasons, statement_id)
    if row is None or row.user_id != user_id:
        raise NotFound(NOT_FOUND, code=DecisionCode.DECISION_NOT_FOUND)
    until = service.appealable_until(row)
    if until is None:
        raise AppError(NOT_APPEALABLE, code=DecisionCode.NOT_APPEALABLE)
    if clock.now() > until:
        raise AppError(TOO_LATE, code=DecisionCode.APPEAL_TOO_LATE)
    if open_for(session, statement_id=row.id) is not None:
        raise Conflict(ALREADY_OPEN, code=DecisionCode.APPEAL_OPEN)
    now = clock.now()
    found = Appeal(
        statement_id=row.id,
        user_id=user_id,
        kind="appeal",
        message=message.strip(),
        status=AppealStatus.OPEN,
        created_at=now,
        due_at=now + ANSWER_WITHIN,
    )
    session.add(found)
    try:
        session.commit()
    except IntegrityError as exc:  # the same member's twin request
        session.rollback()
        raise Conflict(ALREADY_OPEN, code=DecisionCode.APPEAL_OPEN) from exc
    return AppealResult(success=True, message=APPEALED, appeal=brief(found))


def open_for(session: Session, *, statement_id: int) -> Appeal | None:
    return session.scalar(
        select(Appeal).where(Appeal.statement_id == statement_id, Appeal.status == AppealStatus.OPEN)
    )


def open_unban(
    session: Session,
    *,
    user_id: int,
    unban_request_id: int,
    statement_id: int | None,
    message: str,
    at: object,
) -> Appeal:
    """The spec's unban request, as an appeal in the same queue (its rules stay in moderation)."""
    found = Appeal(
        statement_id=statement_id,
        user_id=user_id,
        kind="unban",
        unban_request_id=unban_request_id,
        message=message,
        status=AppealStatus.OPEN,
        created_at=at,
        due_at=at + ANSWER_WITHIN,  # type: ignore[operator]
    )
    session.add(found)
    session.flush()
    return found


def of_unban(session: Session, *, unban_request_id: int) -> Appeal | None:
    return session.scalar(select(Appeal).where(Appeal.unban_request_id == unban_request_id))


def get(session: Session, *, appeal_id: int) -> Appeal | None:
    return session.get(Appeal, appeal_id)


def close(session: Session, *, appeal: Appeal, reversed_: bool, decided_by: int, reason: str) -> None:
    """Mark an open appeal decided, in the caller's transaction."""
    appeal.status = AppealStatus.REVERSED if reversed_ else AppealStatus.UPHELD
    appeal.decided_at = clock.now()
    appeal.decided_by = decided_by
    appeal.reason = reason


def queue(session: Session, *, status: str, page: int, per_page: int) -> tuple[list[Appeal], PageMeta]:
    """Open appeals, the soonest due first; decided ones, the latest first."""
    where = Appeal.status == AppealStatus.OPEN if status == "open" else Appeal.status != AppealStatus.OPEN
    order = (Appeal.due_at, Appeal.id) if status == "open" else (Appeal.decided_at.desc(), Appeal.id.desc())
    return exact_page(session, select(Appeal).where(where), order=order, page=page, per_page=per_page)
