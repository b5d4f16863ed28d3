"""Comments on a listing's profile: read, post, the owner's answer and hiding, reports."""

from __future__ import annotations

from addme.api.deps import CurrentUser, DbSession, OptionalUser
from addme.comments import service
from addme.comments.schemas import AnswerIn, CommentIn, CommentList, CommentReportIn, CommentResult
from addme.core.params import IdPath
from addme.core.routes import api_router
from addme.core.schemas import ActionResult

router = api_router(tags=["comments"], errors=(400, 401, 403, 404, 409, 422, 429))


@router.get("/usernames/{username_id}/comments", response_model=CommentList)
def list_comments(username_id: IdPath, viewer: OptionalUser, db: DbSession) -> CommentList:
    return service.list_for(db, username_id=username_id, viewer=viewer)


@router.post("/usernames/{username_id}/comments", response_model=CommentResult, status_code=201)
def post_comment(username_id: IdPath, body: CommentIn, user: CurrentUser, db: DbSession) -> CommentResult:
    return service.post(db, user=user, username_id=username_id, text=body.text, thumb=body.thumb)


@router.post("/usernames/{username_id}/comments/{comment_id}/answer", response_model=CommentResult)
def answer_comment(
    username_id: IdPath, comment_id: IdPath, body: AnswerIn, user: CurrentUser, db: DbSession
) -> CommentResult:
    return service.answer(db, user=user, username_id=username_id, comment_id=comment_id, text=body.text)


@router.post("/usernames/{username_id}/comments/{comment_id}/hide", response_model=CommentResult)
def hide_comment(username_id: IdPath, comment_id: IdPath, user: CurrentUser, db: DbSession) -> CommentResult:
    return service.set_hidden(db, user=user, username_id=username_id, comment_id=comment_id, hidden=True)


@router.post("/usernames/{username_id}/comments/{comment_id}/show", response_model=CommentResult)
def show_comment(username_id: IdPath, comment_id: IdPath, user: CurrentUser, db: DbSession) -> CommentResult:
    return service.set_hidden(db, user=user, username_id=username_id, comment_id=comment_id, hidden=False)


@router.post("/usernames/{username_id}/comments/{comment_id}/reports", response_model=ActionResult)
def report_comment(
    username_id: IdPath, comment_id: IdPath, body: CommentReportIn, user: CurrentUser, db: DbSession
) -> ActionResult:
    message = service.report(
        db, user=user, username_id=username_id, comment_id=comment_id, message=body.message
    )
    return ActionResult(success=True, message=message)
