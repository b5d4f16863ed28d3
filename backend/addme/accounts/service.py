"""Accounts: registration, confirmation, the member's settings and deletion, the user object.

The domain's interface: other domains call accounts through this module (architecture.md). The
names imported `as` themselves live in the module of their concern and are re-exported here:
`sessions` (tokens and their lifetimes), `people` (bans, admin levels, the admin's account list),
`cleanup` (erasure and idle accounts) and `identity` (the compared form of an e-mail). Signing in
and its hooks are `signin`, passwords `passwords`, the one-time e-mail links `links`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts import consents as consents
from addme.accounts.cleanup import CLEANUP_BATCH as CLEANUP_BATCH
from addme.accounts.cleanup import delete_inactive_users as delete_inactive_users
from addme.accounts.cleanup import erasable_user_ids as erasable_user_ids
from addme.accounts.cleanup import erase_deleted_accounts as erase_deleted_accounts
from addme.accounts.cleanup import erase_users as erase_users
from addme.accounts.cleanup import inactive_user_ids as inactive_user_ids
from addme.accounts.codes import AccountCode
from addme.accounts.identity import get_by_email as get_by_email
from addme.accounts.identity import normalize_email as normalize_email
from addme.accounts.links import consume_email_token, issue_email_token, page_link
from addme.accounts.models import EmailToken, EmailTokenPurpose, User
from addme.accounts.passwords import check_new_password
from addme.accounts.people import IdFilter as IdFilter
from addme.accounts.people import admin_delete as admin_delete
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
from addme.accounts.signin import Arrival, arrived
from addme.accounts.texts import MAILS
from addme.core import clock, ratelimit, security
from addme.core.config import get_settings
from addme.core.errors import AppError, FieldError
from addme.mail import service as mail
from addme.screening import bots

CONFIRM_FAILED = "Error confirming email, please contact support !"
REGISTERED = "Thank you for registering. We sent you an email: confirm your address to log in."
EMAIL_CONFIRMED = "Your email has been confirmed. Welcome!"
CONFIRMATION_RESENT = (
    "If an account waiting for confirmation uses {email}, we sent it a new link. "
    "Check your junk and spam folder."
)
ACCOUNT_UPDATED = "Settings updated."
ACCOUNT_DELETED = "Your account has been deleted. Log in within 30 days to restore it."

IP_LIMIT = "25/5 minutes"
RESEND_EMAIL_LIMITS = ("1/minute", "5/day")


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
        check_new_password(password, password_confirmation, email=email)
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
            body=words["taken_body"].format(site=settings.site_name, link=page_link("/auth/forgot-password")),
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
    session.add(user)
    session.flush()
    if bot is not None:
        bots.record(session, user_id=user.id, assessment=bot)
    # The trust checks (through their arrival hook): a risky or scripted sign-up is high-risk, and
    # the account made past its device's allowance is restricted for account hopping.
    arrived(session, Arrival(user=user, now=clock.now(), ip=ip, bot=bot, new=True))
    _send_confirmation(session, user=user)
    session.commit()
    return REGISTERED


def _send_confirmation(session: Session, *, user: User) -> None:
    settings = get_settings()
    token = issue_email_token(session, user=user, purpose=EmailTokenPurpose.CONFIRM)
    words = MAILS[mail.language_of(user)]
    mail.queue(
        session,
        to=user.email,
        subject=words["confirm_subject"].format(site=settings.site_name),
        body=words["confirm_body"].format(
            site=settings.site_name, link=page_link("/auth/email-confirmation/" + token)
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
    user = consume_email_token(session, token=token, purpose=EmailTokenPurpose.CONFIRM)
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
