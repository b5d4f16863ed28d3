"""The stable error codes of age verification: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class TrustCode(StrEnum):
    """The stable error codes of age verification and the risk check."""

    AGE_VERIFICATION_ABANDONED = "age_verification_abandoned"
    AGE_VERIFICATION_ENDED = "age_verification_ended"
    AGE_VERIFICATION_FAILED = "age_verification_failed"
    AGE_VERIFICATION_NOT_FOUND = "age_verification_not_found"
    AGE_VERIFICATION_PENDING = "age_verification_pending"
    AGE_VERIFICATION_UNAVAILABLE = "age_verification_unavailable"
    # A moderator's clearance of a false flag (issue 31).
    FLAG_ACCOUNT_NOT_FOUND = "trust_flag_account_not_found"
    FLAG_NOT_SET = "trust_flag_not_set"
