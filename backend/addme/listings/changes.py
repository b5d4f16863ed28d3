"""When the cached public lists go stale: a listing change bumps the cache once its session commits."""

from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.orm import Session

from addme.listings import cache
from addme.listings.search import totals


def invalidate_listings(*, reorder_only: bool = False) -> None:
    """Cached public lists and profiles after a listing change: unreachable at once, or, when the
    change only reorders (a Top-Up, a Fire Pin: nothing leaves or joins a list, no total moves),
    stale and served while one request rebuilds each (core/respcache.py)."""
    if reorder_only:
        cache.store().bump_order()
        return
    cache.store().bump()
    totals.forget_counts()


def touch(session: Session, *, reorder_only: bool = False) -> None:
    # Bumped after the commit, so no reader can cache the old rows under the new generation. Any
    # other change in the same transaction makes it a full one.
    if not reorder_only or session.info.get("listings_changed") != "all":
        session.info["listings_changed"] = "reorder" if reorder_only else "all"


def mark_changed(session: Session) -> None:
    """The cached public lists go stale when this session commits (an admin edit of the catalogue)."""
    touch(session)


@event.listens_for(Session, "after_commit")
def _bump_after_commit(session: Session) -> None:
    change = session.info.pop("listings_changed", None)
    if change:
        invalidate_listings(reorder_only=change == "reorder")


@event.listens_for(Session, "after_rollback")
def _forget_on_rollback(session: Session) -> None:
    session.info.pop("listings_changed", None)
