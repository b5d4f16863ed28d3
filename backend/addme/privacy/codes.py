"""The stable error codes of the member's data export: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class PrivacyCode(StrEnum):
    """The stable error codes of the member's data export."""

    EXPORT_NOT_READY = "export_not_ready"
