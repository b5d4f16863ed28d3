"""The stable error codes of the admin's figures and the page-view beacon."""

from __future__ import annotations

from enum import StrEnum


class StatsCode(StrEnum):
    """The stable error codes of the admin's figures and the page-view beacon."""

    BAD_RANGE = "stats_bad_range"
