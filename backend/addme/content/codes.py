"""The stable error codes of blog, contact inbox, ads and alerts: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class ContentCode(StrEnum):
    """The stable error codes of blog, contact inbox, ads and alerts."""

    AD_NOT_FOUND = "ad_not_found"
    ALERT_NOT_FOUND = "alert_not_found"
    CONTACT_NOT_FOUND = "contact_not_found"
    POST_NOT_FOUND = "post_not_found"
