"""Shared schema pieces: UTC datetimes, the error envelope, action answers, pages."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, PlainSerializer

# Stored naive-UTC; sent with an explicit Z so browsers never read them as local time.
UtcDatetime = Annotated[
    datetime,
    PlainSerializer(
        lambda d: d.replace(tzinfo=UTC).isoformat().replace("+00:00", "Z"), return_type=str, when_used="json"
    ),
]

T = TypeVar("T")


class Schema(BaseModel):
    model_config = ConfigDict(from_attributes=True)


class StrictInput(BaseModel):
    """Request bodies refuse fields they do not declare (admin_level, balances, statuses...)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Message(BaseModel):
    message: str


class ActionResult(BaseModel):
    success: bool
    message: str


class ErrorBody(BaseModel):
    message: str
    errors: dict[str, list[str]] = {}
    code: str | None = None


class PageMeta(BaseModel):
    page: int
    per_page: int
    total: int
    has_next: bool


class Page(BaseModel, Generic[T]):
    data: list[T]
    meta: PageMeta
