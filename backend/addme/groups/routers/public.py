"""Group routes: public lists and pages, the member's groups, join and leave."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

from addme.api.deps import CurrentUser, DbSession, OptionalUser
from addme.core.options import AppName, Gender, OrderName, Orientation
from addme.core.params import IdPath, PageQuery
from addme.core.routes import api_router
from addme.core.schemas import ActionResult
from addme.groups import service
from addme.groups.schemas import GroupCreate, GroupDetail, GroupPage, GroupResult, GroupUpdate, MyGroups

router = api_router(tags=["groups"], errors=(400, 401, 404, 409, 422, 503))


@router.get("/groups", response_model=GroupPage)
def list_groups(
    db: DbSession,
    app: AppName | None = None,
    page: PageQuery = 1,
    per_page: Annotated[int, Query(ge=1, le=service.PER_PAGE_MAX)] = service.PER_PAGE_DEFAULT,
    vip: bool = False,
    order: OrderName = "latest",
    gender: Gender | None = None,
    orientation: Orientation | None = None,
) -> GroupPage:
    return service.list_public(
        db,
        app=app,
        page=page,
        per_page=per_page,
        vip=vip,
        popular=order == "popular",
        gender=gender,
        orientation=orientation,
    )


@router.get("/groups/{slug}", response_model=GroupDetail)
def get_group(slug: str, viewer: OptionalUser, db: DbSession) -> GroupDetail:
    return service.get_public(db, slug=slug, viewer=viewer)


@router.post("/groups/{group_id}/join", response_model=GroupResult)
def join_group(group_id: IdPath, user: CurrentUser, db: DbSession) -> GroupResult:
    group = service.join(db, user=user, group_id=group_id)
    return GroupResult(success=True, message=service.JOINED, group=group)


@router.post("/groups/{group_id}/leave", response_model=GroupResult)
def leave_group(group_id: IdPath, user: CurrentUser, db: DbSession) -> GroupResult:
    group = service.leave(db, user=user, group_id=group_id)
    return GroupResult(success=True, message=service.LEFT, group=group)


@router.get("/user/groups", response_model=MyGroups)
def my_groups(user: CurrentUser, db: DbSession) -> MyGroups:
    return service.list_mine(db, user=user)


@router.post("/user/groups", response_model=GroupResult, status_code=201)
def create_group(body: GroupCreate, user: CurrentUser, db: DbSession) -> GroupResult:
    group = service.create(db, user=user, data=body)
    return GroupResult(success=True, message=service.CREATED, group=group)


@router.patch("/user/groups/{group_id}", response_model=GroupResult)
def update_group(group_id: IdPath, body: GroupUpdate, user: CurrentUser, db: DbSession) -> GroupResult:
    group = service.update_group(db, user=user, group_id=group_id, data=body)
    return GroupResult(success=True, message=service.UPDATED, group=group)


@router.delete("/user/groups/{group_id}", response_model=ActionResult)
def delete_group(group_id: IdPath, user: CurrentUser, db: DbSession) -> ActionResult:
    service.delete_group(db, user=user, group_id=group_id)
    return ActionResult(success=True, message=service.DELETED)
