"""Captcha behind one small interface: a local test captcha, Cloudflare Turnstile and hCaptcha."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from addme.core.config import Settings, get_settings
from addme.core.errors import FieldError

# httpx (with click and rich behind it) is imported where a request is made: at module level it
# cost ~0.1 s of every worker's start (bench/coldstart.py), for calls most workers never make.
if TYPE_CHECKING:
    import httpx

log = logging.getLogger("addme.captcha")

CAPTCHA_REQUIRED = "Please complete the captcha."
# The local provider's widget is an "I'm not a robot" checkbox that yields this token.
LOCAL_TOKEN = "local-captcha-ok"  # noqa: S105 - not a secret, the offline captcha's answer

TURNSTILE_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify"
HCAPTCHA_URL = "https://api.hcaptcha.com/siteverify"


@dataclass(frozen=True)
class CaptchaAnswer:
    """What the captcha provider said of one token: kept so the bot assessment reads the very answer
    the check was made on (siteverify is called once per token; a token is single-use anyway)."""

    success: bool
    provider: str
    # The siteverify JSON as the provider sent it (empty for the local captcha or an outage).
    body: dict[str, Any] = field(default_factory=dict)


class CaptchaProvider(Protocol):
    def check(self, token: str, *, remote_ip: str | None) -> CaptchaAnswer:
        """The provider's answer; `success` when the token proves a human solved the challenge."""

    def verify(self, token: str, *, remote_ip: str | None) -> bool:
        """True when the token proves a human solved the challenge."""


class LocalCaptcha:
    def check(self, token: str, *, remote_ip: str | None) -> CaptchaAnswer:
        return CaptchaAnswer(success=token == LOCAL_TOKEN, provider="local")

    def verify(self, token: str, *, remote_ip: str | None) -> bool:
        return self.check(token, remote_ip=remote_ip).success


class SiteVerifyCaptcha:
    """Turnstile and hCaptcha share one protocol: POST secret+response(+remoteip), read `success`."""

    def __init__(self, *, url: str, secret: str, site_key: str, transport: httpx.BaseTransport | None = None):
        self.url = url
        self.secret = secret
        self.site_key = site_key
        self.transport = transport

    @property
    def provider(self) -> str:
        return "hcaptcha" if "hcaptcha" in self.url else "turnstile"

    def check(self, token: str, *, remote_ip: str | None) -> CaptchaAnswer:
        import httpx

        data = {"secret": self.secret, "response": token}
        if remote_ip:
            data["remoteip"] = remote_ip
        if self.site_key and "hcaptcha" in self.url:
            data["sitekey"] = self.site_key
        try:
            with httpx.Client(timeout=5, transport=self.transport) as client:
                response = client.post(self.url, data=data)
            body = response.json() if response.status_code == 200 else {}
        except (httpx.HTTPError, ValueError):
            log.warning("captcha verification unreachable")
            return CaptchaAnswer(success=False, provider=self.provider)
        if not isinstance(body, dict):
            body = {}
        return CaptchaAnswer(success=body.get("success") is True, provider=self.provider, body=body)

    def verify(self, token: str, *, remote_ip: str | None) -> bool:
        return self.check(token, remote_ip=remote_ip).success


def provider_for(settings: Settings, transport: httpx.BaseTransport | None = None) -> CaptchaProvider:
    # Turnstile and hCaptcha speak the same siteverify protocol: only the URL differs.
    url = {"turnstile": TURNSTILE_URL, "hcaptcha": HCAPTCHA_URL}.get(settings.captcha_provider)
    if url is None:
        return LocalCaptcha()
    return SiteVerifyCaptcha(
        url=url, secret=settings.captcha_secret, site_key=settings.captcha_site_key, transport=transport
    )


def require_captcha(
    token: str | None, *, remote_ip: str | None, field: str = "captcha_token"
) -> CaptchaAnswer:
    """Refuse with the spec's message unless the captcha token verifies; returns the provider's answer."""
    answer = provider_for(get_settings()).check(token, remote_ip=remote_ip) if token else None
    if answer is None or not answer.success:
        raise FieldError(field, CAPTCHA_REQUIRED)
    return answer
