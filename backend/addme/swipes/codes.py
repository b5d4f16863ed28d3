"""The stable error codes of local swipes: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class SwipeCode(StrEnum):
    """The stable error codes of local swipes."""

    CANNOT_CHECK_IN = "cannot_check_in"
    CHECK_IN_REQUIRED = "check_in_required"
    SELF_SWIPE = "self_swipe"
    SWIPES_DISABLED = "swipes_disabled"
    USERNAME_NOT_FOUND = "username_not_found"
    VIP_REQUIRED = "vip_required"
