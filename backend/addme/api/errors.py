"""Every error code the API answers, carried in the OpenAPI document.

Each domain names its codes in a StrEnum (its `codes.py`); the error envelope's `code` is written in
the document as any of them, so the web client's generated types know every code by name.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from fastapi import FastAPI

from addme.accounts.codes import AccountCode
from addme.admin.codes import AdminCode
from addme.content.codes import ContentCode
from addme.core.errors import CoreCode
from addme.groups.codes import GroupCode
from addme.listings.codes import ListingCode
from addme.media.codes import MediaCode
from addme.moderation.codes import ModerationCode
from addme.privacy.codes import PrivacyCode
from addme.shop.codes import ShopCode
from addme.stats.codes import StatsCode
from addme.swipes.codes import SwipeCode
from addme.trust.codes import TrustCode
from addme.wallet.codes import WalletCode

ERROR_CODES: tuple[type[StrEnum], ...] = (
    CoreCode,
    AccountCode,
    AdminCode,
    ContentCode,
    GroupCode,
    ListingCode,
    MediaCode,
    ModerationCode,
    PrivacyCode,
    ShopCode,
    StatsCode,
    SwipeCode,
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


def install(app: FastAPI) -> None:
    """The app's OpenAPI document, with the error codes written in."""
    build: Callable[[], dict[str, Any]] = app.openapi

    def _openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = _with_codes(build())
        return app.openapi_schema

    app.openapi = _openapi  # type: ignore[method-assign]
