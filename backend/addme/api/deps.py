"""What every route may ask for: the database session, who is calling, and an admin permission.

In the shape of the FastAPI full-stack template's `api/deps.py`: routers declare `db: DbSession`,
`user: CurrentUser` or `Depends(require(Permission.X))`, and never resolve a caller themselves.
"""

from __future__ import annotations

from collections.abc import Callable

from addme.accounts.callers import (
    UNAUTHENTICATED,
    Caller,
    CurrentCaller,
    CurrentUser,
    OptionalUser,
    current_user,
    has_credentials,
    optional_caller,
    optional_user,
    require_caller,
)
from addme.accounts.models import User
from addme.core.db import DbSession, get_db
from addme.core.errors import CoreCode, Forbidden
from addme.core.permissions import Permission, permissions_of

__all__ = [
    "UNAUTHENTICATED",
    "Caller",
    "CurrentCaller",
    "CurrentUser",
    "DbSession",
    "OptionalUser",
    "current_user",
    "get_db",
    "has_credentials",
    "optional_caller",
    "optional_user",
    "require",
    "require_caller",
]


def require(permission: Permission) -> Callable[[User], User]:
    """Route dependency: the signed-in user must hold `permission`, else 403."""

    def _check(user: CurrentUser) -> User:
        if permission not in permissions_of(user.admin_level):
            raise Forbidden("You are not allowed to do this.", code=CoreCode.FORBIDDEN)
        return user

    return _check
