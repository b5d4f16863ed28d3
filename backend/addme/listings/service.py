"""Listings: submitting, editing, deleting and (de)listing usernames, and the member's own list."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Select,
    and_,
    delete,
    event,
    func,
    insert,
    inspect,
    literal,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock, options
from addme.core.config import get_settings
from addme.core.db import starts_with
from addme.core.errors import AppError, FieldError, NotFound
from addme.listings import cache, queries, validation
from addme.listings import constants as c
from addme.listings.codes import ListingCode
from addme.listings.models import Tag, Username, username_tags
from addme.listings.schemas import UsernameCreate, UsernameUpdate
from addme.screening import service as screening

_LIVE = (c.Status.PENDING, c.Status.APPROVED)
_OWNER_FIELDS = ("deleted_at", "banned_at")


def owners_listed_as(*, gender: str | None, orientation: str | None) -> Select[int]:
    """Ids of accounts with a listed username of this gender and/or orientation (for group lists)."""
    stmt = select(Username.user_id).where(queries.LISTED)
    if gender:
        stmt = stmt.where(Username.gender == gender)
    if orientation:
        stmt = stmt.where(Username.orientation == orientation)
    return stmt


def resolve_short_link(session: Session, *, token: str) -> Username | None:
    """The listed username a short link `/{handle}` names: the brand's app first, then the newest.

    A token is a handle; a Dirty username is not offered to a visitor (the profile page asks them
    to log in), so only the listed state decides; None when no listed username has this handle.
    """
    normalized = validation.normalize_handle(token)
    if not normalized or len(normalized) > 32:
        return None
    default_app = get_settings().default_app
    return session.scalar(
        select(Username)
        .where(Username.username_normalized == normalized, queries.LISTED)
        .order_by((Username.app == default_app).desc(), Username.sort_at.desc(), Username.id.desc())
        .limit(1)
    )


def invalidate_listings(*, reorder_only: bool = False) -> None:
    """Cached public lists and profiles after a listing change: unreachable at once, or, when the
    change only reorders (a Top-Up, a Fire Pin: nothing leaves or joins a list, no total moves),
    stale and served while one request rebuilds each (core/respcache.py)."""
    if reorder_only:
        cache.store().bump_order()
        return
    cache.store().bump()
    queries.forget_counts()


def _touch(session: Session, *, reorder_only: bool = False) -> None:
    # Bumped after the commit, so no reader can cache the old rows under the new generation. Any
    # other change in the same transaction makes it a full one.
    if not reorder_only or session.info.get("listings_changed") != "all":
        session.info["listings_changed"] = "reorder" if reorder_only else "all"


def mark_changed(session: Session) -> None:
    """The cached public lists go stale when this session commits (an admin edit of the catalogue)."""
    _touch(session)


@event.listens_for(Session, "after_commit")
def _bump_after_commit(session: Session) -> None:
    change = session.info.pop("listings_changed", None)
    if change:
        invalidate_listings(reorder_only=change == "reorder")


@event.listens_for(Session, "after_rollback")
def _forget_on_rollback(session: Session) -> None:
    session.info.pop("listings_changed", None)


def owner_vip_until(user: User) -> datetime | None:
    """The later of the owner's VIP and Studio end dates."""
    ends = [d for d in (user.promotion_ending_at, user.studio_ending_at) if d is not None]
    return max(ends) if ends else None


def _owner_ok(user: User) -> bool:
    return user.deleted_at is None and user.banned_at is None


def refresh_listed(username: Username, owner: User) -> None:
    """Recompute the denormalized listed flag and owner VIP end from the row and its owner."""
    username.listed = username.status == c.Status.APPROVED and not username.is_hidden and _owner_ok(owner)
    username.owner_vip_until = owner_vip_until(owner)


# -- Writes other domains ask for: listings alone sets these columns and keeps the listed flag and
# the cached lists right (the cache is bumped when the caller commits).


def handles_by_id(session: Session, *, ids: list[int]) -> dict[int, str]:
    """Username id -> its handle, for the ids that exist (the visit log names the profile viewed)."""
    if not ids:
        return {}
    rows = session.execute(select(Username.id, Username.username).where(Username.id.in_(set(ids)))).all()
    return {int(r[0]): r[1] for r in rows}


def mark_topped_up(session: Session, *, username_id: int, at: datetime) -> None:
    """A Top-Up (paid, VIP daily or automatic) moves the username to the top of "latest".

    It also reads the description again: the suspect-description warning clears once the text is
    clean, and stays (naming the words still found) while it is not.
    """
    values: dict[str, object] = {"last_top_up": at, "sort_at": at}
    description = session.scalar(select(Username.description).where(Username.id == username_id))
    values["suspect_description"] = screening.suspect_words(session, text=description or "")
    # sort_at is the "latest" key: COALESCE(last_top_up, approved_at).
    session.execute(
        update(Username).where(Username.id == username_id).values(**values),
        execution_options={"synchronize_session": "fetch"},
    )
    _touch(session, reorder_only=True)


def pin_until(session: Session, *, username: Username, until: datetime) -> None:
    """Hold the username first in its lists until `until` (a Fire Pin)."""
    username.fire_pinned_until = until
    _touch(session, reorder_only=True)


def approve_after_unban(session: Session, *, username: Username, owner: User, at: datetime) -> None:
    """An accepted unban request lists the username again, as approved."""
    username.status = c.Status.APPROVED
    username.banned_until = None
    username.approved_at = username.approved_at or at
    refresh_listed(username, owner)
    _touch(session)


def unlock_rejected(session: Session, *, user_id: int, review_reason: str) -> int:
    """Send every rejected username of an account back to review (a purchase key unlocks them)."""
    unlocked = session.execute(
        update(Username)
        .where(Username.user_id == user_id, Username.status == c.Status.REJECTED)
        .values(status=c.Status.PENDING, review_reason=review_reason, rejection_reason=None),
        execution_options={"synchronize_session": False},
    ).rowcount  # type: ignore[attr-defined]
    return int(unlocked or 0)


def set_picture(session: Session, *, username: Username, url: str | None) -> None:
    """The card's picture (None removes it)."""
    username.profile_picture = url
    _touch(session)


def store_scores(session: Session, *, score: ColumnElement[Any], first_id: int, stop_id: int) -> int:
    """Write the reputation `score` (an SQL expression the moderation domain computes) for the live
    usernames with first_id <= id < stop_id whose stored score differs; returns the rows written.

    Lists never show the score, so the list caches are left as they are.
    """
    live = Username.status.in_((c.Status.APPROVED, c.Status.PENDING, c.Status.BANNED, c.Status.DELISTED))
    result = session.execute(
        update(Username)
        .where(Username.id >= first_id, Username.id < stop_id, live, Username.reputation != score)
        .values(reputation=score, updated_at=Username.updated_at)
        .execution_options(synchronize_session=False)
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


def set_checkin(
    session: Session, *, username: Username, lat: float | None, lng: float | None, at: datetime | None = None
) -> None:
    """The username's coarse position for local swipes; `at` records a check-in (None keeps the last)."""
    username.checkin_lat, username.checkin_lng = lat, lng
    if at is not None:
        username.checked_in_at = at


@event.listens_for(Session, "after_flush")
def _sync_owner_flags(session: Session, _ctx: Any) -> None:
    """A ban, deletion or VIP change on an account reaches its usernames' denormalized columns."""
    for obj in list(session.dirty):
        if not isinstance(obj, User):
            continue
        state = inspect(obj)
        if not any(state.attrs[f].history.has_changes() for f in _OWNER_FIELDS):
            continue
        session.connection().execute(
            update(Username)
            .where(Username.user_id == obj.id)
            .values(
                listed=and_(
                    Username.status == c.Status.APPROVED,
                    Username.is_hidden.is_(False),
                    literal(_owner_ok(obj)),
                ),
                owner_vip_until=owner_vip_until(obj),
                updated_at=Username.updated_at,
            )
        )
        _touch(session)


def owner_vip_changed(session: Session, *, owner: User) -> None:
    """The wallet moved the owner's VIP or Studio end: their usernames carry it for the VIP lists."""
    session.execute(
        update(Username)
        .where(Username.user_id == owner.id)
        .values(owner_vip_until=owner_vip_until(owner), updated_at=Username.updated_at),
        execution_options={"synchronize_session": "fetch"},
    )
    _touch(session)


def resync_owner_flags(session: Session) -> int:
    """Repair drift from writes that bypassed the ORM (the job): returns rows fixed."""
    owner = select(User).where(User.id == Username.user_id).correlate(Username)
    ok = and_(owner.exists().where(User.deleted_at.is_(None), User.banned_at.is_(None)))
    should = and_(Username.status == c.Status.APPROVED, Username.is_hidden.is_(False), ok)
    result = session.execute(
        update(Username)
        .where(or_(and_(Username.listed.is_(True), ~should), and_(Username.listed.is_(False), should)))
        .values(listed=should, updated_at=Username.updated_at)
        .execution_options(synchronize_session=False)
    )
    session.commit()
    fixed = int(result.rowcount or 0)  # type: ignore[attr-defined]
    if fixed:
        invalidate_listings()
    return fixed


def count_active(session: Session, *, user_id: int) -> int:
    """Usernames that take a slot: every one not deleted."""
    return int(
        session.scalar(
            select(func.count())
            .select_from(Username)
            .where(Username.user_id == user_id, Username.status != c.Status.DELETED)
        )
        or 0
    )


def effective_max(user: User) -> int:
    """Studio accounts have 25 slots whatever they bought."""
    return max(user.max_usernames, c.STUDIO_MAX_USERNAMES) if user.is_studio else user.max_usernames


def add_blocked_reason(session: Session, *, user: User, count: int | None = None) -> str | None:
    """Why the member cannot add a username right now, or None."""
    now = clock.now()
    count = count_active(session, user_id=user.id) if count is None else count
    if count >= effective_max(user):
        return c.AT_MAX
    deleted = user.last_username_deleted_at
    if deleted is not None and now - deleted < c.DELETE_COOLDOWN:
        return c.AFTER_DELETE.format(
            wait=validation.wait_text((deleted + c.DELETE_COOLDOWN - now).total_seconds())
        )
    latest = user.latest_username
    if latest is not None and now - latest < c.NEW_USERNAME_COOLDOWN:
        left = latest + c.NEW_USERNAME_COOLDOWN - now
        return c.ONE_PER_DAY.format(wait=validation.wait_text(left.total_seconds()))
    return None


def _check_fields(user: User, *, app: str, handle: str, tags: list[str] | None, link: str | None,
                  link_type: str | None) -> list[str] | None:  # fmt: skip
    errors: dict[str, list[str]] = {}
    problem = validation.handle_problem(app, handle)
    if problem:
        errors["username"] = [problem]
    cleaned: list[str] | None = None
    if tags is not None:
        cleaned, tag_problem = validation.clean_tags(tags)
        if tag_problem:
            errors["tags"] = [tag_problem]
    if link:
        if not user.is_vip:
            errors["link"] = [c.LINK_VIP_ONLY]
        else:
            bad = validation.link_problem(link, link_type)
            if bad:
                errors[bad[0]] = [bad[1]]
    if errors:
        raise FieldError(errors)
    return cleaned


def _is_taken(session: Session, *, app: str, normalized: str, exclude_id: int | None = None) -> bool:
    stmt = select(Username.id).where(
        Username.app == app, Username.username_normalized == normalized, Username.status.in_(_LIVE)
    )
    if exclude_id is not None:
        stmt = stmt.where(Username.id != exclude_id)
    return session.scalar(stmt.limit(1)) is not None


def set_tags(session: Session, *, username: Username, tags: list[str]) -> None:
    """Replace a username's tags (normalized names, member's order), creating unknown tags."""
    session.execute(delete(username_tags).where(username_tags.c.username_id == username.id))
    if tags:
        known = {t.name: t.id for t in session.scalars(select(Tag).where(Tag.name.in_(tags)))}
        for name in tags:
            if name not in known:
                tag = Tag(name=name)
                session.add(tag)
                session.flush()
                known[name] = tag.id
        session.execute(
            insert(username_tags),
            [{"username_id": username.id, "tag_id": known[n], "position": i} for i, n in enumerate(tags)],
        )
    username.tags_text = " ".join(tags)


def _review(username: Username, *, session: Session, now: datetime) -> None:
    """Approve at once when the text passes the blacklist and macros, else hold for an admin."""
    reason = screening.review_text(
        session, texts=[username.username, username.description, username.tags_text]
    )
    # The description's own suspect words raise the owner's warning; fixing the text does not lower
    # it, the next Top-Up does (it checks the text again: mark_topped_up).
    suspect = screening.suspect_words(session, text=username.description)
    if suspect:
        username.suspect_description = suspect
    if reason is None:
        username.status = c.Status.APPROVED
        username.review_reason = None
        if username.approved_at is None:
            username.approved_at = now
        username.sort_at = username.last_top_up or username.approved_at
    else:
        username.status = c.Status.PENDING
        username.review_reason = reason[:200]


def _commit_or_duplicate(session: Session, *, app: str) -> None:
    try:
        session.commit()
    except IntegrityError as exc:
        # The partial unique index caught a twin submitted at the same moment.
        session.rollback()
        raise FieldError("username", c.DUPLICATE.format(app=options.APP_LABELS[options.App(app)])) from exc


def submit(session: Session, *, user: User, data: UsernameCreate) -> tuple[Username, str]:
    """Add a username; approved at once if its text passes review, else pending."""
    tags = _check_fields(
        user, app=data.app, handle=data.username, tags=data.tags, link=data.link, link_type=data.link_type
    )
    blocked = add_blocked_reason(session, user=user)
    if blocked:
        raise AppError(blocked, code=ListingCode.CANNOT_ADD)
    normalized = validation.normalize_handle(data.username)
    if _is_taken(session, app=data.app, normalized=normalized):
        raise FieldError("username", c.DUPLICATE.format(app=options.APP_LABELS[options.App(data.app)]))
    if screening.handle_removed(session, app=data.app, normalized=normalized):
        raise FieldError("username", c.REMOVED_HANDLE)
    now = clock.now()
    # One conditional update claims the day's new-username right: two submits at once, one wins.
    claimed = session.execute(
        update(User)
        .where(
            User.id == user.id,
            or_(User.latest_username.is_(None), User.latest_username <= now - c.NEW_USERNAME_COOLDOWN),
        )
        .values(latest_username=now)
    )
    if claimed.rowcount != 1:  # type: ignore[attr-defined]
        session.rollback()
        raise AppError(c.ONE_PER_DAY.format(wait=validation.wait_text(86400)), code=ListingCode.CANNOT_ADD)
    username = Username(
        user_id=user.id,
        app=data.app,
        username=data.username,
        username_normalized=normalized,
        description=data.description,
        short_description=validation.short_description(data.description),
        gender=data.gender,
        orientation=data.orientation,
        type=data.type,
        age=data.age,
        country_code=data.country_code,
        link=data.link if data.link else None,
        link_type=data.link_type if data.link else None,
        paid_content=data.paid_content,
        created_at=now,
        updated_at=now,
    )
    session.add(username)
    try:
        session.flush()
    except IntegrityError as exc:
        session.rollback()
        raise FieldError(
            "username", c.DUPLICATE.format(app=options.APP_LABELS[options.App(data.app)])
        ) from exc
    set_tags(session, username=username, tags=tags or [])
    _review(username, session=session, now=now)
    refresh_listed(username, user)
    _touch(session)
    _commit_or_duplicate(session, app=data.app)
    message = c.SUBMITTED if username.status == c.Status.APPROVED else c.PENDING_NOTICE
    return username, message


def get_own(session: Session, *, user: User, username_id: int) -> Username:
    """One of the caller's usernames; anyone else's (or a deleted one) is 404."""
    username = session.get(Username, username_id)
    if username is None or username.user_id != user.id or username.status == c.Status.DELETED:
        raise NotFound(c.NOT_FOUND)
    return username


def edits_left(username: Username, *, user: User, now: datetime) -> int | None:
    """Edits still allowed in the 24 h window; None means unlimited (VIP or Studio)."""
    if user.is_vip:
        return None
    start = username.edits_window_start
    if start is None or now - start >= c.EDIT_WINDOW:
        return c.FREE_EDITS
    return max(0, c.FREE_EDITS - username.edits_in_window)


def update_username(
    session: Session, *, user: User, username_id: int, data: UsernameUpdate
) -> tuple[Username, str]:
    """Apply the fields sent; counts as one edit; the new text is reviewed again."""
    username = get_own(session, user=user, username_id=username_id)
    if username.status not in (c.Status.PENDING, c.Status.APPROVED, c.Status.DELISTED):
        raise AppError(c.CANNOT_EDIT, code=ListingCode.CANNOT_EDIT)
    sent = data.model_fields_set
    app = data.app if "app" in sent and data.app else username.app
    handle = data.username if "username" in sent and data.username else username.username
    link = data.link if "link" in sent else username.link
    link_type = data.link_type if "link_type" in sent else username.link_type
    link_changed = "link" in sent and data.link != username.link
    tags = _check_fields(
        user,
        app=app,
        handle=handle,
        tags=data.tags if "tags" in sent else None,
        link=link if link_changed or "link_type" in sent else None,
        link_type=link_type,
    )
    for required in ("app", "username", "age", "gender", "orientation", "type"):
        if required in sent and getattr(data, required) is None:
            raise FieldError(required, "This field cannot be empty.")
    now = clock.now()
    left = edits_left(username, user=user, now=now)
    if left == 0:
        start = username.edits_window_start or now
        wait = validation.wait_text((start + c.EDIT_WINDOW - now).total_seconds())
        raise AppError(c.EDITS_USED.format(wait=wait), code=ListingCode.EDITS_USED)
    normalized = validation.normalize_handle(handle)
    if (app, normalized) != (username.app, username.username_normalized) and _is_taken(
        session, app=app, normalized=normalized, exclude_id=username.id
    ):
        raise FieldError("username", c.DUPLICATE.format(app=options.APP_LABELS[options.App(app)]))

    username.app, username.username, username.username_normalized = app, handle, normalized
    for field in ("age", "gender", "orientation", "type", "paid_content"):
        if field in sent and getattr(data, field) is not None:
            setattr(username, field, getattr(data, field))
    if "country_code" in sent:
        username.country_code = data.country_code
    if "description" in sent:
        username.description = data.description or ""
        username.short_description = validation.short_description(username.description)
    if "link" in sent or "link_type" in sent:
        username.link = link or None
        username.link_type = link_type if link else None
    if tags is not None:
        set_tags(session, username=username, tags=tags)
    if left is not None:
        if username.edits_window_start is None or now - username.edits_window_start >= c.EDIT_WINDOW:
            username.edits_window_start, username.edits_in_window = now, 0
        username.edits_in_window += 1
    # An approved or auto-held username is reviewed again; a delisted one keeps its state.
    if username.status == c.Status.APPROVED or (
        username.status == c.Status.PENDING and username.review_reason is not None
    ):
        _review(username, session=session, now=now)
    refresh_listed(username, user)
    username.updated_at = now
    _touch(session)
    _commit_or_duplicate(session, app=app)
    return username, c.UPDATED if username.status != c.Status.PENDING else c.PENDING_NOTICE


def delete_username(session: Session, *, user: User, username_id: int) -> str:
    """Remove a username from the site; no new one for 24 hours."""
    username = get_own(session, user=user, username_id=username_id)
    now = clock.now()
    username.status = c.Status.DELETED
    username.listed = False
    user.last_username_deleted_at = now
    _touch(session)
    session.commit()
    return c.DELETED


def delist(session: Session, *, user: User, username_id: int) -> tuple[Username, str]:
    """Hide an approved username from every list until the member relists it."""
    username = get_own(session, user=user, username_id=username_id)
    if username.status != c.Status.APPROVED:
        raise AppError(c.CANNOT_DELIST, code=ListingCode.CANNOT_DELIST)
    username.status = c.Status.DELISTED
    refresh_listed(username, user)
    _touch(session)
    session.commit()
    return username, c.DELISTED


def relist(session: Session, *, user: User, username_id: int) -> tuple[Username, str]:
    """Put a delisted username back in the lists."""
    username = get_own(session, user=user, username_id=username_id)
    if username.status != c.Status.DELISTED:
        raise AppError(c.CANNOT_RELIST, code=ListingCode.CANNOT_RELIST)
    if _is_taken(session, app=username.app, normalized=username.username_normalized):
        raise AppError(
            c.DUPLICATE.format(app=options.APP_LABELS[options.App(username.app)]), code=ListingCode.DUPLICATE
        )
    username.status = c.Status.APPROVED
    refresh_listed(username, user)
    _touch(session)
    _commit_or_duplicate(session, app=username.app)
    return username, c.RELISTED


def ban(session: Session, *, username: Username, until: datetime | None) -> None:
    """Ban a username off every list: until a date (then it may ask to be unbanned), or for good."""
    username.status = c.Status.BANNED
    username.banned_until = until
    username.listed = False
    _touch(session)


def of_user(session: Session, *, user_id: int, limit: int = 50) -> list[Username]:
    """Every username of an account, deleted ones too, newest first (the admin's user page)."""
    return list(
        session.scalars(
            select(Username).where(Username.user_id == user_id).order_by(Username.id.desc()).limit(limit)
        )
    )


def owner_ids_with_handle(*, prefix: str, dialect: str) -> Select[Any]:
    """Owners of usernames whose handle starts with `prefix` (a subquery for the admin's user search)."""
    handle = validation.normalize_handle(prefix)
    return select(Username.user_id).where(starts_with(Username.username_normalized, handle, dialect=dialect))


def banned_usernames(session: Session, *, limit: int = 200) -> list[Username]:
    """Usernames banned now, latest ban first (the admin's list of bans)."""
    return list(
        session.scalars(
            select(Username)
            .where(Username.status == c.Status.BANNED)
            .order_by(Username.updated_at.desc(), Username.id.desc())
            .limit(limit)
        )
    )


def hide(session: Session, *, username: Username) -> None:
    """Take a username off every list and profile at once (an underage report), until an admin decides."""
    username.is_hidden = True
    username.listed = False
    _touch(session)


# -- moderators' decisions: the only place a decision changes a username's status -----------------


def get_any(session: Session, *, username_id: int) -> Username:
    """Any username by id for a moderator, deleted ones included; 404 if there is none."""
    username = session.get(Username, username_id)
    if username is None:
        raise NotFound(c.NOT_FOUND)
    return username


def _owner(session: Session, username: Username) -> User:
    owner = session.get(User, username.user_id)
    assert owner is not None  # the foreign key cascades
    return owner


def approve(session: Session, *, username: Username) -> None:
    """A moderator approves a pending username: it is listed at once (unless hidden or the owner is out)."""
    if username.status != c.Status.PENDING:
        raise AppError(c.NOT_PENDING, code=ListingCode.NOT_PENDING)
    if _is_taken(session, app=username.app, normalized=username.username_normalized, exclude_id=username.id):
        raise AppError(
            c.DUPLICATE.format(app=options.APP_LABELS[options.App(username.app)]), code=ListingCode.DUPLICATE
        )
    now = clock.now()
    username.status = c.Status.APPROVED
    username.rejection_reason = None
    username.approved_at = username.approved_at or now
    username.sort_at = username.last_top_up or username.approved_at
    refresh_listed(username, _owner(session, username))
    _touch(session)


def reject(session: Session, *, username: Username, reason: str) -> None:
    """A moderator rejects a pending username; the member reads the reason on /user."""
    if username.status != c.Status.PENDING:
        raise AppError(c.NOT_PENDING, code=ListingCode.NOT_PENDING)
    username.status = c.Status.REJECTED
    username.rejection_reason = reason[:300] or None
    username.listed = False
    _touch(session)


def unhide(session: Session, *, username: Username) -> None:
    """Put a username hidden by a report back in the lists (the report was dismissed)."""
    username.is_hidden = False
    refresh_listed(username, _owner(session, username))
    _touch(session)


def remove(session: Session, *, username: Username) -> None:
    """A moderator deletes a username from the site (report upheld, removal request)."""
    username.status = c.Status.DELETED
    username.listed = False
    _touch(session)


def mark_paid(session: Session, *, username: Username) -> None:
    """A report showed the listing sells content: it stays, marked paid, and comes back if hidden."""
    username.paid_content = True
    username.is_hidden = False
    refresh_listed(username, _owner(session, username))
    _touch(session)


def unban(session: Session, *, username: Username) -> None:
    """Lift a username's ban (an accepted unban request): listed again if nothing else holds it."""
    if username.status != c.Status.BANNED:
        raise AppError(c.NOT_BANNED, code=ListingCode.NOT_BANNED)
    if _is_taken(session, app=username.app, normalized=username.username_normalized, exclude_id=username.id):
        raise AppError(
            c.DUPLICATE.format(app=options.APP_LABELS[options.App(username.app)]), code=ListingCode.DUPLICATE
        )
    username.status = c.Status.APPROVED
    username.banned_until = None
    username.approved_at = username.approved_at or clock.now()
    username.sort_at = username.sort_at or username.approved_at
    refresh_listed(username, _owner(session, username))
    _touch(session)


def get_listed(session: Session, *, username_id: int, viewer: User | None) -> Username:
    """A username the viewer may see (listed, or their own), else 404."""
    username = session.get(Username, username_id)
    if username is None:
        raise NotFound(c.NOT_FOUND)
    if username.listed:
        return username
    if viewer is not None and username.user_id == viewer.id and username.status != c.Status.DELETED:
        return username
    raise NotFound(c.NOT_FOUND)


def usernames_count_hook(session: Session, user: User) -> dict[str, object]:
    """Adds usernames_count to GET /v1/auth/user."""
    return {"usernames_count": count_active(session, user_id=user.id)}


def since_days(days: int) -> datetime:
    """Midnight (UTC) `days - 1` days ago: the start of a trailing window of whole days."""
    today = clock.now().replace(hour=0, minute=0, second=0, microsecond=0)
    return today - timedelta(days=days - 1)


# -- cleanup (spec section 9) -----------------------------------------------------------------------

INACTIVE_AFTER = timedelta(days=365)
CLEANUP_BATCH = 5000


def _inactive(now: datetime) -> list[ColumnElement[bool]]:
    cutoff = now - INACTIVE_AFTER
    return [
        # A banned username's row is what keeps its handle banned: it stays.
        Username.status != c.Status.BANNED,
        Username.created_at < cutoff,
        Username.updated_at < cutoff,
        or_(Username.last_top_up.is_(None), Username.last_top_up < cutoff),
        # A VIP or Studio owner's usernames stay while the entitlement runs.
        or_(Username.owner_vip_until.is_(None), Username.owner_vip_until <= now),
    ]


def inactive_username_ids(
    session: Session, *, now: datetime | None = None, batch: int = CLEANUP_BATCH
) -> list[int]:
    """Usernames neither edited nor topped up for 365 days, the longest idle first (the cleanup)."""
    now = now or clock.now()
    idle = func.coalesce(Username.last_top_up, Username.updated_at)
    return list(
        session.scalars(select(Username.id).where(*_inactive(now)).order_by(idle, Username.id).limit(batch))
    )


def delete_inactive(session: Session, *, username_ids: list[int], now: datetime | None = None) -> int:
    """Hard-delete these idle usernames (tags, stats and reports cascade), re-checked as they go."""
    if not username_ids:
        return 0
    now = now or clock.now()
    done = 0
    for start in range(0, len(username_ids), 500):
        chunk = username_ids[start : start + 500]
        result = session.execute(
            delete(Username)
            .where(Username.id.in_(chunk), *_inactive(now))
            .execution_options(synchronize_session=False)
        )
        done += int(result.rowcount or 0)  # type: ignore[attr-defined]
    if done:
        _touch(session)
    session.commit()
    return done


def count_of_users(session: Session, *, user_ids: list[int]) -> int:
    """How many usernames these accounts hold (what leaves the lists with them)."""
    if not user_ids:
        return 0
    total = 0
    for start in range(0, len(user_ids), 500):
        chunk = user_ids[start : start + 500]
        total += int(
            session.scalar(select(func.count()).select_from(Username).where(Username.user_id.in_(chunk))) or 0
        )
    return total
