"""The fourth step: a request's total. Counted up to a cap, remembered a few seconds per filter
set (totals.py), and never wrong for the page it comes with.

The count's statements go out with the page's (read.py) in the same round trip, or are the same
statement when a search's page and count read the same matches from the search indexes
(index_page_counted, first_page). A search counted by walking a window of the list that ran out
before the cap is counted again from the index (total_of): the results never depend on the path.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import ColumnElement, case, func, literal_column, select, true

from addme.listings import constants as c
from addme.listings.cards import U
from addme.listings.models import Username
from addme.listings.schemas import ListParams
from addme.listings.search import read, sql
from addme.listings.search.indexes import PG_VECTOR
from addme.listings.search.parse import Shape
from addme.listings.search.plan import INDEX, Fetch, Path, Row, SearchPlan
from addme.listings.search.totals import remember_count


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


# --- A list's count ------------------------------------------------------------------------------


def list_key(p: ListParams, shape: Shape) -> tuple[Any, ...]:
    """Where a list's total is remembered. The shape holds vip, verified and has_tag."""
    return (shape, p.app, p.type, p.gender, p.orientation, p.country, p.tag)


@lru_cache(maxsize=256)
def list_count(shape: Shape) -> Any:
    """The capped count statement of one shape of filters, built once."""
    return _count_stmt(sql.bound_conditions(shape))


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


def list_total(
    p: ListParams, results: Sequence[Sequence[Any]], key: tuple[Any, ...], memoized: int | None
) -> tuple[Sequence[Any], bool, int | None]:
    """One page of rows, whether another follows, and the total from a list's results: its page,
    then its capped count unless the total was `memoized`."""
    if memoized is not None:
        return page_and_total(p, results[0], memoized, counted=False)
    total = int(results[1][0][0])
    remember_count(key, total)
    return page_and_total(p, results[0], total, counted=True)


def beyond_end_count(p: ListParams, *, now: datetime, rare_tag: bool = False) -> tuple[Any, dict[str, Any]]:
    """The exact total for an empty page past the end of a list (a search counts its own):
    it is below the page's start, so a count capped there is exact and never walks further than
    the pages before it."""
    where = sql.conditions(p, now=now, rare_tag=rare_tag)
    return _count_stmt(where, cap=(p.page - 1) * p.per_page), {}


# --- A search's count ----------------------------------------------------------------------------


def count_of(s: SearchPlan, path: Path, cap: int) -> Any:
    """The statement of a search's count up to `cap`, read the way `path` says."""
    # A count is the same in any order: walk the newest.
    latest = (*s.shape[:-1], "latest")
    if path.window is not None:
        return walk_count(latest, s.words, s.part, path.window, cap, s.dialect)
    return index_count(latest, s.words, s.part, s.part_word, cap, s.dialect)


async def total_of(s: SearchPlan, path: Path, cap: int, first: Row, fetch: Fetch) -> int:
    """A count's answer; when its walk ran out of window before the cap, counted from the index."""
    n, window_rows = first
    if path.window is not None and window_rows is not None and int(window_rows) >= path.window:
        [[(n, _)]] = await fetch((count_of(s, INDEX, cap), s.bound), prepare=cap == c.COUNT_CAP)
    return int(n)


@lru_cache(maxsize=256)
def index_page_counted(
    shape: Shape, words: bool, part: bool, part_word: bool, per_page: int, cap: int, dialect: str
) -> Any:
    """index_page with its capped count in a first column, both from one reading of the matches.

    Sent as two statements, the page and index_count each read the search indexes for the same
    matches: for a handle never searched before, the trigram index's part was 0.6 of the 0.8 ms
    either took. The count is the same in any order, so the page's own matches serve it. One row
    per card, the count repeated; an empty page is one row of the count and nulls.
    """
    m = read.matches(shape, words, part, part_word, dialect)
    n = select(func.count().label("n")).select_from(select(m.c.id).limit(literal_column(str(cap))).subquery())
    return _counted_page(n, m, shape, per_page)


def _counted_page(counts: Any, m: Any, shape: Shape, per_page: int) -> Any:
    """The page of the matches `m` after the one row of `counts` in the first columns of every row
    (one row of the counts and nulls when the page is empty)."""
    counted = counts.subquery("counted")
    page = read.index_page_of(m, shape, per_page).subquery("page")
    return (
        select(*counted.c, *page.c)
        .select_from(counted.outerjoin(page, true()))
        .order_by(page.c.part, *read.ordered_by(page.c, shape[-1] == "popular"))
    )


@lru_cache(maxsize=256)
def first_page(shape: Shape, part: bool, part_word: bool, per_page: int, cap: int) -> Any:
    """PostgreSQL, a search never seen before: its page read from at most `cap` + 1 candidates
    from the search indexes, with (candidates read, matches) in the first two columns of every row
    (one row of the counts and nulls for an empty page). More than `cap` candidates: the page and
    the count are not whole and are not used. At most `cap` + 1 heap rows, however common the word.
    """
    dialect = "postgresql"
    hit = sql.match_clause(dialect, words=True, part=part).label("hit")
    cand = (
        select(U.id, U.popularity, U.sort_at, U.username_normalized, hit)
        .where(
            *sql.bound_conditions(shape),
            sql.candidates(dialect, words=True, part=part, part_word=part_word),
        )
        .limit(literal_column(str(cap + 1)))
        .cte("search_candidates")
        .prefix_with("MATERIALIZED", dialect="postgresql")
    )
    m = select(cand.c.id, cand.c.popularity, cand.c.sort_at, cand.c.username_normalized).where(cand.c.hit)
    matches = m.cte("search_matches")
    counts = select(
        select(func.count()).select_from(cand).scalar_subquery().label("candidates"),
        select(func.count()).select_from(matches).scalar_subquery().label("n"),
    )
    return _counted_page(counts, matches, shape, per_page)


@lru_cache(maxsize=256)
def walk_count(shape: Shape, words: bool, part: bool, window: int, cap: int, dialect: str) -> Any:
    """(matches among the list's first `window` rows up to `cap`, the window's size when the count
    fell short of the cap): a short count over a full window is no total."""
    pg = dialect == "postgresql"
    where = sql.bound_conditions(shape)
    order = sql.ordering(shape[-1])
    w = sql.window_of(where, order, window, *((sql.vector_column(),) if pg else ())).subquery("walk")
    on = sql.Searched(w.c.id, w.c.username_normalized, w.c[PG_VECTOR] if pg else None)
    hits = (
        select(literal_column("1"))
        .select_from(w)
        .where(sql.match_clause(dialect, words=words, part=part, on=on))
        .limit(literal_column(str(cap)))
        .subquery("hits")
    )
    n = select(func.count().label("n")).select_from(hits).subquery("n")
    # Read only when the count is short: PostgreSQL evaluates a CASE branch's subquery lazily.
    size = select(func.count()).select_from(sql.window_of(where, order, window).subquery()).scalar_subquery()
    return select(n.c.n, case((n.c.n < cap, size), else_=None))


@lru_cache(maxsize=256)
def index_count(shape: Shape, words: bool, part: bool, part_word: bool, cap: int, dialect: str) -> Any:
    """(matches read from the search indexes up to `cap`, NULL): walk_count's shape."""
    m = read.matches(shape, words, part, part_word, dialect)
    return select(func.count(), literal_column("NULL")).select_from(
        select(m.c.id).limit(literal_column(str(cap))).subquery()
    )
