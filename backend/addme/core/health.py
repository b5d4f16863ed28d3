"""Liveness and readiness, the public client config and the bare ping used by benchmarks."""

from __future__ import annotations

from fastapi.responses import Response
from pydantic import BaseModel
from sqlalchemy import text
from starlette.concurrency import run_in_threadpool

from addme.core import db, sitemode
from addme.core.config import get_settings
from addme.core.errors import SERVER_DOWN, CoreCode, envelope
from addme.core.responses import JsonResponse
from addme.core.routes import api_router

router = api_router(tags=["system"])
_PONG = b'{"pong":true}'


class CaptchaConfig(BaseModel):
    provider: str
    site_key: str


class PublicConfig(BaseModel):
    site_name: str
    brand: str
    default_app: str
    accent_color: str
    captcha: CaptchaConfig
    maintenance: bool
    swipes_enabled: bool
    confirmation_resend_seconds: int
    # The Telegram Login Widget's bot (owner verified, #34); empty when TELEGRAM_BOT_TOKEN is unset.
    telegram_login_bot: str = ""


@router.get("/health", responses={503: {"description": "database unreachable"}})
def health() -> Response:
    try:
        with db.get_engine().connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception:
        return JsonResponse(envelope(SERVER_DOWN, code=CoreCode.SERVER_DOWN), status_code=503)
    return JsonResponse({"status": "ok", "database": "ok"})


@router.get("/ping", include_in_schema=False)
async def ping() -> Response:
    """Constant JSON without touching the database: the benchmarks' yardstick."""
    return Response(_PONG, media_type="application/json")


def client_config(*, maintenance: bool) -> PublicConfig:
    """What the web app is told about the site (its /v1/config answer and the pages' boot data)."""
    s = get_settings()
    return PublicConfig(
        site_name=s.site_name,
        brand=s.brand,
        default_app=s.default_app,
        accent_color=s.accent_color,
        captcha=CaptchaConfig(provider=s.captcha_provider, site_key=s.captcha_site_key),
        # The admin's switch (or MAINTENANCE=true): the web app then sends visitors to /maintenance.
        maintenance=maintenance,
        swipes_enabled=s.swipes_enabled,
        confirmation_resend_seconds=s.confirmation_resend_seconds,
        telegram_login_bot=s.telegram_bot_username if s.telegram_bot_token else "",
    )


@router.get("/config", response_model=PublicConfig)
async def public_config() -> PublicConfig:
    # Asked by the app on every visit: answered on the event loop, through a thread only when the
    # maintenance switch is read again (every few seconds). In the mixed run (bench/mixed.py) its
    # thread hop queued behind Top-Ups and logins: p99 415 ms for an answer that reads nothing.
    maintenance = sitemode.cached_maintenance()
    if maintenance is None:
        maintenance = await run_in_threadpool(sitemode.maintenance_on)
    return client_config(maintenance=maintenance)
