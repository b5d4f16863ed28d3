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
from starlette.types import Message, Receive, Scope, Send

from addme.core.asgi import HttpMiddleware
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


# The web app's locale cookie (web/src/i18n/index.ts): the language a validation message is written in.
LOCALE_COOKIE = "i18n_redirected"

# French names for the fields a person can reach; others read as the English label, in quotes.
_FR_LABELS = {
    "age": "Âge", "amount": "Montant", "app": "Application", "body": "Texte", "body_markdown": "Texte",
    "code": "Code", "country_code": "Pays", "days": "Jours", "description": "Description",
    "email": "E-mail", "gender": "Genre", "hours": "Heures", "key": "Clé", "link": "Lien",
    "message": "Message", "name": "Nom", "orientation": "Orientation", "page": "Page",
    "password": "Mot de passe", "password_confirmation": "Confirmation du mot de passe",
    "per_page": "Par page", "q": "Recherche", "quantity": "Quantité", "reason": "Motif",
    "slug": "Adresse courte", "summary": "Résumé", "tags": "Tags", "text": "Texte", "title": "Titre",
    "type": "Type", "url": "Adresse", "username": "Nom d'utilisateur",
}  # fmt: skip


def _label(field: str, lang: str = "en") -> str:
    """A field's name as a person reads it: `body_markdown` is "Body markdown", `tags.2` is "Tags"."""
    words = [p for p in field.split(".") if not p.isdigit()][-1:] or ["value"]
    if lang == "fr":
        return f"« {_FR_LABELS.get(words[0]) or words[0].replace('_', ' ')} »"
    text_ = words[0].replace("_", " ").strip() or "value"
    return text_[:1].upper() + text_[1:]


def _plural(n: Any, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


# One message per kind of pydantic error, in each language the web app speaks.
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "required": "{label} is required.",
        "short": "{label} must be at least {n} long.",
        "long": "{label} must be at most {n} long.",
        "few": "{label} needs at least {n}.",
        "many": "{label} takes at most {n}.",
        "int": "{label} must be a whole number.",
        "number": "{label} must be a number.",
        "ge": "{label} must be at least {v}.",
        "gt": "{label} must be more than {v}.",
        "le": "{label} must be at most {v}.",
        "lt": "{label} must be less than {v}.",
        "bool": "{label} must be yes or no.",
        "text": "{label} must be text.",
        "choice": "{label} must be one of: {v}.",
        "date": "{label} must be a date.",
        "url": "{label} must be a web address (https://...).",
        "character": "character", "characters": "characters", "item": "item", "items": "items",
    },
    "fr": {
        "required": "{label} est obligatoire.",
        "short": "{label} doit faire au moins {n}.",
        "long": "{label} doit faire au plus {n}.",
        "few": "{label} demande au moins {n}.",
        "many": "{label} accepte au plus {n}.",
        "int": "{label} doit être un nombre entier.",
        "number": "{label} doit être un nombre.",
        "ge": "{label} doit être au moins {v}.",
        "gt": "{label} doit être supérieur à {v}.",
        "le": "{label} doit être au plus {v}.",
        "lt": "{label} doit être inférieur à {v}.",
        "bool": "{label} doit être oui ou non.",
        "text": "{label} doit être du texte.",
        "choice": "{label} doit être l'une de ces valeurs : {v}.",
        "date": "{label} doit être une date.",
        "url": "{label} doit être une adresse web (https://...).",
        "character": "caractère", "characters": "caractères", "item": "élément", "items": "éléments",
    },
}  # fmt: skip
_BOUNDS = {"greater_than_equal": "ge", "greater_than": "gt", "less_than_equal": "le", "less_than": "lt"}
INVALID_DATA_FR = "Les données envoyées ne sont pas valides."


def human_message(err: Any, field: str, lang: str = "en") -> str:
    """Pydantic's message for one field, as a person would want to read it, in English or French
    (the web app's locale cookie).

    "String should have at least 1 character" reached the blog editor as it was: the common kinds
    are written out with the field's name, a custom validator's own message is kept.
    """
    w = _WORDS.get(lang, _WORDS["en"])
    kind, ctx = err.get("type", ""), err.get("ctx") or {}
    label = _label(field, lang)

    def chars(key: str) -> str:
        return _plural(ctx.get(key), w["character"], w["characters"])

    def items(key: str) -> str:
        return _plural(ctx.get(key), w["item"], w["items"])

    out: str | None = None
    if kind == "missing" or (kind in ("string_too_short", "too_short") and ctx.get("min_length") == 1):
        out = w["required"].format(label=label)
    elif kind == "string_too_short":
        out = w["short"].format(label=label, n=chars("min_length"))
    elif kind == "string_too_long":
        out = w["long"].format(label=label, n=chars("max_length"))
    elif kind == "too_short":
        out = w["few"].format(label=label, n=items("min_length"))
    elif kind == "too_long":
        out = w["many"].format(label=label, n=items("max_length"))
    elif kind in ("int_parsing", "int_type", "int_from_float"):
        out = w["int"].format(label=label)
    elif kind in ("float_parsing", "float_type", "decimal_parsing"):
        out = w["number"].format(label=label)
    elif kind in _BOUNDS:
        out = w[_BOUNDS[kind]].format(label=label, v=ctx.get(_BOUNDS[kind]))
    elif kind in ("bool_parsing", "bool_type"):
        out = w["bool"].format(label=label)
    elif kind in ("string_type", "string_sub_type"):
        out = w["text"].format(label=label)
    elif kind in ("literal_error", "enum"):
        out = w["choice"].format(label=label, v=ctx.get("expected", ""))
    elif kind.startswith(("datetime", "date")):
        out = w["date"].format(label=label)
    elif kind in ("url_parsing", "url_type", "url_scheme"):
        out = w["url"].format(label=label)
    if out is None:
        return _clean_msg(str(err.get("msg", INVALID_DATA)))
    # A French sentence starts with its quote mark; an English one with the field's capital.
    return out[:1].upper() + out[1:]


def request_language(request: Request) -> str:
    """The language the visitor reads the site in: French when the locale cookie says so."""
    return "fr" if request.cookies.get(LOCALE_COOKIE) == "fr" else "en"


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
    async def _validation(request: Request, exc: RequestValidationError) -> JsonResponse:
        lang = request_language(request)
        errors: dict[str, list[str]] = {}
        for err in exc.errors():
            field = _field_name(tuple(err.get("loc", ())))
            errors.setdefault(field, []).append(human_message(err, field, lang))
        first = (
            next(iter(errors.values()))[0] if errors else (INVALID_DATA_FR if lang == "fr" else INVALID_DATA)
        )
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


class CatchAllMiddleware(HttpMiddleware):
    """Answers any unhandled exception with the JSON envelope's 500, inside the security headers.

    Starlette's own ServerErrorMiddleware is the outermost layer: its 500 is plain text and goes out
    past every other middleware, so it carried none of the security headers. Placed just inside
    SecurityHeadersMiddleware, this turns the exception into a response that still passes through it.
    A response that already started cannot be replaced: that exception goes on up to the server.
    """

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
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
