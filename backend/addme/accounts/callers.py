"""Who is calling: the caller resolved from a request's bearer token or session cookie.

Part of accounts (whose tokens these are), so that a domain above accounts may ask for the caller
(`CurrentUser`, `optional_caller`) without importing the HTTP plumbing in `api/deps.py`, which only
routers may import (the import-linter contract `domain-layers`).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from addme.accounts import service
from addme.accounts.cookies import CSRF_HEADER, SESSION_COOKIE, csrf_for
from addme.accounts.models import AuthToken, User
from addme.core.db import DbSession
from addme.core.errors import CoreCode, Forbidden, Unauthorized

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
UNAUTHENTICATED = "Unauthenticated."


@dataclass
class Caller:
    user: User
    auth: AuthToken


def _token_from(request: Request) -> tuple[str | None, bool]:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None, False
    cookie = request.cookies.get(SESSION_COOKIE)
    return (cookie or None), bool(cookie)


def has_credentials(request: Request) -> bool:
    """Whether the request carries a token at all (valid or not): such a request is never cached."""
    return request.headers.get("authorization", "").lower().startswith("bearer ") or bool(
        request.cookies.get(SESSION_COOKIE)
    )


def optional_caller(request: Request, db: DbSession) -> Caller | None:
    """The signed-in caller, or None for a visitor (a bad token counts as a visitor)."""
    token, from_cookie = _token_from(request)
    if not token:
        return None
    found = service.user_for_token(db, token=token)
    if found is None:
        return None
    if from_cookie and request.method not in SAFE_METHODS:
        # Cookies ride along on cross-site requests; a state change must prove it came from our page.
        sent = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(sent, csrf_for(token)):
            raise Forbidden("CSRF token mismatch. Reload the page and try again.", code=CoreCode.CSRF)
    request.state.user_id = found[0].id
    return Caller(user=found[0], auth=found[1])


def require_caller(caller: Annotated[Caller | None, Depends(optional_caller)]) -> Caller:
    """A signed-in caller, else 401."""
    if caller is None:
        raise Unauthorized(UNAUTHENTICATED)
    return caller


def current_user(caller: Annotated[Caller, Depends(require_caller)]) -> User:
    return caller.user


def optional_user(caller: Annotated[Caller | None, Depends(optional_caller)]) -> User | None:
    return caller.user if caller else None


CurrentCaller = Annotated[Caller, Depends(require_caller)]
CurrentUser = Annotated[User, Depends(current_user)]
OptionalUser = Annotated[User | None, Depends(optional_user)]
