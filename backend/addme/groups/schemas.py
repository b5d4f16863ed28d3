"""Group request and response shapes."""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator

from addme.core.options import AppName
from addme.core.schemas import ActionResult, PageMeta, StrictInput, UtcDatetime

MIN_MEMBERS = 2
MAX_MEMBERS = 10_000

_BAD_CHARS = {
    chr(x) for x in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200B, 0x200E, 0x200F, 0xFEFF)
}


def _clean_handle(value: str) -> str:
    if any(ch in _BAD_CHARS or ord(ch) < 32 for ch in value) or any(ch.isspace() for ch in value):
        raise ValueError("The group username or invite link cannot contain spaces or hidden characters.")
    # An invite may be a link; only https ever reaches another member's browser.
    if "://" in value and not value.lower().startswith("https://"):
        raise ValueError("An invite link must start with https://.")
    if value.lower().startswith(("javascript:", "data:")):
        raise ValueError("An invite link must start with https://.")
    return value


def allowed_text(value: str | None) -> str | None:
    """A group's name or description, or a ValueError (a validator's) when it holds a refused character."""
    if value is not None and any(ch in _BAD_CHARS for ch in value):
        raise ValueError("The text contains characters that are not allowed.")
    return value


class _GroupFields(StrictInput):
    app: AppName | None = None
    name: str | None = Field(default=None, min_length=3, max_length=60)
    username: str | None = Field(default=None, min_length=2, max_length=200)
    description: str | None = Field(default=None, max_length=1000)
    max_members: int | None = Field(default=None, ge=MIN_MEMBERS, le=MAX_MEMBERS, strict=True)

    @field_validator("username")
    @classmethod
    def _handle(cls, value: str | None) -> str | None:
        return None if value is None else _clean_handle(value)

    @field_validator("name", "description")
    @classmethod
    def _text(cls, value: str | None) -> str | None:
        return allowed_text(value)


class GroupCreate(_GroupFields):
    app: AppName
    name: str = Field(min_length=3, max_length=60)
    username: str = Field(min_length=2, max_length=200)
    description: str = Field(default="", max_length=1000)
    max_members: int = Field(ge=MIN_MEMBERS, le=MAX_MEMBERS, strict=True)


class GroupUpdate(_GroupFields):
    """Only the fields sent change."""


class GroupRead(BaseModel):
    id: int
    slug: str
    app: str
    name: str
    # The group's handle or invite: only for its owner and members, so joining is what reveals it.
    username: str | None
    description: str
    max_members: int
    members_count: int
    is_full: bool
    last_activity_at: UtcDatetime
    created_at: UtcDatetime


class GroupDetail(GroupRead):
    """One group as the viewer sees it: whether they own it or belong to it."""

    is_owner: bool = False
    is_member: bool = False


class GroupPage(BaseModel):
    data: list[GroupRead]
    meta: PageMeta


class MyGroups(BaseModel):
    created: list[GroupRead]
    joined: list[GroupRead]


class GroupResult(ActionResult):
    group: GroupDetail | None = None
