"""Moderation request and answer shapes: members' reports, and the moderators' queues."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from addme.core.options import ReportType
from addme.core.schemas import Schema, StrictId, StrictInput, UtcDatetime


class ReportIn(StrictInput):
    type: ReportType
    message: str = Field(default="", max_length=1000)


# -- shared ---------------------------------------------------------------------------------------

Reason = Field(default="", max_length=2000, description="Why: lands in the audit log")


Macro = Field(
    default=None, max_length=40, description="A canned reason's key (GET /v1/admin/decision-macros)"
)


class DecisionIn(StrictInput):
    reason: str = Reason
    macro: str | None = Macro


class AdminUsername(Schema):
    """A username as a moderator sees it, whatever its state."""

    id: int
    user_id: int
    username: str
    app: str
    status: str
    listed: bool
    is_hidden: bool
    age: int
    gender: str
    type: str
    paid_content: bool
    description: str
    tags_text: str
    profile_picture: str | None
    review_reason: str | None
    rejection_reason: str | None
    banned_until: UtcDatetime | None
    created_at: UtcDatetime


# -- review queue ---------------------------------------------------------------------------------

HeldBy = Literal["blacklist", "macro", "key", "unknown"]


class ReviewItem(BaseModel):
    username: AdminUsername
    # What held it: a blacklist term, a macro rule (the written-age check), or a key that unlocked it.
    held_by: HeldBy
    rule: str
    waiting_hours: int
    # Held because its text may be a minor's (a school word with no age): shown first, with a badge.
    possible_minor: bool = False


class BulkIn(StrictInput):
    ids: list[StrictId] = Field(min_length=1, max_length=100)
    action: Literal["approve", "reject"]
    reason: str = Reason
    macro: str | None = Macro


class BulkOut(BaseModel):
    success: bool
    message: str
    done: list[int]
    # Ids left as they were, with why (already decided, handle taken...).
    skipped: dict[int, str]


# -- reports --------------------------------------------------------------------------------------

ReportAction = Literal["dismiss", "delete_username", "ban_username", "ban_user", "change_to_paid", "get_mail"]


class ReportRead(BaseModel):
    id: int
    type: str
    message: str
    status: str
    hid_listing: bool
    reporter_id: int | None
    # The reporter's earlier reports: how many were dismissed and how many upheld.
    reporter_dismissed: int
    reporter_upheld: int
    # An admin flagged the reporter as a trusted flagger (their underage reports hide at once).
    reporter_trusted: bool = False
    # An underage report left listed: decide by then (one hour from the report).
    due_at: UtcDatetime | None = None
    decision: str | None
    decision_reason: str | None
    created_at: UtcDatetime
    resolved_at: UtcDatetime | None


class ReportGroup(BaseModel):
    username: AdminUsername
    reports: list[ReportRead]
    has_underage: bool
    # The soonest one-hour clock of its open underage reports: such groups head the queue.
    due_at: UtcDatetime | None = None


class ReportDecideIn(StrictInput):
    action: ReportAction
    reason: str = Reason
    macro: str | None = Macro
    # For ban_username and ban_user: null bans for good.
    hours: int | None = Field(default=72, ge=0, le=24 * 365)


class ReportDecision(BaseModel):
    success: bool
    message: str
    username: AdminUsername
    # Reports this decision closed (every open one on the username; none for get_mail).
    decided: int
    owner_email: str | None = None


# -- unban and removal requests -------------------------------------------------------------------


class RequestDecideIn(StrictInput):
    action: Literal["accept", "refuse"]
    reason: str = Reason
    macro: str | None = Macro


class UnbanRequestAdmin(BaseModel):
    id: int
    status: str
    message: str
    automatic: bool
    decision_reason: str | None
    created_at: UtcDatetime
    decided_at: UtcDatetime | None
    # A ban with no end: lifetime. Those requests always come here.
    lifetime: bool
    username: AdminUsername


class RemovalDecideIn(StrictInput):
    action: Literal["remove", "refuse"]
    reason: str = Reason


class RemovalRequestAdmin(BaseModel):
    id: int
    status: str
    app: str
    username: str
    reason: str
    email: str
    decision_reason: str | None
    created_at: UtcDatetime
    decided_at: UtcDatetime | None
    # The 48-hour limit (TAKE IT DOWN Act): when it falls due and whether it is past.
    due_at: UtcDatetime
    overdue: bool
    listed_username_id: int | None
    proof_url: str


# -- macros ---------------------------------------------------------------------------------------

MacroType = Literal["review", "report", "unban", "removal", "contact"]


class MacroIn(StrictInput):
    name: str = Field(min_length=1, max_length=80)
    type: MacroType
    text: str = Field(min_length=1, max_length=2000)


class MacroUpdate(StrictInput):
    name: str | None = Field(default=None, min_length=1, max_length=80)
    type: MacroType | None = None
    text: str | None = Field(default=None, min_length=1, max_length=2000)


class MacroRead(Schema):
    id: int
    name: str
    type: str
    text: str
    updated_at: UtcDatetime


# -- trusted flaggers -----------------------------------------------------------------------------


class TrustedFlaggerIn(StrictInput):
    trusted: bool
    # Why this member's underage reports may hide a listing at once (or no longer may): audited.
    reason: str = Field(min_length=3, max_length=300)


class TrustedFlaggerRead(BaseModel):
    trusted: bool
    reason: str | None = None
    added_by: int | None = None
    since: UtcDatetime | None = None
