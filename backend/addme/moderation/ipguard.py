"""Refuses state-changing requests from banned IPs (403); reads stay open. A plain ASGI wrapper."""

from __future__ import annotations

import anyio.to_thread
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from addme.core.db import new_session
from addme.core.errors import envelope
from addme.core.net import client_ip
from addme.core.responses import JsonResponse
from addme.moderation import ipbans
from addme.moderation.codes import ModerationCode

SAFE = {"GET", "HEAD", "OPTIONS"}
# Admins must be able to lift a ban that caught them; payment webhooks come from the processor;
# logging out and counting a view change nothing anyone else sees.
EXEMPT_PREFIXES = ("/v1/admin/", "/v1/webhooks/", "/v1/auth/logout")
EXEMPT_SUFFIXES = ("/view",)


def _check(ip: str) -> bool:
    with new_session() as session:
        return ipbans.is_banned(session, ip=ip)


class IpBanMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE:
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if not path.startswith("/v1/") or path.startswith(EXEMPT_PREFIXES) or path.endswith(EXEMPT_SUFFIXES):
            await self.app(scope, receive, send)
            return
        ip = client_ip(Request(scope))
        verdict = ipbans.cached_verdict(ip)
        if verdict is None:
            verdict = await anyio.to_thread.run_sync(_check, ip)
        if verdict:
            response = JsonResponse(
                envelope(ipbans.IP_BANNED, code=ModerationCode.IP_BANNED), status_code=403
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)
