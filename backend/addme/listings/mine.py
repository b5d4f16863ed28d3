"""The member's own usernames: status notices, allowed actions, counters and the slot state."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock, options
from addme.core.schemas import from_row
from addme.listings import allowance, service, validation
from addme.listings import constants as c
from addme.listings.countries import country_name
from addme.listings.models import Username, UsernameDailyStat
from addme.listings.schemas import MyUsername, MyUsernames, MyUsernamesMeta, SlotInfo


def status_notice(username: Username, *, now: datetime) -> str | None:
    """What the user area says under a username's status."""
    if username.status == c.Status.PENDING:
        return c.PENDING_NOTICE
    if username.status == c.Status.REJECTED:
        if username.rejection_reason:
            return f"{c.REJECTED_NOTICE} {c.REJECTED_REASON.format(reason=username.rejection_reason)}"
        return c.REJECTED_NOTICE
    if username.status == c.Status.BANNED:
        until = username.banned_until
        if until is None or until <= now:
            return c.READY_TO_UNBAN
        return c.BANNED_NOTICE.format(wait=validation.wait_text((until - now).total_seconds()))
    app = options.APP_LABELS.get(options.App(username.app), username.app)
    if username.status == c.Status.DELISTED:
        if username.handle_delisted_at is not None:
            return c.HANDLE_DELISTED_NOTICE.format(app=app)
        return c.DELISTED_NOTICE
    if username.is_hidden:
        return c.HIDDEN_NOTICE
    if username.handle_demoted_at is not None:
        return c.HANDLE_DEMOTED_NOTICE.format(app=app)
    return None


def allowed_actions(username: Username, *, edits: int | None, now: datetime) -> list[str]:
    """Only the actions that would succeed now, so the client never offers a dead button."""
    status = username.status
    live = status == c.Status.APPROVED and not username.is_hidden
    actions: list[str] = []
    if status in (c.Status.PENDING, c.Status.APPROVED, c.Status.DELISTED) and edits != 0:
        actions.append(c.Action.EDIT)
    if live:
        actions += [c.Action.TOPUP, c.Action.FIRE_PIN]
    if status == c.Status.APPROVED:
        actions.append(c.Action.DELIST)
    if status == c.Status.DELISTED:
        actions.append(c.Action.RELIST)
    actions.append(c.Action.DELETE)
    if status == c.Status.BANNED and (username.banned_until is None or username.banned_until <= now):
        actions.append(c.Action.UNBAN)
    if live:
        actions.append(c.Action.CHECK_IN)
    if username.checkin_lat is not None:
        actions.append(c.Action.CLEAR_LOCATION)
    return actions


def to_read(username: Username, *, user: User, counters: tuple[int, int] = (0, 0)) -> MyUsername:
    """The owner's view of one username."""
    now = clock.now()
    edits = service.edits_left(username, user=user, now=now)
    pinned = username.fire_pinned_until is not None and username.fire_pinned_until > now
    code_valid = username.ownership_code_until is not None and username.ownership_code_until > now
    return from_row(
        MyUsername,
        username,
        country=country_name(username.country_code),
        tags=username.tags_text.split(),
        status_notice=status_notice(username, now=now),
        rejection_reason=username.rejection_reason if username.status == c.Status.REJECTED else None,
        is_listed=username.listed,
        ready_to_unban=username.status == c.Status.BANNED
        and (username.banned_until is None or username.banned_until <= now),
        is_fire_pinned=pinned,
        has_location=username.checkin_lat is not None,
        edits_left=edits,
        views_7d=counters[0],
        clicks_7d=counters[1],
        owner_verified=username.owner_verified_at is not None,
        ownership_code=username.ownership_code if code_valid else None,
        ownership_code_until=username.ownership_code_until if code_valid else None,
        actions=allowed_actions(username, edits=edits, now=now),
    )


def _counters(session: Session, ids: list[int]) -> dict[int, tuple[int, int]]:
    if not ids:
        return {}
    rows = session.execute(
        select(
            UsernameDailyStat.username_id,
            func.sum(UsernameDailyStat.views),
            func.sum(UsernameDailyStat.clicks),
        )
        .where(
            UsernameDailyStat.username_id.in_(ids),
            UsernameDailyStat.day >= service.since_days(c.POPULAR_DAYS).date(),
        )
        .group_by(UsernameDailyStat.username_id)
    ).all()
    return {r[0]: (int(r[1] or 0), int(r[2] or 0)) for r in rows}


def slot_info(user: User, *, count: int) -> SlotInfo:
    """The add-slot modal's state: over the limit, at the cap (Studio upsell), or purchasable."""
    if count > user.max_usernames and not user.is_studio:
        return SlotInfo(state="over_limit", price=None, studio_upsell=False)
    if user.is_studio or user.max_usernames >= c.SLOT_CAP:
        return SlotInfo(state="at_max", price=None, studio_upsell=not user.is_studio)
    return SlotInfo(state="purchasable", price=2 * user.max_usernames, studio_upsell=False)


def list_mine(session: Session, *, user: User) -> MyUsernames:
    """The member's usernames (all but deleted), newest first, with the add/slot state."""
    rows = list(
        session.scalars(
            select(Username)
            .where(Username.user_id == user.id, Username.status != c.Status.DELETED)
            .order_by(Username.created_at.desc(), Username.id.desc())
        )
    )
    counters = _counters(session, [u.id for u in rows])
    count = len(rows)
    blocked = allowance.add_blocked_reason(session, user=user, count=count)
    return MyUsernames(
        data=[to_read(u, user=user, counters=counters.get(u.id, (0, 0))) for u in rows],
        meta=MyUsernamesMeta(
            usernames_count=count,
            max_usernames=allowance.effective_max(user),
            can_add=blocked is None,
            add_blocked_reason=blocked,
            slot=slot_info(user, count=count),
        ),
    )


def get_mine(session: Session, *, user: User, username_id: int) -> MyUsername:
    """One of the member's usernames with its counters."""
    username = service.get_own(session, user=user, username_id=username_id)
    counters = _counters(session, [username.id]).get(username.id, (0, 0))
    return to_read(username, user=user, counters=counters)
