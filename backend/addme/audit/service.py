"""Writing and reading the audit log: every admin action is recorded in the transaction that performs it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit.models import AdminAudit


def record(
    session: Session,
    *,
    admin: User,
    action: str,
    target: str | None = None,
    reason: str = "",
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    details: dict[str, Any] | None = None,
) -> AdminAudit:
    """Append one audit row; it commits (or not) with the caller's work, so a failed action leaves none."""
    row = AdminAudit(
        admin_id=admin.id,
        admin_level=admin.admin_level or None,
        action=action,
        target=target,
        reason=(reason or "")[:2000],
        before=before,
        after=after,
        details=details,
    )
    session.add(row)
    return row


def columns(*names: str) -> Callable[[Any], dict[str, Any]]:
    """An audit view that is some of a row's columns, by name, as they are."""
    return lambda row: {name: getattr(row, name) for name in names}


class Identified(Protocol):
    """A row the audit names by its id."""

    @property
    def id(self) -> int: ...


Row = TypeVar("Row", bound=Identified)


@dataclass(frozen=True, kw_only=True)
class Audited(Generic[Row]):
    """How one kind of row is audited: `<target>:<id>` names it and `fields` is the audit's view of
    it, taken before and after a change. One view per kind, so every action on it records the same
    fields (what a row was and what it became), and a change cannot forget its "before"."""

    target: str
    fields: Callable[[Row], dict[str, Any]]

    def created(self, session: Session, *, admin: User, row: Row, action: str, reason: str = "") -> None:
        """Audit a new row (flushed, so it has its id): what it is."""
        self._record(session, admin=admin, row=row, action=action, reason=reason, after=self.fields(row))

    @contextmanager
    def change(
        self,
        session: Session,
        *,
        admin: User,
        row: Row,
        action: str | Callable[[dict[str, Any], dict[str, Any]], str],
        reason: str = "",
        details: dict[str, Any] | None = None,
        only_if_changed: bool = False,
    ) -> Iterator[None]:
        """Audit what the `with` block does to the row: its fields before and after. A block that
        raises records nothing (the caller rolls back). With `only_if_changed`, neither does a block
        that leaves the fields as they were (an edit that sent the same values). `action` may be
        named from the change itself (before, after); `details` may be filled by the block (an
        empty dict is recorded as none)."""
        before = self.fields(row)
        yield
        after = self.fields(row)
        if only_if_changed and after == before:
            return
        self._record(
            session,
            admin=admin,
            row=row,
            action=action(before, after) if callable(action) else action,
            reason=reason,
            before=before,
            after=after,
            details=details or None,
        )

    def removed(self, session: Session, *, admin: User, row: Row, action: str, reason: str = "") -> None:
        """Audit a row about to be deleted: what it was."""
        self._record(session, admin=admin, row=row, action=action, reason=reason, before=self.fields(row))

    def _record(
        self,
        session: Session,
        *,
        admin: User,
        row: Row,
        action: str,
        reason: str,
        before: dict[str, Any] | None = None,
        after: dict[str, Any] | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        target = f"{self.target}:{row.id}"
        record(
            session,
            admin=admin,
            action=action,
            target=target,
            reason=reason,
            before=before,
            after=after,
            details=details,
        )


def record_by(
    session: Session,
    *,
    actor_id: int | None,
    action: str,
    target: str | None = None,
    reason: str = "",
    details: dict[str, Any] | None = None,
) -> AdminAudit:
    """Append one audit row for an actor known by id, or for the system (a job: `actor_id` None)."""
    level = session.scalar(select(User.admin_level).where(User.id == actor_id)) if actor_id else None
    row = AdminAudit(
        admin_id=actor_id,
        admin_level=level or None,
        action=action,
        target=target,
        reason=(reason or "")[:2000],
        details=details,
    )
    session.add(row)
    return row


def entries(session: Session, *, action: str | None = None, limit: int = 100) -> list[AdminAudit]:
    """The latest audit rows, optionally for one action."""
    stmt = select(AdminAudit).order_by(AdminAudit.id.desc()).limit(limit)
    if action:
        stmt = stmt.where(AdminAudit.action == action)
    return list(session.scalars(stmt))


def for_targets(session: Session, *, targets: list[str], limit: int = 50) -> list[AdminAudit]:
    """The latest audit rows about any of these targets ("user:12", "username:40"...)."""
    if not targets:
        return []
    stmt = (
        select(AdminAudit).where(AdminAudit.target.in_(targets)).order_by(AdminAudit.id.desc()).limit(limit)
    )
    return list(session.scalars(stmt))


def latest_reasons(session: Session, *, targets: list[str], action: str) -> dict[str, str]:
    """The reason of the latest `action` row per target (e.g. why each username was banned)."""
    if not targets:
        return {}
    rows = session.scalars(
        select(AdminAudit)
        .where(AdminAudit.target.in_(targets), AdminAudit.action == action)
        .order_by(AdminAudit.id.asc())
    ).all()
    found: dict[str, str] = {}
    for row in rows:
        legacy = (row.details or {}).get("reason") if isinstance(row.details, dict) else None
        found[row.target or ""] = row.reason or str(legacy or "")
    return found
