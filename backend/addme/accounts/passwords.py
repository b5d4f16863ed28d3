"""Passwords: the rules a new one must meet, a forgotten one's reset link, a change."""

from __future__ import annotations

from sqlalchemy.orm import Session

from addme.accounts import links
from addme.accounts.codes import AccountCode
from addme.accounts.identity import get_by_email, normalize_email
from addme.accounts.models import AuthToken, EmailTokenPurpose, User
from addme.accounts.sessions import revoke_sessions
from addme.accounts.texts import MAILS
from addme.core import clock, ratelimit, security
from addme.core.config import get_settings
from addme.core.db import session_scope
from addme.core.errors import AppError, FieldError
from addme.mail import service as mail

RESET_SENT = (
    "If a matching account was found an email was sent to {email} to allow you to reset your password."
)
RESET_FAILED = "An error occurred while resetting the password, please try again or contact support."
PASSWORD_UPDATED = "Your password has been updated."  # noqa: S105 - a message
RESET_EMAIL_LIMIT = "5/30 minutes"


def check_new_password(password: str, confirmation: str, *, email: str | None) -> None:
    errors: dict[str, list[str]] = {}
    problem = security.password_problem(password, email=email)
    if problem:
        errors["password"] = [problem]
    if password != confirmation:
        errors.setdefault("password_confirmation", []).append("The password confirmation does not match.")
    if errors:
        raise FieldError(errors)


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
        token = links.issue_email_token(session, user=user, purpose=EmailTokenPurpose.RESET)
        settings = get_settings()
        words = MAILS[mail.language_of(user)]
        mail.queue(
            session,
            to=user.email,
            subject=words["reset_subject"].format(site=settings.site_name),
            body=words["reset_body"].format(link=links.page_link("/auth/forgot-password/" + token)),
        )


def reset_password(session: Session, *, token: str, password: str, password_confirmation: str) -> str:
    """Set a new password from a reset link and end every session."""
    check_new_password(password, password_confirmation, email=None)
    user = links.consume_email_token(session, token=token, purpose=EmailTokenPurpose.RESET)
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
    check_new_password(password, confirmation, email=user.email)
    user.password_hash = security.hash_password(password)
    revoke_sessions(session, user_id=user.id, keep_id=auth.id)
    session.commit()
    return PASSWORD_UPDATED
