"""Where the visitor is: country and region from a trusted proxy's headers, else offline GeoIP."""

from __future__ import annotations

import re
from dataclasses import dataclass

from starlette.requests import Request

from addme.core import net
from addme.core.config import get_settings

_COUNTRY = re.compile(r"^[A-Z]{2}$")
# ISO 3166-2 subdivision codes are 1 to 3 letters or digits after the country.
_REGION = re.compile(r"^[A-Z0-9]{1,3}$")


@dataclass(frozen=True)
class Place:
    country: str | None
    region: str | None

    @property
    def location_code(self) -> str:
        """ "US-TX", "GB", or "" when nothing is known."""
        if not self.country:
            return ""
        return f"{self.country}-{self.region}" if self.region else self.country


def _headers_trusted(request: Request) -> bool:
    # With proxies configured, only they may speak for the visitor; without, an operator who named
    # the header has put the app behind that proxy alone (e.g. Cloudflare straight to the app).
    if not get_settings().trusted_proxies:
        return True
    peer = request.client.host if request.client else ""
    return net.is_trusted_proxy(peer)


def _header(request: Request, name: str | None, pattern: re.Pattern[str]) -> str | None:
    if not name:
        return None
    value = request.headers.get(name, "").strip().upper()
    # Some proxies send the full ISO code ("US-TX") in the region header.
    if "-" in value:
        value = value.rsplit("-", 1)[1]
    return value if pattern.match(value) else None


def visitor_place(request: Request) -> Place:
    """The visitor's country and (when a proxy tells us) region; unknown parts are None."""
    settings = get_settings()
    if settings.country_header and _headers_trusted(request):
        country = _header(request, settings.country_header, _COUNTRY)
        if country and country not in ("XX", "T1"):  # Cloudflare's "unknown" and "Tor"
            region = _header(request, settings.region_header, _REGION) if settings.region_header else None
            return Place(country, region)
    return Place(net.country_of_ip(net.client_ip(request)), None)
