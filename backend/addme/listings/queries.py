"""The public list queries, in SQLAlchemy Core: the directory's filters, a list's page and capped
count as statements built once per shape of filters.

Every list query is a walk down one partial index on listed rows (see models.py); a response
costs a fixed number of statements whatever its length: active pins, one page, a capped count.
The rows they read are cards.py's; their totals, totals.py's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    DateTime,
    Integer,
    and_,
    bindparam,
    case,
    func,
    literal,
    literal_column,
    select,
    union_all,
)
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement

from addme.core import options
from addme.listings import constants as c
from addme.listings.cards import CARD_COLUMNS, U
from addme.listings.cards import LISTED as LISTED
from addme.listings.models import Tag, Username, username_tags
from addme.listings.schemas import ListParams
from addme.listings.totals import memoized_count, page_and_total, remember_count
from addme.listings.validation import normalize_tag


class _position(FunctionElement[int]):
    """Where `needle` starts in `haystack` (1-based, 0 when absent): strpos on PostgreSQL, instr
    on SQLite. A plain position, never a LIKE pattern: a tag is matched exactly, whatever it holds."""

    type = Integer()
    inherit_cache = True


@compiles(_position)
def _strpos(element: _position, compiler: Any, **kw: Any) -> str:
    return f"strpos({compiler.process(element.clauses, **kw)})"


@compiles(_position, "sqlite")
def _instr(element: _position, compiler: Any, **kw: Any) -> str:
    return f"instr({compiler.process(element.clauses, **kw)})"


def _tagged(name: Any) -> ColumnElement[bool]:
    """Usernames carrying the tag `name`: the tag is one of the words of their `tags_text`.

    A list walks a listing index in order and tests each row it meets. The type's index carries
    tags_text (models.py), so on PostgreSQL a tag-only list tests the index entry alone: no row
    read, no probe of username_tags. The correlated probe of username_tags this replaces cost 184
    probes for a page of 25 rows of a tag carried by one row in seven (0.41 ms of PostgreSQL per
    page at 1M rows against 0.21-0.23; docs/performance.md); with other filters the row is read,
    still cheaper than the probe. Tag names hold no spaces, and every write of username_tags rewrites
    tags_text in the same transaction (service.set_tags, tags.py). An empty name (a filter of "#")
    would match every untagged row: it matches none, as no tag is named "".
    """
    words = literal(" ") + U.tags_text + " "
    return and_(name != "", _position(words, literal(" ") + name + " ") > 0)


def _among_tag_members(name: Any) -> ColumnElement[bool]:
    """Usernames carrying the rare tag `name` (tag_sizes.py): its rows of username_tags read
    first, then those usernames filtered and sorted.

    Walking a listing index with _tagged's probe, a rare tag's page met most of the index before
    it was full: at 1M rows, 0.3 s for a page of a tag of 301 usernames and 2 s for its capped
    count, against 2 ms each this way (docs/performance.md). Materialized: merged into the query,
    a generic plan may walk the index again.
    """
    tag_id = select(Tag.id).where(Tag.name == name).scalar_subquery()
    members = (
        select(username_tags.c.username_id)
        .where(username_tags.c.tag_id == tag_id)
        .cte("tag_members")
        .prefix_with("MATERIALIZED", dialect="postgresql")
    )
    return U.id.in_(select(members.c.username_id))


def table_size(dialect: str) -> Any:
    """The usernames table's size as a scalar to select beside a probe: PostgreSQL's own estimate,
    free to read; SQLite's highest id, one index probe. It only steers plans (search_plan.py,
    tag_sizes.py)."""
    if dialect == "postgresql":
        return literal_column("(SELECT reltuples::bigint FROM pg_class WHERE oid = 'usernames'::regclass)")
    return select(func.max(Username.id)).correlate(None).scalar_subquery()


def filter_terms(
    *,
    type: Any,
    now: Any,
    app: Any = None,
    gender: Any = None,
    orientation: Any = None,
    country: Any = None,
    vip: bool = False,
    verified: bool = False,
    has_tag: bool = False,
    tag: Any = None,
    rare_tag: bool = False,
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
    if verified:
        where.append(U.owner_verified_at.is_not(None))
    if has_tag:
        # tags_text is rewritten with every change of username_tags (see _tagged): "" means none.
        where.append(U.tags_text != "")
    if tag is not None:
        where.append(_among_tag_members(tag) if rare_tag else _tagged(tag))
    return where


def ordering(order: str) -> tuple[ColumnElement[Any], ...]:
    """ORDER BY of a list: `popular` (7-day views and clicks) or `latest` (the last Top-Up first)."""
    return _POPULAR if order == "popular" else _LATEST


def conditions(p: ListParams, *, now: datetime, rare_tag: bool = False) -> list[ColumnElement[bool]]:
    """The filters' WHERE terms with their values written in (a one-off count past the end)."""
    return filter_terms(
        rare_tag=rare_tag,
        app=p.app or None,
        type=p.type,
        gender=p.gender or None,
        orientation=p.orientation or None,
        country=p.country or None,
        vip=p.vip,
        verified=p.verified,
        has_tag=p.has_tag,
        tag=normalize_tag(p.tag) if p.tag else None,
        now=now,
    )


# --- The hot path --------------------------------------------------------------------------------
# Building a Core statement costs more Python than running the query. Each "shape" of filters
# (which filters are present, and the order) gets its statements built once, with bound
# parameters; core/reads.py compiles each once and every request only executes it. Text search
# builds its statements the same way (search_reads.py).

# (app, gender, orientation, country, vip, verified, has_tag, tag, order): which filters are set; the
# tag as "" (none), "walk" or "rare" (read from the tag's own rows, _among_tag_members).
Shape = tuple[bool, bool, bool, bool, bool, bool, bool, str, str]

_NOW = bindparam("now", type_=DateTime())
_OFFSET = bindparam("off", type_=Integer())
_LATEST = (U.sort_at.desc(), U.id.desc())
_POPULAR = (U.popularity.desc(), U.sort_at.desc(), U.id.desc())
# Active pins are a handful of rows: found through their own small index first, then filtered.
# Given the filters first, a planner walks a filter's index over every matching row.
_ACTIVE_PINS = select(U.id).where(LISTED, U.fire_pinned_until.is_not(None), U.fire_pinned_until > _NOW)


def shape_of(p: ListParams, *, rare_tag: bool = False) -> Shape:
    tag = ("rare" if rare_tag else "walk") if p.tag else ""
    return (
        bool(p.app),
        bool(p.gender),
        bool(p.orientation),
        bool(p.country),
        p.vip,
        p.verified,
        p.has_tag,
        tag,
        p.order,
    )


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
    app, gender, orientation, country, vip, verified, has_tag, tag, _order = shape
    return filter_terms(
        app=bindparam("app") if app else None,
        type=bindparam("type"),
        gender=bindparam("gender") if gender else None,
        orientation=bindparam("orientation") if orientation else None,
        country=bindparam("country") if country else None,
        vip=vip,
        verified=verified,
        has_tag=has_tag,
        tag=bindparam("tag") if tag else None,
        rare_tag=tag == "rare",
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


@dataclass(frozen=True, slots=True)
class ListPlan:
    """The statements one list response runs: its page, then its capped count unless memoized."""

    queries: list[tuple[Any, dict[str, Any]]]
    count_key: tuple[Any, ...] | None
    total: int | None  # the memoized total, when the count is not among the queries


def plan_list(p: ListParams, *, now: datetime, rare_tag: bool = False) -> ListPlan:
    """What to run for one list response without `q` (search_reads.py reads searches): its page,
    and its capped count unless memoized. `rare_tag`: the tag's own rows are read first."""
    shape = shape_of(p, rare_tag=rare_tag)
    page_stmt, count_stmt = _statements(shape, p.per_page)
    values = bound_values(p, now)
    # The shape holds vip, verified and has_tag.
    key = (shape, p.app, p.type, p.gender, p.orientation, p.country, p.tag)
    total = memoized_count(key)
    if total is not None:
        return ListPlan([(page_stmt, values)], None, total)
    return ListPlan([(page_stmt, values), (count_stmt, values)], key, None)


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


def beyond_end_count(p: ListParams, *, now: datetime, rare_tag: bool = False) -> tuple[Any, dict[str, Any]]:
    """The exact total for an empty page past the end of a list (search_reads.py counts its own):
    it is below the page's start, so a count capped there is exact and never walks further than
    the pages before it."""
    where = conditions(p, now=now, rare_tag=rare_tag)
    return _count_stmt(where, cap=(p.page - 1) * p.per_page), {}


def newest_listed(conn: Connection, *, limit: int) -> list[Any]:
    """The newest listed usernames (the sitemap)."""
    stmt = (
        select(U.id, U.username, U.updated_at)
        .where(LISTED, U.type == options.UsernameType.CLEAN)
        .order_by(U.sort_at.desc(), U.id.desc())
        .limit(limit)
    )
    return list(conn.execute(stmt).all())
