"""Schemas of the admin's people API: the user list, a user's page and the actions on accounts."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from addme.core.schemas import Schema, StrictInput, UtcDatetime
from addme.listings.constants import UsernameStatus
from addme.moderation.admin_schemas import MAX_BAN_HOURS
from addme.moderation.history import ReportRow
from addme.moderation.schemas import TrustedFlaggerRead
from addme.shop.schemas import AdminOrderRead

Level = Literal["Full", "AdPartner", "Moderator"]
MAX_GRANT = 10_000


class AdminUserRow(Schema):
    id: int
    email: str
    first_name: str | None
    admin_level: str | None
    country_code: str | None
    ip_address: str | None
    email_confirmed: bool
    high_risk: bool
    is_promoted: bool
    is_studio: bool
    top_ups_count: int
    fire_pins_count: int
    banned_at: UtcDatetime | None
    banned_until: UtcDatetime | None
    deleted_at: UtcDatetime | None
    last_login_at: UtcDatetime | None
    created_at: UtcDatetime


class AdminUserProfile(AdminUserRow):
    ban_reason: str | None
    max_usernames: int
    promotion_ending_at: UtcDatetime | None
    studio_ending_at: UtcDatetime | None
    age_verified: bool
    hopping_restricted_until: UtcDatetime | None


class UsernameBrief(Schema):
    id: int
    app: str
    username: str
    status: UsernameStatus
    listed: bool
    is_hidden: bool
    banned_until: UtcDatetime | None
    created_at: UtcDatetime


class LedgerRow(Schema):
    id: int
    kind: str
    delta: int
    reason: str
    note: str | None
    admin_id: int | None
    created_at: UtcDatetime


class SessionRow(Schema):
    id: int
    created_at: UtcDatetime
    last_used_at: UtcDatetime
    expires_at: UtcDatetime
    revoked_at: UtcDatetime | None
    ip_address: str | None
    user_agent: str | None


class AuditRow(Schema):
    id: int
    admin_id: int | None
    admin_level: str | None
    action: str
    target: str | None
    reason: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    created_at: UtcDatetime


class AdminUserDetail(Schema):
    user: AdminUserProfile
    usernames: list[UsernameBrief]
    orders: list[AdminOrderRead]
    ledger: list[LedgerRow]
    sessions: list[SessionRow]
    ips: list[str]
    reports_by: list[ReportRow]
    reports_against: list[ReportRow]
    audit: list[AuditRow]
    # Whether this member's underage reports hide a listing at once (an admin's flag, with a reason).
    trusted_flagger: TrustedFlaggerRead


class BanLookupRow(Schema):
    """An account as the ban page's search shows it to any admin level: no full e-mail, no IP."""

    id: int
    # The e-mail with all but its first character hidden before the @ (j***@example.com).
    email_masked: str
    # The account's first listed username (else its first one not deleted), to tell accounts apart.
    handle: str | None
    app: str | None
    staff: bool
    banned: bool


class UserBanIn(StrictInput):
    # 0 is a warning: the statement is sent and every session ends, but no ban stays in force.
    # strict: JSON false would otherwise read as 0 hours.
    hours: int | None = Field(
        default=None, ge=0, le=MAX_BAN_HOURS, strict=True, description="null: for good; 0: a warning"
    )
    # The member reads this when they try to log in; at least 10 characters, or a macro.
    reason: str = Field(default="", max_length=300)
    macro: str | None = Field(default=None, max_length=40)


class ActionReasonIn(StrictInput):
    reason: str = Field(default="", max_length=300)


class UserUpdate(StrictInput):
    admin_level: Level | None
    reason: str = Field(default="", max_length=300)


class GrantIn(StrictInput):
    top_ups: int = Field(default=0, ge=-MAX_GRANT, le=MAX_GRANT)
    fire_pins: int = Field(default=0, ge=-MAX_GRANT, le=MAX_GRANT)
    # Lands in the ledger row, which the member's history shows.
    reason: str = Field(min_length=1, max_length=200)

    @model_validator(mode="after")
    def _something(self) -> GrantIn:
        if self.top_ups == 0 and self.fire_pins == 0:
            raise ValueError("Enter a number of Top-Ups or Fire Pins to grant or remove.")
        return self
