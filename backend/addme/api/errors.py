"""Every error code the API answers, carried in the OpenAPI document.

Each domain names its codes in a StrEnum (its `codes.py`); the error envelope's `code` is written in
the document as any of them, so the web client's generated types know every code by name.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from addme.accounts.codes import AccountCode
from addme.admin.codes import AdminCode
from addme.api.deps import optional_caller, require_caller
from addme.comments.codes import CommentCode
from addme.content.codes import ContentCode
from addme.core.errors import CoreCode
from addme.decisions.codes import DecisionCode
from addme.groups.codes import GroupCode
from addme.listings.codes import ListingCode
from addme.media.codes import MediaCode
from addme.moderation.codes import ModerationCode
from addme.privacy.codes import PrivacyCode
from addme.shop.codes import ShopCode
from addme.stats.codes import StatsCode
from addme.swipes.codes import SwipeCode
from addme.translation.codes import TranslationCode
from addme.trust.codes import TrustCode
from addme.wallet.codes import WalletCode

ERROR_CODES: tuple[type[StrEnum], ...] = (
    CoreCode,
    AccountCode,
    AdminCode,
    ContentCode,
    CommentCode,
    DecisionCode,
    GroupCode,
    ListingCode,
    MediaCode,
    ModerationCode,
    PrivacyCode,
    ShopCode,
    StatsCode,
    SwipeCode,
    TranslationCode,
    TrustCode,
    WalletCode,
)


def _with_codes(document: dict[str, Any]) -> dict[str, Any]:
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    for enum in ERROR_CODES:
        schemas[enum.__name__] = {
            "type": "string",
            "enum": [member.value for member in enum],
            "title": enum.__name__,
            "description": (enum.__doc__ or "").strip() or f"The {enum.__name__} error codes.",
        }
    body = schemas.get("ErrorBody")
    if body is not None:
        body["properties"]["code"] = {
            "anyOf": [{"$ref": f"#/components/schemas/{e.__name__}"} for e in ERROR_CODES]
            + [{"type": "null"}],
            "title": "Code",
            "description": "Stable: clients key their own texts on it; `message` is the server's words.",
        }
    return document


_SAFE = {"GET", "HEAD", "OPTIONS"}
_ERROR = {"$ref": "#/components/schemas/ErrorBody"}
_WHY = {
    400: "The body could not be read (not the JSON it says it is).",
    401: "Not signed in, or the session ended.",
    403: "Not allowed: the account's level, or a cookie session's missing CSRF token.",
    413: "The body is larger than this route takes.",
    429: "Too many requests: wait the seconds in Retry-After.",
}


def _calls(dependant: Dependant) -> set[Callable[..., Any]]:
    found: set[Callable[..., Any]] = set()
    for dep in dependant.dependencies:
        if dep.call is not None:
            found.add(dep.call)
        found |= _calls(dep)
    return found


def _statuses(route: APIRoute) -> set[int]:
    """The answers every route of its kind can give, whatever its own router documented: the
    session checks (api/deps.py), the write budgets (api/throttle.py), the body parser, routing."""
    calls = _calls(route.dependant)
    writes = bool((route.methods or set()) - _SAFE)
    out: set[int] = set()
    if require_caller in calls:
        out.add(401)
    if any(getattr(call, "__qualname__", "").startswith("require.") for call in calls):
        out.add(403)
    if writes and optional_caller in calls:
        out.add(403)  # CSRF: a cookie session's write without its token
    if writes:
        out |= {400, 413, 429}  # an unreadable body, past its allowance (core/bodylimit.py), budgets
    if route.dependant.body_params:
        out.add(400)
    return out


def _with_common_answers(document: dict[str, Any], routers: tuple[APIRouter, ...]) -> dict[str, Any]:
    routes = [r for router in routers for r in router.routes if isinstance(r, APIRoute)]
    paths = document.get("paths", {})
    for route in routes:
        for method in route.methods or ():
            op = paths.get(route.path, {}).get(method.lower())
            if op is None:
                continue
            responses = op.setdefault("responses", {})
            for status in sorted(_statuses(route)):
                responses.setdefault(
                    str(status),
                    {"description": _WHY[status], "content": {"application/json": {"schema": _ERROR}}},
                )
    return document


def install(app: FastAPI, routers: tuple[APIRouter, ...] = ()) -> None:
    """The app's OpenAPI document, with the error codes written in, and the answers every route of
    a kind can give (`routers`: those mounted under /v1)."""
    build: Callable[[], dict[str, Any]] = app.openapi

    def _openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = _with_common_answers(_with_codes(build()), routers)
        return app.openapi_schema

    app.openapi = _openapi  # type: ignore[method-assign]
