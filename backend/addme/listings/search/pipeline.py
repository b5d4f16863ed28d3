"""The last step, and the one entry: a list request's page and total, through every step once.

parse (the request read into a frozen Query) -> plan (which way to read it: a probe of a tag's
size or of a word's frequency, when not remembered) -> read (the page's statement) -> count (its
total, memoized or sent in the same round trip) -> here. A list or a search costs one round trip
to the database, plus a probe the first time a tag or word is met in this process.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from addme.listings import constants as c
from addme.listings.schemas import ListParams
from addme.listings.search import count, parse, plan, read, totals
from addme.listings.search.parse import Query
from addme.listings.search.plan import INDEX, Fetch, Row

# Whether a search never seen before is read from the index at once (_first_reading); the tests
# turn it off to run every search through each path the probe would choose.
FIRST_READING = True

Found = tuple[Sequence[Row], bool, int]


async def read_page(p: ListParams, *, now: datetime, dialect: str, fetch: Fetch) -> Found:
    """The rows of the page (card rows), whether another follows, and the total the page shows."""
    q = parse.parse(p, now=now, dialect=dialect)
    if q.values is not None:
        return await _search(q, fetch)
    return await _list(q, fetch)


async def _list(q: Query, fetch: Fetch) -> Found:
    p = q.p
    lp = await plan.plan_list(q, fetch=fetch)
    statements: list[tuple[Any, dict[str, Any]]] = [(read.list_page(lp.shape, p.per_page), lp.values)]
    key = count.list_key(p, lp.shape)
    memoized = totals.memoized_count(key)
    if memoized is None:
        statements.append((count.list_count(lp.shape), lp.values))
    rows, has_next, total = count.list_total(p, await fetch(*statements), key, memoized)
    if total is None:  # a page past the end of a long list: one exact count, bounded by the page
        beyond = count.beyond_end_count(p, now=q.now, rare_tag=lp.rare_tag)
        [[(total,)]] = await fetch(beyond, prepare=False)
    return rows, has_next, total


async def _search(q: Query, fetch: Fetch) -> Found:
    """A search's page, whether another follows, and its total (as count.page_and_total, the
    total always known)."""
    p = q.p
    assert p.q is not None and q.values is not None
    key = parse.search_key(p)
    if (
        FIRST_READING
        and q.dialect == "postgresql"
        and "search_q" in q.values
        and plan.known(p, q.dialect) is None
    ):
        at_once = await _first_reading(q, key, fetch)
        if at_once is not None:
            return at_once
    s = await plan.plan_search(q, fetch=fetch)
    total = totals.memoized_count(key)
    if total is None and s.path == INDEX and s.count_path == INDEX:
        statement = count.index_page_counted(
            s.shape, s.words, s.part, s.part_word, p.per_page, c.COUNT_CAP, s.dialect
        )
        [both] = await fetch((statement, s.bound))
        # (count, card...) rows, or one (count, nulls) row for an empty page: index_count's shape.
        results: list[Sequence[Row]] = [
            [r[1:] for r in both if r[1 + read.PART] is not None],
            [(both[0][0], None)],
        ]
    else:
        statements = [(read.page_of(s, s.path), s.bound)]
        if total is None:
            statements.append((count.count_of(s, s.count_path, c.COUNT_CAP), s.bound))
        results = await fetch(*statements)
    rows = results[0]
    if s.path.window is not None:
        rows = await read.whole_page(s, rows, fetch)
    counted = total is None
    if total is None:
        total = await count.total_of(s, s.count_path, c.COUNT_CAP, results[1][0], fetch)
        totals.remember_count(key, total)
    found = read.split(p, rows, s.bound["rest_off"])
    page, has_next, exact_total = count.page_and_total(p, found, total, counted=counted)
    if exact_total is None:
        # An empty page past the end: the total is below its start, so a count capped there is exact.
        start = (p.page - 1) * p.per_page
        beyond = plan.beyond_path(s, start)
        [[first]] = await fetch((count.count_of(s, beyond, start), s.bound), prepare=False)
        exact_total = await count.total_of(s, beyond, start, first, fetch)
    return page, has_next, exact_total


async def _first_reading(q: Query, key: tuple[Any, ...], fetch: Fetch) -> Found | None:
    """A search not seen within WORDS_TTL, read from the index with no probe (plan.py's "A search
    never seen before"): its page and exact total, or None when its guessed word turned out
    common (then remembered as such)."""
    p = q.p
    assert p.q is not None
    f = plan.plan_first_reading(q)
    if f is None:
        return None
    statement = count.first_page(f.shape, f.part, f.part_word, p.per_page, f.cap)
    plan.claim(p.q, p.type, f.word)
    [rows] = await fetch((statement, f.bound))
    candidates, n = rows[0][0], rows[0][1]
    if candidates > f.cap:
        plan.mark_common(p.q, p.type, [f.word])
        return None
    plan.release(p.q, p.type, f.word)
    # Every match was read: `n` is exact. Capped like any count, so every way of reading a search
    # answers the same total.
    capped = min(int(n), c.COUNT_CAP)
    totals.remember_count(key, capped)
    cards = [r[2:] for r in rows if r[2 + read.PART] is not None]
    page, has_next, exact_total = count.page_and_total(
        p, read.split(p, cards, f.bound["rest_off"]), capped, counted=True
    )
    return page, has_next, int(n) if exact_total is None else exact_total
