"""Account hopping and the high-risk flag around free Top-Up claims (spec section 4).

Several accounts claiming free Top-Ups from one device or one address are one person farming them:
each such account loses free Top-Ups for 30 days, or until it buys Top-Ups or VIP. A claim from a
risky network (VPN, proxy, Tor, hosting, blacklisted range) marks the account high-risk first.
"""

from __future__ import annotations

import ipaddress

from sqlalchemy import or_, select
from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response

from addme.accounts.models import User
from addme.core import clock, security
from addme.core.net import client_ip, ip_bucket
from addme.screening import bots, risk
from addme.screening.captcha import CaptchaAnswer
from addme.screening.device import device_hash as device_hash_of
from addme.trust import standing
from addme.trust.models import FreeClaimLink, MemberTrust
from addme.wallet import service as wallet
from addme.wallet.schemas import WalletActionResult


def _public(ip: str) -> bool:
    try:
        return ipaddress.ip_address(ip).is_global
    except ValueError:
        return False


def _linked_accounts(session: Session, *, user: User, device_hash: str, ip_hash: str) -> list[int]:
    """Other accounts that claimed from this device or address within the cool-down, since the
    account's last purchase (a purchase releases it: only claims after it count against it)."""
    since = clock.now() - standing.HOPPING_COOL_DOWN
    bought = wallet.last_purchase_at(session, user_id=user.id)
    if bought is not None and bought > since:
        since = bought
    # A moderator cleared a false hopping flag: the links made before it were looked at and found
    # innocent (a shared household or campus address), this account's and the other's alike.
    if user.hopping_cleared_at is not None and user.hopping_cleared_at > since:
        since = user.hopping_cleared_at
    rows = session.scalars(
        select(FreeClaimLink.user_id)
        .outerjoin(MemberTrust, MemberTrust.user_id == FreeClaimLink.user_id)
        .where(
            FreeClaimLink.user_id != user.id,
            FreeClaimLink.created_at >= since,
            or_(
                MemberTrust.hopping_cleared_at.is_(None),
                FreeClaimLink.created_at > MemberTrust.hopping_cleared_at,
            ),
            or_(FreeClaimLink.device_hash == device_hash, FreeClaimLink.ip_hash == ip_hash)
            if ip_hash
            else FreeClaimLink.device_hash == device_hash,
        )
        .distinct()
    ).all()
    return list(rows)


def claim_free_topup(
    session: Session,
    *,
    user: User,
    request: Request,
    response: Response,
    captcha: CaptchaAnswer | None = None,
    form_ts: str | None = None,
) -> WalletActionResult:
    """The risk, bot and hopping checks, then the wallet's own rules; a successful claim is linked."""
    ip = client_ip(request)
    device_hash = device_hash_of(request, response)
    # A local or private address is shared by everyone behind it (a proxy's hop, an office): it
    # links nobody. Public addresses link accounts, IPv6 by its /64.
    ip_hash = security.sign("ip:" + ip_bucket(ip)) if _public(ip) else ""
    assessment = bots.assess(
        session, action="free_topup", request=request, response=response, form_ts=form_ts, captcha=captcha
    )
    bots.record(session, user_id=user.id, assessment=assessment)
    if risk.assess(session, ip=ip).high_risk or assessment.verdict.bot:
        standing.flag_high_risk(session, user=user, now=clock.now())
    session.commit()
    linked = _linked_accounts(session, user=user, device_hash=device_hash, ip_hash=ip_hash)
    if linked:
        standing.restrict_hopping(
            session, user_ids=[user.id, *linked], until=clock.now() + standing.HOPPING_COOL_DOWN
        )
        session.commit()
        session.refresh(user)
    result = wallet.claim_free_topup(session, user=user)
    if result.success:
        session.add(FreeClaimLink(user_id=user.id, device_hash=device_hash, ip_hash=ip_hash))
        session.commit()
    return result
