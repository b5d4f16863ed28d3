"""Domain errors with stable codes, rendered through one envelope: {"message", "errors"}."""

from __future__ import annotations

import logging
from enum import StrEnum
from typing import Any

import psycopg
import psycopg_pool
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from sqlalchemy.exc import DataError, DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from addme.core.responses import JsonResponse

log = logging.getLogger("addme.errors")

INTERNAL_ERROR = "An internal error occurred."
INVALID_DATA = "The given data was invalid."
SERVER_DOWN = (
    "Our servers are currently down and we are working on getting them back up and running as soon "
    "as possible. Please refresh or come back later."
)


class CoreCode(StrEnum):
    """The codes every route may answer; each domain adds its own enum (its `codes.py`)."""

    BAD_REQUEST = "bad_request"
    UNAUTHORIZED = "unauthorized"
    FORBIDDEN = "forbidden"
    CSRF = "csrf"
    NOT_FOUND = "not_found"
    CONFLICT = "conflict"
    TOO_LARGE = "too_large"
    VALIDATION_ERROR = "validation_error"
    RATE_LIMITED = "rate_limited"
    INTERNAL_ERROR = "internal_error"
    SERVER_DOWN = "server_down"
    # The site is in maintenance (an admin's switch): every caller but an admin is answered so.
    MAINTENANCE = "maintenance"
    # An admin tried to grant something (VIP, Top-Ups, Fire Pins, a level, a key) to their own account.
    SELF_GRANT = "self_grant"


class AppError(Exception):
    """A refusal the user should read: status, stable code, message and optional field errors.

    `extra` adds fields to the envelope (a wallet refusal's `next_at`).
    """

    status_code = 400
    code: StrEnum = CoreCode.BAD_REQUEST

    def __init__(
        self,
        message: str,
        *,
        code: StrEnum | None = None,
        status_code: int | None = None,
        errors: dict[str, list[str]] | None = None,
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        if status_code:
            self.status_code = status_code
        self.errors = errors or {}
        self.headers = headers
        self.extra = extra or {}


class NotFound(AppError):
    status_code = 404
    code = CoreCode.NOT_FOUND


class Unauthorized(AppError):
    status_code = 401
    code = CoreCode.UNAUTHORIZED


class Forbidden(AppError):
    status_code = 403
    code = CoreCode.FORBIDDEN


class Conflict(AppError):
    status_code = 409
    code = CoreCode.CONFLICT


class TooManyRequests(AppError):
    status_code = 429
    code = CoreCode.RATE_LIMITED

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message, headers={"Retry-After": str(max(1, retry_after))})


class FieldError(AppError):
    """A 422 for one or more fields, in the same shape as Pydantic's validation errors."""

    status_code = 422
    code = CoreCode.VALIDATION_ERROR

    def __init__(self, field: str | dict[str, list[str]], message: str | None = None) -> None:
        errors = field if isinstance(field, dict) else {field: [message or "Invalid value."]}
        first = next(iter(errors.values()))[0]
        super().__init__(first, errors=errors)


def envelope(message: str, errors: dict[str, list[str]] | None = None, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"message": message, "errors": errors or {}}
    body.update(extra)
    return body


def _field_name(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header", "cookie")]
    return ".".join(parts) or "body"


def _clean_msg(msg: str) -> str:
    # Pydantic prefixes custom validator messages with "Value error, "; users should not read that.
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix) :]
    return msg[:1].upper() + msg[1:]


def install_error_handlers(app: FastAPI) -> None:
    """Every error the API returns goes through these, so clients parse one shape."""

    @app.exception_handler(AppError)
    async def _app_error(_: Request, exc: AppError) -> JsonResponse:
        return JsonResponse(
            envelope(exc.message, exc.errors, code=exc.code, **exc.extra),
            status_code=exc.status_code,
            headers=exc.headers,
        )

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JsonResponse:
        errors: dict[str, list[str]] = {}
        for err in exc.errors():
            errors.setdefault(_field_name(tuple(err.get("loc", ()))), []).append(_clean_msg(err["msg"]))
        first = next(iter(errors.values()))[0] if errors else INVALID_DATA
        return JsonResponse(envelope(first, errors, code=CoreCode.VALIDATION_ERROR), status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JsonResponse:
        message = exc.detail if isinstance(exc.detail, str) else "Error"
        if exc.status_code == 404 and message == "Not Found":
            message = "This page could not be found"
        return JsonResponse(
            envelope(message), status_code=exc.status_code, headers=getattr(exc, "headers", None)
        )

    async def _db_down(_: Request, exc: Exception) -> JsonResponse:
        log.error("database unreachable: %s", exc.__class__.__name__)
        return JsonResponse(envelope(SERVER_DOWN, code=CoreCode.SERVER_DOWN), status_code=503)

    app.add_exception_handler(OperationalError, _db_down)
    app.add_exception_handler(PoolTimeout, _db_down)
    # The same failures on the hot read path, which speaks psycopg directly (core/reads.py).
    app.add_exception_handler(psycopg.OperationalError, _db_down)
    app.add_exception_handler(psycopg_pool.PoolTimeout, _db_down)

    async def _dbapi(request: Request, exc: Exception) -> JsonResponse:
        # Connection-level failures (the server went away) are "down"; anything else is a bug.
        if isinstance(exc, DBAPIError) and exc.connection_invalidated:
            return await _db_down(request, exc)
        log.exception("database error", exc_info=exc)
        return JsonResponse(envelope(INTERNAL_ERROR, code=CoreCode.INTERNAL_ERROR), status_code=500)

    app.add_exception_handler(DBAPIError, _dbapi)

    async def _out_of_range(request: Request, exc: Exception) -> JsonResponse:
        # A value the database cannot hold (an integer past its column, a malformed number) that
        # got past the bounded parameters: the caller's data is wrong, the server is fine. On a
        # path id it means "no such row"; SQLite raises OverflowError before its driver sees it.
        log.warning("value out of the database's range on %s: %s", request.url.path, exc.__class__.__name__)
        if request.path_params:
            return JsonResponse(
                envelope("This page could not be found", code=CoreCode.NOT_FOUND), status_code=404
            )
        return JsonResponse(envelope(INVALID_DATA, code=CoreCode.VALIDATION_ERROR), status_code=422)

    app.add_exception_handler(DataError, _out_of_range)
    app.add_exception_handler(psycopg.DataError, _out_of_range)
    app.add_exception_handler(OverflowError, _out_of_range)


class CatchAllMiddleware:
    """Answers any unhandled exception with the JSON envelope's 500, inside the security headers.

    Starlette's own ServerErrorMiddleware is the outermost layer: its 500 is plain text and goes out
    past every other middleware, so it carried none of the security headers. Placed just inside
    SecurityHeadersMiddleware, this turns the exception into a response that still passes through it.
    A response that already started cannot be replaced: that exception goes on up to the server.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_tracking(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, send_tracking)
        except Exception:
            if started:
                raise
            log.exception("unhandled error on %s %s", scope.get("method"), scope.get("path"))
            response = JsonResponse(envelope(INTERNAL_ERROR, code=CoreCode.INTERNAL_ERROR), status_code=500)
            await response(scope, receive, send)
