"""The one shape of the admin's published content (ads, alerts, blog posts): a row is created,
changed or removed with the admin's reason, an audit row holding what it was and what it became, in
the same transaction; what a process caches of it is forgotten once the change is committed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Protocol, TypeVar

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit


class _Row(Protocol):
    id: int


Row = TypeVar("Row", bound=_Row)
Fields = Callable[[Row], dict[str, object]]


def naive_utc(value: datetime | None) -> datetime | None:
    """Stored as naive UTC, as every other date of the schema."""
    if value is None:
        return None
    if value.tzinfo is not None:
        value = value.astimezone(UTC)
    return value.replace(tzinfo=None)


def create(
    session: Session,
    *,
    admin: User,
    kind: str,
    target: str,
    row: Row,
    reason: str,
    fields: Fields[Row],
    after_commit: Callable[[], None] | None = None,
) -> Row:
    session.add(row)
    session.flush()
    audit.record(
        session,
        admin=admin,
        action=f"{kind}.create",
        target=f"{target}:{row.id}",
        reason=reason,
        after=fields(row),
    )
    session.commit()
    if after_commit:
        after_commit()
    return row


def update(
    session: Session,
    *,
    admin: User,
    kind: str,
    target: str,
    row: Row,
    change: Callable[[], None],
    reason: str,
    fields: Fields[Row],
    after_commit: Callable[[], None] | None = None,
) -> Row:
    before = fields(row)
    change()
    audit.record(
        session,
        admin=admin,
        action=f"{kind}.update",
        target=f"{target}:{row.id}",
        reason=reason,
        before=before,
        after=fields(row),
    )
    session.commit()
    if after_commit:
        after_commit()
    return row


def remove(
    session: Session,
    *,
    admin: User,
    kind: str,
    target: str,
    row: Row,
    reason: str,
    fields: Fields[Row],
    after_commit: Callable[[], None] | None = None,
) -> None:
    audit.record(
        session,
        admin=admin,
        action=f"{kind}.delete",
        target=f"{target}:{row.id}",
        reason=reason,
        before=fields(row),
    )
    session.delete(row)
    session.commit()
    if after_commit:
        after_commit()
