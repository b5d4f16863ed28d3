"""The stable error codes of usernames: submitting, editing and the member's actions: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class ListingCode(StrEnum):
    """The stable error codes of usernames."""

    CANNOT_ADD = "cannot_add"
    CANNOT_DELIST = "cannot_delist"
    CANNOT_EDIT = "cannot_edit"
    CANNOT_RELIST = "cannot_relist"
    DUPLICATE = "duplicate"
    EDITS_USED = "edits_used"
    LOGIN_REQUIRED = "login_required"
    MINOR_SIGNAL = "minor_signal"
    NOT_BANNED = "not_banned"
    NOT_PENDING = "not_pending"
    NOT_STUDIO = "not_studio"
    TAG_EXISTS = "tag_exists"
    TAG_NOT_FOUND = "tag_not_found"
