"""Who is calling: the client IP (trusting X-Forwarded-For only from configured proxies) and country."""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from typing import Any

from starlette.requests import Request

from addme.core.config import get_settings


@lru_cache
def _proxies() -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(p, strict=False) for p in get_settings().trusted_proxies)


def is_trusted_proxy(ip: str) -> bool:
    """True when `ip` is one of the configured proxies (whose headers speak for the visitor)."""
    return _is_proxy(ip)


def _is_proxy(ip: str) -> bool:
    if not _proxies():
        return False  # none configured (the default): no address to parse on every request
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return False
    return any(addr in net for net in _proxies())


def client_ip(request: Request) -> str:
    """The caller's IP; X-Forwarded-For is read right to left, only through trusted proxies."""
    peer = request.client.host if request.client else "0.0.0.0"  # noqa: S104 - a label, not a bind
    if not _is_proxy(peer):
        return peer
    forwarded = [p.strip() for p in request.headers.get("x-forwarded-for", "").split(",") if p.strip()]
    for hop in reversed(forwarded):
        if not _is_proxy(hop):
            return hop
    return peer


def ip_bucket(ip: str) -> str:
    """The key rate limits use: the IP itself for IPv4, its /64 for IPv6 (one host owns a /64)."""
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return ip
    if isinstance(addr, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return ip


def client_country(request: Request) -> str | None:
    """Two-letter country from the trusted proxy header, else the offline GeoIP database."""
    settings = get_settings()
    if settings.country_header:
        value = request.headers.get(settings.country_header, "").strip().upper()
        if len(value) == 2 and value.isalpha():
            return value
    return country_of_ip(client_ip(request))


@lru_cache(maxsize=4096)
def country_of_ip(ip: str) -> str | None:
    """Country code of an IP from geoip2fast's bundled database; None for private or unknown."""
    try:
        if not ipaddress.ip_address(ip).is_global:
            return None
        result = _geoip().lookup(ip)
        code = getattr(result, "country_code", None)
        return code if code and len(code) == 2 and code != "--" else None
    except Exception:
        return None


@lru_cache
def _geoip() -> Any:
    from geoip2fast import GeoIP2Fast

    return GeoIP2Fast(verbose=False)
