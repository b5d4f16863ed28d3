"""The stable error codes of comments: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class CommentCode(StrEnum):
    """The stable error codes of comments."""

    COMMENT_NOT_FOUND = "comment_not_found"
    OWN_LISTING = "own_listing"
    DAILY_ALLOWANCE = "daily_allowance"
    ONE_PER_DAY = "one_comment_per_day"
    COMMENTING_SUSPENDED = "commenting_suspended"
    ALREADY_ANSWERED = "already_answered"
    NOT_OWNER = "not_owner"
    MINOR_SIGNAL = "comment_minor_signal"
    ALREADY_REPORTED = "comment_already_reported"
    ALREADY_REMOVED = "comment_already_removed"
