"""/admin/ondato: the jurisdiction list (Full), verification figures and a provider check."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import Depends, Query

from addme.accounts.models import User
from addme.api.deps import DbSession, require
from addme.core.bodylimit import KB, MB, allow_body
from addme.core.params import IdPath, PageQuery, PerPageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import Page
from addme.trust import admin as trust_admin
from addme.trust import flags, trackers
from addme.trust.schemas import (
    AgeStats,
    JurisdictionRead,
    JurisdictionWrite,
    ProviderCheck,
    ReasonBody,
    TorExitsRead,
    TorExitsWrite,
    TrackerRow,
    TrustFlagClearIn,
    TrustFlagsRead,
)

router = api_router(
    prefix="/admin/ondato",
    tags=["admin"],
    errors=(401, 403, 404, 422),
)

Viewer = Annotated[User, Depends(require(Permission.ONDATO))]
Editor = Annotated[User, Depends(require(Permission.JURISDICTIONS))]


@router.get("/jurisdictions", response_model=list[JurisdictionRead])
def jurisdictions(_admin: Viewer, db: DbSession) -> list[JurisdictionRead]:
    return trust_admin.list_jurisdictions(db)


@router.post("/jurisdictions", response_model=JurisdictionRead, status_code=201)
def add_jurisdiction(admin: Editor, db: DbSession, body: JurisdictionWrite) -> JurisdictionRead:
    return trust_admin.create_jurisdiction(db, admin=admin, data=body)


@router.put("/jurisdictions/{jurisdiction_id}", response_model=JurisdictionRead)
def edit_jurisdiction(
    admin: Editor, db: DbSession, jurisdiction_id: IdPath, body: JurisdictionWrite
) -> JurisdictionRead:
    return trust_admin.update_jurisdiction(db, admin=admin, jurisdiction_id=jurisdiction_id, data=body)


@router.delete("/jurisdictions/{jurisdiction_id}", status_code=204)
def remove_jurisdiction(admin: Editor, db: DbSession, jurisdiction_id: IdPath, body: ReasonBody) -> None:
    trust_admin.delete_jurisdiction(db, admin=admin, jurisdiction_id=jurisdiction_id, reason=body.reason)


@router.get("/stats", response_model=AgeStats)
def stats(_admin: Viewer, db: DbSession, days: Annotated[int, Query(ge=1, le=366)] = 30) -> AgeStats:
    return trust_admin.stats(db, days=days)


@router.post("/test", response_model=ProviderCheck)
def test_provider(admin: Viewer, db: DbSession) -> ProviderCheck:
    return trust_admin.check_provider(db, admin=admin)


# The risk check's Tor exit list: Full admins (as the blacklist it sits beside).
risk_router = api_router(prefix="/admin/risk", tags=["admin"], errors=(401, 403, 422))
RiskAdmin = Annotated[User, Depends(require(Permission.BLACKLIST))]
# The whole exit list in one body (its schema takes up to 2 MB; today's list is about 25 KB).
allow_body("PUT", "/admin/risk/tor-exits", 2 * MB + 4 * KB)


@risk_router.get("/tor-exits", response_model=TorExitsRead)
def tor_exits(_admin: RiskAdmin) -> TorExitsRead:
    return trust_admin.tor_exits_read()


@risk_router.put("/tor-exits", response_model=TorExitsRead)
def replace_tor_exits(admin: RiskAdmin, db: DbSession, body: TorExitsWrite) -> TorExitsRead:
    return trust_admin.replace_tor_exits(db, admin=admin, addresses=body.addresses, reason=body.reason)


# The visit log (spec: "order and tracker lookup"): Full admins only.
trackers_router = api_router(
    prefix="/admin/trackers",
    tags=["admin"],
    errors=(401, 403, 422),
)
TrackersAdmin = Annotated[User, Depends(require(Permission.TRACKERS))]


@trackers_router.get("", response_model=Page[TrackerRow])
def list_trackers(
    _admin: TrackersAdmin,
    db: DbSession,
    ip: Annotated[str | None, Query(max_length=45, description="an IP, or its beginning")] = None,
    username: Annotated[str | None, Query(max_length=40, description="the profile viewed")] = None,
    user: Annotated[str | None, Query(max_length=254, description="the visitor's user id or e-mail")] = None,
    day: Annotated[date | None, Query(description="visits of this UTC day")] = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 25,
) -> Page[TrackerRow]:
    return trackers.search(db, ip=ip, username=username, user=user, day=day, page=page, per_page=per_page)


# A moderator clears a false high-risk or account-hopping flag (issue 31): every moderator level,
# and only the flags, never the rest of the account (the user page is Full only).
flags_router = api_router(
    prefix="/admin/users/{user_id}/flags",
    tags=["admin"],
    errors=(401, 403, 404, 409, 422),
)
FlagsModerator = Annotated[User, Depends(require(Permission.TRUST_FLAGS))]


@flags_router.get("", response_model=TrustFlagsRead)
def account_flags(user_id: IdPath, _admin: FlagsModerator, db: DbSession) -> TrustFlagsRead:
    return flags.flags_of(db, user_id=user_id)


@flags_router.post("/clear", response_model=TrustFlagsRead)
def clear_flag(
    user_id: IdPath, body: TrustFlagClearIn, admin: FlagsModerator, db: DbSession
) -> TrustFlagsRead:
    return flags.clear(db, admin=admin, user_id=user_id, flag=body.flag, reason=body.reason)
