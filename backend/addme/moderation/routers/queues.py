"""The moderators' queues: review, reports, unban and removal requests, macros."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends, Query
from fastapi.responses import FileResponse

from addme.accounts.models import User
from addme.api.deps import DbSession, require
from addme.core.options import ReportType
from addme.core.params import IdPath, PageQuery, PerPageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import Page
from addme.moderation import appeals, comment_reports, decisions, macros, reports, review
from addme.moderation.appeals import AppealAdmin, AppealDecideIn, AppealDecision
from addme.moderation.routers import CaseQueue, RequestQueue, private_image
from addme.moderation.schemas import (
    AdminUsername,
    BulkIn,
    BulkOut,
    DecisionIn,
    MacroIn,
    MacroRead,
    MacroType,
    MacroUpdate,
    RemovalDecideIn,
    RemovalRequestAdmin,
    ReportDecideIn,
    ReportDecision,
    ReportGroup,
    RequestDecideIn,
    ReviewItem,
    UnbanRequestAdmin,
)

router = api_router(
    prefix="/admin",
    tags=["admin"],
    errors=(400, 401, 403, 404, 409, 422),
)

Reviewer = Annotated[User, Depends(require(Permission.REVIEW))]
Moderator = Annotated[User, Depends(require(Permission.REPORTS))]
BanAdmin = Annotated[User, Depends(require(Permission.BANS))]
MacroAdmin = Annotated[User, Depends(require(Permission.MACROS))]
AppealsAdmin = Annotated[User, Depends(require(Permission.APPEALS))]


@router.get("/review", response_model=Page[ReviewItem])
def review_queue(
    _admin: Reviewer,
    db: DbSession,
    page: PageQuery = 1,
    per_page: PerPageQuery = 25,
    q: Annotated[str | None, Query(max_length=100)] = None,
) -> Page[ReviewItem]:
    return review.queue(db, page=page, per_page=per_page, q=q)


@router.post("/usernames/bulk", response_model=BulkOut)
def review_bulk(body: BulkIn, admin: Reviewer, db: DbSession) -> BulkOut:
    return review.decide_many(
        db, admin=admin, ids=body.ids, approve=body.action == "approve", reason=body.reason, macro=body.macro
    )


@router.post("/usernames/{username_id}/approve", response_model=AdminUsername)
def approve_username(username_id: IdPath, body: DecisionIn, admin: Reviewer, db: DbSession) -> AdminUsername:
    return review.decide(db, admin=admin, username_id=username_id, approve=True, reason=body.reason)


@router.post("/usernames/{username_id}/reject", response_model=AdminUsername)
def reject_username(username_id: IdPath, body: DecisionIn, admin: Reviewer, db: DbSession) -> AdminUsername:
    return review.decide(
        db, admin=admin, username_id=username_id, approve=False, reason=body.reason, macro=body.macro
    )


@router.get("/reports", response_model=Page[ReportGroup])
def report_queue(
    _admin: Moderator,
    db: DbSession,
    status: Literal["open", "decided"] = "open",
    type: ReportType | None = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 20,
) -> Page[ReportGroup]:
    return reports.queue(db, status=status, type=type, page=page, per_page=per_page)


@router.post("/reports/{report_id}/decide", response_model=ReportDecision)
def decide_report(report_id: IdPath, body: ReportDecideIn, admin: Moderator, db: DbSession) -> ReportDecision:
    return reports.decide(
        db,
        admin=admin,
        report_id=report_id,
        action=body.action,
        reason=body.reason,
        macro=body.macro,
        hours=body.hours,
    )


@router.get("/unban-requests", response_model=Page[UnbanRequestAdmin])
def unban_queue(_admin: BanAdmin, db: DbSession, q: RequestQueue) -> Page[UnbanRequestAdmin]:
    return decisions.unban_queue(db, status=q.status, page=q.page, per_page=q.per_page)


@router.post("/unban-requests/{request_id}/decide", response_model=UnbanRequestAdmin)
def decide_unban(
    request_id: IdPath, body: RequestDecideIn, admin: BanAdmin, db: DbSession
) -> UnbanRequestAdmin:
    return decisions.decide_unban(
        db,
        admin=admin,
        request_id=request_id,
        accept=body.action == "accept",
        reason=body.reason,
        macro=body.macro,
    )


@router.get("/removal-requests", response_model=Page[RemovalRequestAdmin])
def removal_queue(_admin: Moderator, db: DbSession, q: RequestQueue) -> Page[RemovalRequestAdmin]:
    return decisions.removal_queue(db, status=q.status, page=q.page, per_page=q.per_page)


@router.post("/removal-requests/{request_id}/decide", response_model=RemovalRequestAdmin)
def decide_removal(
    request_id: IdPath, body: RemovalDecideIn, admin: Moderator, db: DbSession
) -> RemovalRequestAdmin:
    return decisions.decide_removal(
        db, admin=admin, request_id=request_id, remove=body.action == "remove", reason=body.reason
    )


@router.get(
    "/removal-requests/{request_id}/proof",
    response_class=FileResponse,
    responses={200: {"content": {"image/webp": {}}}},
)
def removal_proof(request_id: IdPath, _admin: Moderator, db: DbSession) -> FileResponse:
    return private_image(decisions.proof_file(db, request_id=request_id))


@router.get("/macros", response_model=list[MacroRead])
def list_macros(_admin: MacroAdmin, db: DbSession, type: MacroType | None = None) -> list[MacroRead]:
    return macros.list_macros(db, type=type)


@router.post("/macros", response_model=MacroRead, status_code=201)
def create_macro(body: MacroIn, admin: MacroAdmin, db: DbSession) -> MacroRead:
    return macros.create(db, admin=admin, data=body)


@router.patch("/macros/{macro_id}", response_model=MacroRead)
def update_macro(macro_id: IdPath, body: MacroUpdate, admin: MacroAdmin, db: DbSession) -> MacroRead:
    return macros.update(db, admin=admin, macro_id=macro_id, data=body)


@router.delete("/macros/{macro_id}", status_code=204)
def delete_macro(macro_id: IdPath, admin: MacroAdmin, db: DbSession) -> None:
    macros.delete(db, admin=admin, macro_id=macro_id)


@router.get("/appeals", response_model=Page[AppealAdmin])
def appeal_queue(_admin: AppealsAdmin, db: DbSession, q: CaseQueue) -> Page[AppealAdmin]:
    return appeals.queue(db, status=q.status, page=q.page, per_page=q.per_page)


@router.post("/appeals/{appeal_id}/decide", response_model=AppealDecision)
def decide_appeal(
    appeal_id: IdPath, body: AppealDecideIn, admin: AppealsAdmin, db: DbSession
) -> AppealDecision:
    return appeals.decide(
        db, admin=admin, appeal_id=appeal_id, action=body.action, reason=body.reason, macro=body.macro
    )


@router.get("/comment-reports", response_model=list[comment_reports.CommentReportAdmin])
def comment_report_queue(
    admin: Moderator,
    db: DbSession,
    kind: Annotated[
        comment_reports.QueueKind,
        Query(description="reported (open reports), held (burst or screening), all"),
    ] = "all",
) -> list[comment_reports.CommentReportAdmin]:
    return comment_reports.queue(db, admin=admin, kind=kind)


@router.post("/comments/{comment_id}/decide", response_model=comment_reports.CommentDecision)
def decide_comment(
    comment_id: IdPath, body: comment_reports.CommentDecideIn, admin: Moderator, db: DbSession
) -> comment_reports.CommentDecision:
    return comment_reports.decide(
        db, admin=admin, comment_id=comment_id, action=body.action, reason=body.reason, macro=body.macro
    )
