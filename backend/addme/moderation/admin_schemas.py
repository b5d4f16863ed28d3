"""Schemas of the moderation admin API: IP bans, the list of every ban, the blacklist."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from addme.core.schemas import Schema, StrictInput, UtcDatetime
from addme.screening.models import TermKind

# The longest timed ban: a year; longer is a lifetime ban (hours null).
MAX_BAN_HOURS = 24 * 365


class IpBanIn(StrictInput):
    cidr: str = Field(min_length=2, max_length=50, description="An IPv4/IPv6 address or CIDR range")
    hours: int | None = Field(default=None, ge=1, le=MAX_BAN_HOURS, description="null: for good")
    reason: str = Field(min_length=1, max_length=300)
    confirm: str | None = Field(
        default=None,
        max_length=50,
        description="The range again, typed to confirm a ban that covers staff (answered 409 without it)",
    )


class IpBanRead(Schema):
    id: int
    cidr: str
    reason: str
    banned_until: UtcDatetime | None
    created_at: UtcDatetime


class ReasonIn(StrictInput):
    reason: str = Field(default="", max_length=300)


class BanRow(Schema):
    """One ban in force, of any kind, for the admin's single list."""

    kind: Literal["user", "username", "ip"]
    id: int
    label: str
    banned_until: UtcDatetime | None
    reason: str
    since: UtcDatetime | None


class BlacklistTermRead(Schema):
    id: int
    kind: str
    pattern: str
    is_regex: bool
    active: bool
    created_at: UtcDatetime


class BlacklistTermIn(StrictInput):
    kind: TermKind
    pattern: str = Field(min_length=1, max_length=200)
    is_regex: bool = False


class BlacklistTermUpdate(StrictInput):
    active: bool
