"""The stable error codes of decision records and appeals."""

from __future__ import annotations

from enum import StrEnum


class DecisionCode(StrEnum):
    """The stable error codes of decision records and appeals."""

    DECISION_NOT_FOUND = "decision_not_found"
    APPEAL_NOT_FOUND = "appeal_not_found"
    APPEAL_OPEN = "appeal_open"
    APPEAL_TOO_LATE = "appeal_too_late"
    NOT_APPEALABLE = "not_appealable"
    APPEAL_DECIDED = "appeal_decided"
    SAME_DECIDER = "same_decider"
