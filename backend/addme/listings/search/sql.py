"""The SQL every list and search statement is built from: the directory's filters (written once
for every list, usernames and galleries), the lists' orders, and the text-search tests.

Below the plan (search/__init__.py draws the order): nothing here chooses a way to read or runs
a statement. Values are literals or bind parameters, so each shape of filters builds its
statements once (read.py, count.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    Boolean,
    ColumnElement,
    DateTime,
    Integer,
    Select,
    Text,
    and_,
    bindparam,
    cast,
    func,
    literal,
    literal_column,
    or_,
    select,
    text,
)
from sqlalchemy.dialects.postgresql import TSQUERY, TSVECTOR
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import FunctionElement

from addme.listings.cards import LISTED, U
from addme.listings.models import Tag, Username, username_tags
from addme.listings.schemas import ListParams
from addme.listings.search.indexes import FTS_TABLE, HANDLE_FTS_TABLE, PG_SUFFIXES, PG_VECTOR
from addme.listings.search.parse import Shape
from addme.listings.validation import normalize_tag

NOW = bindparam("now", type_=DateTime())
_LATEST = (U.sort_at.desc(), U.id.desc())
_POPULAR = (U.popularity.desc(), U.sort_at.desc(), U.id.desc())


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
    free to read; SQLite's highest id, one index probe. It only steers plans (plan.py,
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
        now=NOW,
    )


def window_of(where: Sequence[Any], order: Sequence[Any], rows: int, *extra: Any) -> Any:
    return (
        select(U.id, U.username_normalized, *extra)
        .where(*where)
        .order_by(*order)
        .limit(literal_column(str(rows)))
    )


# --- Text search -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Searched:
    """The columns a match is tested on: the usernames table's, or a subquery's of the same names."""

    id: ColumnElement[Any]
    handle: ColumnElement[Any]  # username_normalized
    vector: ColumnElement[Any] | None = None  # PostgreSQL's stored tsvector


def table_columns(dialect: str) -> Searched:
    vector = literal_column(f"usernames.{PG_VECTOR}", type_=TSVECTOR) if dialect == "postgresql" else None
    table = Username.__table__.c
    return Searched(table.id, table.username_normalized, vector)


def vector_column() -> ColumnElement[Any]:
    """The stored tsvector as a selectable column (PostgreSQL): a subquery carries it to its tests."""
    return literal_column(f"usernames.{PG_VECTOR}", type_=TSVECTOR).label(PG_VECTOR)


def _tsquery(param: str) -> ColumnElement[Any]:
    # An uncorrelated subquery: PostgreSQL computes it once per statement (an InitPlan) whatever the
    # plan. Written in line, a prepared statement's filter would parse the query on every row.
    return select(
        func.to_tsquery(literal_column("'simple'::regconfig"), bindparam(param, type_=Text()), type_=TSQUERY)
    ).scalar_subquery()


def match_clause(dialect: str, *, words: bool, part: bool, on: Searched | None = None) -> ColumnElement[bool]:
    """WHERE a username matches the bound search values (search_values): every word of `q` as the
    start of a word, or all of `q` as a part of the handle. Built once per shape, values bound.

    On PostgreSQL the words are tested with `ts_match_vq`, the function behind `@@`: the same
    test, but one the planner never answers from the GIN index. Where a search reads the index,
    `candidates` says which part of it to read (a common word read there is the whole cost).
    """
    on = on or table_columns(dialect)
    terms: list[ColumnElement[bool]] = []
    if dialect == "postgresql":
        if words:
            terms.append(word_clause(on, "search_q"))
        if part:
            terms.append(on.handle.like(bindparam("search_part"), escape="\\"))
    else:
        if words:
            terms.append(on.id.in_(_fts_rowids(FTS_TABLE, "search_q")))
        if part:
            terms.append(on.id.in_(_fts_rowids(HANDLE_FTS_TABLE, "search_part")))
    assert terms, "a search with neither words nor a part of a handle"
    return terms[0] if len(terms) == 1 else or_(*terms)


def word_clause(on: Searched, param: str) -> ColumnElement[bool]:
    """PostgreSQL: the row matches the one prefix word bound as `param` (the probe counts each)."""
    assert on.vector is not None
    return func.ts_match_vq(on.vector, _tsquery(param), type_=Boolean)


def candidates(dialect: str, *, words: bool, part: bool, part_word: bool = False) -> ColumnElement[bool]:
    """What an index answers, a superset of match_clause's rows, for a search read from the index.

    PostgreSQL: one word of `q` (bound as `search_word`: the rarest, so the cheapest to read) from
    the tsvector's GIN index, since every word must match; `q` as part of a handle from the
    suffix index (`search_suffix`), or with `part_word` from the tsvector's index too (`search_part_word`, one of
    `interior_words`). A prefix word of several is materialized whole by GIN before the others
    narrow it: `'cosmic':* & 'angel12345':*` read every "cosmic" (35-85 ms at 1M rows),
    'angel12345':* alone a handful. SQLite's FTS5 tables answer the match itself.
    """
    if dialect != "postgresql":
        return match_clause(dialect, words=words, part=part)
    on = table_columns(dialect)
    assert on.vector is not None
    terms: list[ColumnElement[bool]] = []
    if words:
        terms.append(on.vector.op("@@", is_comparison=True)(_tsquery("search_word")))
    if part and part_word:
        terms.append(on.vector.op("@@", is_comparison=True)(_tsquery("search_part_word")))
    elif part:
        terms.append(suffixes_of(on.handle).op("@@", is_comparison=True)(_raw_tsquery("search_suffix")))
    return terms[0] if len(terms) == 1 else or_(*terms)


def suffixes_of(handle: ColumnElement[Any]) -> ColumnElement[Any]:
    """PostgreSQL: the suffix index's expression, written as the index is (or it is not used)."""
    expression: ColumnElement[Any] = getattr(func, PG_SUFFIXES)(handle, type_=TSVECTOR)
    return expression


def _raw_tsquery(param: str) -> ColumnElement[Any]:
    # Once per statement, as _tsquery; a cast, so `_` and `.` stay inside the one lexeme.
    return select(cast(bindparam(param, type_=Text()), TSQUERY)).scalar_subquery()


def _fts_rowids(table: str, param: str) -> Select[Any]:
    return (
        select(literal_column("rowid"))
        .select_from(text(table))
        .where(text(f"{table} MATCH :{param}").bindparams(bindparam(param)))
    )
