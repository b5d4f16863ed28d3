"""Signing in: the password check, the failed-login lock, and the hooks of the domains above
accounts that act on an account as it signs in or is made (wired in addme/api/main.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from addme.accounts.cleanup import DELETION_GRACE
from addme.accounts.codes import AccountCode
from addme.accounts.identity import get_by_email, normalize_email
from addme.accounts.models import User
from addme.accounts.people import ban_message
from addme.accounts.sessions import open_session
from addme.core import clock, ratelimit, security
from addme.core.errors import FieldError, Forbidden
from addme.screening import bots

UNCONFIRMED = "You must confirm your email before you can login. Check your junk and spam folder."
BAD_CREDENTIALS = "These credentials do not match our records."
IP_BANNED = "Your network has been banned from this site: you can browse, but not sign in, register or post."
FAILED_LOGIN_LOCK = "10/10 minutes"
FAILED_LOGIN_HOURLY = "100/hour"


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
    if bot is not None:
        bots.record(session, user_id=user.id, assessment=bot)
    # The risk check (trust's, through its arrival hook): a sign-in from a risky network, or a
    # scripted one, makes the account high-risk; one from elsewhere clears it (spec section 4).
    arrived(session, Arrival(user=user, now=now, ip=ip, bot=bot, new=False))
    token = open_session(session, user=user, ip=ip, user_agent=user_agent)
    session.commit()
    return token, restored


# A domain above accounts that must act on an account as it signs in, before the ban check (the
# moderation lifts a ban whose end has passed, so the member signs in and is listed again at once).
# Wired in addme/api/main.py, as the read hooks below.

_sign_in_hooks: list[Callable[[Session, User, datetime], object]] = []


def register_sign_in_hook(hook: Callable[[Session, User, datetime], object]) -> None:
    """Run `hook(session, user, now)` at each sign-in with the right password, before the ban check."""
    if hook not in _sign_in_hooks:
        _sign_in_hooks.append(hook)


@dataclass(frozen=True)
class Arrival:
    """An account signed in (`new` False) or was just made (`new` True), with what the trust
    checks read of it: the address and the bot and device assessment of the request."""

    user: User
    now: datetime
    ip: str | None
    bot: bots.Assessment | None
    new: bool


# A domain above accounts that must judge an account as it arrives, once the sign-in has passed
# every check (trust's risk check and hopping restriction). Wired in addme/api/main.py.

_arrival_hooks: list[Callable[[Session, Arrival], object]] = []


def register_arrival_hook(hook: Callable[[Session, Arrival], object]) -> None:
    """Run `hook(session, arrival)` after each successful sign-in and each registration."""
    if hook not in _arrival_hooks:
        _arrival_hooks.append(hook)


def arrived(session: Session, arrival: Arrival) -> None:
    """Tell the domains above that an account signed in or was made; the caller commits."""
    for hook in _arrival_hooks:
        hook(session, arrival)
