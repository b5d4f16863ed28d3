"""This browser's device id: a long-lived random first-party cookie, only ever stored as an HMAC."""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import Response

from addme.core import security
from addme.core.config import get_settings

DEVICE_COOKIE = "addme_device"
DEVICE_SECONDS = 2 * 365 * 24 * 3600


def ensure_device(request: Request, response: Response) -> str:
    """This browser's device id, given a long-lived cookie the first time it is seen."""
    device = request.cookies.get(DEVICE_COOKIE, "")
    if not (20 <= len(device) <= 64) or not device.replace("-", "").replace("_", "").isalnum():
        device = secrets.token_urlsafe(24)
        response.set_cookie(
            DEVICE_COOKIE,
            device,
            max_age=DEVICE_SECONDS,
            httponly=True,
            samesite="lax",
            secure=get_settings().cookie_secure or request.url.scheme == "https",
            path="/",
        )
        # Two calls in one request (an assessment, then the hopping check) keep one id.
        request.cookies[DEVICE_COOKIE] = device
    return device


def device_hash(request: Request, response: Response) -> str:
    """What is stored for this browser's device: the HMAC of its id, never the id itself."""
    return security.sign("device:" + ensure_device(request, response))
