"""Listings: submitting, editing, deleting and (de)listing usernames, and the member's own list.

The domain's interface: other domains call listings through this module (architecture.md). The
names imported `as` themselves live in the module of their concern and are re-exported here:
`changes` (when the cached lists go stale), `owners` (what a username carries of its owner: the
listed flag, the VIP end), `handles` (one live handle per app, short links, handles by id or
prefix), `columns` (what other domains set: Top-Ups, pins, pictures, scores, check-ins),
`decisions` (moderators' decisions, bans and hides, the admin's reads) and `cleanup` (idle
usernames). The public reads are `public`, `queries`, `cards`, `totals`, `facets` and the search.
What a member may add (slots, the submit cool-downs and their claims) is `allowance`, which other
domains import directly.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock, options
from addme.core.errors import AppError, FieldError, NotFound
from addme.listings import allowance, dead_handles, validation
from addme.listings import constants as c
from addme.listings.cards import promoted_reason as promoted_reason
from addme.listings.changes import invalidate_listings as invalidate_listings
from addme.listings.changes import mark_changed as mark_changed
from addme.listings.changes import touch
from addme.listings.cleanup import CLEANUP_BATCH as CLEANUP_BATCH
from addme.listings.cleanup import INACTIVE_AFTER as INACTIVE_AFTER
from addme.listings.cleanup import count_of_users as count_of_users
from addme.listings.cleanup import delete_inactive as delete_inactive
from addme.listings.cleanup import inactive_username_ids as inactive_username_ids
from addme.listings.codes import ListingCode
from addme.listings.columns import mark_topped_up as mark_topped_up
from addme.listings.columns import order_key
from addme.listings.columns import pin_until as pin_until
from addme.listings.columns import set_checkin as set_checkin
from addme.listings.columns import set_picture as set_picture
from addme.listings.columns import store_scores as store_scores
from addme.listings.dead_handles import check_soon as check_soon
from addme.listings.decisions import approve as approve
from addme.listings.decisions import approve_after_unban as approve_after_unban
from addme.listings.decisions import ban as ban
from addme.listings.decisions import banned_usernames as banned_usernames
from addme.listings.decisions import get_any as get_any
from addme.listings.decisions import hide as hide
from addme.listings.decisions import mark_paid as mark_paid
from addme.listings.decisions import of_user as of_user
from addme.listings.decisions import reject as reject
from addme.listings.decisions import remove as remove
from addme.listings.decisions import restore as restore
from addme.listings.decisions import statement_subject as statement_subject
from addme.listings.decisions import unban as unban
from addme.listings.decisions import unhide as unhide
from addme.listings.decisions import unlock_rejected as unlock_rejected
from addme.listings.decisions import unmark_paid as unmark_paid
from addme.listings.handles import handles_by_id as handles_by_id
from addme.listings.handles import is_taken
from addme.listings.handles import owner_ids_with_handle as owner_ids_with_handle
from addme.listings.handles import resolve_short_link as resolve_short_link
from addme.listings.models import Tag, Username, username_tags
from addme.listings.owners import owner_standing_changed as owner_standing_changed
from addme.listings.owners import owner_vip_changed as owner_vip_changed
from addme.listings.owners import owner_vip_until as owner_vip_until
from addme.listings.owners import owners_listed_as as owners_listed_as
from addme.listings.owners import refresh_listed as refresh_listed
from addme.listings.owners import resync_owner_flags as resync_owner_flags
from addme.listings.schemas import UsernameCreate, UsernameUpdate
from addme.listings.sellers import sellers_back_to_review as sellers_back_to_review
from addme.screening import service as screening


def member_orientation(session: Session, *, user_id: int) -> str | None:
    """The orientation on the member's newest username that is not deleted, None without one (only
    read for ads once the member opted in: content's consents)."""
    return session.scalar(
        select(Username.orientation)
        .where(Username.user_id == user_id, Username.status != c.Status.DELETED)
        .order_by(Username.created_at.desc(), Username.id.desc())
        .limit(1)
    )


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


def _refuse_minor(*, username: str, description: str | None, tags: str | None) -> None:
    """Refuse (422 `minor_signal`) a text with a clear minor signal; nothing is written."""
    screening.refuse_clear_minor(
        fields={"username": username, "description": description, "tags": tags}, code=ListingCode.MINOR_SIGNAL
    )


def _review(username: Username, *, session: Session, now: datetime) -> None:
    """Approve at once when the text passes the blacklist and macros, else hold for an admin.

    A possible minor (a school word with no age) is held whatever the blacklist says, and its
    reason puts it at the top of the moderators' queue.
    """
    texts = [username.username, username.description, username.tags_text]
    minor = screening.minor_signal(texts=texts)
    reason = (
        screening.possible_minor_reason(minor[1])
        if minor is not None
        else screening.review_text(session, texts=texts)
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
        username.sort_at = order_key(
            base=username.last_top_up or username.approved_at, demoted=username.handle_demoted_at is not None
        )
    else:
        held_before = username.status == c.Status.PENDING and username.review_reason is not None
        username.status = c.Status.PENDING
        username.review_reason = reason[:200]
        if not held_before:
            # An automated hold keeps the listing off the lists until a moderator looks: a decision
            # record the member is sent (the rule's kind, not its words: a term list stays private).
            statement_subject(session, username=username).record(
                session,
                decision="hold_username",
                visibility="content_disabled",
                facts="An automated check of the username, description or tags held it for a moderator "
                f"to review ({reason.split(':', 1)[0]}). It stays off the lists until then.",
                decided_by=None,
                automated_detection=True,
                automated_decision="fully",
            )


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
    _refuse_minor(username=data.username, description=data.description, tags=" ".join(tags or []))
    blocked = allowance.add_blocked_reason(session, user=user)
    if blocked:
        raise AppError(blocked, code=ListingCode.CANNOT_ADD)
    normalized = validation.normalize_handle(data.username)
    if is_taken(session, app=data.app, normalized=normalized):
        raise FieldError("username", c.DUPLICATE.format(app=options.APP_LABELS[options.App(data.app)]))
    if screening.handle_removed(session, app=data.app, normalized=normalized):
        raise FieldError("username", c.REMOVED_HANDLE)
    now = clock.now()
    if not allowance.claim_new_username(session, user=user, now=now):
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
    touch(session)
    _commit_or_duplicate(session, app=data.app)
    message = c.SUBMITTED if username.status == c.Status.APPROVED else c.PENDING_NOTICE
    return username, message


def get_own(session: Session, *, user: User, username_id: int, lock: bool = False) -> Username:
    """One of the caller's usernames; anyone else's (or a deleted one) is 404, so ids reveal nothing.
    The one lookup every domain's member action uses; `lock` holds the row (FOR UPDATE) for a check
    that two requests at once must not both pass (the gallery limit)."""
    stmt = select(Username).where(
        Username.id == username_id, Username.user_id == user.id, Username.status != c.Status.DELETED
    )
    username = session.scalar(stmt.with_for_update() if lock else stmt)
    if username is None:
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
    # The same refusal as on submit, whatever the username's state (an approved one stays as it was).
    _refuse_minor(
        username=handle,
        description=(data.description or "") if "description" in sent else username.description,
        tags=" ".join(tags) if tags is not None else username.tags_text,
    )
    now = clock.now()
    left = edits_left(username, user=user, now=now)
    if left == 0:
        start = username.edits_window_start or now
        wait = validation.wait_text((start + c.EDIT_WINDOW - now).total_seconds())
        raise AppError(c.EDITS_USED.format(wait=wait), code=ListingCode.EDITS_USED)
    normalized = validation.normalize_handle(handle)
    if (app, normalized) != (username.app, username.username_normalized) and is_taken(
        session, app=app, normalized=normalized, exclude_id=username.id
    ):
        raise FieldError("username", c.DUPLICATE.format(app=options.APP_LABELS[options.App(app)]))

    if (app, normalized) != (username.app, username.username_normalized):
        # Owner verified proved the old handle only (#34): the badge and any pending code go.
        username.owner_verified_at = username.owner_verified_via = None
        username.ownership_code = username.ownership_code_until = None
        handle_changed = True
    else:
        handle_changed = False
    username.app, username.username, username.username_normalized = app, handle, normalized
    if handle_changed:
        dead_handles.handle_changed(session, username=username)
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
    touch(session)
    _commit_or_duplicate(session, app=app)
    return username, c.UPDATED if username.status != c.Status.PENDING else c.PENDING_NOTICE


def delete_username(session: Session, *, user: User, username_id: int) -> str:
    """Remove a username from the site; no new one for 24 hours."""
    username = get_own(session, user=user, username_id=username_id)
    now = clock.now()
    username.status = c.Status.DELETED
    username.listed = False
    allowance.note_deleted(session, user=user, now=now)
    touch(session)
    session.commit()
    return c.DELETED


def delist(session: Session, *, user: User, username_id: int) -> tuple[Username, str]:
    """Hide an approved username from every list until the member relists it."""
    username = get_own(session, user=user, username_id=username_id)
    if username.status != c.Status.APPROVED:
        raise AppError(c.CANNOT_DELIST, code=ListingCode.CANNOT_DELIST)
    username.status = c.Status.DELISTED
    refresh_listed(username, user)
    touch(session)
    session.commit()
    return username, c.DELISTED


def relist(session: Session, *, user: User, username_id: int) -> tuple[Username, str]:
    """Put a delisted username back in the lists."""
    username = get_own(session, user=user, username_id=username_id)
    if username.status != c.Status.DELISTED:
        raise AppError(c.CANNOT_RELIST, code=ListingCode.CANNOT_RELIST)
    if dead_handles.relist_waits(username):
        session.commit()
        return username, c.RELIST_WAITS.format(app=options.APP_LABELS[options.App(username.app)])
    if is_taken(session, app=username.app, normalized=username.username_normalized):
        raise AppError(
            c.DUPLICATE.format(app=options.APP_LABELS[options.App(username.app)]), code=ListingCode.DUPLICATE
        )
    minor = screening.minor_signal(texts=[username.username, username.description, username.tags_text])
    if minor is not None:  # edited while delisted: a moderator looks first (held, with its record)
        _review(username, session=session, now=clock.now())
    else:
        username.status = c.Status.APPROVED
    refresh_listed(username, user)
    touch(session)
    _commit_or_duplicate(session, app=username.app)
    return username, c.RELISTED if username.status == c.Status.APPROVED else c.PENDING_NOTICE


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


def since_days(days: int) -> datetime:
    """Midnight (UTC) `days - 1` days ago: the start of a trailing window of whole days."""
    today = clock.now().replace(hour=0, minute=0, second=0, microsecond=0)
    return today - timedelta(days=days - 1)


def check_handles(session: Session) -> dict[str, int]:
    """One run of the dead-handle check (the `check-handles` job): its per-run figures."""
    return dead_handles.run(session)


def restore_dead_handle(session: Session, *, username: Username) -> None:
    """An appeal reversed the dead-handle delisting: the check's state is cleared, then restore()."""
    dead_handles.restore_after_appeal(session, username=username)
    restore(session, username=username)
