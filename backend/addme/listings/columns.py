"""Writes other domains ask for: listings alone sets these columns and keeps the listed flag and
the cached lists right (the cache is bumped when the caller commits)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, case, select, update
from sqlalchemy.orm import Session

from addme.listings import constants as c
from addme.listings.changes import touch
from addme.listings.models import Username
from addme.screening import service as screening

# A demoted username (its handle not found, dead_handles.py) keeps its place among the demoted ones
# but stands below every other: its "latest" key is pushed this far into the past. The key is still
# the one column every list index ends with, so no index changes and no list needs a sort.
DEMOTION = timedelta(days=365 * 500)
# Any key before this is a demoted one (real keys are approval and Top-Up times, after 2000).
DEMOTED_BEFORE = datetime(1900, 1, 1)


def order_key(*, base: datetime | None, demoted: bool) -> datetime | None:
    """The stored "latest" key: COALESCE(last_top_up, approved_at), pushed down when demoted."""
    return base - DEMOTION if base is not None and demoted else base


def shown_time(key: datetime | None) -> datetime | None:
    """The time a card's "x ago" reads from its stored key (a demoted key pushed back up)."""
    return key + DEMOTION if key is not None and key < DEMOTED_BEFORE else key


def mark_topped_up(session: Session, *, username_id: int, at: datetime) -> None:
    """A Top-Up (paid, VIP daily or automatic) moves the username to the top of "latest".

    It also reads the description again: the suspect-description warning clears once the text is
    clean, and stays (naming the words still found) while it is not.
    """
    demoted = Username.handle_demoted_at.is_not(None)
    values: dict[str, object] = {"last_top_up": at, "sort_at": case((demoted, at - DEMOTION), else_=at)}
    description = session.scalar(select(Username.description).where(Username.id == username_id))
    values["suspect_description"] = screening.suspect_words(session, text=description or "")
    # sort_at is the "latest" key: COALESCE(last_top_up, approved_at), still below the others when
    # the handle is demoted (a Top-Up does not lift a handle its app says does not exist).
    session.execute(
        update(Username).where(Username.id == username_id).values(**values),
        execution_options={"synchronize_session": "fetch"},
    )
    touch(session, reorder_only=True)


def pin_until(session: Session, *, username: Username, until: datetime) -> None:
    """Hold the username first in its lists until `until` (a Fire Pin)."""
    username.fire_pinned_until = until
    touch(session, reorder_only=True)


def set_picture(session: Session, *, username: Username, url: str | None) -> None:
    """The card's picture (None removes it)."""
    username.profile_picture = url
    touch(session)


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
