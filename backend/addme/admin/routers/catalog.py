"""Admin routes of the catalogue: tags (Full) and Studio switch rules (every admin level)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query

from addme.accounts.models import User
from addme.admin import catalog
from addme.admin.catalog import TagCreate, TagMerge, TagRead, TagUpdate
from addme.api.deps import DbSession, require
from addme.core.options import AppName
from addme.core.params import IdPath, PageQuery, PerPageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import Page
from addme.listings.switching import SwitchRuleIn, SwitchRuleRead

router = api_router(
    prefix="/admin",
    tags=["admin"],
    errors=(401, 403, 404, 409, 422),
)
TagsAdmin = Annotated[User, Depends(require(Permission.TAGS))]


@router.get("/tags", response_model=Page[TagRead])
def admin_tags(
    _admin: TagsAdmin,
    db: DbSession,
    q: Annotated[str | None, Query(max_length=40)] = None,
    hidden: bool | None = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 50,
) -> Page[TagRead]:
    return catalog.tag_page(db, q=q, hidden=hidden, page=page, per_page=per_page)


@router.post("/tags", response_model=TagRead, status_code=201)
def admin_create_tag(body: TagCreate, admin: TagsAdmin, db: DbSession) -> TagRead:
    return catalog.create_tag(db, admin=admin, body=body)


@router.patch("/tags/{tag_id}", response_model=TagRead)
def admin_update_tag(tag_id: IdPath, body: TagUpdate, admin: TagsAdmin, db: DbSession) -> TagRead:
    return catalog.update_tag(db, admin=admin, tag_id=tag_id, body=body)


@router.post("/tags/{tag_id}/merge", response_model=TagRead)
def admin_merge_tag(tag_id: IdPath, body: TagMerge, admin: TagsAdmin, db: DbSession) -> TagRead:
    return catalog.merge_tag(db, admin=admin, tag_id=tag_id, body=body)


SwitchRules = Annotated[User, Depends(require(Permission.SWITCH_RULES))]


@router.get("/switch-rules", response_model=list[SwitchRuleRead])
def admin_switch_rules(_admin: SwitchRules, db: DbSession) -> list[SwitchRuleRead]:
    return catalog.switch_rules(db)


@router.put("/switch-rules/{app}", response_model=SwitchRuleRead)
def admin_set_switch_rule(
    app: AppName, body: SwitchRuleIn, admin: SwitchRules, db: DbSession
) -> SwitchRuleRead:
    return catalog.set_switch_rule(db, admin=admin, app=app, body=body)
