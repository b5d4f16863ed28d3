"""Mounts every domain router under /v1."""

from __future__ import annotations

from fastapi import APIRouter

from addme.accounts.router import router as accounts_router
from addme.core.health import router as health_router
from addme.mail.router import router as mail_router

api_router = APIRouter()
api_router.include_router(health_router)
api_router.include_router(accounts_router)
api_router.include_router(mail_router)
