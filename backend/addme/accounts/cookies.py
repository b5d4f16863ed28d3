"""The browser's session: the token in an HttpOnly cookie, and the CSRF twin a page must echo back."""

from __future__ import annotations

from fastapi import Response

from addme.core import security
from addme.core.config import get_settings

SESSION_COOKIE = "addme_session"
CSRF_COOKIE = "addme_csrf"
CSRF_HEADER = "x-csrf-token"
# The web app's language cookie ("en" or "fr", web/src/i18n/index.ts): a new account takes it.
LOCALE_COOKIE = "i18n_redirected"


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
