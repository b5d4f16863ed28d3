"""The third step: the statements that read a page of rows for a plan, and reading it.

A list's page walks one partial index on listed rows (see models.py): active pins, then the
page, in one statement built once per shape of filters. A search answers its exact handles first
(one btree probe), then every other match in the list's order. Those can be read two ways, and
which is cheap depends on how common `q` is (plan.py chooses):

- **the walk**: the list's own index, newest (or most popular) first, each row tested, stopping
  after a page. A common word ("gamer", 27% of rows) fills a page within a hundred rows; a rare
  one would walk the whole index (8 s at 1M rows).
- **the index**: the matches read from the search indexes (PostgreSQL: the tsvector's GIN index
  for the rarest word of `q`, the suffix index for `q` as part of a handle; SQLite: FTS5), then
  sorted. A rare word has a handful; "gamer" has 270,000.

No planner estimate says how common a word is (PostgreSQL puts any prefix tsquery at 2% of the
rows), so a probe tells (plan.py, remembered per word). With it, a search costs one round trip
like a list, and every statement is prepared once per connection with a generic plan: the walk
reads a window of the list's first W rows (W from the word's frequency, written into the SQL),
and the index path reads the word it is given. Neither plan depends on the word any more.

The results never depend on the choice: a walk whose window ran out before its page was full
(the word rarer among older rows than among the newest) is read again from the index
(whole_page), and the capped count falls back the same way (count.py).
tests/listings/test_search.py runs every search through each path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from sqlalchemy import ColumnElement, Integer, bindparam, case, func, literal_column, select, union_all

from addme.listings.cards import CARD_COLUMNS, LISTED, U
from addme.listings.models import Username
from addme.listings.schemas import ListParams
from addme.listings.search import sql
from addme.listings.search.indexes import PG_VECTOR
from addme.listings.search.parse import Shape
from addme.listings.search.plan import EXACT_MAX, INDEX, Fetch, Path, Row, SearchPlan, remember

_OFFSET = bindparam("off", type_=Integer())
# Active pins are a handful of rows: found through their own small index first, then filtered.
# Given the filters first, a planner walks a filter's index over every matching row.
_ACTIVE_PINS = select(U.id).where(LISTED, U.fire_pinned_until.is_not(None), U.fire_pinned_until > sql.NOW)


# --- A list's page -------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def list_page(shape: Shape, per_page: int) -> Any:
    """The page statement of one shape of filters and page size, built once."""
    where = sql.bound_conditions(shape)
    # One more row than a page tells whether another follows. Written into the SQL rather than
    # bound: a LIMIT the planner can read lets it size the join to the page (a nested loop over a
    # handful of ids) in a prepared statement's generic plan too; a bound one reads as "10% of the
    # table" and gets a hash join over a sequential scan.
    rows: Any = literal_column(str(int(per_page) + 1))
    if shape[-1] == "popular":
        return _ordered_stmt(where, sql.ordering("popular"), rows=rows)
    return _pinned_first_stmt(where, rows=rows)


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
        .order_by(*sql.ordering("latest"))
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


# --- A search's page -----------------------------------------------------------------------------
# Built once per shape of filters (and path, window and page size), values bound, prepared once
# per connection like the lists'. A page is one statement: the exact handles and the other matches
# side by side (`part` 0 and 1), in the list's order.

_HANDLE: Any = bindparam("handle")
_REST_OFF = bindparam("rest_off", type_=Integer())


def _page_rows(per_page: int) -> Any:
    # Enough of the other matches for any number (0 to EXACT_MAX) of exact ones ahead of them.
    return literal_column(str(per_page + 1 + EXACT_MAX))


def _exact(shape: Shape) -> Any:
    return (
        select(*CARD_COLUMNS, U.popularity, literal_column("0").label("part"))
        .where(*sql.bound_conditions(shape), U.username_normalized == _HANDLE)
        .order_by(*sql.ordering(shape[-1]))
        .limit(literal_column(str(EXACT_MAX)))
        .subquery("exact")
    )


def _both(exact: Any, rest: Any, popular: bool) -> Any:
    both = union_all(select(exact), select(rest)).subquery("found")
    b = both.c
    keys = (
        (b.popularity.desc(), b.sort_at.desc(), b.id.desc()) if popular else (b.sort_at.desc(), b.id.desc())
    )
    return select(both).order_by(b.part, *keys)


def ordered_by(cols: Any, popular: bool) -> tuple[Any, ...]:
    if popular:
        return (cols.popularity.desc(), cols.sort_at.desc(), cols.id.desc())
    return (cols.sort_at.desc(), cols.id.desc())


@lru_cache(maxsize=512)
def walk_page(shape: Shape, words: bool, part: bool, per_page: int, window: int, dialect: str) -> Any:
    """The page when the matches are found by walking the list's first `window` rows."""
    pg = dialect == "postgresql"
    popular = shape[-1] == "popular"
    extra = (U.popularity, U.username_normalized, *((sql.vector_column(),) if pg else ()))
    walked = (
        select(*CARD_COLUMNS, *extra)
        .where(*sql.bound_conditions(shape))
        .order_by(*sql.ordering(shape[-1]))
        .limit(literal_column(str(window)))
        .subquery("walk")
    )
    w = walked.c
    on = sql.Searched(w.id, w.username_normalized, w[PG_VECTOR] if pg else None)
    rest = (
        select(*(w[col.name] for col in CARD_COLUMNS), w.popularity, literal_column("1").label("part"))
        .where(sql.match_clause(dialect, words=words, part=part, on=on), w.username_normalized != _HANDLE)
        .order_by(*ordered_by(w, popular))
        .limit(_page_rows(per_page))
        .offset(_REST_OFF)
        .subquery("rest")
    )
    return _both(_exact(shape), rest, popular)


def matches(shape: Shape, words: bool, part: bool, part_word: bool, dialect: str) -> Any:
    """Every match, read from the search indexes (materialized: the planner cannot turn it back
    into a walk of the list's index, which is what its estimates would often pick)."""
    where = [*sql.bound_conditions(shape), sql.match_clause(dialect, words=words, part=part)]
    if dialect == "postgresql":
        where.append(sql.candidates(dialect, words=words, part=part, part_word=part_word))
    return (
        select(U.id, U.popularity, U.sort_at, U.username_normalized)
        .where(*where)
        .cte("search_matches")
        .prefix_with("MATERIALIZED", dialect="postgresql")
    )


@lru_cache(maxsize=256)
def index_page(shape: Shape, words: bool, part: bool, part_word: bool, per_page: int, dialect: str) -> Any:
    """The page when the matches are read from the search indexes, then sorted."""
    return index_page_of(matches(shape, words, part, part_word, dialect), shape, per_page)


def index_page_of(m: Any, shape: Shape, per_page: int) -> Any:
    popular = shape[-1] == "popular"
    ids = (
        select(m.c.id)
        .where(m.c.username_normalized != _HANDLE)
        .order_by(*ordered_by(m.c, popular))
        .limit(_page_rows(per_page))
        .offset(_REST_OFF)
        .subquery("page_ids")
    )
    rest = (
        select(*CARD_COLUMNS, U.popularity, literal_column("1").label("part"))
        .join(ids, ids.c.id == U.id)
        .subquery("rest")
    )
    return _both(_exact(shape), rest, popular)


@lru_cache(maxsize=256)
def window_is_full(shape: Shape, window: int) -> Any:
    """1 when the list has `window` rows or more: a walk that came up short stopped at its window."""
    last = (
        select(literal_column("1"))
        .select_from(Username.__table__)
        .where(*sql.bound_conditions(shape))
        .order_by(*sql.ordering(shape[-1]))
        .limit(1)
        .offset(literal_column(str(window - 1)))
        .subquery()
    )
    return select(func.count()).select_from(last)


# In a page row: the card columns, then popularity, then the part (0 exact handle, 1 the rest).
PART = len(CARD_COLUMNS) + 1


def split(p: ListParams, rows: Sequence[Row], rest_from: int) -> list[Row]:
    """Rows [offset, offset + per_page] of "exact handles, then the other matches"."""
    exact = [r for r in rows if r[PART] == 0]
    rest = [r for r in rows if r[PART] == 1]
    off = (p.page - 1) * p.per_page
    page: list[Row] = []
    for pos in range(off, off + p.per_page + 1):
        if pos < len(exact):
            page.append(exact[pos])
        elif 0 <= pos - len(exact) - rest_from < len(rest):
            page.append(rest[pos - len(exact) - rest_from])
    return page


def page_of(s: SearchPlan, path: Path) -> Any:
    """The statement of a search's page read the way `path` says."""
    if path.window is not None:
        return walk_page(s.shape, s.words, s.part, s.p.per_page, path.window, s.dialect)
    return index_page(s.shape, s.words, s.part, s.part_word, s.p.per_page, s.dialect)


async def whole_page(s: SearchPlan, rows: Sequence[Row], fetch: Fetch) -> Sequence[Row]:
    """The page's rows: `rows` as read, unless a walk found fewer matches than its page wants
    and stopped at the end of its window rather than at the end of the list (then the page is
    read from the index, and the word remembered as rarer)."""
    window = s.path.window
    if window is None or sum(1 for r in rows if r[PART] == 1) >= s.p.per_page + 1 + EXACT_MAX:
        return rows
    [[(full,)]] = await fetch((window_is_full(s.shape, window), s.bound))
    if not full:
        return rows
    found = sum(1 for r in rows if r[PART] == 1) + s.bound["rest_off"]
    remember(s.p, s.dialect, replace(s.stats, hits=min(s.stats.hits, int(found * s.stats.sample / window))))
    [rows] = await fetch((page_of(s, INDEX), s.bound))
    return rows
