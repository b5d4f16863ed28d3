"""The public read queries, in SQLAlchemy Core: rows as tuples, no ORM objects on the hot path.

Every list query is a walk down one partial index on listed rows (see models.py); a response
costs a fixed number of statements whatever its length: active pins, one page, a capped count.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    DateTime,
    Integer,
    bindparam,
    case,
    delete,
    func,
    insert,
    literal_column,
    select,
    union_all,
)
from sqlalchemy.engine import Engine

from addme.core import options
from addme.listings import constants as c
from addme.listings.countries import country_name
from addme.listings.models import FacetCount, Tag, Username, username_tags
from addme.listings.schemas import ListParams
from addme.listings.validation import normalize_tag, time_ago

U = Username.__table__.c
CARD_COLUMNS = (
    U.id, U.username, U.app, U.age, U.gender, U.orientation, U.type, U.country_code, U.tags_text,
    U.short_description, U.profile_picture, U.last_top_up, U.sort_at, U.owner_vip_until,
    U.fire_pinned_until, U.created_at,
)  # fmt: skip
PROFILE_COLUMNS = (
    *CARD_COLUMNS, U.description, U.link, U.link_type, U.paid_content, U.reputation, U.user_id, U.listed,
    U.status,
)  # fmt: skip
FC = FacetCount.__table__.c
LISTED = U.listed == True  # noqa: E712 - "listed = true" is what the partial indexes' predicate matches


# Positions in a card row (CARD_COLUMNS first, in every statement that feeds card()).
_ORIENTATION, _COUNTRY, _TAGS = 5, 7, 8
_DESCRIPTION, _LINK, _LINK_TYPE, _PAID, _REPUTATION, _OWNER, _LISTED, _STATUS = range(16, 24)
# In a similar_query row, the reputation follows the card columns.
SIMILAR_REPUTATION = 16


def card(row: Sequence[Any], now: datetime, *, all_tags: bool = False) -> dict[str, Any]:
    """A card dict straight from a row (the UsernameCard shape); rows are plain tuples."""
    (id_, username, app, age, gender, orientation, type_, country_code, tags_text, short_description,
     profile_picture, last_top_up, sort_at, vip, pin, created_at) = row[:16]  # fmt: skip
    tags = tags_text.split() if tags_text else []
    return {
        "id": id_,
        "username": username,
        "app": app,
        "age": age,
        "gender": gender,
        "orientation": orientation,
        "type": type_,
        "country_code": country_code,
        "country": country_name(country_code),
        "tags": tags if all_tags else tags[: c.CARD_TAGS],
        "short_description": short_description,
        "profile_picture": profile_picture,
        "last_top_up": last_top_up,
        "time_ago": time_ago((now - (sort_at or created_at)).total_seconds()),
        "is_promoted": vip is not None and vip > now,
        "is_fire_pinned": pin is not None and pin > now,
        "created_at": created_at,
    }


def profile_fields(row: Sequence[Any]) -> dict[str, Any]:
    """The profile-only columns of a PROFILE_COLUMNS row, by name."""
    return {
        "description": row[_DESCRIPTION],
        "link": row[_LINK],
        "link_type": row[_LINK_TYPE],
        "paid_content": row[_PAID],
        "reputation": row[_REPUTATION],
        "user_id": row[_OWNER],
        "listed": row[_LISTED],
        "status": row[_STATUS],
    }


def _tagged(name: Any) -> ColumnElement[bool]:
    """Usernames carrying the tag `name`, as a correlated EXISTS.

    The tag's id is looked up once; each candidate met while walking a listing index in order is
    then one probe of (username_id, tag_id). As `id IN (tagged ids)`, SQLite instead read every
    username with the tag and sorted them (190 ms for a page at 1M rows; docs/performance.md).
    """
    tag_id = select(Tag.id).where(Tag.name == name).scalar_subquery()
    return (
        select(literal_column("1"))
        .select_from(username_tags)
        .where(username_tags.c.username_id == U.id, username_tags.c.tag_id == tag_id)
        .exists()
    )


def filter_terms(
    *,
    type: Any,
    now: Any,
    app: Any = None,
    gender: Any = None,
    orientation: Any = None,
    country: Any = None,
    vip: bool = False,
    tag: Any = None,
) -> list[ColumnElement[bool]]:
    """The directory's filters as SQL, written once for every list (usernames, galleries).

    Values are literals or bind parameters; None leaves a filter out. Terms lead with the columns
    the listing indexes lead with.
    """
    where: list[ColumnElement[bool]] = [LISTED]
    if app is not None:
        where.append(U.app == app)
    where.append(U.type == type)
    if gender is not None:
        where.append(U.gender == gender)
    if orientation is not None:
        where.append(U.orientation == orientation)
    if country is not None:
        where.append(U.country_code == country)
    if vip:
        where += [U.owner_vip_until.is_not(None), U.owner_vip_until > now]
    if tag is not None:
        where.append(_tagged(tag))
    return where


def ordering(order: str) -> tuple[ColumnElement[Any], ...]:
    """ORDER BY of a list: `popular` (7-day views and clicks) or `latest` (the last Top-Up first)."""
    return _POPULAR if order == "popular" else _LATEST


def conditions(p: ListParams, *, now: datetime) -> list[ColumnElement[bool]]:
    """The filters' WHERE terms with their values written in (a one-off count past the end)."""
    return filter_terms(
        app=p.app or None,
        type=p.type,
        gender=p.gender or None,
        orientation=p.orientation or None,
        country=p.country or None,
        vip=p.vip,
        tag=normalize_tag(p.tag) if p.tag else None,
        now=now,
    )


# --- The hot path --------------------------------------------------------------------------------
# Building a Core statement costs more Python than running the query. Each "shape" of filters
# (which filters are present, and the order) gets its statements built once, with bound
# parameters; core/reads.py compiles each once and every request only executes it. Text search
# builds its statements the same way (search_reads.py).

Shape = tuple[bool, bool, bool, bool, bool, bool, str]

_NOW = bindparam("now", type_=DateTime())
_OFFSET = bindparam("off", type_=Integer())
_LATEST = (U.sort_at.desc(), U.id.desc())
_POPULAR = (U.popularity.desc(), U.sort_at.desc(), U.id.desc())
# Active pins are a handful of rows: found through their own small index first, then filtered.
# Given the filters first, a planner walks a filter's index over every matching row.
_ACTIVE_PINS = select(U.id).where(LISTED, U.fire_pinned_until.is_not(None), U.fire_pinned_until > _NOW)


def shape_of(p: ListParams) -> Shape:
    return (bool(p.app), bool(p.gender), bool(p.orientation), bool(p.country), p.vip, bool(p.tag), p.order)


def bound_values(p: ListParams, now: datetime) -> dict[str, Any]:
    values: dict[str, Any] = {
        "type": p.type,
        "now": now,
        "off": (p.page - 1) * p.per_page,
    }
    for key, value in (("app", p.app), ("gender", p.gender), ("orientation", p.orientation),
                       ("country", p.country)):  # fmt: skip
        if value:
            values[key] = value
    if p.tag:
        values["tag"] = normalize_tag(p.tag)
    return values


@lru_cache(maxsize=256)
def bound_conditions(shape: Shape) -> list[ColumnElement[bool]]:
    """The WHERE terms of one shape, leading with the columns the indexes lead with."""
    app, gender, orientation, country, vip, tag, _order = shape
    return filter_terms(
        app=bindparam("app") if app else None,
        type=bindparam("type"),
        gender=bindparam("gender") if gender else None,
        orientation=bindparam("orientation") if orientation else None,
        country=bindparam("country") if country else None,
        vip=vip,
        tag=bindparam("tag") if tag else None,
        now=_NOW,
    )


def _ordered_stmt(
    where: Sequence[ColumnElement[bool]], order: Sequence[ColumnElement[Any]], *, rows: Any
) -> Any:
    # Deferred join: the offset is walked over index entries only; just the page's rows are read.
    ids = select(U.id).where(*where).order_by(*order).limit(rows).offset(_OFFSET).subquery()
    return select(*CARD_COLUMNS).join(ids, ids.c.id == U.id).order_by(*order)


def _pinned_first_stmt(where: Sequence[ColumnElement[bool]], *, rows: Any) -> Any:
    """One page of the "latest" order, active Fire Pins first, in a single statement.

    The order is: matching pins (newest pin first), then the other matching rows (latest first).
    The page takes `rows` ids from each part, the pins part from the offset and the rest from the
    offset less the pins before it (counted in the statement, not in a second round trip), keeps
    the first `rows` of the two, and only then reads those rows' columns.
    """
    # Materialized: the active pins are always read through their own small index first. Merged
    # into the query, a generic plan may instead walk a filter's index (all VIPs, say) for pins.
    active = _ACTIVE_PINS.cte("active_pins").prefix_with("MATERIALIZED", dialect="postgresql")
    pinned = [U.id.in_(select(active.c.id)), *where]
    pin_ids = (
        select(U.id, literal_column("0").label("part"), U.fire_pinned_until.label("k"))
        .where(*pinned)
        .order_by(U.fire_pinned_until.desc(), U.id.desc())
        .limit(rows)
        .offset(_OFFSET)
        .subquery()
    )
    # Pins ahead of this page, counted up to offset + 1: past the offset only "more" matters.
    before = (
        select(func.count())
        .select_from(select(U.id).where(*pinned).limit(_OFFSET + 1).subquery())
        .scalar_subquery()
    )
    rest_ids = (
        select(U.id, literal_column("1").label("part"), U.sort_at.label("k"))
        # By id, not by fire_pinned_until: the id is in every listing index, so the walk over the
        # offset never reads the table (SQLite's indexes cannot INCLUDE the pin column).
        .where(*where, U.id.not_in(select(active.c.id)))
        .order_by(*_LATEST)
        .limit(rows)
        .offset(case((before < _OFFSET, _OFFSET - before), else_=0))
        .subquery()
    )
    both = union_all(select(pin_ids), select(rest_ids)).subquery()
    order = (both.c.part, both.c.k.desc(), both.c.id.desc())
    page = select(both).order_by(*order).limit(rows).subquery()
    return (
        select(*CARD_COLUMNS)
        .join(page, page.c.id == U.id)
        .order_by(page.c.part, page.c.k.desc(), page.c.id.desc())
    )


@lru_cache(maxsize=256)
def _statements(shape: Shape, per_page: int) -> tuple[Any, Any]:
    """(page, capped count) statements for one shape of filters and page size, built once."""
    where = bound_conditions(shape)
    # One more row than a page tells whether another follows. Written into the SQL rather than
    # bound: a LIMIT the planner can read lets it size the join to the page (a nested loop over a
    # handful of ids) in a prepared statement's generic plan too; a bound one reads as "10% of the
    # table" and gets a hash join over a sequential scan.
    rows: Any = literal_column(str(int(per_page) + 1))
    if shape[-1] == "popular":
        return _ordered_stmt(where, _POPULAR, rows=rows), _count_stmt(where)
    return _pinned_first_stmt(where, rows=rows), _count_stmt(where)


def _count_stmt(where: Sequence[ColumnElement[bool]], cap: int = c.COUNT_CAP) -> Any:
    # Ordered like a page, so the planner walks the filter's index instead of scanning the heap.
    capped = (
        select(literal_column("1"))
        .select_from(Username.__table__)
        .where(*where)
        .order_by(U.sort_at.desc(), U.id.desc())
        .limit(cap)
        .subquery()
    )
    return select(func.count()).select_from(capped)


# Totals are capped and only shown as "N usernames": a few seconds' staleness is invisible, while
# counting on every request would cost as much as the page itself.
_COUNT_TTL = 10.0
_counts: dict[tuple[Any, ...], tuple[float, int]] = {}


@dataclass(frozen=True, slots=True)
class ListPlan:
    """The statements one list response runs: its page, then its capped count unless memoized."""

    queries: list[tuple[Any, dict[str, Any]]]
    count_key: tuple[Any, ...] | None
    total: int | None  # the memoized total, when the count is not among the queries


def plan_list(p: ListParams, *, now: datetime) -> ListPlan:
    """What to run for one list response without `q` (search_reads.py reads searches): its page,
    and its capped count unless memoized."""
    shape = shape_of(p)
    page_stmt, count_stmt = _statements(shape, p.per_page)
    values = bound_values(p, now)
    key = (shape, p.app, p.type, p.gender, p.orientation, p.country, p.tag)
    total = memoized_count(key)
    if total is not None:
        return ListPlan([(page_stmt, values)], None, total)
    return ListPlan([(page_stmt, values), (count_stmt, values)], key, None)


def memoized_count(key: tuple[Any, ...]) -> int | None:
    """A capped count remembered for this filter set less than _COUNT_TTL ago, or None."""
    hit = _counts.get(key)
    return hit[1] if hit is not None and hit[0] > time.monotonic() else None


def remember_count(key: tuple[Any, ...], total: int) -> None:
    if len(_counts) > 4096:
        _counts.clear()
    _counts[key] = (time.monotonic() + _COUNT_TTL, total)


def read_list(
    p: ListParams, plan: ListPlan, results: Sequence[Sequence[Any]]
) -> tuple[Sequence[Any], bool, int | None]:
    """One page of rows, whether another follows, and the total from plan_list's results."""
    counted: int | None = None
    if plan.total is not None:
        total = plan.total
    else:
        total = counted = int(results[1][0][0])
        if plan.count_key is not None:
            remember_count(plan.count_key, total)
    return page_and_total(p, results[0], total, counted=counted is not None)


def page_and_total(
    p: ListParams, rows: Sequence[Any], total: int, *, counted: bool
) -> tuple[Sequence[Any], bool, int | None]:
    """The page (`rows` hold one more when another page follows), whether another follows, and
    its total: `total` is the capped count, `counted` when it was counted in this very request.

    The total is never wrong for the page: exact on the last page (the page itself counts it) and
    on an empty one; "at least" (capped or a few seconds old) only while more pages follow. None
    when an empty page past the end needs `beyond_end_count` to know the exact total.
    """
    page, has_next = rows[: p.per_page], len(rows) > p.per_page
    start = (p.page - 1) * p.per_page
    if page and not has_next:
        return page, False, start + len(page)
    if page:
        # A total memoized a few seconds ago may be short of what this page shows.
        return page, True, max(total, start + len(page) + 1)
    if start == 0:
        return page, False, 0
    if counted and total < c.COUNT_CAP:
        return page, False, total  # counted in this very round trip, under the cap: exact
    return page, False, None


def beyond_end_count(p: ListParams, *, now: datetime) -> tuple[Any, dict[str, Any]]:
    """The exact total for an empty page past the end of a list (search_reads.py counts its own):
    it is below the page's start, so a count capped there is exact and never walks further than
    the pages before it."""
    where = conditions(p, now=now)
    return _count_stmt(where, cap=(p.page - 1) * p.per_page), {}


def forget_counts() -> None:
    """Drop memoized totals (a listing change in this process; tests)."""
    _counts.clear()


def profile_query(username_id: int) -> tuple[Any, dict[str, Any]]:
    """A username's public columns, listed or not (the caller decides who may see it)."""
    return _PROFILE, {"id": username_id}


_PROFILE = select(*PROFILE_COLUMNS).where(U.id == bindparam("id"))


def similar_query(base: Sequence[Any]) -> tuple[Any, dict[str, Any]]:
    """Candidates for "similar usernames": the newest 48 of the same app, type and gender."""
    return _SIMILAR, {"app": base[2], "type": base[6], "gender": base[4], "id": base[0]}


_SIMILAR = (
    # The score rides after the card columns: only a VIP viewer's suggestions show it.
    select(*CARD_COLUMNS, U.reputation)
    .where(
        LISTED,
        U.app == bindparam("app"),
        U.type == bindparam("type"),
        U.gender == bindparam("gender"),
        U.id != bindparam("id"),
    )
    .order_by(U.sort_at.desc(), U.id.desc())
    .limit(48)
)


def rank_similar(
    base: Sequence[Any], candidates: Sequence[Sequence[Any]], *, limit: int = c.SIMILAR_MAX
) -> list[Sequence[Any]]:
    """Up to `limit` candidates, same orientation, country and shared tags first."""
    base_tags = set(base[_TAGS].split())

    def score(row: Sequence[Any]) -> int:
        return int(
            2 * (row[_ORIENTATION] == base[_ORIENTATION])
            + 2 * (row[_COUNTRY] is not None and row[_COUNTRY] == base[_COUNTRY])
            + len(base_tags & set(row[_TAGS].split()))
        )

    ranked = sorted(candidates, key=score, reverse=True)  # stable: recency breaks ties
    return ranked[:limit]


def _count_tags(conn: Connection, *, app: str | None) -> list[tuple[str, int]]:
    stmt = (
        select(Tag.name, func.count().label("n"))
        .select_from(username_tags.join(Tag, Tag.id == username_tags.c.tag_id))
        .join(Username, Username.id == username_tags.c.username_id)
        # A tag an admin hid is left off /tags and the filters' choices (they read these counts).
        .where(LISTED, Tag.hidden.is_(False))
        .group_by(Tag.name)
    )
    if app:
        stmt = stmt.where(U.app == app)
    return [(r[0], int(r[1])) for r in conn.execute(stmt).all()]


def _count_countries(conn: Connection) -> list[tuple[str, int]]:
    stmt = (
        select(U.country_code, func.count())
        .where(LISTED, U.country_code.is_not(None))
        .group_by(U.country_code)
    )
    return [(r[0], int(r[1])) for r in conn.execute(stmt).all()]


# The job recounts every minute; a reader finding counts older than this recounts itself.
FACETS_MAX_AGE = timedelta(minutes=5)
_recount_lock = threading.Lock()
log = logging.getLogger("addme.listings")


def refresh_facets(conn: Connection, *, now: datetime) -> int:
    """Recount tags (overall and per app) and countries into listing_facet_counts (the job)."""
    rows: list[dict[str, Any]] = []
    for app in ("", *(a.value for a in options.App)):
        rows += [
            {"kind": "tag", "app": app, "key": k, "count": n, "refreshed_at": now}
            for k, n in _count_tags(conn, app=app or None)
        ]
    rows += [
        {"kind": "country", "app": "", "key": k, "count": n, "refreshed_at": now}
        for k, n in _count_countries(conn)
    ]
    conn.execute(delete(FacetCount))
    if rows:
        conn.execute(insert(FacetCount), rows)
    return len(rows)


def _facets(conn: Connection, *, kind: str, app: str, now: datetime) -> list[tuple[str, int]]:
    stmt = select(FC.key, FC.count).where(FC.kind == kind, FC.app == app, FC.count > 0)
    last = conn.execute(select(func.max(FC.refreshed_at))).scalar_one()
    if last is None:
        # Never counted (a fresh install): count now rather than show an empty page. One recount
        # at a time in a process: the tags of each app and the countries asked at once used to
        # recount side by side.
        with _recount_lock:
            conn.commit()  # a new snapshot: another request's recount may have just finished
            if conn.execute(select(func.max(FC.refreshed_at))).scalar_one() is None:
                refresh_facets(conn, now=now)
                conn.commit()
    elif last < now - FACETS_MAX_AGE:
        # The recount job is not running (RUN_JOBS_IN_WEB=false and no job process, or a job
        # runner just started): answer these counts now and recount behind them. At a million
        # usernames a recount takes seconds, and every tag page used to wait for it (p99 5.8 s in
        # bench/mixed.py's first seconds).
        _recount_behind(conn.engine, now=now)
    return [(r[0], int(r[1])) for r in conn.execute(stmt.order_by(FC.count.desc(), FC.key)).all()]


def _recount_behind(engine: Engine, *, now: datetime) -> None:
    """Recount the facets in a thread of its own, unless a recount is already running here."""
    if not _recount_lock.acquire(blocking=False):
        return

    def run() -> None:
        try:
            with engine.begin() as conn:
                refresh_facets(conn, now=now)
        except Exception:
            log.exception("recounting the tags and countries failed")
        finally:
            _recount_lock.release()

    threading.Thread(target=run, name="facet-recount", daemon=True).start()


def recounting() -> bool:
    """Whether a recount of the facets is running in this process (tests wait for it)."""
    return _recount_lock.locked()


def tag_counts(
    conn: Connection, *, app: str | None, now: datetime, limit: int = 300
) -> list[tuple[str, int]]:
    """Tags with the number of listed usernames carrying them, most used first."""
    return _facets(conn, kind="tag", app=app or "", now=now)[:limit]


def country_counts(conn: Connection, *, now: datetime) -> list[tuple[str, int]]:
    """Country codes with their number of listed usernames."""
    return _facets(conn, kind="country", app="", now=now)


def newest_listed(conn: Connection, *, limit: int) -> list[Any]:
    """The newest listed usernames (the sitemap)."""
    stmt = (
        select(U.id, U.username, U.updated_at)
        .where(LISTED, U.type == options.UsernameType.CLEAN)
        .order_by(U.sort_at.desc(), U.id.desc())
        .limit(limit)
    )
    return list(conn.execute(stmt).all())
