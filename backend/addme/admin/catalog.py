"""The catalogue an admin keeps (/admin/tags, /admin/switch-rules): each action goes through the
owning domain's service (listings) and writes its audit row in the same transaction."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core.schemas import Page, StrictInput, UtcDatetime
from addme.listings import switching, tags
from addme.listings.models import Tag
from addme.listings.switching import SwitchRuleIn, SwitchRuleRead

Reason = Field(default="", max_length=300)


class TagRead(BaseModel):
    id: int
    name: str
    hidden: bool
    # Usernames carrying the tag, and how many of them are on the public lists.
    usernames: int
    listed: int
    created_at: UtcDatetime


class TagCreate(StrictInput):
    name: str = Field(min_length=1, max_length=40)
    reason: str = Reason


class TagUpdate(StrictInput):
    """Rename and/or hide; only the fields sent change."""

    name: str | None = Field(default=None, min_length=1, max_length=40)
    hidden: bool | None = Field(default=None, strict=True)
    reason: str = Reason


class TagMerge(StrictInput):
    # The tag that stays, by name (as admins know tags), in any spelling members type.
    into: str = Field(min_length=1, max_length=40)
    reason: str = Reason


def _tag_action(before: dict[str, Any], after: dict[str, Any]) -> str:
    if after["name"] != before["name"]:
        return "tag.rename"
    return "tag.hide" if after["hidden"] else "tag.show"


# What the audit keeps of a tag's edit; the action is named from what changed.
TAG_EDIT = audit.Audited[Tag](target="tag", fields=audit.columns("name", "hidden"))


def _read(row: dict[str, object]) -> TagRead:
    return TagRead.model_validate(row)


def tag_page(
    session: Session, *, q: str | None, hidden: bool | None, page: int, per_page: int
) -> Page[TagRead]:
    data, meta = tags.table(session, q=q, hidden=hidden, page=page, per_page=per_page)
    return Page[TagRead](data=[_read(r) for r in data], meta=meta)


def create_tag(session: Session, *, admin: User, body: TagCreate) -> TagRead:
    tag = tags.create(session, name=body.name)
    audit.record(
        session,
        admin=admin,
        action="tag.create",
        target=f"tag:{tag.id}",
        reason=body.reason,
        after={"name": tag.name},
    )
    session.commit()
    return _read(tags.row(session, tag_id=tag.id))


def update_tag(session: Session, *, admin: User, tag_id: int, body: TagUpdate) -> TagRead:
    tag = tags.get(session, tag_id=tag_id)
    details: dict[str, Any] = {}
    with TAG_EDIT.change(
        session,
        admin=admin,
        row=tag,
        action=_tag_action,
        reason=body.reason,
        details=details,
        only_if_changed=True,
    ):
        if body.name is not None:
            details["usernames"] = len(tags.rename(session, tag=tag, name=body.name))
        if body.hidden is not None and body.hidden != tag.hidden:
            tags.set_hidden(session, tag=tag, hidden=body.hidden)
    session.commit()
    return _read(tags.row(session, tag_id=tag.id))


def merge_tag(session: Session, *, admin: User, tag_id: int, body: TagMerge) -> TagRead:
    source = tags.get(session, tag_id=tag_id)
    target = tags.by_name(session, name=body.into)
    name = source.name
    moved = tags.merge(session, source=source, target=target)
    audit.record(
        session,
        admin=admin,
        action="tag.merge",
        target=f"tag:{target.id}",
        reason=body.reason,
        before={"name": name, "id": tag_id},
        after={"name": target.name},
        details={"usernames": len(moved)},
    )
    session.commit()
    return _read(tags.row(session, tag_id=target.id))


def switch_rules(session: Session) -> list[SwitchRuleRead]:
    return switching.rules(session)


def set_switch_rule(session: Session, *, admin: User, app: str, body: SwitchRuleIn) -> SwitchRuleRead:
    before, after = switching.set_rule(session, app=app, allowed=body.allowed, max_accounts=body.max_accounts)
    audit.record(
        session,
        admin=admin,
        action="switch_rule.set",
        target=f"app:{app}",
        reason=body.reason,
        before=before.model_dump(),
        after=after.model_dump(),
    )
    session.commit()
    return after
