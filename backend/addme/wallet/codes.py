"""The stable error codes of Top-Ups, Fire Pins, slots and free Top-Ups: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class WalletCode(StrEnum):
    """The stable error codes of Top-Ups, Fire Pins, slots and free Top-Ups."""

    ACCOUNT_NOT_FOUND = "account_not_found"
    CHECK_IN_REQUIRED = "check_in_required"
    DAILY_LIMIT = "daily_limit"
    ERROR = "error"
    HIGH_RISK = "high_risk"
    HOPPING_RESTRICTED = "hopping_restricted"
    IN_PROGRESS = "in_progress"
    LIMIT_REACHED = "limit_reached"
    MAX_REACHED = "max_reached"
    NOT_APPROVED = "not_approved"
    NOT_AUTOMATED = "not_automated"
    NOT_ENOUGH_FIRE_PINS = "not_enough_fire_pins"
    NOT_ENOUGH_TOPUPS = "not_enough_topups"
    NOT_PROMOTED = "not_promoted"
    OVER_LIMIT = "over_limit"
    STUDIO = "studio"
    TOO_SOON = "too_soon"
    USERNAME_NOT_FOUND = "username_not_found"
