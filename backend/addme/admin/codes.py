"""The stable error codes of the admin area's people tools: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class AdminCode(StrEnum):
    """The stable error codes of the admin area's people tools."""

    ADMINS_BY_FULL = "admins_by_full"
    ALREADY_BANNED = "already_banned"
    ALREADY_CONFIRMED = "already_confirmed"
    BELOW_ZERO = "below_zero"
    NOT_BANNED = "not_banned"
    SELF_ACTION = "self_action"
    USER_NOT_FOUND = "user_not_found"
