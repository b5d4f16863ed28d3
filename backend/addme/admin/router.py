"""Admin-wide routes (each domain's admin screens live in its own router)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from addme.accounts.dependencies import DbSession
from addme.accounts.models import User
from addme.admin import health
from addme.core.permissions import Permission, require

router = APIRouter(prefix="/admin", tags=["admin"])


@router.get("/health", response_model=health.HealthFigures)
def admin_health(
    _admin: Annotated[User, Depends(require(Permission.DASHBOARD))], db: DbSession
) -> health.HealthFigures:
    return health.figures(db)
