"""The second step: which way a request reads its rows, from what parse.py read of it.

A list without `q` walks a listing index; its only choice is a tag's: a rare one is read from
its own rows first (tag_sizes.py). A text search has more (read.py explains the ways: walking
the list's own index, or reading the search indexes then sorting). No planner estimate says how
common a word is, so a probe counts the matches among the newest PROBE_ROWS rows of the type,
for `q` and for each of its words, once per word and type; each web process remembers it for
WORDS_TTL. `choose` turns those counts into a path: the walk's window (W = WALK_MIN x 2^k rows,
written into the SQL) or the index. The choice only steers the plan: the results never depend
on it (read.py checks a short walk, count.py a short count).
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import bindparam, func, select

from addme.listings import constants as c
from addme.listings.cards import LISTED, U
from addme.listings.schemas import ListParams
from addme.listings.search import parse, sql, tag_sizes
from addme.listings.search.indexes import PG_VECTOR
from addme.listings.search.parse import Query, Shape
from addme.listings.validation import normalize_tag

Row = Sequence[Any]
Fetch = Callable[..., Awaitable[list[Sequence[Row]]]]

# The probe's window: the newest rows of the type. A word with no match among them reads as rarer
# than 1 in 1,000, which sends it to the index, as 1 in 4,000 did; one in every hundred as 1%.
# Each row is a heap page read for its search vector: 2,000 rows took 4.5 ms of the database at 1M
# rows, three times the search it steers, and a crowd searching words never seen before (each one
# probed) was held to a third of the searches of words already probed (docs/performance.md).
PROBE_ROWS = 500
# How long a word's frequency is trusted (it only steers the plan, never the results).
WORDS_TTL = 600.0
_WORDS_MAX = 4096
# Walk windows: powers of two from WALK_MIN, at most WALK_MAX rows (a few ms), and SAFETY times
# the rows the word's frequency says a page needs.
WALK_MIN = 1_000
WALK_MAX = 128_000
SAFETY = 4
COUNT_SAFETY = 2


@dataclass(frozen=True, slots=True)
class Words:
    """How common a search is among the newest rows of its type: the probe's counts."""

    sample: int  # rows in the probe's window: fewer than PROBE_ROWS means the whole type
    hits: int  # of them matching `q`
    words: tuple[int, ...]  # matching each word of `q` alone (PostgreSQL)
    part: int  # matching `q` as part of a handle
    rows: int  # the table's size (an estimate): what reading a share of an index costs

    def rate(self, n: int) -> float:
        """A share of the rows; none seen counts as half a row (rarer than the window, not never)."""
        return (n + 0.5) / max(self.sample, 1)

    def rarest_word(self) -> int:
        return min(range(len(self.words)), key=lambda i: self.words[i]) if self.words else 0


@dataclass(frozen=True, slots=True)
class Path:
    """How to read the matches: a walk of the list's first `window` rows, or the index (None)."""

    window: int | None

    @property
    def walk(self) -> bool:
        return self.window is not None


INDEX = Path(None)


def _bucket(rows: float) -> int | None:
    """The walk window for `rows`: WALK_MIN * 2^k, or None past WALK_MAX."""
    if rows <= WALK_MIN:
        return WALK_MIN
    window = WALK_MIN * 2 ** math.ceil(math.log2(rows / WALK_MIN))
    return window if window <= WALK_MAX else None


def choose(words: Words, *, needed: int, safety: int, dialect: str) -> Path:
    """The cheaper way to find the first `needed` matches, in rows read (both cost about the same
    per row: an index entry, a heap row and the match test)."""
    whole_type = words.sample < PROBE_ROWS
    walk_rows = needed / words.rate(words.hits)
    if whole_type:  # a type this small is walked whole at most: the window covers all of it
        walk_rows = min(walk_rows, words.sample)
        window = _bucket(max(words.sample, 1))
    else:
        window = _bucket(walk_rows * safety)
    if dialect == "postgresql":
        # Every word must match, so the rarest alone bounds the words' matches; the part of a
        # handle is read from the trigram index besides.
        index_rows = words.rows * words.rate(words.words[words.rarest_word()]) if words.words else 0.0
        if words.part >= 0:
            index_rows += words.rows * words.rate(words.part)
    else:
        index_rows = words.rows * words.rate(words.hits)
    if window is not None and walk_rows <= index_rows:
        return Path(window)
    return INDEX


# --- The probe ----------------------------------------------------------------------------------

_words: dict[tuple[str, str, str], tuple[float, Words]] = {}


def forget_words() -> None:
    """Drop the remembered word frequencies (tests)."""
    _words.clear()
    _common.clear()


@lru_cache(maxsize=64)
def _probe(n_words: int, words: bool, part: bool, rows: int, dialect: str) -> Any:
    """Matches among the newest `rows` rows of the type: of `q`, of each word, of the part."""
    pg = dialect == "postgresql"
    extra = (sql.vector_column(),) if pg else ()
    window = sql.window_of(
        [LISTED, U.type == bindparam("type")], sql.ordering("latest"), rows, *extra
    ).subquery("probe_window")
    on = sql.Searched(window.c.id, window.c.username_normalized, window.c[PG_VECTOR] if pg else None)
    counts: list[Any] = [
        func.count(),
        func.count().filter(sql.match_clause(dialect, words=words, part=part, on=on)),
    ]
    if pg:
        counts += [func.count().filter(sql.word_clause(on, f"word_{i}")) for i in range(n_words)]
    if part:
        counts.append(func.count().filter(sql.match_clause(dialect, words=False, part=True, on=on)))
    return select(*counts, sql.table_size(dialect)).select_from(window)


def _probe_values(query: str, values: dict[str, Any], dialect: str) -> dict[str, Any]:
    bound = dict(values)
    if dialect == "postgresql":
        bound.update({f"word_{i}": op for i, op in enumerate(parse.word_operands(query))})
    return bound


async def word_counts(p: ListParams, values: dict[str, Any], *, dialect: str, fetch: Fetch) -> Words:
    """How common `q` is among its type (a probe, once per word and type per WORDS_TTL)."""
    assert p.q is not None
    remembered = known(p, dialect)
    if remembered is not None:
        return remembered
    words, part = "search_q" in values, "search_part" in values
    n_words = len(parse.word_operands(p.q)) if words and dialect == "postgresql" else 0
    stmt = _probe(n_words, words, part, PROBE_ROWS, dialect)
    [[row]] = await fetch((stmt, _probe_values(p.q, {**values, "type": p.type}, dialect)))
    counts = [int(v or 0) for v in row]
    found = Words(
        sample=counts[0],
        hits=counts[1],
        words=tuple(counts[2 : 2 + n_words]),
        part=counts[2 + n_words] if part else -1,
        rows=max(counts[-1], counts[0]),
    )
    remember(p, dialect, found)
    # Words seen in the probe's window are thousands of rows at this size: no first reading for them.
    common = [i for i, n in enumerate(found.words) if found.rows * found.rate(n) > FIRST_COMMON_ROWS]
    if common:
        mark_common(p.q, p.type, common)
    return found


def _key(p: ListParams, dialect: str) -> tuple[str, str, str]:
    """Where a search's counts are remembered: its handle form, its type, the database."""
    assert p.q is not None
    return parse.handle_of(p.q), p.type, dialect


def known(p: ListParams, dialect: str) -> Words | None:
    """The probe's counts for `q` when still remembered, without probing."""
    hit = _words.get(_key(p, dialect))
    return hit[1] if hit is not None and hit[0] > time.monotonic() else None


def part_word(query: str, words: Words) -> int | None:
    """The word (of parse.interior_words) to find `q` as part of a handle by, when one is rare:
    none in the probe's window, so about one row in a thousand or fewer. A common one ("cosmic_gamer":
    every "gamer") would read more rows than the trigram index's intersection."""
    rare = [i for i in parse.interior_words(query) if i < len(words.words) and words.words[i] == 0]
    return rare[-1] if rare else None


# --- A search never seen before: its matches read from the index at once, no probe --------------
# A crowd searching whole handles ("cosmic_angel12345") is a crowd of words each seen once: the
# probe (500 heap rows) cost as much database time as the page it steered. Such a search's
# longest word is most often rare, so its matches are read from the index straight away, at most
# FIRST_CANDIDATES rows of them (count.first_page): fewer, and they are all the matches,
# page and exact total at once; as many, and the word was common after all: it is remembered as
# such (no second try for it) and the search is probed as before.
FIRST_MIN_LENGTH = 4  # a shorter word is a prefix of too many: probed
FIRST_CANDIDATES = 1_000  # the first reading's rows at most; a word with more is common
FIRST_COMMON_ROWS = 2 * FIRST_CANDIDATES  # a probed word estimated above this is marked common
FIRST_CLAIM_SECONDS = 5.0  # at most this long for a first reading before another may try the word
_common: dict[tuple[str, str], float] = {}


@dataclass(frozen=True, slots=True)
class Guess:
    """The words a first reading finds its candidates by (positions in parse.word_operands)."""

    word: int
    part_word: int | None


def guess(query: str, type_: str) -> Guess | None:
    """The word of `q` most likely to be rare (the longest not known to be common), or None."""
    now = time.monotonic()
    words = parse.words_of(query)
    options = [
        i for i, w in enumerate(words) if len(w) >= FIRST_MIN_LENGTH and _common.get((w, type_), 0.0) <= now
    ]
    if not options:
        return None
    # The longest; of equals, the last (the numbered end of a handle).
    word = max(reversed(options), key=lambda i: len(words[i]))
    interior = parse.interior_words(query)
    return Guess(word, word if word in interior else None)


def mark_common(query: str, type_: str, positions: Sequence[int], *, seconds: float = WORDS_TTL) -> None:
    """Remember words of `q` as too common for a first reading (for `seconds`)."""
    if len(_common) >= _WORDS_MAX:
        _common.clear()
    words = parse.words_of(query)
    until = time.monotonic() + seconds
    for i in positions:
        _common[(words[i], type_)] = until


def claim(query: str, type_: str, position: int) -> None:
    """A first reading by this word is under way: the searches arriving meanwhile are probed.

    When a common word's marks lapse, every request in flight for it would otherwise read its
    thousand candidates at once (32 at 30-60 ms each); a probe costs a millisecond. A reading that
    fails leaves the claim to lapse by itself."""
    mark_common(query, type_, [position], seconds=FIRST_CLAIM_SECONDS)


def release(query: str, type_: str, position: int) -> None:
    """The word was rare after all: later searches by it may be read at once again."""
    _common.pop((parse.words_of(query)[position], type_), None)


def remember(p: ListParams, dialect: str, words: Words) -> None:
    """Keep the counts for `q` (its probe's, or a short walk's better figure) for WORDS_TTL."""
    if len(_words) >= _WORDS_MAX:
        _words.clear()
    _words[_key(p, dialect)] = (time.monotonic() + WORDS_TTL, words)


# --- The plans ----------------------------------------------------------------------------------

# One live listing per handle and app (uq_usernames_live_handle): at most this many exact matches.
EXACT_MAX = 3


@dataclass(frozen=True, slots=True)
class ListPlan:
    """A list without `q`: its statements' shape (a rare tag read from its own rows) and values."""

    shape: Shape
    values: dict[str, Any]
    rare_tag: bool


async def plan_list(q: Query, *, fetch: Fetch) -> ListPlan:
    """A list's plan: one probe of a tag's size the first time it is filtered by (tag_sizes.py)."""
    p = q.p
    rare_tag = False
    if p.tag:
        rare_tag = await tag_sizes.is_rare(normalize_tag(p.tag), dialect=q.dialect, fetch=fetch)
    return ListPlan(parse.shape_of(p, rare_tag=rare_tag), parse.bound_values(p, q.now), rare_tag)


def rest_from(p: ListParams) -> int:
    """Where the page starts among the matches other than exact handles (up to EXACT_MAX ahead)."""
    return max(0, (p.page - 1) * p.per_page - EXACT_MAX)


@dataclass(frozen=True, slots=True)
class SearchPlan:
    """One search request: its statements' keys, bound values, and the ways its page and its
    capped count are read (read.py and count.py build the statements from it)."""

    p: ListParams
    shape: Shape
    words: bool
    part: bool
    part_word: bool  # `q` as part of a handle found by one of its words (parse.interior_words)
    dialect: str
    bound: dict[str, Any]
    stats: Words
    path: Path  # the page's
    count_path: Path  # the capped count's, when the total is not memoized


async def plan_search(q: Query, *, fetch: Fetch) -> SearchPlan:
    """A search's plan from how common `q` is (a probe, once per word and type per WORDS_TTL)."""
    p, values, dialect = q.p, q.values, q.dialect
    assert p.q is not None and values is not None
    stats = await word_counts(p, values, dialect=dialect, fetch=fetch)
    bound: dict[str, Any] = {**parse.bound_values(p, q.now), **values}
    operands = parse.word_operands(p.q)
    if dialect == "postgresql" and "search_q" in values:
        bound["search_word"] = operands[stats.rarest_word()]
    by_word = part_word(p.q, stats) if dialect == "postgresql" and "search_part" in values else None
    if by_word is not None:
        bound["search_part_word"] = operands[by_word]
    bound["rest_off"] = start = rest_from(p)
    wanted = p.per_page + 1 + EXACT_MAX
    path = choose(stats, needed=start + wanted, safety=SAFETY, dialect=dialect)
    count_path = choose(stats, needed=c.COUNT_CAP, safety=COUNT_SAFETY, dialect=dialect)
    words, part = "search_q" in values, "search_part" in values
    shape = parse.shape_of(p)
    return SearchPlan(p, shape, words, part, by_word is not None, dialect, bound, stats, path, count_path)


def beyond_path(s: SearchPlan, start: int) -> Path:
    """How to count the exact total of an empty page past the end: up to the page's start."""
    return choose(s.stats, needed=start, safety=COUNT_SAFETY, dialect=s.dialect)


@dataclass(frozen=True, slots=True)
class FirstReading:
    """A search never seen before, read from the index at once by its guessed word (`guess`)."""

    shape: Shape
    part: bool
    part_word: bool
    word: int  # the guessed word's position, claimed while the reading runs
    cap: int  # candidates read at most: more, and the word is common
    bound: dict[str, Any]


def plan_first_reading(q: Query) -> FirstReading | None:
    """PostgreSQL, a search whose counts are not remembered: read at once by the word of `q` most
    likely to be rare, with no probe; None when no word may be (then it is probed)."""
    p, values = q.p, q.values
    assert p.q is not None and values is not None
    g = guess(p.q, p.type)
    if g is None:
        return None
    operands = parse.word_operands(p.q)
    bound: dict[str, Any] = {**parse.bound_values(p, q.now), **values, "rest_off": rest_from(p)}
    bound["search_word"] = operands[g.word]
    part = "search_part" in values
    by_word = part and g.part_word is not None
    if part and g.part_word is not None:
        bound["search_part_word"] = operands[g.part_word]
    return FirstReading(parse.shape_of(p), part, by_word, g.word, FIRST_CANDIDATES, bound)
