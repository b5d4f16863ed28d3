"""Owner verified (#34): the lister proves they own the listed handle.

Telegram: the Login Widget's payload, signed by Telegram with the bot's token, names the Telegram
account that logged in; its `username` must be the listed handle. Snapchat and Kik: a one-time code
the owner puts in the app's public display name or bio, found on the app's public page.

The badge is `usernames.owner_verified_at` (and `owner_verified_via`); changing the handle or the
app clears it (service.update_username). A verification is not a restriction, so it
writes no statement of reasons (docs/decisions.md); it is logged on `addme.ownership`.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from datetime import UTC, timedelta
from typing import Any

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.core.config import get_settings
from addme.core.errors import AppError
from addme.listings import handle_pages
from addme.listings.changes import touch
from addme.listings.codes import ListingCode
from addme.listings.models import Username
from addme.listings.service import get_own
from addme.listings.validation import normalize_handle

log = logging.getLogger("addme.ownership")

TELEGRAM_MAX_AGE = timedelta(days=1)
CODE_LIFETIME = timedelta(minutes=30)
CODE_LENGTH = 8
# No 0/O, 1/I/L: a code is typed by hand into another app.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

NOT_TELEGRAM = "The Telegram login proves only a Telegram username."
TELEGRAM_OFF = "Telegram verification is not available on this site."
BAD_SIGNATURE = "Telegram's signature does not match: log in with the Telegram button again."
TOO_OLD = "This Telegram login is more than a day old: log in with the Telegram button again."
OTHER_HANDLE = "You logged in to Telegram as {signed}, not as {listed}: log in with the account you listed."
NO_TELEGRAM_USERNAME = "Your Telegram account has no username: set one in Telegram, then log in again."
NOT_CODE_APP = "One-time codes prove Snapchat and Kik usernames only."
NO_CODE = "Ask for a code first, then put it in your {app} display name or bio."
CODE_EXPIRED = "This code has expired: ask for a new one."
PAGE_NOT_FOUND = "{app} has no public page for {handle}: check the username, or make the profile public."
CODE_NOT_FOUND = "The code {code} is not in the display name or bio of {handle} on {app} yet."
PAGE_UNREADABLE = "{app}'s page could not be read just now: try again in a few minutes."
VERIFIED = "Verified: you own this username."
CODE_ISSUED = "Put {code} in your {app} display name or bio, then press Check. The code is valid 30 minutes."
APP_NAMES = {"snapchat": "Snapchat", "kik": "Kik", "telegram": "Telegram"}


def _refuse(message: str, code: ListingCode) -> AppError:
    return AppError(message, code=code, status_code=422)


def telegram_enabled() -> bool:
    return bool(get_settings().telegram_bot_token)


def telegram_check_string(fields: dict[str, Any]) -> str:
    """Telegram's data-check-string: every received field but `hash`, as key=value, sorted by key,
    joined by line feeds (core.telegram.org/widgets/login#checking-authorization)."""
    return "\n".join(f"{k}={fields[k]}" for k in sorted(fields) if k != "hash" and fields[k] is not None)


def telegram_signature(fields: dict[str, Any], *, bot_token: str) -> str:
    """The hex HMAC-SHA256 of the data-check-string, keyed with SHA-256 of the bot token."""
    key = hashlib.sha256(bot_token.encode()).digest()
    return hmac.new(key, telegram_check_string(fields).encode(), hashlib.sha256).hexdigest()


def _mark(session: Session, *, username: Username, via: str) -> None:
    username.owner_verified_at = clock.now()
    username.owner_verified_via = via
    username.ownership_code = None
    username.ownership_code_until = None
    touch(session)  # the public lists and profiles show the badge
    session.commit()
    log.info(
        "owner verified",
        extra={"username_id": username.id, "app": username.app, "via": via, "user_id": username.user_id},
    )


def verify_telegram(session: Session, *, user: User, username_id: int, fields: dict[str, Any]) -> Username:
    """Check a Login Widget payload as Telegram documents it and mark the listing verified."""
    username = get_own(session, user=user, username_id=username_id)
    if username.app != "telegram":
        raise _refuse(NOT_TELEGRAM, ListingCode.OWNERSHIP_WRONG_APP)
    token = get_settings().telegram_bot_token
    if not token:
        raise _refuse(TELEGRAM_OFF, ListingCode.OWNERSHIP_UNAVAILABLE)
    given = str(fields.get("hash") or "")
    if not hmac.compare_digest(given.lower().encode(), telegram_signature(fields, bot_token=token).encode()):
        raise _refuse(BAD_SIGNATURE, ListingCode.OWNERSHIP_BAD_SIGNATURE)
    try:
        auth_date = int(fields.get("auth_date") or 0)
    except (TypeError, ValueError):
        auth_date = 0
    age = clock.now().replace(tzinfo=UTC).timestamp() - auth_date
    # At most a day old; a few minutes ahead of our clock is skew, further is not a real login.
    if auth_date <= 0 or age > TELEGRAM_MAX_AGE.total_seconds() or age < -300:
        raise _refuse(TOO_OLD, ListingCode.OWNERSHIP_TOO_OLD)
    signed = str(fields.get("username") or "")
    if not signed:
        raise _refuse(NO_TELEGRAM_USERNAME, ListingCode.OWNERSHIP_OTHER_HANDLE)
    if normalize_handle(signed.lstrip("@")) != username.username_normalized:
        raise _refuse(
            OTHER_HANDLE.format(signed=signed, listed=username.username), ListingCode.OWNERSHIP_OTHER_HANDLE
        )
    _mark(session, username=username, via="telegram")
    return username


def issue_code(session: Session, *, user: User, username_id: int) -> Username:
    """A new one-time code for a Snapchat or Kik listing, valid CODE_LIFETIME (a new one replaces it)."""
    username = get_own(session, user=user, username_id=username_id)
    if username.app not in handle_pages.PAGE_URLS:
        raise _refuse(NOT_CODE_APP, ListingCode.OWNERSHIP_WRONG_APP)
    username.ownership_code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    username.ownership_code_until = clock.now() + CODE_LIFETIME
    session.commit()
    return username


def check_code(
    session: Session, *, user: User, username_id: int, pages: handle_pages.HandlePages | None = None
) -> Username:
    """Read the app's public page for the code; found, the listing is verified."""
    username = get_own(session, user=user, username_id=username_id)
    if username.app not in handle_pages.PAGE_URLS:
        raise _refuse(NOT_CODE_APP, ListingCode.OWNERSHIP_WRONG_APP)
    app = APP_NAMES[username.app]
    code = username.ownership_code
    if not code or username.ownership_code_until is None:
        raise _refuse(NO_CODE.format(app=app), ListingCode.OWNERSHIP_NO_CODE)
    if username.ownership_code_until <= clock.now():
        raise _refuse(CODE_EXPIRED, ListingCode.OWNERSHIP_CODE_EXPIRED)
    try:
        page = handle_pages.read(pages or handle_pages.provider(), app=username.app, handle=username.username)
    except handle_pages.PageError as exc:
        log.warning("handle page unreadable", extra={"username_id": username.id, "error": str(exc)})
        raise AppError(
            PAGE_UNREADABLE.format(app=app), code=ListingCode.OWNERSHIP_PAGE_UNREADABLE, status_code=503
        ) from None
    if not page.found:
        raise _refuse(
            PAGE_NOT_FOUND.format(app=app, handle=username.username), ListingCode.OWNERSHIP_PAGE_NOT_FOUND
        )
    if not page.shows(code):
        raise _refuse(
            CODE_NOT_FOUND.format(code=code, handle=username.username, app=app),
            ListingCode.OWNERSHIP_CODE_NOT_FOUND,
        )
    _mark(session, username=username, via="code")
    return username
