"""Write budgets: every state-changing call under /v1 counts against its IP and its account.

One ASGI wrapper in front of every router, so no write route can be added without a budget. It
runs before the body is read: an over-budget caller costs a counter lookup, not a parse. Reads
(GET, HEAD, OPTIONS) are never counted here.

Each write counts against two budgets: the caller's IP (IPv6 by its /64) and, when the request
carries a live session token, the account behind it. The sensitive forms have tighter budgets of
their own (`ROUTE_BUDGETS`), counted apart from the general one. The domains' own throttles (failed
logins per e-mail, reports per reporter, uploads...) still apply behind this one.

Counters live where core/ratelimit.py keeps them: this process's memory, or Redis when REDIS_URL
is set. RATE_LIMITS_ENABLED=false (browser tests, fuzzing) turns every budget off.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass

import anyio.to_thread
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from addme.accounts import service as accounts
from addme.accounts import signin
from addme.accounts.cookies import SESSION_COOKIE
from addme.core import ratelimit
from addme.core.config import get_settings
from addme.core.db import new_session
from addme.core.errors import CoreCode, envelope
from addme.core.net import client_ip, ip_bucket
from addme.core.responses import JsonResponse

SAFE = {"GET", "HEAD", "OPTIONS"}


@dataclass(frozen=True)
class Budget:
    name: str
    per_ip: str | None
    per_account: str | None


# Any write: generous for one person, and for the many people a carrier's NAT puts behind one IP.
DEFAULT = Budget("write", per_ip="300/minute", per_account="60/minute")
# Payment processors' callbacks: one IP speaks for every buyer; a refusal would lose an order.
WEBHOOK = Budget("webhook", per_ip="600/minute", per_account=None)

# The sensitive forms, tightest first matched. (method, path pattern under /v1) -> budget.
ROUTE_BUDGETS: list[tuple[str, re.Pattern[str], Budget]] = [
    ("POST", re.compile(r"^/v1/auth/login$"), Budget("login", per_ip="20/minute", per_account=None)),
    ("POST", re.compile(r"^/v1/auth/register$"), Budget("register", per_ip="30/hour", per_account=None)),
    (
        "POST",
        re.compile(r"^/v1/auth/forgot-password$"),
        Budget("forgot", per_ip="10/hour", per_account=None),
    ),
    (
        "POST",
        re.compile(r"^/v1/auth/reset-password$"),
        Budget("reset", per_ip="20/hour", per_account=None),
    ),
    ("POST", re.compile(r"^/v1/contact$"), Budget("contact", per_ip="10/hour", per_account="5/hour")),
    (
        "POST",
        re.compile(r"^/v1/usernames/\d+/reports$"),
        Budget("report", per_ip="30/hour", per_account="20/hour"),
    ),
    (
        "POST",
        re.compile(r"^/v1/remove-username$"),
        Budget("removal", per_ip="10/hour", per_account="5/hour"),
    ),
    (
        "POST",
        re.compile(r"^/v1/user/free-topup$"),
        Budget("free-topup", per_ip="60/hour", per_account="30/hour"),
    ),
]
WEBHOOK_PATHS = re.compile(r"^/v1/(webhooks/|ondato/webhook$)")

# token hash -> (user id or None, when it was looked up): a write does not cost a session query.
_TOKEN_TTL = 60.0
_TOKEN_CACHE_MAX = 10_000
_accounts: dict[str, tuple[int | None, float]] = {}


def budgets_for(method: str, path: str) -> list[Budget]:
    """Every budget a write counts against: the general one, plus its route's own."""
    if WEBHOOK_PATHS.match(path):
        return [WEBHOOK]
    found = [DEFAULT]
    for m, pattern, budget in ROUTE_BUDGETS:
        if m == method and pattern.match(path):
            found.append(budget)
            break
    return found


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return request.cookies.get(SESSION_COOKIE) or None


def _lookup(token: str) -> int | None:
    with new_session() as session:
        return accounts.user_id_for_token(session, token=token)


async def _account_of(request: Request) -> int | None:
    token = _token(request)
    if not token:
        return None
    now = time.monotonic()
    cached = _accounts.get(token)
    if cached is not None and now - cached[1] < _TOKEN_TTL:
        return cached[0]
    user_id = await anyio.to_thread.run_sync(_lookup, token)
    if len(_accounts) >= _TOKEN_CACHE_MAX:
        _accounts.clear()
    _accounts[token] = (user_id, now)
    return user_id


def forget() -> None:
    """Drop the token cache (tests)."""
    _accounts.clear()


def _count(budgets: list[Budget], ip_key: str, user_id: int | None) -> int:
    """Count the write against every budget; the longest wait asked for, 0 when all admit it."""
    wait = 0
    for budget in budgets:
        if budget.per_ip:
            wait = max(wait, ratelimit.attempt(budget.per_ip, f"w-{budget.name}-ip", ip_key))
        if budget.per_account and user_id is not None:
            wait = max(wait, ratelimit.attempt(budget.per_account, f"w-{budget.name}-user", str(user_id)))
    return wait


_LOGIN_BODY_MAX = 16_384


async def _login_lock(receive: Receive) -> int:
    """The refused login's e-mail lock, in seconds: its 429 says how long the lock really lasts
    (the request is answered here, so its body is read here, a few hundred bytes at most)."""
    body = b""
    while len(body) <= _LOGIN_BODY_MAX:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    try:
        email = json.loads(body).get("email")
    except (ValueError, AttributeError):
        return 0
    if not isinstance(email, str) or len(email) > 254:
        return 0
    return await anyio.to_thread.run_sync(lambda: signin.login_lock_seconds(email=email))


class WriteBudgetMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] in SAFE
            or not scope["path"].startswith("/v1/")
            or not get_settings().rate_limits_enabled
        ):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        budgets = budgets_for(scope["method"], scope["path"])
        user_id = await _account_of(request)
        ip_key = ip_bucket(client_ip(request))
        # Redis calls block: off the event loop, like every other blocking call.
        wait = await anyio.to_thread.run_sync(_count, budgets, ip_key, user_id)
        if wait and scope["method"] == "POST" and scope["path"] == "/v1/auth/login":
            wait = max(wait, await _login_lock(receive))
        if wait:
            response = JsonResponse(
                envelope(ratelimit.too_many_message(wait), code=CoreCode.RATE_LIMITED),
                status_code=429,
                headers={"Retry-After": str(wait)},
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)
