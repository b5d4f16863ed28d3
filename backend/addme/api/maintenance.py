"""While the site is in maintenance, every API call but an admin's answers 503 (a plain ASGI wrapper)."""

from __future__ import annotations

import anyio.to_thread
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from addme.accounts import service as accounts
from addme.accounts.cookies import SESSION_COOKIE
from addme.core import sitemode
from addme.core.db import new_session
from addme.core.errors import SERVER_DOWN, CoreCode, envelope
from addme.core.responses import JsonResponse

# What stays open: the config and who-am-I (the web app decides where to go), signing in and out
# (an admin must get in), health, payment webhooks (a paid order must not be lost), the dev outbox
# and the admin area (its own permissions guard it).
OPEN_PATHS = ("/v1/config", "/v1/health", "/v1/ping", "/v1/auth/user", "/v1/auth/login", "/v1/auth/logout")
OPEN_PREFIXES = ("/v1/admin/", "/v1/webhooks/", "/v1/dev/")


def _caller_is_admin(request: Request) -> bool:
    header = request.headers.get("authorization", "")
    token = (
        header[7:].strip() if header.lower().startswith("bearer ") else request.cookies.get(SESSION_COOKIE)
    )
    if not token:
        return False
    with new_session() as session:
        found = accounts.user_for_token(session, token=token)
        return bool(found and found[0].admin_level)


class MaintenanceMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        if (
            scope["type"] != "http"
            or not path.startswith("/v1/")
            or path in OPEN_PATHS
            or path.startswith(OPEN_PREFIXES)
        ):
            await self.app(scope, receive, send)
            return
        on = sitemode.cached_maintenance()
        if on is None:
            on = await anyio.to_thread.run_sync(sitemode.maintenance_on)
        if not on or await anyio.to_thread.run_sync(_caller_is_admin, Request(scope)):
            await self.app(scope, receive, send)
            return
        response = JsonResponse(envelope(SERVER_DOWN, code=CoreCode.MAINTENANCE), status_code=503)
        response.headers["Retry-After"] = "60"
        await response(scope, receive, send)
