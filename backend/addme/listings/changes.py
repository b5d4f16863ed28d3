"""When the cached public lists go stale: a listing change bumps the cache once its session commits."""

from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.orm import Session

from addme.listings import cache, totals


def invalidate_listings() -> None:
    """Make every cached public list and profile stale at once (Top-Up, Fire Pin, bans call this)."""
    cache.store().bump()
    totals.forget_counts()


def touch(session: Session) -> None:
    # Bumped after the commit, so no reader can cache the old rows under the new generation.
    session.info["listings_changed"] = True


def mark_changed(session: Session) -> None:
    """The cached public lists go stale when this session commits (an admin edit of the catalogue)."""
    touch(session)


@event.listens_for(Session, "after_commit")
def _bump_after_commit(session: Session) -> None:
    if session.info.pop("listings_changed", False):
        invalidate_listings()


@event.listens_for(Session, "after_rollback")
def _forget_on_rollback(session: Session) -> None:
    session.info.pop("listings_changed", None)
