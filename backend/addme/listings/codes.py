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
    OWNERSHIP_BAD_SIGNATURE = "ownership_bad_signature"
    OWNERSHIP_CODE_EXPIRED = "ownership_code_expired"
    OWNERSHIP_CODE_NOT_FOUND = "ownership_code_not_found"
    OWNERSHIP_NO_CODE = "ownership_no_code"
    OWNERSHIP_OTHER_HANDLE = "ownership_other_handle"
    OWNERSHIP_PAGE_NOT_FOUND = "ownership_page_not_found"
    OWNERSHIP_PAGE_UNREADABLE = "ownership_page_unreadable"
    OWNERSHIP_TOO_OLD = "ownership_too_old"
    OWNERSHIP_UNAVAILABLE = "ownership_unavailable"
    OWNERSHIP_WRONG_APP = "ownership_wrong_app"
    STATS_VIP_ONLY = "stats_vip_only"
    TAG_EXISTS = "tag_exists"
    TAG_NOT_FOUND = "tag_not_found"
