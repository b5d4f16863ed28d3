"""IP and CIDR range bans: a banned address may read the site but not register, log in or write.

Every state-changing request is checked (ipguard.py), so the active ranges are kept in memory per
process: reloaded after a change here at once, and at most every 30 seconds for other processes.
"""

from __future__ import annotations

import ipaddress
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.errors import Conflict, FieldError, NotFound
from addme.moderation.codes import ModerationCode
from addme.moderation.models import IpBan

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

IP_BANNED = "Your network has been banned from this site: you can browse, but not sign in, register or post."
NOT_FOUND = "Ban not found."
BAD_CIDR = "Enter an IP address or a CIDR range, such as 203.0.113.7, 203.0.113.0/24 or 2001:db8::/48."
# A range wider than this would shut out a whole provider, or the Internet: refused as a typo.
MIN_PREFIX = {4: 8, 6: 32}
_TTL = 30.0


@dataclass(frozen=True)
class _Ranges:
    expires: float
    networks: tuple[Network, ...]
    # The earliest end among the bans: the cache reloads then even inside its TTL.
    next_end: datetime | None


_lock = threading.Lock()
_cache: _Ranges | None = None


def parse_network(value: str) -> Network:
    """An address or CIDR range in normal form, else a 422 on `cidr`."""
    try:
        net = ipaddress.ip_network(value.strip(), strict=False)
    except ValueError:
        raise FieldError("cidr", BAD_CIDR) from None
    if net.prefixlen < MIN_PREFIX[net.version]:
        raise FieldError("cidr", f"A range wider than /{MIN_PREFIX[net.version]} is refused.")
    return net


def _active(now: datetime):  # type: ignore[no-untyped-def]
    return (IpBan.lifted_at.is_(None), or_(IpBan.banned_until.is_(None), IpBan.banned_until > now))


def invalidate() -> None:
    """Forget the cached ranges (after a ban or an unban)."""
    global _cache
    with _lock:
        _cache = None


def _fresh() -> tuple[Network, ...] | None:
    cached = _cache
    if cached is None or cached.expires <= time.monotonic():
        return None
    if cached.next_end is not None and cached.next_end <= clock.now():
        return None
    return cached.networks


def _contains(networks: tuple[Network, ...], ip: str) -> bool:
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return False
    return any(addr.version == net.version and addr in net for net in networks)


def cached_verdict(ip: str) -> bool | None:
    """Whether an address is banned, from the cache alone; None when the cache must be reloaded."""
    networks = _fresh()
    return None if networks is None else _contains(networks, ip)


def load_ranges(session: Session) -> tuple[Network, ...]:
    """The active banned networks, from the cache when it is fresh."""
    global _cache
    fresh = _fresh()
    if fresh is not None:
        return fresh
    now = clock.now()
    rows = session.execute(select(IpBan.cidr, IpBan.banned_until).where(*_active(now))).all()
    networks = tuple(ipaddress.ip_network(r[0], strict=False) for r in rows)
    ends = [r[1] for r in rows if r[1] is not None]
    with _lock:
        _cache = _Ranges(time.monotonic() + _TTL, networks, min(ends) if ends else None)
    return networks


def is_banned(session: Session, *, ip: str) -> bool:
    """Whether an address is inside an active IP ban."""
    return _contains(load_ranges(session), ip)


COVERS_STAFF = (
    "This ban covers {who}. Staff can still sign in through it, but check the range first. To ban it "
    "anyway, confirm by typing the range again: {cidr}."
)


def _address_in(net: Network, ip: str | None) -> bool:
    try:
        addr = ipaddress.ip_address(ip or "")
    except ValueError:
        return False
    return addr.version == net.version and addr in net


def staff_covered(
    session: Session, *, net: Network, caller: User, caller_ip: str | None
) -> list[dict[str, object]]:
    """Who among the staff the range would cover: the caller's own address (this request's), and
    every admin's last sign-in address."""
    covered: list[dict[str, object]] = []
    if _address_in(net, caller_ip):
        covered.append({"kind": "self", "user_id": caller.id, "email": caller.email, "address": caller_ip})
    admins = session.execute(
        select(User.id, User.email, User.ip_address).where(
            func.coalesce(User.admin_level, "") != "",
            User.ip_address.is_not(None),
            User.deleted_at.is_(None),
        )
    ).all()
    for uid, email, ip in admins:
        if _address_in(net, ip) and not (uid == caller.id and ip == caller_ip):
            covered.append(
                {
                    "kind": "self" if uid == caller.id else "admin",
                    "user_id": uid,
                    "email": email,
                    "address": ip,
                }
            )
    return covered


def _describe(covered: list[dict[str, object]]) -> str:
    parts = []
    for c in covered:
        if c["kind"] == "self":
            parts.append(f"your own address ({c['address']})")
        else:
            parts.append(f"the last sign-in address of admin #{c['user_id']} {c['email']} ({c['address']})")
    return ", ".join(parts)


def _confirmed(net: Network, confirm: str | None) -> bool:
    if not confirm or not confirm.strip():
        return False
    try:
        return ipaddress.ip_network(confirm.strip(), strict=False) == net
    except ValueError:
        return False


def ban_ip(
    session: Session,
    *,
    admin: User,
    cidr: str,
    hours: int | None,
    reason: str,
    caller_ip: str | None = None,
    confirm: str | None = None,
) -> IpBan:
    """Ban an address or range, for `hours` or for good, with the audit row. A range that covers the
    caller's address or an admin's last sign-in address is 409 unless `confirm` names the range."""
    net = parse_network(cidr)
    covered = staff_covered(session, net=net, caller=admin, caller_ip=caller_ip)
    if covered and not _confirmed(net, confirm):
        raise Conflict(
            COVERS_STAFF.format(who=_describe(covered), cidr=str(net)),
            code=ModerationCode.COVERS_STAFF,
            extra={"covered": covered, "confirm": str(net)},
        )
    until = None if hours is None else clock.now() + timedelta(hours=hours)
    row = IpBan(cidr=str(net), reason=reason, banned_until=until, admin_id=admin.id)
    session.add(row)
    session.flush()
    audit.record(
        session,
        admin=admin,
        action="ip.ban",
        target=f"ip_ban:{row.id}",
        reason=reason,
        after={"cidr": row.cidr, "banned_until": until.isoformat() + "Z" if until else None},
        details={"covers_staff": covered} if covered else None,
    )
    session.commit()
    invalidate()
    return row


def lift(session: Session, *, admin: User, ban_id: int, reason: str) -> IpBan:
    """Lift an active IP ban (the row stays for history)."""
    row = session.get(IpBan, ban_id)
    if row is None or row.lifted_at is not None:
        raise NotFound(NOT_FOUND)
    row.lifted_at = clock.now()
    audit.record(
        session,
        admin=admin,
        action="ip.unban",
        target=f"ip_ban:{row.id}",
        reason=reason,
        before={"cidr": row.cidr},
    )
    session.commit()
    invalidate()
    return row


def active_bans(session: Session, *, limit: int = 200) -> list[IpBan]:
    """IP bans in force, newest first: the latest `limit` (the admin's lists, like the other bans)."""
    return list(
        session.scalars(select(IpBan).where(*_active(clock.now())).order_by(IpBan.id.desc()).limit(limit))
    )
