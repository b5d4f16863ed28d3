"""Admin-wide routes: who am I, the home's figures, health and the audit log (each domain's admin
screens live in its own router)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query

from addme.accounts.models import User
from addme.admin import health, maintenance, overview, service
from addme.admin.schemas import AdminMe, AuditRead, Overview
from addme.api.deps import DbSession, require
from addme.core.params import MAX_ID, PageQuery, PerPageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import Page

router = api_router(prefix="/admin", tags=["admin"], errors=(401, 403, 422))

Dashboard = Annotated[User, Depends(require(Permission.DASHBOARD))]


@router.get("/me", response_model=AdminMe)
def admin_me(admin: Dashboard) -> AdminMe:
    return service.me(admin=admin)


@router.get("/overview", response_model=Overview)
def admin_overview(admin: Dashboard, db: DbSession) -> Overview:
    return overview.overview(db, admin=admin)


@router.get("/health", response_model=health.HealthFigures)
def admin_health(_admin: Dashboard, db: DbSession) -> health.HealthFigures:
    return health.figures(db)


@router.get("/audit", response_model=Page[AuditRead])
def admin_audit(
    _admin: Annotated[User, Depends(require(Permission.AUDIT))],
    db: DbSession,
    actor: Annotated[int | None, Query(ge=1, le=MAX_ID, description="The admin's user id")] = None,
    action: Annotated[
        str | None, Query(max_length=40, description="An action or its domain: report.")
    ] = None,
    target: Annotated[str | None, Query(max_length=120, description='"kind:id", e.g. username:12')] = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 50,
) -> Page[AuditRead]:
    return service.audit_page(db, actor=actor, action=action, target=target, page=page, per_page=per_page)


@router.get("/jobs/runs", response_model=health.JobRunsPage)
def admin_job_runs(
    _admin: Annotated[User, Depends(require(Permission.JOBS))],
    db: DbSession,
    name: Annotated[str | None, Query(max_length=64, description="One job's runs only")] = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 25,
) -> health.JobRunsPage:
    return health.job_runs(db, name=name, page=page, per_page=per_page)


Maintenance = Annotated[User, Depends(require(Permission.MAINTENANCE))]


@router.get("/maintenance", response_model=maintenance.MaintenanceRead)
def admin_maintenance(_admin: Maintenance, db: DbSession) -> maintenance.MaintenanceRead:
    return maintenance.state(db)


@router.put("/maintenance", response_model=maintenance.MaintenanceRead)
def admin_switch_maintenance(
    body: maintenance.MaintenanceIn, admin: Maintenance, db: DbSession
) -> maintenance.MaintenanceRead:
    return maintenance.switch(db, admin=admin, on=body.on, reason=body.reason)
