"""The one shape of the admin's published content (ads, alerts, blog posts).

A row is created, changed or removed with the admin's reason and an audit row holding what it was
and what it became, in the same transaction; what a process caches of it is forgotten once the
change is committed (`Published`). Ads and alerts also share where they show and when: a switch, a
window (`schedule`, `is_live`) and a list of known spots (`known_spots`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol, TypedDict, TypeVar, overload

from pydantic import Field
from sqlalchemy import ColumnElement, and_, or_
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core.schemas import StrictInput

WINDOW_BACKWARDS = "The end must come after the start."


Row = TypeVar("Row", bound=audit.Identified)


class Scheduled(Protocol):
    """A row shown while switched on and inside its window (either end open when None)."""

    active: bool
    starts_at: datetime | None
    ends_at: datetime | None


# A removal's body: the reason is required (creating and editing keep their own, optional for some).
# No docstring: it would become every subclass's description in the OpenAPI schema.
class RemoveIn(StrictInput):
    reason: str = Field(min_length=3, max_length=300)


@overload
def naive_utc(value: datetime) -> datetime: ...
@overload
def naive_utc(value: None) -> None: ...
@overload
def naive_utc(value: datetime | None) -> datetime | None: ...
def naive_utc(value: datetime | None) -> datetime | None:
    """Converted to UTC (an offset is never just dropped) and stored as naive UTC, as every other date of the schema."""
    if value is None:
        return None
    if value.tzinfo is not None:
        value = value.astimezone(UTC)
    return value.replace(tzinfo=None)


def known_spots(value: Sequence[str], *, spots: Sequence[str]) -> list[str]:
    """The spots asked for, each once, or a ValueError naming the unknown ones (a validator's)."""
    unknown = [s for s in value if s not in spots]
    if unknown:
        raise ValueError(f"Unknown spot: {', '.join(unknown)}. Spots are {', '.join(spots)}.")
    return list(dict.fromkeys(value))


def check_window(*, starts_at: datetime | None, ends_at: datetime | None) -> None:
    """A ValueError (a model validator's) when the window ends before it starts."""
    if starts_at and ends_at and ends_at <= starts_at:
        raise ValueError(WINDOW_BACKWARDS)


def schedule(row: Scheduled, *, active: bool, starts_at: datetime | None, ends_at: datetime | None) -> None:
    """Switch a row on or off and set its window, the dates stored as naive UTC."""
    row.active = active
    row.starts_at = naive_utc(starts_at)
    row.ends_at = naive_utc(ends_at)


def schedule_fields(row: Scheduled) -> dict[str, object]:
    """The switch and the window as the audit row keeps them."""
    return {
        "active": row.active,
        "starts_at": row.starts_at.isoformat() if row.starts_at else None,
        "ends_at": row.ends_at.isoformat() if row.ends_at else None,
    }


class Window(TypedDict):
    active: bool
    starts_at: datetime | None
    ends_at: datetime | None


def window_read(row: Scheduled) -> Window:
    """The switch and the window as the admin's read shapes carry them."""
    return Window(active=row.active, starts_at=row.starts_at, ends_at=row.ends_at)


def is_live(row: Scheduled, *, now: datetime) -> bool:
    """Switched on, started (or no start) and not yet ended (or no end)."""
    return (
        row.active
        and (row.starts_at is None or row.starts_at <= now)
        and (row.ends_at is None or row.ends_at > now)
    )


def live_where(model: Any, *, now: datetime) -> ColumnElement[bool]:
    """`is_live` as a query's condition on a model with the same three columns."""
    return and_(
        model.active.is_(True),
        or_(model.starts_at.is_(None), model.starts_at <= now),
        or_(model.ends_at.is_(None), model.ends_at > now),
    )


@dataclass(frozen=True, kw_only=True)
class Published(audit.Audited[Row]):
    """How one kind of content is audited: actions `<kind>.create|update|delete` on `<target>:<id>`,
    with `fields` (the audit's view of a row) before and after, then `after_commit` (a cache
    forgotten) once the change is in the database."""

    kind: str
    after_commit: Callable[[], None] | None = None

    def create(self, session: Session, *, admin: User, row: Row, reason: str) -> Row:
        session.add(row)
        session.flush()
        self.created(session, admin=admin, row=row, action=f"{self.kind}.create", reason=reason)
        self._finish(session)
        return row

    def update(
        self, session: Session, *, admin: User, row: Row, change: Callable[[], None], reason: str
    ) -> Row:
        with self.change(session, admin=admin, row=row, action=f"{self.kind}.update", reason=reason):
            change()
        self._finish(session)
        return row

    def remove(self, session: Session, *, admin: User, row: Row, reason: str) -> None:
        self.removed(session, admin=admin, row=row, action=f"{self.kind}.delete", reason=reason)
        session.delete(row)
        self._finish(session)

    def _finish(self, session: Session) -> None:
        session.commit()
        if self.after_commit:
            self.after_commit()
