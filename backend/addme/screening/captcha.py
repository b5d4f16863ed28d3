"""Captcha behind one small interface: a local test captcha, Cloudflare Turnstile and hCaptcha."""

from __future__ import annotations

import logging
from typing import Protocol

import httpx

from addme.core.config import Settings, get_settings
from addme.core.errors import FieldError

log = logging.getLogger("addme.captcha")

CAPTCHA_REQUIRED = "Please complete the captcha."
# The local provider's widget is an "I'm not a robot" checkbox that yields this token.
LOCAL_TOKEN = "local-captcha-ok"  # noqa: S105 - not a secret, the offline captcha's answer

TURNSTILE_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify"
HCAPTCHA_URL = "https://api.hcaptcha.com/siteverify"


class CaptchaProvider(Protocol):
    def verify(self, token: str, *, remote_ip: str | None) -> bool:
        """True when the token proves a human solved the challenge."""


class LocalCaptcha:
    def verify(self, token: str, *, remote_ip: str | None) -> bool:
        return token == LOCAL_TOKEN


class SiteVerifyCaptcha:
    """Turnstile and hCaptcha share one protocol: POST secret+response(+remoteip), read `success`."""

    def __init__(self, *, url: str, secret: str, site_key: str, transport: httpx.BaseTransport | None = None):
        self.url = url
        self.secret = secret
        self.site_key = site_key
        self.transport = transport

    def verify(self, token: str, *, remote_ip: str | None) -> bool:
        data = {"secret": self.secret, "response": token}
        if remote_ip:
            data["remoteip"] = remote_ip
        if self.site_key and "hcaptcha" in self.url:
            data["sitekey"] = self.site_key
        try:
            with httpx.Client(timeout=5, transport=self.transport) as client:
                response = client.post(self.url, data=data)
            return bool(response.status_code == 200 and response.json().get("success") is True)
        except (httpx.HTTPError, ValueError):
            log.warning("captcha verification unreachable")
            return False


def provider_for(settings: Settings, transport: httpx.BaseTransport | None = None) -> CaptchaProvider:
    if settings.captcha_provider == "turnstile":
        return SiteVerifyCaptcha(
            url=TURNSTILE_URL,
            secret=settings.captcha_secret,
            site_key=settings.captcha_site_key,
            transport=transport,
        )
    if settings.captcha_provider == "hcaptcha":
        return SiteVerifyCaptcha(
            url=HCAPTCHA_URL,
            secret=settings.captcha_secret,
            site_key=settings.captcha_site_key,
            transport=transport,
        )
    return LocalCaptcha()


def require_captcha(token: str | None, *, remote_ip: str | None, field: str = "captcha_token") -> None:
    """Refuse with the spec's message unless the captcha token verifies."""
    if not token or not provider_for(get_settings()).verify(token, remote_ip=remote_ip):
        raise FieldError(field, CAPTCHA_REQUIRED)
