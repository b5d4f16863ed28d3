"""Comment shapes. A commenter is shown by account age only, never by e-mail."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from addme.core.schemas import StrictInput, UtcDatetime

Thumb = Literal["up", "down"]


class CommentIn(StrictInput):
    text: str = Field(min_length=1, max_length=500)
    thumb: Thumb | None = None


class AnswerIn(StrictInput):
    text: str = Field(min_length=1, max_length=500)


class CommentReportIn(StrictInput):
    message: str = Field(default="", max_length=1000)


class CommentRead(BaseModel):
    id: int
    text: str
    thumb: Thumb | None
    # Whether the thumb is in the listing's counts (accounts over 7 days, not flagged hopping).
    thumb_counted: bool
    # Days since the commenter's account was made.
    account_age_days: int
    status: Literal["visible", "held", "removed"]
    hidden: bool
    answer: str | None
    answered_at: UtcDatetime | None
    created_at: UtcDatetime
    mine: bool


class Thumbs(BaseModel):
    up: int
    down: int


class Allowance(BaseModel):
    # None: unlimited (VIP and Studio).
    per_day: int | None
    left: int | None
    can_comment: bool
    # Why not, in words, when the member cannot comment here today.
    reason: str | None


class CommentList(BaseModel):
    data: list[CommentRead]
    thumbs: Thumbs
    is_owner: bool
    allowance: Allowance | None


class CommentResult(BaseModel):
    success: bool
    message: str
    comment: CommentRead
