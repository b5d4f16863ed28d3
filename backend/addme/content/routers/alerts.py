"""Admin routes of alerts: list, create, edit (schedule, switch off) and delete. Full admins only."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Response

from addme.accounts.models import User
from addme.api.deps import DbSession, require
from addme.content import alerts_admin
from addme.content.alerts_admin import AlertAdminRead, AlertIn, AlertRemoveIn
from addme.core.params import IdPath
from addme.core.permissions import Permission
from addme.core.routes import api_router

router = api_router(
    prefix="/admin/alerts",
    tags=["admin"],
    errors=(401, 403, 404, 422),
)
AlertsAdmin = Annotated[User, Depends(require(Permission.ALERTS))]


@router.get("", response_model=list[AlertAdminRead])
def alerts_list(_admin: AlertsAdmin, db: DbSession) -> list[AlertAdminRead]:
    return alerts_admin.alerts(db)


@router.post("", response_model=AlertAdminRead, status_code=201)
def alert_create(body: AlertIn, admin: AlertsAdmin, db: DbSession) -> AlertAdminRead:
    return alerts_admin.create(db, admin=admin, body=body)


@router.put("/{alert_id}", response_model=AlertAdminRead)
def alert_update(alert_id: IdPath, body: AlertIn, admin: AlertsAdmin, db: DbSession) -> AlertAdminRead:
    return alerts_admin.update(db, admin=admin, alert_id=alert_id, body=body)


@router.delete("/{alert_id}", status_code=204, response_class=Response)
def alert_remove(alert_id: IdPath, body: AlertRemoveIn, admin: AlertsAdmin, db: DbSession) -> Response:
    alerts_admin.remove(db, admin=admin, alert_id=alert_id, reason=body.reason)
    return Response(status_code=204)
