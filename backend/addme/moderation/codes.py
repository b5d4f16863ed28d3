"""The stable error codes of reports, reviews, bans and requests: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class ModerationCode(StrEnum):
    """The stable error codes of reports, reviews, bans and requests."""

    ALREADY_DECIDED = "already_decided"
    ALREADY_REPORTED = "already_reported"
    # An IP ban that covers the caller's own address or an admin's last sign-in address, unconfirmed.
    COVERS_STAFF = "covers_staff"
    DUPLICATE = "duplicate"
    EMAIL_UNCONFIRMED = "email_unconfirmed"
    IP_BANNED = "ip_banned"
    LOGIN_REQUIRED = "login_required"
    MACRO_NOT_FOUND = "macro_not_found"
    NOTICE_NOT_FOUND = "notice_not_found"
    NOTICE_PICTURE_NOT_FOUND = "notice_picture_not_found"
    NOT_BANNED = "not_banned"
    # A moderator deciding on their own username or a report about them (staff never judge themselves).
    OWN_CASE = "own_case"
    PROOF_NOT_FOUND = "proof_not_found"
    REMOVAL_REQUEST_NOT_FOUND = "removal_request_not_found"
    REPORT_NOT_FOUND = "report_not_found"
    UNBAN_PENDING = "unban_pending"
    UNBAN_REQUEST_NOT_FOUND = "unban_request_not_found"
    UNBAN_WAIT = "unban_wait"
    USER_NOT_FOUND = "user_not_found"
    USERNAME_NOT_FOUND = "username_not_found"
