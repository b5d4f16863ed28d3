"""Usernames (the directory's listings), their tags and daily view counters."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    CheckConstraint,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base, TimestampMixin, partial_index

# The listed rows are the only ones public queries read, so every list index is partial on them:
# smaller, and never walked over pending, banned or deleted rows.
_LISTED = {"postgresql_where": text("listed"), "sqlite_where": text("listed = 1")}


def _listed_index(name: str, *cols: str, include: tuple[str, ...] = ()) -> Index:
    """A partial index on listed rows; `include` keeps index-only scans possible on PostgreSQL."""
    return Index(name, *cols, postgresql_include=list(include), **_LISTED)  # type: ignore[arg-type]


# The "latest" order key is (sort_at, id) and every filter leads: a page is a walk down one index.
# fire_pinned_until rides along so the "not pinned" test needs no heap visit.
_PIN = ("fire_pinned_until",)


class Username(TimestampMixin, Base):
    __tablename__ = "usernames"
    __table_args__ = (
        CheckConstraint("age >= 18", name="adult_age"),
        # One live (pending or approved) listing per handle and app; the service's friendly check
        # runs first, this closes the race between two submits.
        partial_index(
            "uq_usernames_live_handle",
            "app",
            "username_normalized",
            unique=True,
            where="status IN ('pending', 'approved')",
        ),
        Index("ix_usernames_user_status", "user_id", "status"),
        # The admin's daily figures recount the new usernames of a day range (stats/rollup.py):
        # without it, three scans of the whole table every five minutes.
        Index("ix_usernames_created", "created_at"),
        # The review queue (oldest first) and the list of banned usernames (latest first): a few
        # percent of the rows each, read in their own order (#11).
        partial_index(
            "ix_usernames_pending",
            "created_at",
            "id",
            # The queue's search reads these two: an index-only scan on PostgreSQL.
            postgresql_include=["username_normalized", "review_reason"],
            where="status = 'pending'",
        ),
        partial_index(
            "ix_usernames_banned",
            "updated_at",
            "id",
            where="status = 'banned'",
        ),
        # The admin's user search by handle prefix (pattern ops: LIKE 'x%' under a non-C collation).
        Index(
            "ix_usernames_handle_prefix",
            "username_normalized",
            postgresql_ops={"username_normalized": "text_pattern_ops"},
        ),
        # The tags too: the list of a common tag walks this index and tests each entry's tag words
        # (search.sql._tagged) without reading the row (PostgreSQL; SQLite reads the row).
        _listed_index("ix_usernames_l_type", "type", "sort_at", "id", include=(*_PIN, "tags_text")),
        _listed_index("ix_usernames_l_app", "app", "type", "sort_at", "id", include=_PIN),
        _listed_index("ix_usernames_l_gender", "type", "gender", "sort_at", "id", include=_PIN),
        _listed_index("ix_usernames_l_orient", "type", "orientation", "sort_at", "id", include=_PIN),
        _listed_index("ix_usernames_l_country", "type", "country_code", "sort_at", "id", include=_PIN),
        _listed_index("ix_usernames_l_app_gender", "app", "type", "gender", "sort_at", "id", include=_PIN),
        # Gender within a country: the most common pair of filters on the listing pages.
        _listed_index(
            "ix_usernames_l_country_gender", "type", "country_code", "gender", "sort_at", "id", include=_PIN
        ),
        _listed_index(
            "ix_usernames_l_app_orient", "app", "type", "orientation", "sort_at", "id", include=_PIN
        ),
        # VIP owners are a small share of rows: walk their own index and test the end date.
        partial_index(
            "ix_usernames_l_vip",
            "type",
            "sort_at",
            "id",
            postgresql_include=["owner_vip_until", "fire_pinned_until", "app"],
            where="listed AND owner_vip_until IS NOT NULL",
            sqlite_where="listed = 1 AND owner_vip_until IS NOT NULL",
        ),
        _listed_index("ix_usernames_l_popular", "type", "popularity", "sort_at", "id"),
        _listed_index("ix_usernames_l_app_popular", "app", "type", "popularity", "sort_at", "id"),
        # Active Fire Pins: a handful of rows, read first on every "latest" page.
        partial_index(
            "ix_usernames_l_pinned",
            "fire_pinned_until",
            # The id too: read index-only, a generic plan costs this (empty) index below walking a
            # listing index; without it, "fire_pinned_until > $1" was costed as a third of the table
            # in heap fetches, and every list scanned a million index entries for its pins (0.5 s).
            postgresql_include=["id"],
            where="listed AND fire_pinned_until IS NOT NULL",
            sqlite_where="listed = 1 AND fire_pinned_until IS NOT NULL",
        ),
        # Dead handles (#34): the check job reads the due handles of one app, oldest due first.
        partial_index(
            "ix_usernames_handle_check",
            "app",
            "handle_check_at",
            where="status IN ('approved', 'delisted')",
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    app: Mapped[str] = mapped_column(String(10))
    username: Mapped[str] = mapped_column(String(32))
    # NFKC case-folded handle: duplicates and bans compare this, never the display form.
    username_normalized: Mapped[str] = mapped_column(String(32))
    description: Mapped[str] = mapped_column(Text, default="")
    short_description: Mapped[str] = mapped_column(String(140), default="")
    gender: Mapped[str] = mapped_column(String(12))
    orientation: Mapped[str] = mapped_column(String(10))
    type: Mapped[str] = mapped_column(String(5), default="Clean")
    age: Mapped[int] = mapped_column(Integer)
    country_code: Mapped[str | None] = mapped_column(String(2))
    link: Mapped[str | None] = mapped_column(String(300))
    link_type: Mapped[str | None] = mapped_column(String(12))
    paid_content: Mapped[bool] = mapped_column(default=False)
    # The tag names in the member's order, space separated: cards, search and the walked tag lists
    # read this one column instead of a join per row; username_tags stays the source for the tag
    # counts and the lists of rare tags. Written with username_tags, always (service.set_tags, tags.py).
    tags_text: Mapped[str] = mapped_column(String(200), default="")

    status: Mapped[str] = mapped_column(String(10), default="pending")
    review_reason: Mapped[str | None] = mapped_column(String(200))
    # The blacklisted words found in the description: the owner sees a red warning naming them.
    # Set when the text is saved; cleared only by a Top-Up once the description is clean (spec §4).
    suspect_description: Mapped[str | None] = mapped_column(String(60))
    # The moderator's reason when rejected: the member reads it on /user.
    rejection_reason: Mapped[str | None] = mapped_column(String(300))
    # An underage report hides at once, before any admin looks.
    is_hidden: Mapped[bool] = mapped_column(default=False)
    banned_until: Mapped[datetime | None]
    approved_at: Mapped[datetime | None]
    last_top_up: Mapped[datetime | None]
    fire_pinned_until: Mapped[datetime | None]
    # COALESCE(last_top_up, approved_at), stored so "latest" is an index walk, not a sort.
    sort_at: Mapped[datetime | None]
    # status approved AND not hidden AND owner neither deleted nor banned. Denormalized (kept by the
    # service and by a flush hook on User) so list queries never join users: the owner test would
    # otherwise be a probe per row and counts a join over the whole table.
    listed: Mapped[bool] = mapped_column(default=False)
    # The later of the owner's VIP and Studio end dates: the VIP filter and the bold cards, same reason.
    owner_vip_until: Mapped[datetime | None]
    # Profile views + Message clicks over the trailing 7 days (the "popular" order), refreshed by a job.
    popularity: Mapped[int] = mapped_column(default=0)
    reputation: Mapped[int] = mapped_column(default=0)

    profile_picture: Mapped[str | None] = mapped_column(String(255))
    # Check-in: coarse position only (rounded to about 5 km) so a listing never pins a home.
    checkin_lat: Mapped[float | None]
    checkin_lng: Mapped[float | None]
    checked_in_at: Mapped[datetime | None]

    edits_window_start: Mapped[datetime | None]
    edits_in_window: Mapped[int] = mapped_column(default=0)

    # Owner verified (#34): when the lister proved they own the handle, and how ("telegram": the
    # Login Widget's signature; "code": a one-time code found on the app's public page). Cleared
    # whenever the handle or its app changes (ownership.clear_on_change).
    owner_verified_at: Mapped[datetime | None]
    owner_verified_via: Mapped[str | None] = mapped_column(String(10))
    # The one-time code the owner puts in the app's display name or bio, and its end (30 minutes).
    ownership_code: Mapped[str | None] = mapped_column(String(8))
    ownership_code_until: Mapped[datetime | None]

    # Dead handles (#34, dead_handles.py): when the app's public page is read next (None: never
    # read yet, due), when it was last read, and the current run of "not found" answers. Demoted:
    # sort_at is pushed down by columns.DEMOTION, so every list index still serves the order.
    # Delisted by the check: status "delisted" until a check finds the page again or an appeal wins.
    handle_check_at: Mapped[datetime | None]
    handle_checked_at: Mapped[datetime | None]
    # The database's default only: inserts through this table at older revisions leave it out.
    handle_misses: Mapped[int] = mapped_column(server_default="0")
    handle_missing_since: Mapped[datetime | None]
    handle_demoted_at: Mapped[datetime | None]
    handle_delisted_at: Mapped[datetime | None]


class HandleCheckApp(Base):
    """One app's state for the dead-handle check: paused until a time after a 429 or repeated
    errors, with the number of pauses in a row (the backoff doubles with each)."""

    __tablename__ = "handle_check_apps"

    app: Mapped[str] = mapped_column(String(10), primary_key=True)
    paused_until: Mapped[datetime | None]
    pauses: Mapped[int] = mapped_column(default=0)
    # The last page of this app read as found: with none for a while, "not found" says more about
    # the app's page (a new shape the parser misreads) than about the handles, and nothing is demoted.
    last_found_at: Mapped[datetime | None]


class Tag(Base):
    __tablename__ = "tags"

    id: Mapped[int] = mapped_column(primary_key=True)
    # Lowercase, NFKC, words joined by "-": one spelling per tag.
    name: Mapped[str] = mapped_column(String(30), unique=True)
    # Hidden by an admin: left off /tags and the filter's choices; usernames keep it.
    hidden: Mapped[bool] = mapped_column(default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


username_tags = Table(
    "username_tags",
    Base.metadata,
    Column("username_id", ForeignKey("usernames.id", ondelete="CASCADE"), primary_key=True),
    Column("tag_id", ForeignKey("tags.id", ondelete="CASCADE"), primary_key=True),
    Column("position", Integer, nullable=False, default=0),
    Index("ix_username_tags_tag", "tag_id", "username_id"),
)


class UsernameDailyStat(Base):
    """One row per username per day: views and Message clicks, never a row per click."""

    __tablename__ = "username_daily_stats"
    __table_args__ = (Index("ix_username_daily_stats_day", "day"),)

    username_id: Mapped[int] = mapped_column(ForeignKey("usernames.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(primary_key=True)
    views: Mapped[int] = mapped_column(default=0)
    clicks: Mapped[int] = mapped_column(default=0)


class UsernameViewSource(Base):
    """Views per username per day per place the viewer came from (the owner's figures): a counter
    row, never a row per view. Views recorded without a place count in UsernameDailyStat only."""

    __tablename__ = "username_view_sources"
    __table_args__ = (Index("ix_username_view_sources_day", "day"),)

    username_id: Mapped[int] = mapped_column(ForeignKey("usernames.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(primary_key=True)
    # list, search, tag, profile (opened directly) or suggestions (similar usernames on a profile).
    source: Mapped[str] = mapped_column(String(12), primary_key=True)
    views: Mapped[int] = mapped_column(default=0)


class FacetCount(Base):
    """Listed usernames per tag and per country (per app and overall), recounted by a job.

    The tags and countries pages read this small table: counting a million listed rows on the
    request path, after every change that bumps the cache, would be a scan per page view.
    """

    __tablename__ = "listing_facet_counts"

    kind: Mapped[str] = mapped_column(String(8), primary_key=True)  # "tag" or "country"
    app: Mapped[str] = mapped_column(String(10), primary_key=True)  # "" for every app
    key: Mapped[str] = mapped_column(String(30), primary_key=True)
    count: Mapped[int] = mapped_column(default=0)
    refreshed_at: Mapped[datetime] = mapped_column(default=clock.now)


class SwitchRule(Base):
    """What a Studio account may switch between on /user/switch, per app (/admin/switch-rules).

    No row for an app means the default: allowed, up to the Studio's 25 slots.
    """

    __tablename__ = "switch_rules"
    __table_args__ = (CheckConstraint("max_accounts >= 1", name="max_accounts_positive"),)

    app: Mapped[str] = mapped_column(String(10), primary_key=True)
    allowed: Mapped[bool] = mapped_column(default=True)
    # How many of the Studio's usernames on this app it may switch between (oldest first).
    max_accounts: Mapped[int]
    updated_at: Mapped[datetime] = mapped_column(default=clock.now)


class SubmitClock(Base):
    """A member's two submit cool-downs (issue 35): when they last added a username (one new one
    a day) and last deleted one (no new one for 24 hours after), one row per member who has done
    either. Loaded with the user in the same query (`User.submit_clock`); only listings writes it.
    """

    __tablename__ = "submit_clocks"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    latest_username: Mapped[datetime | None]
    last_username_deleted_at: Mapped[datetime | None]
