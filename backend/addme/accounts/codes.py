"""The stable error codes of registration, sign-in, e-mail tokens and the account page: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class AccountCode(StrEnum):
    """The stable error codes of registration, sign-in, e-mail tokens and the account page."""

    BANNED = "banned"
    CONFIRMATION_INVALID = "confirmation_invalid"
    EMAIL_TAKEN = "email_taken"
    EMAIL_UNCONFIRMED = "email_unconfirmed"
    # Signing in from a banned network: refused to members; staff pass (to lift the ban).
    IP_BANNED = "ip_banned"
    RESET_INVALID = "reset_invalid"
