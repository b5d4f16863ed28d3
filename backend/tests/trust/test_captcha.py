"""Captcha providers: the local test captcha and the site-verify protocol at the HTTP boundary."""

from __future__ import annotations

import httpx
import pytest

from addme.core.config import Settings
from addme.screening.captcha import HCAPTCHA_URL, TURNSTILE_URL, LocalCaptcha, SiteVerifyCaptcha, provider_for


def _transport(seen: list[httpx.Request], success: bool, status: int = 200) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(status, json={"success": success, "error-codes": [] if success else ["bad"]})

    return httpx.MockTransport(handler)


def test_local_captcha_accepts_only_its_token():
    assert LocalCaptcha().verify("local-captcha-ok", remote_ip=None)
    assert not LocalCaptcha().verify("anything else", remote_ip=None)


@pytest.mark.parametrize(("provider", "url"), [("turnstile", TURNSTILE_URL), ("hcaptcha", HCAPTCHA_URL)])
def test_siteverify_posts_secret_response_and_ip(provider, url):
    seen: list[httpx.Request] = []
    settings = Settings(captcha_provider=provider, captcha_secret="s3cret", captcha_site_key="site")
    captcha = provider_for(settings, transport=_transport(seen, True))
    assert isinstance(captcha, SiteVerifyCaptcha)
    assert captcha.verify("tok", remote_ip="203.0.113.9")
    form = dict(httpx.QueryParams(seen[0].content.decode()))
    assert str(seen[0].url) == url
    assert form["secret"] == "s3cret" and form["response"] == "tok" and form["remoteip"] == "203.0.113.9"


def test_siteverify_refuses_on_failure_or_outage():
    settings = Settings(captcha_provider="turnstile", captcha_secret="s")
    assert not provider_for(settings, transport=_transport([], False)).verify("t", remote_ip=None)
    assert not provider_for(settings, transport=_transport([], True, status=500)).verify("t", remote_ip=None)

    def boom(_request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("down")

    assert not provider_for(settings, transport=httpx.MockTransport(boom)).verify("t", remote_ip=None)
