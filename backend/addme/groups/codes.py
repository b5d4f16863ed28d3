"""The stable error codes of groups: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class GroupCode(StrEnum):
    """The stable error codes of groups."""

    ALREADY_MEMBER = "already_member"
    GROUP_FULL = "group_full"
    MINOR_SIGNAL = "minor_signal"
    GROUP_NOT_FOUND = "group_not_found"
    NOT_ENOUGH_TOPUPS = "not_enough_topups"
    NOT_MEMBER = "not_member"
    OWNER_CANNOT_LEAVE = "owner_cannot_leave"
