"""One list of the bans in force (accounts, usernames, IP ranges), and lifting a username's ban."""

from __future__ import annotations

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core.errors import NotFound
from addme.core.schemas import ActionResult
from addme.listings import constants as lc
from addme.listings import service as listings
from addme.listings.models import Username
from addme.moderation import ipbans, member_bans
from addme.moderation.admin_schemas import BanRow
from addme.moderation.codes import ModerationCode

USERNAME_UNBANNED = "Username unbanned."
NOT_BANNED = "This username is not banned."


def active_bans(session: Session) -> list[BanRow]:
    """Every ban in force, newest first within each kind: accounts, then usernames, then IPs."""
    rows: list[BanRow] = []
    for user in member_bans.banned_users(session):
        rows.append(
            BanRow(
                kind="user",
                id=user.id,
                label=user.email,
                banned_until=user.banned_until,
                reason=user.ban_reason or "",
                since=user.banned_at,
            )
        )
    usernames = listings.banned_usernames(session)
    reasons = audit.latest_reasons(
        session, targets=[f"username:{u.id}" for u in usernames], action="username.ban"
    )
    for u in usernames:
        rows.append(
            BanRow(
                kind="username",
                id=u.id,
                label=f"{u.username} ({u.app})",
                banned_until=u.banned_until,
                reason=reasons.get(f"username:{u.id}", ""),
                since=u.updated_at,
            )
        )
    for ban in ipbans.active_bans(session):
        rows.append(
            BanRow(
                kind="ip",
                id=ban.id,
                label=ban.cidr,
                banned_until=ban.banned_until,
                reason=ban.reason,
                since=ban.created_at,
            )
        )
    return rows


def unban_username(session: Session, *, admin: User, username_id: int, reason: str) -> ActionResult:
    """Lift a username's ban: it is listed again when its owner may be."""
    username = session.get(Username, username_id)
    if username is None or username.status == lc.Status.DELETED:
        raise NotFound(lc.NOT_FOUND)
    if username.status != lc.Status.BANNED:
        raise NotFound(NOT_BANNED, code=ModerationCode.NOT_BANNED)
    before = {"status": username.status, "banned_until": _iso(username.banned_until)}
    listings.unban(session, username=username)
    audit.record(
        session,
        admin=admin,
        action="username.unban",
        target=f"username:{username.id}",
        reason=reason,
        before=before,
        after={"status": username.status},
    )
    session.commit()
    return ActionResult(success=True, message=USERNAME_UNBANNED)


def _iso(value: object) -> str | None:
    return None if value is None else value.isoformat() + "Z"  # type: ignore[attr-defined]
