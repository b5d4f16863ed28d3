"""Accounts: registration, confirmation, login, sessions, password reset and deletion."""

from __future__ import annotations

import ipaddress
import unicodedata
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, func, or_, select, true, union, update
from sqlalchemy.orm import Session

from addme.accounts.codes import AccountCode
from addme.accounts.models import AuthToken, EmailToken, EmailTokenPurpose, User
from addme.accounts.schemas import UserRead
from addme.core import clock, ratelimit, security
from addme.core.config import get_settings
from addme.core.db import session_scope, starts_with
from addme.core.errors import AppError, FieldError, Forbidden, NotFound
from addme.core.paging import bounded_meta
from addme.core.schemas import PageMeta
from addme.mail import service as mail
from addme.screening import risk

UNCONFIRMED = "You must confirm your email before you can login. Check your junk and spam folder."
BAD_CREDENTIALS = "These credentials do not match our records."
BANNED = "This account has been banned."
BANNED_UNTIL = "This account has been banned until {until} UTC."
BANNED_FOR_GOOD = "This account has been banned for good."
RESET_SENT = (
    "If a matching account was found an email was sent to {email} to allow you to reset your password."
)
RESET_FAILED = "An error occurred while resetting the password, please try again or contact support."
CONFIRM_FAILED = "Error confirming email, please contact support !"
PASSWORD_UPDATED = "Your password has been updated."  # noqa: S105 - a message
REGISTERED = "Thank you for registering. We sent you an email: confirm your address to log in."
EMAIL_CONFIRMED = "Your email has been confirmed. Welcome!"
CONFIRMATION_RESENT = (
    "If an account waiting for confirmation uses {email}, we sent it a new link. "
    "Check your junk and spam folder."
)
ACCOUNT_UPDATED = "Settings updated."
ACCOUNT_DELETED = "Your account has been deleted. Log in within 30 days to restore it."

CONFIRM_TTL = timedelta(hours=24)
RESET_TTL = timedelta(hours=1)
DELETION_GRACE = timedelta(days=30)
MEMBER_IDLE, MEMBER_ABSOLUTE = timedelta(days=7), timedelta(days=30)
ADMIN_IDLE, ADMIN_ABSOLUTE = timedelta(minutes=30), timedelta(hours=12)

IP_LIMIT = "25/5 minutes"
RESET_EMAIL_LIMIT = "5/30 minutes"
RESEND_EMAIL_LIMITS = ("1/minute", "5/day")
FAILED_LOGIN_LOCK = "10/10 minutes"
FAILED_LOGIN_HOURLY = "100/hour"


def normalize_email(email: str) -> str:
    """The form e-mails are compared in: NFKC, case-folded, trimmed."""
    return unicodedata.normalize("NFKC", email).strip().casefold()


def get_by_email(session: Session, *, email: str) -> User | None:
    """The account with this e-mail, deleted or not."""
    return session.scalar(select(User).where(User.email_normalized == normalize_email(email)))


def _check_new_password(password: str, confirmation: str, *, email: str | None) -> None:
    errors: dict[str, list[str]] = {}
    problem = security.password_problem(password, email=email)
    if problem:
        errors["password"] = [problem]
    if password != confirmation:
        errors.setdefault("password_confirmation", []).append("The password confirmation does not match.")
    if errors:
        raise FieldError(errors)


def _issue_email_token(session: Session, *, user: User, purpose: EmailTokenPurpose) -> str:
    """A fresh single-use link token; older unused ones of the same purpose are voided."""
    now = clock.now()
    session.execute(
        update(EmailToken)
        .where(EmailToken.user_id == user.id, EmailToken.purpose == purpose, EmailToken.used_at.is_(None))
        .values(used_at=now)
    )
    token = security.new_token()
    ttl = CONFIRM_TTL if purpose == EmailTokenPurpose.CONFIRM else RESET_TTL
    session.add(
        EmailToken(
            user_id=user.id, purpose=purpose, token_hash=security.token_hash(token), expires_at=now + ttl
        )
    )
    return token


def _consume_email_token(session: Session, *, token: str, purpose: EmailTokenPurpose) -> User | None:
    """Claim a link token once; None when unknown, expired, used or voided."""
    now = clock.now()
    row = session.scalar(
        select(EmailToken).where(
            EmailToken.token_hash == security.token_hash(token),
            EmailToken.purpose == purpose,
        )
    )
    if row is None or row.used_at is not None or row.expires_at <= now:
        return None
    # Conditional claim: two clicks at once cannot both use the link.
    claimed = session.execute(
        update(EmailToken).where(EmailToken.id == row.id, EmailToken.used_at.is_(None)).values(used_at=now)
    )
    if claimed.rowcount != 1:  # type: ignore[attr-defined]
        return None
    return session.get(User, row.user_id)


def _link(path: str) -> str:
    return get_settings().site_url.rstrip("/") + path


def register(
    session: Session,
    *,
    email: str,
    password: str,
    password_confirmation: str,
    terms: bool,
    ip: str | None,
    country_code: str | None,
) -> str:
    """Create an unconfirmed account and mail its link; a taken e-mail gets a notice instead.

    Both paths answer the same message and hash one password, so the answer never tells
    whether an e-mail is registered.
    """
    settings = get_settings()
    errors: dict[str, list[str]] = {}
    if not terms:
        errors["terms"] = ["You must accept the terms to register."]
    try:
        _check_new_password(password, password_confirmation, email=email)
    except FieldError as exc:
        errors.update(exc.errors)
    if errors:
        raise FieldError(errors)

    password_hash = security.hash_password(password)
    existing = get_by_email(session, email=email)
    if existing is not None:
        mail.queue(
            session,
            to=existing.email,
            subject=f"Someone tried to register on {settings.site_name} with your email",
            body=(
                f"Hello,\n\nSomeone (maybe you) tried to create a {settings.site_name} account with this "
                "email address. You already have an account.\n\n"
                f"If you forgot your password, reset it here: {_link('/auth/forgot-password')}\n\n"
                "If it wasn't you, you can ignore this message."
            ),
        )
        session.commit()
        return REGISTERED

    user = User(
        email=email.strip(),
        email_normalized=normalize_email(email),
        password_hash=password_hash,
        ip_address=ip,
        country_code=country_code,
    )
    user.high_risk = risk.assess(session, ip=ip).high_risk
    session.add(user)
    session.flush()
    _send_confirmation(session, user=user)
    session.commit()
    return REGISTERED


def _send_confirmation(session: Session, *, user: User) -> None:
    settings = get_settings()
    token = _issue_email_token(session, user=user, purpose=EmailTokenPurpose.CONFIRM)
    mail.queue(
        session,
        to=user.email,
        subject=f"Confirm your {settings.site_name} account",
        body=(
            f"Welcome to {settings.site_name}!\n\nConfirm your email address to log in:\n"
            f"{_link('/auth/email-confirmation/' + token)}\n\nThis link expires in 24 hours.\n"
            "If you did not register, ignore this message."
        ),
    )


def resend_confirmation(session: Session, *, email: str) -> str:
    """Mail a fresh confirmation link to an unconfirmed account; the answer never tells if one exists.

    Throttled per e-mail whether or not an account uses it (so the 429 tells nothing either), and
    never more than one mail a minute per account even when rate limits are switched off.
    """
    key = normalize_email(email)
    for spec in RESEND_EMAIL_LIMITS:
        ratelimit.hit(spec, "resend-confirm", key)
    user = get_by_email(session, email=email)
    if user is not None and user.email_confirmed_at is None and user.deleted_at is None:
        last = session.scalar(
            select(EmailToken.created_at)
            .where(EmailToken.user_id == user.id, EmailToken.purpose == EmailTokenPurpose.CONFIRM)
            .order_by(EmailToken.created_at.desc())
            .limit(1)
        )
        gap = timedelta(seconds=get_settings().confirmation_resend_seconds)
        if last is None or clock.now() - last >= gap:
            _send_confirmation(session, user=user)
            session.commit()
    return CONFIRMATION_RESENT.format(email=email)


def confirm_email(
    session: Session, *, token: str, ip: str | None, user_agent: str | None
) -> tuple[str, str | None]:
    """Confirm the e-mail with a valid link and sign the member in: returns (message, session token).

    The link proves the mailbox as a password would; a banned or deleted account is confirmed but
    not signed in.
    """
    user = _consume_email_token(session, token=token, purpose=EmailTokenPurpose.CONFIRM)
    if user is None:
        session.rollback()
        raise AppError(CONFIRM_FAILED, code=AccountCode.CONFIRMATION_INVALID)
    now = clock.now()
    if user.email_confirmed_at is None:
        user.email_confirmed_at = now
    session_token = None
    if user.banned_at is None and user.deleted_at is None:
        user.last_login_at = now
        session_token = _new_session(session, user=user, ip=ip, user_agent=user_agent)
    session.commit()
    return EMAIL_CONFIRMED, session_token


def _new_session(session: Session, *, user: User, ip: str | None, user_agent: str | None) -> str:
    now = clock.now()
    idle, absolute = (ADMIN_IDLE, ADMIN_ABSOLUTE) if user.admin_level else (MEMBER_IDLE, MEMBER_ABSOLUTE)
    token = security.new_token()
    session.add(
        AuthToken(
            user_id=user.id,
            token_hash=security.token_hash(token),
            created_at=now,
            last_used_at=now,
            expires_at=now + absolute,
            idle_seconds=int(idle.total_seconds()),
            user_agent=(user_agent or "")[:255] or None,
            ip_address=ip,
        )
    )
    return token


def login(
    session: Session, *, email: str, password: str, ip: str | None, user_agent: str | None
) -> tuple[str, bool]:
    """Check credentials and open a session; returns (token, restored-from-deletion)."""
    key = normalize_email(email)
    ratelimit.check(FAILED_LOGIN_LOCK, "login-fail", key)
    ratelimit.check(FAILED_LOGIN_HOURLY, "login-fail-h", key)
    user = get_by_email(session, email=email)
    ok = security.verify_password(password, user.password_hash if user else None)
    if not ok or user is None:
        ratelimit.hit(FAILED_LOGIN_LOCK, "login-fail", key)
        ratelimit.hit(FAILED_LOGIN_HOURLY, "login-fail-h", key)
        raise FieldError("email", BAD_CREDENTIALS)
    now = clock.now()
    if user.deleted_at is not None and user.deleted_at + DELETION_GRACE <= now:
        raise FieldError("email", BAD_CREDENTIALS)  # past the grace period it is as good as erased
    lift_expired_ban(user, now=now)
    if user.banned_at is not None:
        raise Forbidden(ban_message(user), code=AccountCode.BANNED)
    if user.email_confirmed_at is None:
        raise Forbidden(UNCONFIRMED, code=AccountCode.EMAIL_UNCONFIRMED)
    if security.needs_rehash(user.password_hash):
        user.password_hash = security.hash_password(password)
    restored = user.deleted_at is not None
    user.deleted_at = None
    user.last_login_at = now
    if ip:
        user.ip_address = ip
    # The risk check: signing in from a blacklisted range, Tor, a hosting network, a VPN or a proxy
    # makes the account high-risk, and signing in again from elsewhere clears it (spec section 4).
    user.high_risk = risk.assess(session, ip=ip).high_risk
    token = _new_session(session, user=user, ip=ip, user_agent=user_agent)
    session.commit()
    return token, restored


def user_for_token(session: Session, *, token: str) -> tuple[User, AuthToken] | None:
    """The live session behind a bearer token, sliding its idle window."""
    row = session.scalar(select(AuthToken).where(AuthToken.token_hash == security.token_hash(token)))
    now = clock.now()
    if row is None or row.revoked_at is not None or row.expires_at <= now:
        return None
    if row.last_used_at + timedelta(seconds=row.idle_seconds) <= now:
        return None
    user = session.get(User, row.user_id)
    if user is None or user.deleted_at is not None or user.banned_at is not None:
        return None
    # Write the sliding window at most once a minute: reads should not all become writes.
    if now - row.last_used_at > timedelta(minutes=1):
        row.last_used_at = now
        session.commit()
    return user, row


def user_id_for_token(session: Session, *, token: str) -> int | None:
    """The account a live token belongs to, read only (the write budgets key on it)."""
    row = session.execute(
        select(AuthToken.user_id, AuthToken.revoked_at, AuthToken.expires_at).where(
            AuthToken.token_hash == security.token_hash(token)
        )
    ).first()
    if row is None or row.revoked_at is not None or row.expires_at <= clock.now():
        return None
    return int(row.user_id)


def user_ids_for_token_hashes(session: Session, *, hashes: list[str]) -> dict[str, int]:
    """Token hash -> account, for the tokens among `hashes` that exist (the visit log's batches)."""
    if not hashes:
        return {}
    rows = session.execute(
        select(AuthToken.token_hash, AuthToken.user_id).where(AuthToken.token_hash.in_(set(hashes)))
    ).all()
    return {r[0]: int(r[1]) for r in rows}


def revoke_sessions(session: Session, *, user_id: int, keep_id: int | None = None) -> None:
    """End every session of an account (but one, when given)."""
    stmt = update(AuthToken).where(AuthToken.user_id == user_id, AuthToken.revoked_at.is_(None))
    if keep_id is not None:
        stmt = stmt.where(AuthToken.id != keep_id)
    session.execute(stmt.values(revoked_at=clock.now()))


def logout(session: Session, *, auth: AuthToken) -> None:
    """Revoke the current session."""
    auth.revoked_at = clock.now()
    session.commit()


def forgot_password(*, email: str) -> str:
    """The answer to a reset request: the same message, after the same work, whoever asks.

    Nothing here reads or writes the database: whether the account exists is found out by
    `send_reset_link`, which the route runs after this answer has left.
    """
    ratelimit.hit(RESET_EMAIL_LIMIT, "reset-email", normalize_email(email))
    return RESET_SENT.format(email=email)


def send_reset_link(*, email: str) -> None:
    """Mail a reset link if the account exists (run after the answer, on its own session)."""
    with session_scope() as session:
        user = get_by_email(session, email=email)
        if user is None or user.deleted_at is not None or user.banned_at is not None:
            return
        token = _issue_email_token(session, user=user, purpose=EmailTokenPurpose.RESET)
        settings = get_settings()
        mail.queue(
            session,
            to=user.email,
            subject=f"Reset your {settings.site_name} password",
            body=(
                "Someone asked to reset the password of your account.\n\n"
                f"Choose a new password here: {_link('/auth/forgot-password/' + token)}\n\n"
                "This link expires in 1 hour and works once. If it wasn't you, ignore this message."
            ),
        )


def reset_password(session: Session, *, token: str, password: str, password_confirmation: str) -> str:
    """Set a new password from a reset link and end every session."""
    _check_new_password(password, password_confirmation, email=None)
    user = _consume_email_token(session, token=token, purpose=EmailTokenPurpose.RESET)
    if user is None:
        session.rollback()
        raise AppError(RESET_FAILED, code=AccountCode.RESET_INVALID)
    user.password_hash = security.hash_password(password)
    # Following the link proves the mailbox, so an unconfirmed account is confirmed too.
    if user.email_confirmed_at is None:
        user.email_confirmed_at = clock.now()
    revoke_sessions(session, user_id=user.id)
    session.commit()
    return PASSWORD_UPDATED


def change_password(
    session: Session, *, user: User, auth: AuthToken, current_password: str, password: str, confirmation: str
) -> str:
    """Change the password (current one required) and end every other session."""
    if not security.verify_password(current_password, user.password_hash):
        raise FieldError("current_password", "The current password is incorrect.")
    _check_new_password(password, confirmation, email=user.email)
    user.password_hash = security.hash_password(password)
    revoke_sessions(session, user_id=user.id, keep_id=auth.id)
    session.commit()
    return PASSWORD_UPDATED


def update_account(
    session: Session, *, user: User, first_name: str | None, country_code: str | None, fields: set[str]
) -> User:
    """Apply the fields that were sent."""
    if "first_name" in fields:
        user.first_name = first_name or None
    if "country_code" in fields:
        user.country_code = country_code
    session.commit()
    return user


def delete_account(session: Session, *, user: User, password: str) -> str:
    """Hide the account at once and end its sessions; erased for good after 30 days."""
    if not security.verify_password(password, user.password_hash):
        raise FieldError("password", "The password is incorrect.")
    user.deleted_at = clock.now()
    revoke_sessions(session, user_id=user.id)
    session.commit()
    return ACCOUNT_DELETED


def list_sessions(session: Session, *, user: User) -> list[AuthToken]:
    """The account's live sessions, most recently used first."""
    now = clock.now()
    rows = session.scalars(
        select(AuthToken)
        .where(AuthToken.user_id == user.id, AuthToken.revoked_at.is_(None), AuthToken.expires_at > now)
        .order_by(AuthToken.last_used_at.desc())
    ).all()
    return [r for r in rows if r.last_used_at + timedelta(seconds=r.idle_seconds) > now]


def revoke_session(session: Session, *, user: User, session_id: int) -> None:
    """Revoke one of the caller's own sessions; someone else's is 404."""
    row = session.get(AuthToken, session_id)
    if row is None or row.user_id != user.id or row.revoked_at is not None:
        raise NotFound("Session not found.")
    row.revoked_at = clock.now()
    session.commit()


def ban_message(user: User) -> str:
    """What a banned member reads when they try to log in: until when, and why."""
    if user.banned_until is None:
        text = BANNED_FOR_GOOD
    else:
        text = BANNED_UNTIL.format(until=user.banned_until.strftime("%Y-%m-%d %H:%M"))
    return f"{text} Reason: {user.ban_reason}" if user.ban_reason else text


def lift_expired_ban(user: User, *, now: datetime | None = None) -> bool:
    """Clear a ban whose end has passed (the flush hook lists the usernames again); True if lifted."""
    until = user.banned_until
    if user.banned_at is None or until is None or until > (now or clock.now()):
        return False
    user.banned_at = user.banned_until = user.ban_reason = None
    return True


def ban(session: Session, *, user: User, until: datetime | None, reason: str) -> None:
    """Ban an account (its sessions end at once, its usernames leave the lists); the caller commits."""
    user.banned_at = clock.now()
    user.banned_until = until
    user.ban_reason = reason or None
    revoke_sessions(session, user_id=user.id)


def unban(session: Session, *, user: User) -> None:
    """Lift an account's ban; its approved usernames are listed again. The caller commits."""
    user.banned_at = user.banned_until = user.ban_reason = None


def admin_delete(session: Session, *, user: User) -> None:
    """Soft-delete as the member's own deletion does: hidden now, erased after 30 days."""
    user.deleted_at = clock.now()
    revoke_sessions(session, user_id=user.id)


def set_admin_level(session: Session, *, user: User, level: str | None) -> None:
    """Change an account's admin level and end its sessions (new sessions get the level's lifetimes)."""
    user.admin_level = level or None
    revoke_sessions(session, user_id=user.id)


def admin_resend_confirmation(session: Session, *, user: User) -> None:
    """Mail a fresh confirmation link (older ones stop working). The caller commits."""
    _send_confirmation(session, user=user)


def lift_expired_bans(session: Session) -> int:
    """Lift every account ban whose end has passed (the job)."""
    now = clock.now()
    users = session.scalars(
        select(User).where(User.banned_at.is_not(None), User.banned_until <= now).limit(500)
    ).all()
    for user in users:
        lift_expired_ban(user, now=now)
    session.commit()
    return len(users)


def sessions_of(session: Session, *, user_id: int, limit: int = 20) -> list[AuthToken]:
    """An account's latest sessions, live or ended (the admin's view)."""
    return list(
        session.scalars(
            select(AuthToken).where(AuthToken.user_id == user_id).order_by(AuthToken.id.desc()).limit(limit)
        )
    )


def ips_of(session: Session, *, user: User) -> list[str]:
    """Every IP the account registered or signed in from, the latest first."""
    rows = session.execute(
        select(AuthToken.ip_address, func.max(AuthToken.id))
        .where(AuthToken.user_id == user.id, AuthToken.ip_address.is_not(None))
        .group_by(AuthToken.ip_address)
        .order_by(func.max(AuthToken.id).desc())
        .limit(50)
    ).all()
    ips = [r[0] for r in rows if r[0]]
    if user.ip_address and user.ip_address not in ips:
        ips.insert(0, user.ip_address)
    return ips


def erasable_user_ids(session: Session, *, now: datetime | None = None, batch: int = 500) -> list[int]:
    """Accounts deleted more than 30 days ago, oldest deletion first: the next ones to erase."""
    cutoff = (now or clock.now()) - DELETION_GRACE
    return list(
        session.scalars(
            select(User.id)
            .where(User.deleted_at.is_not(None), User.deleted_at <= cutoff)
            .order_by(User.deleted_at, User.id)
            .limit(batch)
        )
    )


def erase_users(session: Session, *, user_ids: list[int], now: datetime | None = None) -> int:
    """Erase these accounts for good (only those still deleted past the grace); rows cascade away."""
    if not user_ids:
        return 0
    cutoff = (now or clock.now()) - DELETION_GRACE
    users = session.scalars(
        select(User).where(User.id.in_(user_ids), User.deleted_at.is_not(None), User.deleted_at <= cutoff)
    ).all()
    for user in users:
        session.delete(user)
    session.commit()
    return len(users)


def erase_deleted_accounts(session: Session, *, now: datetime | None = None, batch: int = 500) -> int:
    """Erase accounts deleted more than 30 days ago; their rows cascade away (their files: the job)."""
    return erase_users(session, user_ids=erasable_user_ids(session, now=now, batch=batch), now=now)


INACTIVE_AFTER = timedelta(days=365)
# Spec section 9: the oldest 5000 per run, so one run stays a bounded amount of work.
CLEANUP_BATCH = 5000
_CLEANUP_CHUNK = 500


def inactive_user_ids(
    session: Session,
    *,
    now: datetime | None = None,
    batch: int = CLEANUP_BATCH,
    keep: Select[Any] | None = None,
) -> list[int]:
    """Members not seen for 365 days, the longest idle first (the cleanup's candidates).

    Idle since their last login (or sign-up when they never logged in). Admins are never candidates,
    nor accounts banned for good: their row is what keeps the ban (as a banned username's row keeps
    its handle's). `keep` names more accounts to spare: the wallet's, with a paid entitlement still
    running (VIP, Studio, Auto Top-Up); accounts sit below the wallet and cannot ask it themselves.
    """
    now = now or clock.now()
    seen = func.coalesce(User.last_login_at, User.created_at)
    spared = [User.id.not_in(keep)] if keep is not None else []
    return list(
        session.scalars(
            select(User.id)
            .where(
                User.deleted_at.is_(None),
                User.admin_level.is_(None),
                seen < now - INACTIVE_AFTER,
                or_(User.banned_at.is_(None), User.banned_until.is_not(None)),
                *spared,
            )
            .order_by(seen, User.id)
            .limit(batch)
        )
    )


def delete_inactive_users(session: Session, *, user_ids: list[int]) -> int:
    """Delete these idle accounts as a member's own deletion does: hidden now (their usernames leave
    the lists with them), erased after 30 days; logging in before then restores them."""
    done = 0
    for start in range(0, len(user_ids), _CLEANUP_CHUNK):
        chunk = user_ids[start : start + _CLEANUP_CHUNK]
        users = session.scalars(select(User).where(User.id.in_(chunk), User.deleted_at.is_(None))).all()
        now = clock.now()
        for user in users:
            user.deleted_at = now
        session.execute(
            update(AuthToken)
            .where(AuthToken.user_id.in_(chunk), AuthToken.revoked_at.is_(None))
            .values(revoked_at=now)
        )
        session.commit()
        done += len(users)
    return done


def create_user(
    session: Session, *, email: str, password: str, admin_level: str | None = None, confirmed: bool = True
) -> User:
    """Create an account directly (CLI, seeding), skipping the e-mail round trip."""
    problem = security.password_problem(password, email=email)
    if problem:
        raise FieldError("password", problem)
    if get_by_email(session, email=email) is not None:
        raise AppError("An account with this email already exists.", code=AccountCode.EMAIL_TAKEN)
    user = User(
        email=email,
        email_normalized=normalize_email(email),
        password_hash=security.hash_password(password),
        admin_level=admin_level,
        email_confirmed_at=clock.now() if confirmed else None,
    )
    session.add(user)
    session.commit()
    return user


# Domains that add per-user counts (usernames, groups...) register a contributor here, so the
# user object stays one read without accounts importing every domain.

_user_read_hooks: list[Callable[[Session, User], dict[str, object]]] = []


def register_user_read_hook(hook: Callable[[Session, User], dict[str, object]]) -> None:
    """Let another domain add fields (e.g. usernames_count) to the signed-in user object.

    Wired in addme/api/main.py: accounts sits below the domains that count what a user owns.
    """
    if hook not in _user_read_hooks:
        _user_read_hooks.append(hook)


def user_read(session: Session, *, user: User) -> UserRead:
    """The signed-in user object with every domain's counters."""
    extra: dict[str, object] = {}
    for hook in _user_read_hooks:
        extra.update(hook(session, user))
    return UserRead.model_validate(user).model_copy(update=extra)


# -- the admin's user list ---------------------------------------------------------------------------

USER_SORTS = {
    "newest": (User.created_at.desc(), User.id.desc()),
    "oldest": (User.created_at.asc(), User.id.asc()),
    "email": (User.email_normalized.asc(),),
    "last_login": (User.last_login_at.desc(), User.id.desc()),
}


# Each way a search term can match (e-mail prefix, IP, id, handle prefix) contributes at most this
# many accounts: a term that matches more is too short to find someone, and the cap keeps the
# search an index look-up whatever the table's size.
SEARCH_MATCH_CAP = 1_000


def _search_ids(session: Session, term: str, handle_owner_ids: Select[Any] | None) -> Select[Any]:
    """The ids of accounts `term` finds, as a UNION of index look-ups (one per way it can match).

    One WHERE with the matches ORed together reads the whole users table on PostgreSQL (an OR
    across columns cannot walk one index); a union of capped look-ups reads a few index pages each.
    """
    dialect = session.get_bind().dialect.name
    ways: list[Select[Any]] = [
        select(User.id)
        .where(starts_with(User.email_normalized, normalize_email(term), dialect=dialect))
        .limit(SEARCH_MATCH_CAP)
    ]
    try:
        ipaddress.ip_address(term)
    except ValueError:
        pass
    else:
        ways.append(select(User.id).where(User.ip_address == term).limit(SEARCH_MATCH_CAP))
        ways.append(select(AuthToken.user_id).where(AuthToken.ip_address == term).limit(SEARCH_MATCH_CAP))
    if term.isdigit() and int(term) <= 2_147_483_647:
        ways.append(select(User.id).where(User.id == int(term)))
    if handle_owner_ids is not None:
        ways.append(handle_owner_ids.limit(SEARCH_MATCH_CAP))
    # Each capped branch is wrapped so both databases accept its LIMIT inside the UNION.
    branches = [select(way.subquery().c[0]) for way in ways]
    return union(*branches) if len(branches) > 1 else branches[0]  # type: ignore[return-value]


def search_users(
    session: Session,
    *,
    q: str | None,
    handle_owner_ids: Select[Any] | None,
    level: str | None,
    banned: bool | None,
    high_risk: bool | None,
    wallet_filters: Sequence[ColumnElement[bool]] = (),
    sort: str,
    page: int,
    per_page: int,
) -> tuple[list[User], PageMeta]:
    """One page of accounts matching the admin's search and filters, and its meta (bounded count).

    `wallet_filters`: conditions on User.id the wallet builds (VIP, Studio), its columns being its own.
    """
    conds: list[ColumnElement[bool]] = list(wallet_filters)
    if q:
        conds.append(User.id.in_(_search_ids(session, q.strip(), handle_owner_ids)))
    if level == "none":
        conds.append(User.admin_level.is_(None))
    elif level == "any":
        conds.append(User.admin_level.is_not(None))
    elif level:
        conds.append(User.admin_level == level)
    if banned is not None:
        conds.append(User.banned_at.is_not(None) if banned else User.banned_at.is_(None))
    if high_risk is not None:
        # "= true", not "IS TRUE": PostgreSQL proves the partial index's predicate only from the former.
        conds.append(User.high_risk == high_risk)
    matches = select(User).where(and_(true(), *conds))
    meta = bounded_meta(session, matches, page=page, per_page=per_page)
    order = USER_SORTS.get(sort, USER_SORTS["newest"])
    # The page's ids first, then their rows: the skipped rows of a deep page are read from the
    # index alone (an index-only scan) instead of 10,000 heap visits.
    ids = matches.with_only_columns(User.id).order_by(*order).offset((page - 1) * per_page).limit(per_page)
    rows = session.scalars(select(User).where(User.id.in_(ids.scalar_subquery())).order_by(*order)).all()
    return list(rows), meta


def banned_users(session: Session, *, limit: int = 200) -> list[User]:
    """Accounts banned now, latest ban first (the admin's list of bans)."""
    return list(
        session.scalars(
            select(User)
            .where(User.banned_at.is_not(None), User.deleted_at.is_(None))
            .order_by(User.banned_at.desc())
            .limit(limit)
        )
    )
