"""A member's decisions and appeals (/v1/user/decisions), and the moderators' canned reasons."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from addme.api.deps import CurrentUser, DbSession, require
from addme.core.params import IdPath
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.decisions import appeals
from addme.decisions.macros import MACROS
from addme.decisions.schemas import AppealIn, AppealResult, DecisionMacros, MyDecisions

router = api_router(errors=(400, 401, 403, 404, 409, 422))

# Typed loosely: decisions sits below accounts (the caller is checked by api.deps all the same).
Staff = Annotated[object, Depends(require(Permission.REVIEW))]


@router.get("/user/decisions", response_model=MyDecisions, tags=["user decisions"])
def my_decisions(user: CurrentUser, db: DbSession) -> MyDecisions:
    return appeals.mine(db, user_id=user.id)


@router.post(
    "/user/decisions/{statement_id}/appeal",
    response_model=AppealResult,
    status_code=201,
    tags=["user decisions"],
)
def appeal_decision(statement_id: IdPath, body: AppealIn, user: CurrentUser, db: DbSession) -> AppealResult:
    return appeals.appeal(db, user_id=user.id, statement_id=statement_id, message=body.message)


@router.get("/admin/decision-macros", response_model=DecisionMacros, tags=["admin"])
def decision_macros(_admin: Staff) -> DecisionMacros:
    return DecisionMacros(data=MACROS)
