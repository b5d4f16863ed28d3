"""Moderation request schemas."""

from __future__ import annotations

from pydantic import Field

from addme.core.schemas import StrictInput
from addme.moderation.models import ReportType


class ReportIn(StrictInput):
    type: ReportType
    message: str = Field(default="", max_length=1000)
