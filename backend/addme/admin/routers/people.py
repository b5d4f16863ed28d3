"""Admin people routes: the user list, a user's page, and actions on accounts."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends, Query

from addme.accounts.models import User
from addme.admin import people
from addme.admin.people_schemas import (
    ActionReasonIn,
    AdminUserDetail,
    AdminUserRow,
    BanLookupRow,
    GrantIn,
    UserBanIn,
    UserUpdate,
)
from addme.api.deps import DbSession, require
from addme.core.params import IdPath, PageQuery, PerPageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import ActionResult, Page

router = api_router(
    prefix="/admin/users",
    tags=["admin"],
    errors=(400, 401, 403, 404, 422),
)
UsersAdmin = Annotated[User, Depends(require(Permission.USERS))]
LevelsAdmin = Annotated[User, Depends(require(Permission.ADMIN_LEVELS))]
# Moderators ban and unban accounts (the reports queue and /admin/ban); they cannot browse users.
BansAdmin = Annotated[User, Depends(require(Permission.BANS))]

Sort = Literal["newest", "oldest", "email", "last_login"]
LevelFilter = Literal["Full", "AdPartner", "Moderator", "any", "none"]


@router.get("", response_model=Page[AdminUserRow])
def list_users(
    _admin: UsersAdmin,
    db: DbSession,
    q: Annotated[str | None, Query(max_length=100, description="e-mail, username, IP or id")] = None,
    level: LevelFilter | None = None,
    banned: bool | None = None,
    high_risk: bool | None = None,
    vip: bool | None = None,
    studio: bool | None = None,
    sort: Sort = "newest",
    page: PageQuery = 1,
    per_page: PerPageQuery = 25,
) -> Page[AdminUserRow]:
    return people.search(
        db,
        q=q,
        level=level,
        banned=banned,
        high_risk=high_risk,
        vip=vip,
        studio=studio,
        sort=sort,
        page=page,
        per_page=per_page,
    )


@router.get("/lookup", response_model=list[BanLookupRow])
def lookup_users(
    _admin: BansAdmin,
    db: DbSession,
    q: Annotated[str, Query(min_length=1, max_length=100, description="exact e-mail, id or handle prefix")],
) -> list[BanLookupRow]:
    """Find an account to ban (every admin level): masked e-mail and a handle, never the full row."""
    return people.lookup_for_bans(db, q=q)


@router.get("/{user_id}", response_model=AdminUserDetail)
def get_user(user_id: IdPath, _admin: UsersAdmin, db: DbSession) -> AdminUserDetail:
    return people.detail(db, user_id=user_id)


@router.patch("/{user_id}", response_model=ActionResult)
def set_level(user_id: IdPath, body: UserUpdate, admin: LevelsAdmin, db: DbSession) -> ActionResult:
    return people.set_level(db, admin=admin, user_id=user_id, level=body.admin_level, reason=body.reason)


@router.delete("/{user_id}", response_model=ActionResult)
def delete_user(
    user_id: IdPath,
    admin: UsersAdmin,
    db: DbSession,
    reason: Annotated[str, Query(max_length=300)] = "",
) -> ActionResult:
    return people.delete(db, admin=admin, user_id=user_id, reason=reason)


@router.post("/{user_id}/ban", response_model=ActionResult)
def ban_user(user_id: IdPath, body: UserBanIn, admin: BansAdmin, db: DbSession) -> ActionResult:
    return people.ban(
        db, admin=admin, user_id=user_id, hours=body.hours, reason=body.reason, macro=body.macro
    )


@router.post("/{user_id}/unban", response_model=ActionResult)
def unban_user(user_id: IdPath, body: ActionReasonIn, admin: BansAdmin, db: DbSession) -> ActionResult:
    return people.unban(db, admin=admin, user_id=user_id, reason=body.reason)


@router.post("/{user_id}/grants", response_model=ActionResult)
def grant(user_id: IdPath, body: GrantIn, admin: UsersAdmin, db: DbSession) -> ActionResult:
    return people.grant(
        db, admin=admin, user_id=user_id, top_ups=body.top_ups, fire_pins=body.fire_pins, reason=body.reason
    )


@router.post("/{user_id}/end-sessions", response_model=ActionResult)
def end_sessions(user_id: IdPath, body: ActionReasonIn, admin: UsersAdmin, db: DbSession) -> ActionResult:
    return people.end_sessions(db, admin=admin, user_id=user_id, reason=body.reason)


@router.post("/{user_id}/resend-confirmation", response_model=ActionResult)
def resend_confirmation(user_id: IdPath, admin: UsersAdmin, db: DbSession) -> ActionResult:
    return people.resend_confirmation(db, admin=admin, user_id=user_id)
