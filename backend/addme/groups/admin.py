"""Groups in the admin area (/admin/groups): search, edit the information and the maximum, remove.

Every change writes its audit row in the transaction that makes it; a missing group is the spec's
"Group could not be found.".
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field, field_validator
from sqlalchemy import ColumnElement, delete, func, or_, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core.db import get_or_404
from addme.core.errors import FieldError
from addme.core.options import AppName
from addme.core.paging import bounded_meta
from addme.core.schemas import Page, StrictInput, UtcDatetime, from_row
from addme.decisions import service as decisions
from addme.decisions.models import StatementOfReasons
from addme.groups.codes import GroupCode
from addme.groups.models import Group, GroupMember
from addme.groups.schemas import MAX_MEMBERS, MIN_MEMBERS, allowed_text
from addme.groups.service import MAX_BELOW_MEMBERS, NOT_FOUND


class AdminGroupRead(BaseModel):
    id: int
    slug: str
    app: AppName
    name: str
    username: str
    description: str
    max_members: int
    members_count: int
    owner_id: int
    owner_email: str | None
    created_at: UtcDatetime
    last_activity_at: UtcDatetime


class AdminGroupUpdate(StrictInput):
    """The group's information and its maximum; only the fields sent change."""

    name: str | None = Field(default=None, min_length=3, max_length=60)
    description: str | None = Field(default=None, max_length=1000)
    max_members: int | None = Field(default=None, ge=MIN_MEMBERS, le=MAX_MEMBERS, strict=True)
    reason: str = Field(default="", max_length=300)

    @field_validator("name", "description")
    @classmethod
    def _text(cls, value: str | None) -> str | None:
        return allowed_text(value)


class AdminGroupRemove(StrictInput):
    # At least 10 characters, or a macro: the owner is sent it as the statement of reasons.
    reason: str = Field(default="", max_length=300)
    macro: str | None = Field(default=None, max_length=40)


def _read(group: Group, email: str | None) -> AdminGroupRead:
    return from_row(AdminGroupRead, group, owner_id=group.user_id, owner_email=email)


def _found(session: Session, group_id: int) -> Group:
    return get_or_404(session, Group, group_id, NOT_FOUND, code=GroupCode.GROUP_NOT_FOUND)


# What the audit keeps of a group's edit: the information and the maximum an admin may change.
AUDITED = audit.Audited[Group](target="group", fields=audit.columns("name", "description", "max_members"))


def search(
    session: Session, *, q: str | None, app: AppName | None, page: int, per_page: int
) -> Page[AdminGroupRead]:
    """Groups, newest first; q matches the name, the slug, the handle, the owner's e-mail or an id."""
    where: list[ColumnElement[bool]] = []
    if q and q.strip():
        text = q.strip()
        like = f"%{text.lower()}%"
        terms = [
            func.lower(Group.name).like(like),
            Group.slug.like(like),
            func.lower(Group.username).like(like),
            func.lower(User.email) == text.lower(),
        ]
        if text.isdigit() and len(text) < 10:
            terms.append(Group.id == int(text))
        where.append(or_(*terms))
    if app:
        where.append(Group.app == app)
    joined = select(Group).join(User, User.id == Group.user_id).where(*where)
    meta = bounded_meta(session, joined, page=page, per_page=per_page)
    rows = session.execute(
        joined.add_columns(User.email).order_by(Group.id.desc()).offset((page - 1) * per_page).limit(per_page)
    ).all()
    return Page[AdminGroupRead](data=[_read(g, e) for g, e in rows], meta=meta)


def one(session: Session, *, group_id: int) -> AdminGroupRead:
    group = _found(session, group_id)
    return _read(group, session.scalar(select(User.email).where(User.id == group.user_id)))


def update(session: Session, *, admin: User, group_id: int, body: AdminGroupUpdate) -> AdminGroupRead:
    """Edit a group's information or maximum (never below its members), audited."""
    group = _found(session, group_id)
    sent = body.model_fields_set
    # An edit that sends the same values is no change: no audit row, and no UPDATE, so `updated_at`
    # (set by the row's onupdate) stays as it was.
    with AUDITED.change(
        session, admin=admin, row=group, action="group.update", reason=body.reason, only_if_changed=True
    ):
        if "name" in sent and body.name is not None:
            group.name = body.name
        if "description" in sent and body.description is not None:
            group.description = body.description
        if "max_members" in sent and body.max_members is not None:
            if body.max_members < group.members_count:
                raise FieldError("max_members", MAX_BELOW_MEMBERS.format(count=group.members_count))
            group.max_members = body.max_members
    session.commit()
    return one(session, group_id=group.id)


def remove(session: Session, *, admin: User, group_id: int, reason: str, macro: str | None = None) -> None:
    """Erase a group and its memberships, audited, its owner sent the statement of reasons."""
    group = _found(session, group_id)
    reason = decisions.reason_text(reason, macro)
    owner = session.get(User, group.user_id)
    subject = decisions.Subject(type="group", id=group.id, about=f"{group.name} ({group.app})", member=owner)
    statement = subject.record(
        session, decision="remove_group", visibility="content_removed", facts=reason, decided_by=admin.id
    )
    audit.record(
        session,
        admin=admin,
        action="group.delete",
        target=f"group:{group.id}",
        reason=reason,
        before={**AUDITED.fields(group), "slug": group.slug, "owner_id": group.user_id},
    )
    hold_and_erase(session, group=group, statement=statement)
    session.commit()


def hold_and_erase(session: Session, *, group: Group, statement: StatementOfReasons) -> None:
    """Take a group and its memberships off the site, its snapshot held for the appeal period under
    the removal's statement (`restore_held`), in the caller's transaction."""
    members = list(session.scalars(select(GroupMember).where(GroupMember.group_id == group.id)))
    snapshot: dict[str, object] = {f: getattr(group, f) for f in _SNAPSHOT}
    for f in ("last_activity_at", "created_at", "updated_at"):
        value = getattr(group, f, None)
        snapshot[f] = value.isoformat() if value is not None else None
    snapshot["members"] = [[m.user_id, m.joined_at.isoformat()] for m in members]
    decisions.hold(
        session,
        kind="group",
        subject_id=group.id,
        statement=statement,
        user_id=group.user_id,
        snapshot=snapshot,
    )
    session.execute(delete(GroupMember).where(GroupMember.group_id == group.id))
    session.delete(group)


_SNAPSHOT = (
    "id",
    "user_id",
    "app",
    "name",
    "slug",
    "username",
    "description",
    "max_members",
    "members_count",
)


def restore_held(session: Session, *, statement_id: int) -> bool:
    """Bring back a group a reversed removal held, with its members who still exist, in the caller's
    transaction; False when nothing is held or its slug was taken meanwhile."""
    row = decisions.held_for(session, statement_id=statement_id)
    if row is None or row.kind != "group":
        return False
    snap = dict(row.snapshot)
    members = snap.pop("members", [])
    if session.get(Group, snap["id"]) is not None or session.get(User, snap["user_id"]) is None:
        return False
    if session.scalar(select(Group.id).where(Group.slug == snap["slug"])) is not None:
        snap["slug"] = f"{snap['slug']}-{snap['id']}"
    dates = {f: datetime.fromisoformat(v) for f in ("last_activity_at", "created_at", "updated_at")
             if isinstance(v := snap.pop(f, None), str)}  # fmt: skip
    alive = (
        set(session.scalars(select(User.id).where(User.id.in_([m[0] for m in members]))))
        if members
        else set()
    )
    kept = [m for m in members if m[0] in alive]
    snap["members_count"] = max(1, min(len(kept), int(snap["max_members"])))
    session.add(Group(**snap, **dates))
    session.flush()
    for user_id, joined in kept[: int(snap["max_members"])]:
        session.add(
            GroupMember(group_id=snap["id"], user_id=user_id, joined_at=datetime.fromisoformat(joined))
        )
    decisions.release(session, held=row)
    return True


def purge_held(session: Session) -> dict[str, int]:
    """Erase groups held past the appeal period (logged job)."""
    rows = decisions.held_due(session, kind="group")
    for r in rows:
        decisions.release(session, held=r)
    session.commit()
    return {"groups": len(rows)}
