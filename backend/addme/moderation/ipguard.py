"""Refuses state-changing requests from banned IPs (403); reads stay open. A plain ASGI wrapper."""

from __future__ import annotations

import anyio.to_thread
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from addme.accounts import service as accounts
from addme.audit import service as audit
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
# Signing in from a banned network goes on to the login, told of the ban: staff pass (throttled as
# any sign-in, and audited here), members get the ban's refusal there.
LOGIN = "/v1/auth/login"


def _check(ip: str) -> bool:
    with new_session() as session:
        return ipbans.is_banned(session, ip=ip)


def _audit_staff_signin(email: str, ip: str) -> None:
    with new_session() as session:
        user = accounts.get_by_email(session, email=email)
        if user is None:
            return
        audit.record_by(
            session,
            actor_id=user.id,
            action="auth.signin_through_ip_ban",
            target=f"user:{user.id}",
            details={"ip": ip},
        )
        session.commit()


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
        if verdict and path == LOGIN:
            await self._login(scope, receive, send, ip)
            return
        if verdict:
            response = JsonResponse(
                envelope(ipbans.IP_BANNED, code=ModerationCode.IP_BANNED), status_code=403
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    async def _login(self, scope: Scope, receive: Receive, send: Send, ip: str) -> None:
        state = scope.setdefault("state", {})
        state["ip_banned"] = True
        status = 0

        async def watch(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        await self.app(scope, receive, watch)
        email = state.get("signed_in_through_ip_ban")
        if status == 200 and isinstance(email, str):
            await anyio.to_thread.run_sync(_audit_staff_signin, email, ip)
