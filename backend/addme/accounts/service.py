"""Accounts: registration, confirmation, login, password reset and deletion.

The domain's interface: other domains call accounts through this module (architecture.md). The
names imported `as` themselves live in the module of their concern and are re-exported here:
`sessions` (tokens and their lifetimes), `people` (bans, admin levels, the admin's account list),
`cleanup` (erasure and idle accounts) and `identity` (the compared form of an e-mail).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from addme.accounts import consents as consents
from addme.accounts.cleanup import CLEANUP_BATCH as CLEANUP_BATCH
from addme.accounts.cleanup import DELETION_GRACE
from addme.accounts.cleanup import delete_inactive_users as delete_inactive_users
from addme.accounts.cleanup import erasable_user_ids as erasable_user_ids
from addme.accounts.cleanup import erase_deleted_accounts as erase_deleted_accounts
from addme.accounts.cleanup import erase_users as erase_users
from addme.accounts.cleanup import inactive_user_ids as inactive_user_ids
from addme.accounts.codes import AccountCode
from addme.accounts.identity import get_by_email as get_by_email
from addme.accounts.identity import normalize_email as normalize_email
from addme.accounts.models import AuthToken, EmailToken, EmailTokenPurpose, User
from addme.accounts.people import IdFilter as IdFilter
from addme.accounts.people import admin_delete as admin_delete
from addme.accounts.people import ban_message
from addme.accounts.people import lookup_for_bans as lookup_for_bans
from addme.accounts.people import search_users as search_users
from addme.accounts.people import set_admin_level as set_admin_level
from addme.accounts.schemas import UserRead
from addme.accounts.sessions import ips_of as ips_of
from addme.accounts.sessions import open_session as open_session
from addme.accounts.sessions import revoke_sessions as revoke_sessions
from addme.accounts.sessions import sessions_of as sessions_of
from addme.accounts.sessions import user_for_token as user_for_token
from addme.accounts.sessions import user_id_for_token as user_id_for_token
from addme.accounts.sessions import user_ids_for_token_hashes as user_ids_for_token_hashes
from addme.accounts.texts import MAILS
from addme.core import clock, ratelimit, security
from addme.core.config import get_settings
from addme.core.db import session_scope
from addme.core.errors import AppError, FieldError, Forbidden
from addme.mail import service as mail
from addme.screening import bots, risk

DEVICE_HOPPING = timedelta(days=30)  # spec section 9: the account-hopping cool-down
UNCONFIRMED = "You must confirm your email before you can login. Check your junk and spam folder."
BAD_CREDENTIALS = "These credentials do not match our records."
IP_BANNED = "Your network has been banned from this site: you can browse, but not sign in, register or post."
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

IP_LIMIT = "25/5 minutes"
RESET_EMAIL_LIMIT = "5/30 minutes"
RESEND_EMAIL_LIMITS = ("1/minute", "5/day")
FAILED_LOGIN_LOCK = "10/10 minutes"
FAILED_LOGIN_HOURLY = "100/hour"


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
    language: str | None = None,
    bot: bots.Assessment | None = None,
) -> str:
    """Create an unconfirmed account and mail its link; a taken e-mail gets a notice instead.

    `language` is the visitor's locale cookie: "fr" makes a French account (mails in French),
    anything else an English one.

    The bot and device assessment (`bot`) marks a scripted sign-up high-risk and the account made
    past its device's allowance hopping-restricted; the answer is the same either way.

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
        words = MAILS[mail.language_of(existing)]
        mail.queue(
            session,
            to=existing.email,
            subject=words["taken_subject"].format(site=settings.site_name),
            body=words["taken_body"].format(site=settings.site_name, link=_link("/auth/forgot-password")),
        )
        session.commit()
        return REGISTERED

    user = User(
        email=email.strip(),
        email_normalized=normalize_email(email),
        password_hash=password_hash,
        ip_address=ip,
        country_code=country_code,
        language=mail.chosen(language),
    )
    user.high_risk = risk.assess(session, ip=ip).high_risk or bool(bot and bot.verdict.bot)
    session.add(user)
    session.flush()
    if bot is not None:
        bots.record(session, user_id=user.id, assessment=bot)
        if bot.verdict.device_hopping:
            # One more account than its device's allowance: account hopping, as trust.hopping's.
            user.hopping_restricted_until = clock.now() + DEVICE_HOPPING
    _send_confirmation(session, user=user)
    session.commit()
    return REGISTERED


def _send_confirmation(session: Session, *, user: User) -> None:
    settings = get_settings()
    token = _issue_email_token(session, user=user, purpose=EmailTokenPurpose.CONFIRM)
    words = MAILS[mail.language_of(user)]
    mail.queue(
        session,
        to=user.email,
        subject=words["confirm_subject"].format(site=settings.site_name),
        body=words["confirm_body"].format(
            site=settings.site_name, link=_link("/auth/email-confirmation/" + token)
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
        session_token = open_session(session, user=user, ip=ip, user_agent=user_agent)
    session.commit()
    return EMAIL_CONFIRMED, session_token


def login_lock_seconds(*, email: str) -> int:
    """Seconds left on this e-mail's failed-login lock (0 when it may try now): what every 429 a
    login gets says, whichever limit answered it (a per-IP budget's minute is not the lock's ten)."""
    key = normalize_email(email)
    return max(
        ratelimit.retry_after(FAILED_LOGIN_LOCK, "login-fail", key),
        ratelimit.retry_after(FAILED_LOGIN_HOURLY, "login-fail-h", key),
    )


def refuse_if_locked(*, email: str) -> None:
    """429 with the lock's real remaining time when this e-mail's login is locked."""
    key = normalize_email(email)
    ratelimit.check(FAILED_LOGIN_LOCK, "login-fail", key)
    ratelimit.check(FAILED_LOGIN_HOURLY, "login-fail-h", key)


def login(
    session: Session,
    *,
    email: str,
    password: str,
    ip: str | None,
    user_agent: str | None,
    ip_banned: bool = False,
    bot: bots.Assessment | None = None,
) -> tuple[str, bool]:
    """Check credentials and open a session; returns (token, restored-from-deletion).

    From a banned network (`ip_banned`, the IP-ban guard's verdict) only staff sign in, so an admin
    caught by a ban can lift it; everyone else gets the ban's refusal whether or not the password
    was right, so a banned network learns nothing about members' passwords."""
    key = normalize_email(email)
    refuse_if_locked(email=email)
    user = get_by_email(session, email=email)
    ok = security.verify_password(password, user.password_hash if user else None)
    if ip_banned and not (ok and user is not None and user.admin_level):
        if not ok:
            ratelimit.hit(FAILED_LOGIN_LOCK, "login-fail", key)
            ratelimit.hit(FAILED_LOGIN_HOURLY, "login-fail-h", key)
        raise Forbidden(IP_BANNED, code=AccountCode.IP_BANNED)
    if not ok or user is None:
        ratelimit.hit(FAILED_LOGIN_LOCK, "login-fail", key)
        ratelimit.hit(FAILED_LOGIN_HOURLY, "login-fail-h", key)
        raise FieldError("email", BAD_CREDENTIALS)
    now = clock.now()
    if user.deleted_at is not None and user.deleted_at + DELETION_GRACE <= now:
        raise FieldError("email", BAD_CREDENTIALS)  # past the grace period it is as good as erased
    for hook in _sign_in_hooks:
        hook(session, user, now)
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
    # A moderator's clearance of a false flag holds until its date (trust.flags, issue 31).
    # A scripted sign-in (the bot and device assessment's verdict) is high-risk the same way.
    cleared = user.high_risk_cleared_until is not None and user.high_risk_cleared_until > now
    scripted = bool(bot and bot.verdict.bot)
    user.high_risk = (risk.assess(session, ip=ip).high_risk or scripted) and not cleared
    if bot is not None:
        bots.record(session, user_id=user.id, assessment=bot)
    token = open_session(session, user=user, ip=ip, user_agent=user_agent)
    session.commit()
    return token, restored


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
        words = MAILS[mail.language_of(user)]
        mail.queue(
            session,
            to=user.email,
            subject=words["reset_subject"].format(site=settings.site_name),
            body=words["reset_body"].format(link=_link("/auth/forgot-password/" + token)),
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


def set_language(session: Session, *, user: User, language: str) -> None:
    """Remember the language the member switched the site to: their mails are written in it."""
    user.language = mail.chosen(language)
    session.commit()


def delete_account(session: Session, *, user: User, password: str) -> str:
    """Hide the account at once and end its sessions; erased for good after 30 days."""
    if not security.verify_password(password, user.password_hash):
        raise FieldError("password", "The password is incorrect.")
    user.deleted_at = clock.now()
    revoke_sessions(session, user_id=user.id)
    session.commit()
    return ACCOUNT_DELETED


def admin_resend_confirmation(session: Session, *, user: User) -> None:
    """Mail a fresh confirmation link (older ones stop working). The caller commits."""
    _send_confirmation(session, user=user)


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


# A domain above accounts that must act on an account as it signs in, before the ban check (the
# moderation lifts a ban whose end has passed, so the member signs in and is listed again at once).
# Wired in addme/api/main.py, as the read hooks below.

_sign_in_hooks: list[Callable[[Session, User, datetime], object]] = []


def register_sign_in_hook(hook: Callable[[Session, User, datetime], object]) -> None:
    """Run `hook(session, user, now)` at each sign-in with the right password, before the ban check."""
    if hook not in _sign_in_hooks:
        _sign_in_hooks.append(hook)


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
