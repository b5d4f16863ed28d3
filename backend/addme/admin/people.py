"""The admin's people tools: find an account, read everything about it, act on it.

Each action goes through the owning domain's service (accounts for the account and its sessions,
wallet for balances) and writes one audit row in the same transaction.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.accounts.models import User
from addme.admin.codes import AdminCode
from addme.admin.people_schemas import (
    AdminUserDetail,
    AdminUserProfile,
    AdminUserRow,
    AuditRow,
    BanLookupRow,
    LedgerRow,
    SessionRow,
    UsernameBrief,
)
from addme.audit import service as audit
from addme.core import clock
from addme.core.db import get_or_404
from addme.core.errors import AppError, Conflict, Forbidden, NotFound
from addme.core.permissions import AdminLevel, refuse_self_grant
from addme.core.schemas import ActionResult, Page
from addme.decisions import service as decisions
from addme.listings import constants as lc
from addme.listings import service as listings
from addme.moderation import flaggers, history, member_bans
from addme.shop import service as shop
from addme.trust import standing
from addme.wallet import ledger
from addme.wallet import service as wallet
from addme.wallet.models import Kind

NOT_FOUND = "User not found."
NOT_YOURSELF = "You cannot do this to your own account."
ADMINS_BY_FULL = "Only a Full admin can ban or delete an admin."
NOT_BANNED = "This account is not banned."
ALREADY_CONFIRMED = "This account's e-mail is already confirmed."
BANNED = "Account banned: its sessions have ended and its usernames are off the lists."
UNBANNED = "Account unbanned."
WARNED = "Warning sent: the member is signed out and has the statement; no ban is in force."
ALREADY_BANNED_WARNING = "This account is banned already: lift the ban first, or ban it for longer."
DELETED = "Account deleted: hidden now, erased after 30 days unless its owner logs in."
LEVEL_SET = "Admin level updated: the account's sessions have ended."
SESSIONS_ENDED = "Every session of this account has ended."
CONFIRMATION_SENT = "A new confirmation e-mail is on its way."
GRANTED = "Balances updated."


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat() + "Z"


def _ban_state(user: User) -> dict[str, Any]:
    return {
        "banned_at": _iso(user.banned_at),
        "banned_until": _iso(user.banned_until),
        "ban_reason": user.ban_reason,
    }


# The audit's views of an account, one for each kind of action on it.
BAN_AUDIT = audit.Audited(target="user", fields=_ban_state)
LEVEL_AUDIT = audit.Audited[User](target="user", fields=audit.columns("admin_level"))
DELETE_AUDIT = audit.Audited[User](target="user", fields=lambda u: {"deleted_at": _iso(u.deleted_at)})
BALANCE_AUDIT = audit.Audited[User](
    target="user", fields=lambda u: {"top_ups": u.top_ups_count, "fire_pins": u.fire_pins_count}
)


def _target(session: Session, user_id: int) -> User:
    return get_or_404(session, User, user_id, NOT_FOUND, code=AdminCode.USER_NOT_FOUND)


def _not_self(admin: User, user: User) -> None:
    if admin.id == user.id:
        raise Forbidden(NOT_YOURSELF, code=AdminCode.SELF_ACTION)


def search(
    session: Session,
    *,
    q: str | None,
    level: str | None,
    banned: bool | None,
    high_risk: bool | None,
    vip: bool | None,
    studio: bool | None,
    sort: str,
    page: int,
    per_page: int,
) -> Page[AdminUserRow]:
    """A page of accounts for the admin's table."""
    term = (q or "").strip()[:100] or None
    owners = None
    if term and "@" not in term:
        owners = listings.owner_ids_with_handle(prefix=term, dialect=session.get_bind().dialect.name)
    rows, meta = accounts.search_users(
        session,
        q=term,
        handle_owner_ids=owners,
        level=level,
        id_filters=[
            *_banned_filter(banned),
            *_high_risk_filter(high_risk),
            *ledger.entitlement_filters(vip=vip, studio=studio),
        ],
        sort=sort,
        page=page,
        per_page=per_page,
    )
    return Page(data=[AdminUserRow.model_validate(u) for u in rows], meta=meta)


def _banned_filter(banned: bool | None) -> list[accounts.IdFilter]:
    """The banned filter: moderation's member_bans holds the accounts banned now."""
    if banned is None:
        return []
    return [accounts.IdFilter(member_bans.banned_user_ids(), among=banned)]


def _high_risk_filter(high_risk: bool | None) -> list[accounts.IdFilter]:
    """The high-risk filter: trust's member_trust holds the flag."""
    if high_risk is None:
        return []
    return [accounts.IdFilter(standing.high_risk_user_ids(), among=high_risk)]


LOOKUP_LIMIT = 10


def mask_email(email: str) -> str:
    """j***@example.com: enough to tell two accounts apart, not enough to write to the member."""
    local, _, domain = email.partition("@")
    return f"{local[:1]}***@{domain}" if domain else "***"


def _primary_handle(session: Session, *, user_id: int) -> tuple[str | None, str | None]:
    names = [u for u in listings.of_user(session, user_id=user_id) if u.status != lc.Status.DELETED]
    names.sort(key=lambda u: (u.status != lc.Status.APPROVED, u.id))
    return (names[0].username, names[0].app) if names else (None, None)


def lookup_for_bans(session: Session, *, q: str) -> list[BanLookupRow]:
    """The ban page's search, open to every admin level: an exact e-mail, an id or a handle prefix."""
    term = q.strip()[:100]
    if not term:
        return []
    owners = None
    if "@" not in term:
        owners = listings.owner_ids_with_handle(prefix=term, dialect=session.get_bind().dialect.name)
    rows = []
    for user in accounts.lookup_for_bans(session, term=term, handle_owner_ids=owners, limit=LOOKUP_LIMIT):
        handle, app = _primary_handle(session, user_id=user.id)
        rows.append(
            BanLookupRow(
                id=user.id,
                email_masked=mask_email(user.email),
                handle=handle,
                app=app,
                staff=bool(user.admin_level),
                banned=user.banned_at is not None,
            )
        )
    return rows


def detail(session: Session, *, user_id: int) -> AdminUserDetail:
    """Everything an admin weighs before acting on an account."""
    user = _target(session, user_id)
    names = listings.of_user(session, user_id=user.id)
    targets = [f"user:{user.id}"] + [f"username:{u.id}" for u in names]
    return AdminUserDetail(
        user=AdminUserProfile.model_validate(user),
        usernames=[UsernameBrief.model_validate(u) for u in names],
        orders=shop.orders_of_user(session, user_id=user.id),
        ledger=[LedgerRow.model_validate(r) for r in ledger.history(session, user_id=user.id, limit=30)],
        sessions=[SessionRow.model_validate(s) for s in accounts.sessions_of(session, user_id=user.id)],
        ips=accounts.ips_of(session, user=user),
        reports_by=history.reports_by(session, user_id=user.id),
        reports_against=history.reports_against(session, user_id=user.id),
        audit=[AuditRow.model_validate(a) for a in audit.for_targets(session, targets=targets)],
        trusted_flagger=flaggers.flag_of(session, user_id=user.id),
    )


def _account_statement(
    session: Session, *, admin: User, user: User, decision: str, account: str | None, reason: str
) -> None:
    """The statement of reasons a member is sent about an action on their account (a warning, a
    ban, a deletion), addressed to the account's e-mail."""
    subject = decisions.Subject(type="account", id=user.id, about=user.email, member=user)
    subject.record(session, decision=decision, account=account, facts=reason, decided_by=admin.id)


def ban(
    session: Session, *, admin: User, user_id: int, hours: int | None, reason: str, macro: str | None = None
) -> ActionResult:
    """Ban an account for `hours` or for good: its tokens stop working and its usernames leave the lists.
    The reason (or a macro) is required; the member is sent the statement and may appeal."""
    user = _target(session, user_id)
    _not_self(admin, user)
    if user.admin_level and admin.admin_level != AdminLevel.FULL:
        raise Forbidden(ADMINS_BY_FULL, code=AdminCode.ADMINS_BY_FULL)
    reason = decisions.reason_text(reason, macro)
    with BAN_AUDIT.change(
        session, admin=admin, row=user, action="user.warn" if hours == 0 else "user.ban", reason=reason
    ):
        if hours == 0:
            # A warning (as 0 hours on a username): the member is signed out everywhere and sent the
            # statement; no ban stays in force, so they may sign in again at once and read why.
            if user.banned_at is not None:
                raise Conflict(ALREADY_BANNED_WARNING, code=AdminCode.ALREADY_BANNED)
            accounts.revoke_sessions(session, user_id=user.id)
            until = None
        else:
            until = None if hours is None else clock.now() + timedelta(hours=hours)
            member_bans.ban(session, user=user, until=until, reason=reason)
        _account_statement(
            session,
            admin=admin,
            user=user,
            decision="warn_account" if hours == 0 else "ban_account",
            account=None
            if hours == 0
            else "account_suspended"
            if until is not None
            else "account_terminated",
            reason=reason,
        )
    session.commit()
    return ActionResult(success=True, message=WARNED if hours == 0 else BANNED)


def unban(session: Session, *, admin: User, user_id: int, reason: str) -> ActionResult:
    """Lift an account's ban; its approved usernames are listed again."""
    user = _target(session, user_id)
    if user.banned_at is None:
        raise AppError(NOT_BANNED, code=AdminCode.NOT_BANNED)
    with BAN_AUDIT.change(session, admin=admin, row=user, action="user.unban", reason=reason):
        member_bans.unban(session, user=user)
    session.commit()
    return ActionResult(success=True, message=UNBANNED)


def delete(session: Session, *, admin: User, user_id: int, reason: str) -> ActionResult:
    """Soft-delete an account as its owner would."""
    user = _target(session, user_id)
    _not_self(admin, user)
    if user.deleted_at is not None:
        raise NotFound(NOT_FOUND, code=AdminCode.USER_NOT_FOUND)
    reason = decisions.reason_text(reason)
    with DELETE_AUDIT.change(session, admin=admin, row=user, action="user.delete", reason=reason):
        # The statement first, while the account's address still receives mail (DSA Art. 17: the
        # member learns why, even when the account is gone).
        _account_statement(
            session,
            admin=admin,
            user=user,
            decision="delete_account",
            account="account_terminated",
            reason=reason,
        )
        accounts.admin_delete(session, user=user)
    session.commit()
    return ActionResult(success=True, message=DELETED)


def set_level(session: Session, *, admin: User, user_id: int, level: str | None, reason: str) -> ActionResult:
    """Set an account's admin level (Full only; never one's own); its sessions end."""
    user = _target(session, user_id)
    _not_self(admin, user)
    with LEVEL_AUDIT.change(session, admin=admin, row=user, action="user.level", reason=reason):
        accounts.set_admin_level(session, user=user, level=level)
    session.commit()
    return ActionResult(success=True, message=LEVEL_SET)


def end_sessions(session: Session, *, admin: User, user_id: int, reason: str) -> ActionResult:
    """Sign an account out everywhere."""
    user = _target(session, user_id)
    accounts.revoke_sessions(session, user_id=user.id)
    audit.record(session, admin=admin, action="user.end_sessions", target=f"user:{user.id}", reason=reason)
    session.commit()
    return ActionResult(success=True, message=SESSIONS_ENDED)


def resend_confirmation(session: Session, *, admin: User, user_id: int) -> ActionResult:
    """Mail a fresh confirmation link to an unconfirmed account."""
    user = _target(session, user_id)
    if user.email_confirmed_at is not None:
        raise AppError(ALREADY_CONFIRMED, code=AdminCode.ALREADY_CONFIRMED)
    accounts.admin_resend_confirmation(session, user=user)
    audit.record(session, admin=admin, action="user.resend_confirmation", target=f"user:{user.id}")
    session.commit()
    return ActionResult(success=True, message=CONFIRMATION_SENT)


def grant(
    session: Session, *, admin: User, user_id: int, top_ups: int, fire_pins: int, reason: str
) -> ActionResult:
    """Grant or remove Top-Ups and Fire Pins: one ledger row each, never below zero."""
    user = _target(session, user_id)
    refuse_self_grant(admin_id=admin.id, user_id=user.id, what="Top-Ups or Fire Pins")
    with BALANCE_AUDIT.change(session, admin=admin, row=user, action="user.grant", reason=reason):
        for kind, delta, have in (
            (Kind.TOP_UP, top_ups, user.top_ups_count),
            (Kind.FIRE_PIN, fire_pins, user.fire_pins_count),
        ):
            if not wallet.admin_adjust(
                session, user_id=user.id, kind=kind, delta=delta, admin_id=admin.id, note=reason
            ):
                session.rollback()
                label = "Top-Ups" if kind == Kind.TOP_UP else "Fire Pins"
                raise AppError(wallet.BELOW_ZERO.format(have=f"{have} {label}"), code=AdminCode.BELOW_ZERO)
        session.refresh(user)
    session.commit()
    return ActionResult(success=True, message=GRANTED)
