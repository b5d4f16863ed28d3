"""Who is calling: bearer token or session cookie (with CSRF), and the signed-in user."""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request, Response
from sqlalchemy.orm import Session

from addme.accounts import service
from addme.accounts.models import AuthToken, User
from addme.core import security
from addme.core.config import get_settings
from addme.core.db import get_db
from addme.core.errors import Forbidden, Unauthorized

SESSION_COOKIE = "addme_session"
CSRF_COOKIE = "addme_csrf"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
UNAUTHENTICATED = "Unauthenticated."

DbSession = Annotated[Session, Depends(get_db)]


@dataclass
class Caller:
    user: User
    auth: AuthToken


def csrf_for(token: str) -> str:
    """The CSRF value bound to one session: an HMAC of its token hash."""
    return security.sign("csrf:" + security.token_hash(token))[:40]


def set_session_cookies(response: Response, token: str) -> None:
    """The browser keeps the token in an HttpOnly cookie, plus a readable CSRF twin."""
    secure = get_settings().cookie_secure
    max_age = 30 * 24 * 3600
    response.set_cookie(
        SESSION_COOKIE, token, max_age=max_age, httponly=True, samesite="lax", secure=secure, path="/"
    )
    response.set_cookie(
        CSRF_COOKIE, csrf_for(token), max_age=max_age, httponly=False, samesite="lax", secure=secure, path="/"
    )


def clear_session_cookies(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")


def _token_from(request: Request) -> tuple[str | None, bool]:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None, False
    cookie = request.cookies.get(SESSION_COOKIE)
    return (cookie or None), bool(cookie)


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
            raise Forbidden("CSRF token mismatch. Reload the page and try again.", code="csrf")
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
