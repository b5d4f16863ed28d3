"""Shared schema pieces: UTC datetimes, the error envelope, action answers, pages, the username card."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, Strict, WithJsonSchema

from addme.core.options import AppName, GenderName, OrientationName


def _utc_json(d: datetime) -> str:
    aware = d.astimezone(UTC) if d.tzinfo else d.replace(tzinfo=UTC)
    return aware.isoformat().replace("+00:00", "Z")


# Stored naive-UTC; sent with an explicit Z so browsers never read them as local time, and said so
# in the OpenAPI document (`format: date-time`, RFC 3339, which requires the offset).
UtcDatetime = Annotated[
    datetime,
    PlainSerializer(_utc_json, return_type=str, when_used="json"),
    WithJsonSchema({"type": "string", "format": "date-time"}, mode="serialization"),
]

T = TypeVar("T")

# An id sent in a list: a whole number, never a boolean, a float or a numeric string (pydantic's lax
# mode took `[false]` for `[0]`).
StrictId = Annotated[int, Strict(), Field(ge=1)]


Model = TypeVar("Model", bound=BaseModel)


def from_row(model: type[Model], row: object, /, **values: Any) -> Model:
    """A read model off a row: each field is the row's attribute of the same name, unless `values`
    gives it (a renamed column, a joined or computed value). A field the row lacks and `values` does
    not give is an AttributeError, never a silent default."""
    return model.model_validate(
        {name: values[name] if name in values else getattr(row, name) for name in model.model_fields}
    )


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
    # Admin tables count their matches only up to a cap (core/paging.py): an exact count of a
    # million rows is a scan. True: there are more than `total`; has_next still drives the pager.
    # Sent only when true, so every other page's meta stays as it was.
    total_capped: bool = Field(default=False, exclude_if=lambda capped: not capped)

    @classmethod
    def exact(cls, total: int, *, page: int, per_page: int) -> PageMeta:
        """The meta of an exactly counted list (queues and small tables; core.paging caps the big)."""
        return cls(page=page, per_page=per_page, total=total, has_next=page * per_page < total)


class Page(BaseModel, Generic[T]):
    data: list[T]
    meta: PageMeta


def query_parameters(model: type[BaseModel]) -> list[dict[str, Any]]:
    """OpenAPI query parameters for a model a route parses itself (listings' parse_list_query)."""
    schema = model.model_json_schema()
    props: dict[str, dict[str, Any]] = schema["properties"]
    required = set(schema.get("required", []))
    params = []
    for name, prop in props.items():
        param: dict[str, Any] = {"in": "query", "name": name, "required": name in required, "schema": prop}
        if "description" in prop:
            param["description"] = prop["description"]
        params.append(param)
    return params


class CardBase(BaseModel):
    """What every username card shows, in every list (directory, profiles, galleries, swipes, mine).

    One declaration, so the lists cannot drift apart; each list adds its own fields.
    """

    id: int
    username: str
    app: AppName
    age: int
    gender: GenderName
    orientation: OrientationName
    country_code: str | None
