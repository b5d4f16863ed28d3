"""Admin routes of groups (Full only): search, read, edit, remove."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Response

from addme.accounts.models import User
from addme.api.deps import DbSession, require
from addme.core.options import AppName
from addme.core.params import IdPath, PageQuery, PerPageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import Page
from addme.groups import admin
from addme.groups.admin import AdminGroupRead, AdminGroupRemove, AdminGroupUpdate

router = api_router(
    prefix="/admin/groups",
    tags=["admin"],
    errors=(401, 403, 404, 422),
)
GroupsAdmin = Annotated[User, Depends(require(Permission.GROUPS))]


@router.get("", response_model=Page[AdminGroupRead])
def admin_groups(
    _admin: GroupsAdmin,
    db: DbSession,
    q: Annotated[
        str | None, Query(max_length=100, description="name, slug, handle, owner e-mail or id")
    ] = None,
    app: AppName | None = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 25,
) -> Page[AdminGroupRead]:
    return admin.search(db, q=q, app=app, page=page, per_page=per_page)


@router.get("/{group_id}", response_model=AdminGroupRead)
def admin_group(group_id: IdPath, _admin: GroupsAdmin, db: DbSession) -> AdminGroupRead:
    return admin.one(db, group_id=group_id)


@router.patch("/{group_id}", response_model=AdminGroupRead)
def admin_update_group(
    group_id: IdPath, body: AdminGroupUpdate, who: GroupsAdmin, db: DbSession
) -> AdminGroupRead:
    return admin.update(db, admin=who, group_id=group_id, body=body)


@router.delete("/{group_id}", status_code=204, response_class=Response)
def admin_remove_group(group_id: IdPath, body: AdminGroupRemove, who: GroupsAdmin, db: DbSession) -> Response:
    admin.remove(db, admin=who, group_id=group_id, reason=body.reason, macro=body.macro)
    return Response(status_code=204)
