"""Groups: public lists, the member's own groups, create (1 Top-Up), edit, delete, join, leave."""

from __future__ import annotations

import re
import secrets
import unicodedata
from datetime import timedelta
from typing import Any

from sqlalchemy import ColumnElement, Exists, UnaryExpression, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.core.errors import AppError, Conflict, FieldError, NotFound
from addme.core.paging import exact_page
from addme.core.schemas import from_row
from addme.groups.codes import GroupCode
from addme.groups.models import Group, GroupMember
from addme.groups.schemas import GroupCreate, GroupDetail, GroupPage, GroupRead, GroupUpdate, MyGroups
from addme.listings import service as listings
from addme.screening import service as screening
from addme.wallet import ledger
from addme.wallet.models import Kind, Reason

NOT_FOUND = "Group could not be found."
CREATED = "Group created."
UPDATED = "Group updated."
DELETED = "Group deleted."
JOINED = "You joined the group."
LEFT = "You left the group."
NOT_ENOUGH_TOPUP = "Not enough Top-Up"
FULL = "This group is full."
ALREADY_MEMBER = "You are already a member of this group."
NOT_MEMBER = "You are not a member of this group."
OWNER_CANNOT_LEAVE = "You own this group: delete it instead of leaving it."
MAX_BELOW_MEMBERS = "The maximum cannot be lower than the current number of members ({count})."

PER_PAGE_DEFAULT = 24
PER_PAGE_MAX = 60
# Spec §9: groups with fewer than 2 members and no activity for 7 days are erased.
INACTIVE_AFTER = timedelta(days=7)
MIN_LIVE_MEMBERS = 2

_SLUG_STRIP = re.compile(r"[^a-z0-9]+")


def make_slug(name: str) -> str:
    base = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    base = _SLUG_STRIP.sub("-", base).strip("-")[:50] or "group"
    # A random tail keeps slugs unique without a retry loop and unguessable from the name alone.
    return f"{base}-{secrets.token_hex(3)}"


def to_read(group: Group, *, reveal: bool) -> GroupRead:
    """A group as listed; `reveal` shows its handle (to its owner and members only)."""
    return from_row(
        GroupRead,
        group,
        username=group.username if reveal else None,
        is_full=group.members_count >= group.max_members,
    )


def _detail(session: Session, group: Group, viewer: User | None) -> GroupDetail:
    member = viewer is not None and _is_member(session, group_id=group.id, user_id=viewer.id)
    owner = viewer is not None and group.user_id == viewer.id
    return GroupDetail(
        **to_read(group, reveal=member or owner).model_dump(),
        is_owner=owner,
        is_member=member,
    )


def _is_member(session: Session, *, group_id: int, user_id: int) -> bool:
    found = session.scalar(
        select(GroupMember.id).where(GroupMember.group_id == group_id, GroupMember.user_id == user_id)
    )
    return found is not None


def _visible() -> Exists:
    # A deleted or banned owner's groups leave the public lists with them.
    owner_ok = select(User.id).where(User.id == Group.user_id, User.deleted_at.is_(None), ~User.ban.has())
    return owner_ok.exists()


def list_public(
    session: Session,
    *,
    app: str | None,
    page: int,
    per_page: int,
    vip: bool = False,
    popular: bool = False,
    gender: str | None = None,
    orientation: str | None = None,
) -> GroupPage:
    """Visible groups, most recently active first (or most members first when `popular`).

    The lists take the username lists' sub-paths: `vip` keeps groups whose owner is VIP or Studio;
    gender and orientation keep groups whose owner lists a username of that gender or orientation.
    """
    per_page = max(1, min(per_page, PER_PAGE_MAX))
    page = max(1, page)
    where: list[ColumnElement[bool]] = [_visible()]
    if app:
        where.append(Group.app == app)
    if vip:
        now = clock.now()
        where.append(Group.user_id.in_(ledger.vip_user_ids(now)))
    if gender or orientation:
        where.append(Group.user_id.in_(listings.owners_listed_as(gender=gender, orientation=orientation)))
    order: list[UnaryExpression[Any]] = [Group.last_activity_at.desc(), Group.id.desc()]
    if popular:
        order.insert(0, Group.members_count.desc())
    rows, meta = exact_page(session, select(Group).where(*where), order=order, page=page, per_page=per_page)
    return GroupPage(data=[to_read(g, reveal=False) for g in rows], meta=meta)


def get_public(session: Session, *, slug: str, viewer: User | None) -> GroupDetail:
    """One visible group by slug, else 404."""
    group = session.scalar(select(Group).where(Group.slug == slug, _visible()))
    if group is None:
        raise NotFound(NOT_FOUND, code=GroupCode.GROUP_NOT_FOUND)
    return _detail(session, group, viewer)


def _visible_by_id(session: Session, *, group_id: int) -> Group:
    group = session.scalar(select(Group).where(Group.id == group_id, _visible()))
    if group is None:
        raise NotFound(NOT_FOUND, code=GroupCode.GROUP_NOT_FOUND)
    return group


def _own(session: Session, *, user: User, group_id: int) -> Group:
    """The caller's own group; anyone else's is a 404, the same as a missing one."""
    group = session.get(Group, group_id)
    if group is None or group.user_id != user.id:
        raise NotFound(NOT_FOUND, code=GroupCode.GROUP_NOT_FOUND)
    return group


def list_mine(session: Session, *, user: User) -> MyGroups:
    """Groups the member created, and those they joined."""
    created = session.scalars(select(Group).where(Group.user_id == user.id).order_by(Group.id.desc())).all()
    joined = session.scalars(
        select(Group)
        .join(GroupMember, GroupMember.group_id == Group.id)
        .where(GroupMember.user_id == user.id, Group.user_id != user.id, _visible())
        .order_by(GroupMember.joined_at.desc(), Group.id.desc())
    ).all()
    return MyGroups(
        created=[to_read(g, reveal=True) for g in created], joined=[to_read(g, reveal=True) for g in joined]
    )


def _refuse_minor(*, name: str, username: str, description: str | None) -> None:
    """A group whose name or text reads as a minor's is refused (groups have no review queue)."""
    screening.refuse_clear_minor(
        fields={"name": name, "username": username, "description": description}, code=GroupCode.MINOR_SIGNAL
    )


def create(session: Session, *, user: User, data: GroupCreate) -> GroupDetail:
    """Create a group; its Top-Up is spent in the same transaction as the insert, or nothing is."""
    if user.top_ups_count <= 0:
        raise AppError(NOT_ENOUGH_TOPUP, code=GroupCode.NOT_ENOUGH_TOPUPS)
    _refuse_minor(name=data.name, username=data.username, description=data.description)
    now = clock.now()
    group = Group(
        user_id=user.id,
        app=data.app,
        name=data.name,
        slug=make_slug(data.name),
        username=data.username,
        description=data.description,
        max_members=data.max_members,
        members_count=1,
        last_activity_at=now,
        created_at=now,
        updated_at=now,
    )
    session.add(group)
    session.flush()
    session.add(GroupMember(group_id=group.id, user_id=user.id, joined_at=now))
    # The conditional spend is the real check: two creates racing on the last Top-Up get one group.
    if not ledger.spend(session, user_id=user.id, kind=Kind.TOP_UP, reason=Reason.GROUP):
        session.rollback()
        raise AppError(NOT_ENOUGH_TOPUP, code=GroupCode.NOT_ENOUGH_TOPUPS)
    session.commit()
    session.refresh(user)
    return _detail(session, group, user)


def update_group(session: Session, *, user: User, group_id: int, data: GroupUpdate) -> GroupDetail:
    """Apply the fields sent to the caller's own group."""
    group = _own(session, user=user, group_id=group_id)
    sent = data.model_fields_set
    _refuse_minor(
        **{f: (getattr(data, f) if f in sent and getattr(data, f) is not None else getattr(group, f))
           for f in ("name", "username", "description")}
    )  # fmt: skip
    for field in ("app", "name", "username", "description"):
        value = getattr(data, field)
        if field in sent and value is not None:
            setattr(group, field, value)
    if "max_members" in sent and data.max_members is not None:
        if data.max_members < group.members_count:
            raise FieldError("max_members", MAX_BELOW_MEMBERS.format(count=group.members_count))
        group.max_members = data.max_members
    group.last_activity_at = clock.now()
    session.commit()
    return _detail(session, group, user)


def delete_group(session: Session, *, user: User, group_id: int) -> None:
    """Erase the caller's own group and its memberships."""
    group = _own(session, user=user, group_id=group_id)
    session.execute(delete(GroupMember).where(GroupMember.group_id == group.id))
    session.delete(group)
    session.commit()


def by_slug(session: Session, *, slug: str) -> Group | None:
    """Any group by slug, visible or not (a moderator acting on a notice about it)."""
    return session.scalar(select(Group).where(Group.slug == slug))


def join(session: Session, *, user: User, group_id: int) -> GroupDetail:
    """Join a group unless full; the seat is taken by one conditional update."""
    group = _visible_by_id(session, group_id=group_id)
    if _is_member(session, group_id=group.id, user_id=user.id):
        raise Conflict(ALREADY_MEMBER, code=GroupCode.ALREADY_MEMBER)
    now = clock.now()
    seat = session.execute(
        update(Group)
        .where(Group.id == group.id, Group.members_count < Group.max_members)
        .values(members_count=Group.members_count + 1, last_activity_at=now),
        execution_options={"synchronize_session": False},
    )
    if seat.rowcount != 1:  # type: ignore[attr-defined]
        session.rollback()
        raise AppError(FULL, code=GroupCode.GROUP_FULL)
    try:
        session.add(GroupMember(group_id=group.id, user_id=user.id, joined_at=now))
        session.flush()
    except IntegrityError:
        # A double click: the first join won, this one gives its seat back by rolling back.
        session.rollback()
        raise Conflict(ALREADY_MEMBER, code=GroupCode.ALREADY_MEMBER) from None
    session.commit()
    session.refresh(group)
    return _detail(session, group, user)


def leave(session: Session, *, user: User, group_id: int) -> GroupDetail:
    """Leave a group the caller joined; the owner deletes instead."""
    group = _visible_by_id(session, group_id=group_id)
    if group.user_id == user.id:
        raise AppError(OWNER_CANNOT_LEAVE, code=GroupCode.OWNER_CANNOT_LEAVE)
    gone = session.execute(
        delete(GroupMember).where(GroupMember.group_id == group.id, GroupMember.user_id == user.id),
        execution_options={"synchronize_session": False},
    )
    if gone.rowcount != 1:  # type: ignore[attr-defined]
        session.rollback()
        raise AppError(NOT_MEMBER, code=GroupCode.NOT_MEMBER)
    session.execute(
        update(Group)
        .where(Group.id == group.id, Group.members_count > 0)
        .values(members_count=Group.members_count - 1, last_activity_at=clock.now()),
        execution_options={"synchronize_session": False},
    )
    session.commit()
    session.refresh(group)
    return _detail(session, group, user)


def cleanup_inactive(session: Session, *, batch: int = 5000) -> int:
    """Hard-delete groups with fewer than 2 members and no activity for 7 days (the job), the
    longest idle first and at most `batch` per run."""
    cutoff = clock.now() - INACTIVE_AFTER
    ids = list(
        session.scalars(
            select(Group.id)
            .where(Group.members_count < MIN_LIVE_MEMBERS, Group.last_activity_at < cutoff)
            .order_by(Group.last_activity_at, Group.id)
            .limit(batch)
        )
    )
    if not ids:
        return 0
    session.execute(delete(GroupMember).where(GroupMember.group_id.in_(ids)))
    session.execute(delete(Group).where(Group.id.in_(ids)))
    session.commit()
    return len(ids)
