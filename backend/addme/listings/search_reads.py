"""How a text search reads its page among a million usernames, in the list's own order.

A search answers its exact handles first (one btree probe), then every other match in the list's
order. Those can be read two ways, and which is cheap depends on how common `q` is:

- **the walk**: the list's own index, newest (or most popular) first, each row tested, stopping
  after a page. A common word ("gamer", 27% of rows) fills a page within a hundred rows; a rare
  one would walk the whole index (8 s at 1M rows).
- **the index**: the matches read from the search indexes (PostgreSQL: the tsvector's GIN index
  for the rarest word of `q`, the trigram index for `q` as part of a handle; SQLite: FTS5), then
  sorted. A rare word has a handful; "gamer" has 270,000.

No planner estimate says how common a word is (PostgreSQL puts any prefix tsquery at 2% of the
rows), so a probe tells (search_plan.py, remembered per word). With it, a search costs one round
trip like a list, and every statement is prepared once per connection with a generic plan: the
walk reads a window of the list's first W rows (W from the word's frequency, written into the
SQL), and the index path reads the word it is given. Neither plan depends on the word any more.

The results never depend on the choice: a walk whose window ran out before its page was full
(the word rarer among older rows than among the newest) is read again from the index, and the
capped count falls back the same way. tests/listings/test_search.py runs every search through
each path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from sqlalchemy import Integer, bindparam, case, func, literal_column, select, true, union_all

from addme.listings import constants as c
from addme.listings import queries, search, totals
from addme.listings.cards import CARD_COLUMNS, U
from addme.listings.models import Username
from addme.listings.queries import Shape
from addme.listings.schemas import ListParams
from addme.listings.search_plan import (
    COUNT_SAFETY,
    FIRST_CANDIDATES,
    INDEX,
    SAFETY,
    Fetch,
    Path,
    Row,
    Words,
    choose,
    claim,
    guess,
    known,
    mark_common,
    part_word,
    release,
    remember,
    window_of,
    word_counts,
)

# Whether a search never seen before is read from the index at once (_first_reading); the tests
# turn it off to run every search through each path the probe would choose.
FIRST_READING = True

# One live listing per handle and app (uq_usernames_live_handle): at most this many exact matches.
EXACT_MAX = 3


# --- The statements ------------------------------------------------------------------------------
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
        .where(*queries.bound_conditions(shape), U.username_normalized == _HANDLE)
        .order_by(*queries.ordering(shape[-1]))
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


def _ordered_by(cols: Any, popular: bool) -> tuple[Any, ...]:
    if popular:
        return (cols.popularity.desc(), cols.sort_at.desc(), cols.id.desc())
    return (cols.sort_at.desc(), cols.id.desc())


@lru_cache(maxsize=512)
def walk_page(shape: Shape, words: bool, part: bool, per_page: int, window: int, dialect: str) -> Any:
    """The page when the matches are found by walking the list's first `window` rows."""
    pg = dialect == "postgresql"
    popular = shape[-1] == "popular"
    extra = (U.popularity, U.username_normalized, *((search.vector_column(),) if pg else ()))
    walked = (
        select(*CARD_COLUMNS, *extra)
        .where(*queries.bound_conditions(shape))
        .order_by(*queries.ordering(shape[-1]))
        .limit(literal_column(str(window)))
        .subquery("walk")
    )
    w = walked.c
    on = search.Searched(w.id, w.username_normalized, w[search.PG_VECTOR] if pg else None)
    rest = (
        select(*(w[col.name] for col in CARD_COLUMNS), w.popularity, literal_column("1").label("part"))
        .where(search.match_clause(dialect, words=words, part=part, on=on), w.username_normalized != _HANDLE)
        .order_by(*_ordered_by(w, popular))
        .limit(_page_rows(per_page))
        .offset(_REST_OFF)
        .subquery("rest")
    )
    return _both(_exact(shape), rest, popular)


def _matches(shape: Shape, words: bool, part: bool, part_word: bool, dialect: str) -> Any:
    """Every match, read from the search indexes (materialized: the planner cannot turn it back
    into a walk of the list's index, which is what its estimates would often pick)."""
    where = [*queries.bound_conditions(shape), search.match_clause(dialect, words=words, part=part)]
    if dialect == "postgresql":
        where.append(search.candidates(dialect, words=words, part=part, part_word=part_word))
    return (
        select(U.id, U.popularity, U.sort_at, U.username_normalized)
        .where(*where)
        .cte("search_matches")
        .prefix_with("MATERIALIZED", dialect="postgresql")
    )


@lru_cache(maxsize=256)
def index_page(shape: Shape, words: bool, part: bool, part_word: bool, per_page: int, dialect: str) -> Any:
    """The page when the matches are read from the search indexes, then sorted."""
    return _index_page_of(_matches(shape, words, part, part_word, dialect), shape, per_page)


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
    m = _matches(shape, words, part, part_word, dialect)
    n = select(func.count().label("n")).select_from(select(m.c.id).limit(literal_column(str(cap))).subquery())
    return _counted_page(n, m, shape, per_page)


def _counted_page(counts: Any, m: Any, shape: Shape, per_page: int) -> Any:
    """The page of the matches `m` after the one row of `counts` in the first columns of every row
    (one row of the counts and nulls when the page is empty)."""
    counted = counts.subquery("counted")
    page = _index_page_of(m, shape, per_page).subquery("page")
    return (
        select(*counted.c, *page.c)
        .select_from(counted.outerjoin(page, true()))
        .order_by(page.c.part, *_ordered_by(page.c, shape[-1] == "popular"))
    )


@lru_cache(maxsize=256)
def first_page(shape: Shape, part: bool, part_word: bool, per_page: int, cap: int) -> Any:
    """PostgreSQL, a search never seen before: its page read from at most `cap` + 1 candidates
    from the search indexes, with (candidates read, matches) in the first two columns of every row
    (one row of the counts and nulls for an empty page). More than `cap` candidates: the page and
    the count are not whole and are not used. At most `cap` + 1 heap rows, however common the word.
    """
    dialect = "postgresql"
    hit = search.match_clause(dialect, words=True, part=part).label("hit")
    cand = (
        select(U.id, U.popularity, U.sort_at, U.username_normalized, hit)
        .where(
            *queries.bound_conditions(shape),
            search.candidates(dialect, words=True, part=part, part_word=part_word),
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


def _index_page_of(m: Any, shape: Shape, per_page: int) -> Any:
    popular = shape[-1] == "popular"
    ids = (
        select(m.c.id)
        .where(m.c.username_normalized != _HANDLE)
        .order_by(*_ordered_by(m.c, popular))
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
        .where(*queries.bound_conditions(shape))
        .order_by(*queries.ordering(shape[-1]))
        .limit(1)
        .offset(literal_column(str(window - 1)))
        .subquery()
    )
    return select(func.count()).select_from(last)


@lru_cache(maxsize=256)
def walk_count(shape: Shape, words: bool, part: bool, window: int, cap: int, dialect: str) -> Any:
    """(matches among the list's first `window` rows up to `cap`, the window's size when the count
    fell short of the cap): a short count over a full window is no total."""
    pg = dialect == "postgresql"
    where = queries.bound_conditions(shape)
    order = queries.ordering(shape[-1])
    w = window_of(where, order, window, *((search.vector_column(),) if pg else ())).subquery("walk")
    on = search.Searched(w.c.id, w.c.username_normalized, w.c[search.PG_VECTOR] if pg else None)
    hits = (
        select(literal_column("1"))
        .select_from(w)
        .where(search.match_clause(dialect, words=words, part=part, on=on))
        .limit(literal_column(str(cap)))
        .subquery("hits")
    )
    n = select(func.count().label("n")).select_from(hits).subquery("n")
    # Read only when the count is short: PostgreSQL evaluates a CASE branch's subquery lazily.
    size = select(func.count()).select_from(window_of(where, order, window).subquery()).scalar_subquery()
    return select(n.c.n, case((n.c.n < cap, size), else_=None))


@lru_cache(maxsize=256)
def index_count(shape: Shape, words: bool, part: bool, part_word: bool, cap: int, dialect: str) -> Any:
    """(matches read from the search indexes up to `cap`, NULL): walk_count's shape."""
    m = _matches(shape, words, part, part_word, dialect)
    return select(func.count(), literal_column("NULL")).select_from(
        select(m.c.id).limit(literal_column(str(cap))).subquery()
    )


# --- Reading a search ----------------------------------------------------------------------------

# In a page row: the card columns, then popularity, then the part (0 exact handle, 1 the rest).
_PART = len(CARD_COLUMNS) + 1


def _split(p: ListParams, rows: Sequence[Row], rest_from: int) -> list[Row]:
    """Rows [offset, offset + per_page] of "exact handles, then the other matches"."""
    exact = [r for r in rows if r[_PART] == 0]
    rest = [r for r in rows if r[_PART] == 1]
    off = (p.page - 1) * p.per_page
    page: list[Row] = []
    for pos in range(off, off + p.per_page + 1):
        if pos < len(exact):
            page.append(exact[pos])
        elif 0 <= pos - len(exact) - rest_from < len(rest):
            page.append(rest[pos - len(exact) - rest_from])
    return page


@dataclass(frozen=True, slots=True)
class _Search:
    """One search request: its statements' keys and bound values."""

    p: ListParams
    shape: Shape
    words: bool
    part: bool
    part_word: bool  # `q` as part of a handle found by one of its words (search.interior_words)
    dialect: str
    bound: dict[str, Any]
    stats: Words

    def page(self, path: Path) -> Any:
        if path.window is not None:
            return walk_page(self.shape, self.words, self.part, self.p.per_page, path.window, self.dialect)
        return index_page(self.shape, self.words, self.part, self.part_word, self.p.per_page, self.dialect)

    def count(self, path: Path, cap: int) -> Any:
        # A count is the same in any order: walk the newest.
        latest = (*self.shape[:-1], "latest")
        if path.window is not None:
            return walk_count(latest, self.words, self.part, path.window, cap, self.dialect)
        return index_count(latest, self.words, self.part, self.part_word, cap, self.dialect)


async def read_search(
    p: ListParams, *, now: Any, dialect: str, fetch: Fetch
) -> tuple[Sequence[Row], bool, int] | None:
    """A search's page, whether another follows, and its total (as totals.page_and_total, the
    total always known); None when `q` has nothing to search for (the list without it answers)."""
    assert p.q is not None
    values = search.search_values(p.q, dialect)
    if values is None:
        return None
    rest_from = max(0, (p.page - 1) * p.per_page - EXACT_MAX)
    count_key = (
        "q",
        search.handle_of(p.q),
        p.app,
        p.type,
        p.gender,
        p.orientation,
        p.country,
        p.vip,
        p.verified,
        p.has_tag,
        p.tag,
    )
    if FIRST_READING and dialect == "postgresql" and "search_q" in values and known(p, dialect) is None:
        at_once = await _first_reading(p, values, rest_from, count_key, now=now, fetch=fetch)
        if at_once is not None:
            return at_once
    stats = await word_counts(p, values, dialect=dialect, fetch=fetch)
    bound: dict[str, Any] = {**queries.bound_values(p, now), **values}
    operands = search.word_operands(p.q)
    if dialect == "postgresql" and "search_q" in values:
        bound["search_word"] = operands[stats.rarest_word()]
    by_word = part_word(p.q, stats) if dialect == "postgresql" and "search_part" in values else None
    if by_word is not None:
        bound["search_part_word"] = operands[by_word]
    bound["rest_off"] = rest_from
    words, part = "search_q" in values, "search_part" in values
    s = _Search(p, queries.shape_of(p), words, part, by_word is not None, dialect, bound, stats)
    wanted = p.per_page + 1 + EXACT_MAX
    path = choose(stats, needed=rest_from + wanted, safety=SAFETY, dialect=dialect)
    total = totals.memoized_count(count_key)
    count_path = choose(stats, needed=c.COUNT_CAP, safety=COUNT_SAFETY, dialect=dialect)
    if total is None and path == INDEX and count_path == INDEX:
        statement = index_page_counted(s.shape, words, part, s.part_word, p.per_page, c.COUNT_CAP, dialect)
        [both] = await fetch((statement, bound))
        # (count, card...) rows, or one (count, nulls) row for an empty page: index_count's shape.
        results: list[Sequence[Row]] = [
            [r[1:] for r in both if r[1 + _PART] is not None],
            [(both[0][0], None)],
        ]
    else:
        statements = [(s.page(path), bound)]
        if total is None:
            statements.append((s.count(count_path, c.COUNT_CAP), bound))
        results = await fetch(*statements)
    rows = results[0]
    if path.window is not None and sum(1 for r in rows if r[_PART] == 1) < wanted:
        rows = await _after_short_walk(s, path.window, rows, fetch)
    counted = total is None
    if total is None:
        total = await _total(s, count_path, c.COUNT_CAP, results[1][0], fetch)
        totals.remember_count(count_key, total)
    page, has_next, exact_total = totals.page_and_total(p, _split(p, rows, rest_from), total, counted=counted)
    if exact_total is None:
        # An empty page past the end: the total is below its start, so a count capped there is exact.
        start = (p.page - 1) * p.per_page
        beyond = choose(stats, needed=start, safety=COUNT_SAFETY, dialect=dialect)
        [[first]] = await fetch((s.count(beyond, start), bound), prepare=False)
        exact_total = await _total(s, beyond, start, first, fetch)
    return page, has_next, exact_total


async def _first_reading(
    p: ListParams,
    values: dict[str, Any],
    rest_from: int,
    count_key: tuple[Any, ...],
    *,
    now: Any,
    fetch: Fetch,
) -> tuple[Sequence[Row], bool, int] | None:
    """A search not seen within WORDS_TTL, read from the index with no probe (search_plan's "A
    search never seen before"): its page and exact total, or None when its guessed word turned
    out common (then remembered as such)."""
    assert p.q is not None
    g = guess(p.q, p.type)
    if g is None:
        return None
    operands = search.word_operands(p.q)
    bound: dict[str, Any] = {**queries.bound_values(p, now), **values, "rest_off": rest_from}
    bound["search_word"] = operands[g.word]
    part = "search_part" in values
    by_word = part and g.part_word is not None
    if part and g.part_word is not None:
        bound["search_part_word"] = operands[g.part_word]
    cap = FIRST_CANDIDATES
    statement = first_page(queries.shape_of(p), part, by_word, p.per_page, cap)
    claim(p.q, p.type, g.word)
    [rows] = await fetch((statement, bound))
    candidates, n = rows[0][0], rows[0][1]
    if candidates > cap:
        mark_common(p.q, p.type, [g.word])
        return None
    release(p.q, p.type, g.word)
    # Every match was read: `n` is exact. Capped like any count, so every way of reading a search
    # answers the same total.
    capped = min(int(n), c.COUNT_CAP)
    totals.remember_count(count_key, capped)
    cards = [r[2:] for r in rows if r[2 + _PART] is not None]
    page, has_next, exact_total = totals.page_and_total(p, _split(p, cards, rest_from), capped, counted=True)
    return page, has_next, int(n) if exact_total is None else exact_total


async def _total(s: _Search, path: Path, cap: int, first: Row, fetch: Fetch) -> int:
    """A count's answer; when its walk ran out of window before the cap, counted from the index."""
    n, window_rows = first
    if path.window is not None and window_rows is not None and int(window_rows) >= path.window:
        [[(n, _)]] = await fetch((s.count(INDEX, cap), s.bound), prepare=cap == c.COUNT_CAP)
    return int(n)


async def _after_short_walk(s: _Search, window: int, rows: Sequence[Row], fetch: Fetch) -> Sequence[Row]:
    """A walk that found fewer matches than its page wants: the end of the list, or the end of its
    window (then the page is read from the index, and the word remembered as rarer)."""
    [[(full,)]] = await fetch((window_is_full(s.shape, window), s.bound))
    if not full:
        return rows
    found = sum(1 for r in rows if r[_PART] == 1) + s.bound["rest_off"]
    remember(s.p, s.dialect, replace(s.stats, hits=min(s.stats.hits, int(found * s.stats.sample / window))))
    [rows] = await fetch((s.page(INDEX), s.bound))
    return rows
