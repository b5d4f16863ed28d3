"""Decision records and appeals as the member and the moderators read them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from addme.core.schemas import StrictInput, UtcDatetime
from addme.decisions.macros import DecisionMacro

MAX_APPEAL = 2000


class StatementRead(BaseModel):
    id: int
    decision: str
    decision_visibility: str | None
    decision_account: str | None
    ground: str
    ground_reference: str
    category: str
    source_type: str
    automated_detection: bool
    automated_decision: str
    facts: str
    territorial_scope: list[str]
    content: list[str]
    subject_type: str | None
    subject_id: int | None
    user_id: int | None
    appeal_of_id: int | None
    decided_by: int | None
    decided_at: UtcDatetime


class AppealBrief(BaseModel):
    id: int
    status: Literal["open", "upheld", "reversed"]
    message: str
    created_at: UtcDatetime
    due_at: UtcDatetime
    decided_at: UtcDatetime | None
    reason: str | None


class MyDecision(BaseModel):
    """One decision about the member, with whether (and until when) they may appeal it."""

    statement: StatementRead
    # What it is about, in words: "alice (snapchat)", "picture #12".
    about: str
    appealable: bool
    appeal_until: UtcDatetime | None
    appeals: list[AppealBrief]


class MyDecisions(BaseModel):
    data: list[MyDecision]


class AppealIn(StrictInput):
    message: str = Field(min_length=1, max_length=MAX_APPEAL)


class AppealResult(BaseModel):
    success: bool
    message: str
    appeal: AppealBrief


class DecisionMacros(BaseModel):
    data: list[DecisionMacro]
