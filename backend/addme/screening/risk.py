"""The risk check: VPNs, proxies, Tor, hosting networks and blacklisted ranges make a session high-risk.

Behind one small interface: a local default needing no network (the blacklist's IP ranges, a Tor
exit list an admin refreshes, and the hosting networks named in geoip2fast's bundled ASN data) and
proxycheck.io, a real IP-reputation service, which adds VPN and proxy detection on top.
"""

from __future__ import annotations

import ipaddress
import logging
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy.orm import Session

from addme.core.config import get_settings
from addme.screening import service as screening

# httpx (with click and rich behind it) is imported where a request is made: at module level it
# cost ~0.1 s of every worker's start (bench/coldstart.py), for calls most workers never make.
if TYPE_CHECKING:
    import httpx

log = logging.getLogger("addme.risk")

# Networks whose addresses are servers, not homes or phones: a visitor coming from one is behind a
# VPN, a proxy or a script. Matched against the ASN's name in geoip2fast's offline data.
HOSTING = re.compile(
    r"AMAZON|AWS|GOOGLE-CLOUD|GOOGLE-2|MICROSOFT|AZURE|DIGITALOCEAN|OVH|HETZNER|LINODE|AKAMAI|"
    r"VULTR|CHOOPA|CONTABO|LEASEWEB|M247|DATACAMP|ORACLE|ALIBABA|TENCENT|SCALEWAY|ONLINE S\.?A\.?S|"
    r"HOSTINGER|IONOS|EQUINIX|PACKET|NFORCE|CDN77|ZENLAYER|PSYCHZ|QUADRANET|HOSTWINDS|COLOCROSSING|"
    r"FRANTECH|BUYVM|HOSTHATCH|GTHOST|SERVERS\.COM|CLOUDFLARENET|IPXO|TZULO|CLOUDVIDER|HOSTROYALE",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Verdict:
    high_risk: bool
    reasons: list[str] = field(default_factory=list)


class RiskProvider(Protocol):
    def reasons(self, ip: str) -> list[str]:
        """Why this address is risky (empty when it is not), beyond the blacklist."""


@lru_cache
def _asn_db() -> Any:
    from geoip2fast import GeoIP2Fast

    return GeoIP2Fast(verbose=False, geoip2fast_data_file="geoip2fast-asn.dat.gz")


def asn_name(ip: str) -> str:
    try:
        return str(getattr(_asn_db().lookup(ip), "asn_name", "") or "")
    except Exception:
        return ""


def tor_exits_path() -> Path:
    return get_settings().private_dir / "tor-exit-nodes.txt"


@lru_cache(maxsize=1)
def _tor_exits(mtime: float) -> frozenset[str]:
    try:
        lines = tor_exits_path().read_text().splitlines()
    except OSError:
        return frozenset()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def tor_exits() -> frozenset[str]:
    try:
        mtime = tor_exits_path().stat().st_mtime
    except OSError:
        return frozenset()
    return _tor_exits(mtime)


def save_tor_exits(text: str) -> int:
    """Replace the Tor exit list (one address a line, as the Tor Project publishes it); returns its size."""
    found: list[str] = []
    for line in text.splitlines():
        value = line.strip()
        if not value or value.startswith("#"):
            continue
        try:
            found.append(str(ipaddress.ip_address(value)))
        except ValueError:
            continue
    if not found:
        return 0  # an empty or garbled paste must not wipe the list in use
    path = tor_exits_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(sorted(set(found))) + "\n")
    tmp.replace(path)
    return len(set(found))


class LocalRisk:
    def reasons(self, ip: str) -> list[str]:
        found = []
        if ip in tor_exits():
            found.append("tor")
        name = asn_name(ip)
        if name and HOSTING.search(name):
            found.append(f"hosting:{name[:40]}")
        return found


class ProxyCheck:
    """proxycheck.io v2: VPN, proxy and Tor detection; unreachable means no verdict (not high-risk)."""

    URL = "https://proxycheck.io/v2/{ip}"

    def __init__(self, key: str, transport: httpx.BaseTransport | None = None):
        self.key = key
        self.transport = transport

    def reasons(self, ip: str) -> list[str]:
        import httpx

        found = LocalRisk().reasons(ip)
        try:
            with httpx.Client(timeout=3, transport=self.transport) as client:
                r = client.get(self.URL.format(ip=ip), params={"key": self.key, "vpn": 1, "asn": 1})
            body = r.json() if r.status_code == 200 else {}
        except (httpx.HTTPError, ValueError):
            log.warning("proxycheck.io unreachable: local checks only")
            return found
        entry = body.get(ip) if isinstance(body, dict) else None
        if isinstance(entry, dict) and entry.get("proxy") == "yes":
            found.append(f"proxycheck:{str(entry.get('type') or 'proxy')[:20]}")
        return found


def provider(transport: httpx.BaseTransport | None = None) -> RiskProvider:
    settings = get_settings()
    if settings.risk_provider == "proxycheck" and settings.proxycheck_api_key:
        return ProxyCheck(settings.proxycheck_api_key, transport)
    return LocalRisk()


def assess(session: Session, *, ip: str | None) -> Verdict:
    """High-risk when the address is blacklisted, a Tor exit, a hosting network, a VPN or a proxy."""
    if not ip:
        return Verdict(False)
    reasons = ["blacklist"] if screening.blacklisted_ip(session, ip=ip) else []
    try:
        public = ipaddress.ip_address(ip).is_global
    except ValueError:
        public = False
    if public:  # the reputation of a local address means nothing (development, a proxy's own hop)
        reasons += provider().reasons(ip)
    return Verdict(bool(reasons), reasons)
