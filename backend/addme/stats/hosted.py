"""One hosted analytics service behind a small interface, off by default.

`ANALYTICS_PROVIDER=plausible` forwards each page view to Plausible's documented Events API
(POST /api/event with name, url, domain, referrer; the visitor's User-Agent and IP in headers, as
that API requires to count unique visitors). Anything else keeps page views first-party only.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from addme.core.config import Settings

# httpx (with click and rich behind it) is imported where a request is made: at module level it
# cost ~0.1 s of every worker's start (bench/coldstart.py), for calls most workers never make.
if TYPE_CHECKING:
    import httpx

log = logging.getLogger("addme.analytics")


@dataclass(frozen=True)
class HostedView:
    path: str
    referrer: str | None
    user_agent: str
    ip: str


class HostedAnalytics(Protocol):
    def send(self, view: HostedView) -> bool:
        """Forward one page view; True when the service accepted it."""


class NoHostedAnalytics:
    def send(self, view: HostedView) -> bool:
        return False


class Plausible:
    def __init__(
        self, *, api_url: str, domain: str, site_url: str, transport: httpx.BaseTransport | None = None
    ):
        self.api_url = api_url
        self.domain = domain
        self.site_url = site_url.rstrip("/") or f"https://{domain}"
        self.transport = transport

    def send(self, view: HostedView) -> bool:
        import httpx

        body = {"name": "pageview", "url": f"{self.site_url}{view.path}", "domain": self.domain}
        if view.referrer:
            body["referrer"] = view.referrer
        headers = {"User-Agent": view.user_agent or "addme", "X-Forwarded-For": view.ip}
        try:
            with httpx.Client(timeout=3, transport=self.transport) as client:
                response = client.post(self.api_url, json=body, headers=headers)
        except httpx.HTTPError:
            log.warning("hosted analytics unreachable")
            return False
        return 200 <= response.status_code < 300


def provider_for(settings: Settings, transport: httpx.BaseTransport | None = None) -> HostedAnalytics:
    if settings.analytics_provider == "plausible" and settings.plausible_domain:
        return Plausible(
            api_url=settings.plausible_api_url,
            domain=settings.plausible_domain,
            site_url=settings.site_url,
            transport=transport,
        )
    return NoHostedAnalytics()
