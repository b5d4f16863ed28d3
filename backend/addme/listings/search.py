"""Text search over usernames, descriptions and tags: SQLite FTS5 or PostgreSQL full-text.

Everything dialect-specific about search lives here. The objects are not in the metadata (a
virtual table, a generated tsvector column and trigram indexes have no portable model), so they
are created by an `after_create` hook for `create_all`, and by `install_search(connection)` from
the migrations.

A username matches `q` when every word of `q` starts a word of its handle, tags or description
("blue_kit" finds "blue_kitty912"), or when `q` (3 characters or more, one word) is any part of
its handle ("itty9" finds "blue_kitty912"). Both are answered from an index:

- PostgreSQL: a stored `search_vector` column (a generated column, so it can never drift from
  the row) under a GIN index, and a GIN index over the suffixes of the normalized handle (any
  part of a handle starts one of its suffixes: a prefix lookup, no trigram intersection);
- SQLite: an FTS5 table over the same three columns and an FTS5 trigram table over the handle,
  both external-content tables kept in sync by triggers.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    ColumnElement,
    Connection,
    Select,
    Text,
    cast,
    event,
    func,
    literal_column,
    or_,
    select,
    text,
)
from sqlalchemy.dialects.postgresql import TSQUERY, TSVECTOR
from sqlalchemy.sql import bindparam

from addme.listings.models import Username

FTS_TABLE = "usernames_fts"
HANDLE_FTS_TABLE = "usernames_fts_handles"
PG_VECTOR = "search_vector"
PG_INDEX = "ix_usernames_search_vector"
PG_HANDLE_INDEX = "ix_usernames_handle_suffixes"
PG_SUFFIXES = "addme_handle_suffixes"  # handle -> tsvector of its suffixes of 3 characters or more
_PG_TRGM_INDEX = "ix_usernames_handle_trgm"  # what the suffix index replaced (migration b3f1d2e4a6c8)
_PG_OLD_INDEX = "ix_usernames_search"  # the expression index the stored column replaces
# 'simple' (no stemming): handles and tags are not English prose. Handles are words joined by
# `_`, `.` and `-` ("blue_kitty912", "shy.kitty"): those are spaces here, so "kitty" finds both
# (PostgreSQL's parser would keep "shy.kitty" as one host-like token).
PG_DOCUMENT = (
    "to_tsvector('simple'::regconfig, translate(coalesce(username, '') || ' ' || coalesce(tags_text, '') "
    "|| ' ' || coalesce(description, ''), '_.-', '   '))"
)
# Substring search starts at three characters: a trigram index cannot narrow a shorter one.
MIN_FRAGMENT = 3

# Literal DDL (no user input anywhere near it).
_SQLITE_DDL = [
    "CREATE VIRTUAL TABLE IF NOT EXISTS usernames_fts USING fts5("
    "username, tags_text, description, content='usernames', content_rowid='id', "
    # unicode61 splits on anything but letters and digits: "blue_kitty912" is "blue" "kitty912".
    'tokenize="unicode61 remove_diacritics 2")',
    "CREATE TRIGGER IF NOT EXISTS usernames_fts_ai AFTER INSERT ON usernames BEGIN "
    "INSERT INTO usernames_fts(rowid, username, tags_text, description) "
    "VALUES (new.id, new.username, new.tags_text, new.description); END",
    "CREATE TRIGGER IF NOT EXISTS usernames_fts_ad AFTER DELETE ON usernames BEGIN "
    "INSERT INTO usernames_fts(usernames_fts, rowid, username, tags_text, description) "
    "VALUES ('delete', old.id, old.username, old.tags_text, old.description); END",
    # Only the searched columns fire it: counters and top-ups do not rewrite the index.
    "CREATE TRIGGER IF NOT EXISTS usernames_fts_au AFTER UPDATE OF username, tags_text, description "
    "ON usernames BEGIN "
    "INSERT INTO usernames_fts(usernames_fts, rowid, username, tags_text, description) "
    "VALUES ('delete', old.id, old.username, old.tags_text, old.description); "
    "INSERT INTO usernames_fts(rowid, username, tags_text, description) "
    "VALUES (new.id, new.username, new.tags_text, new.description); END",
    "INSERT INTO usernames_fts(usernames_fts) VALUES ('rebuild')",
    # Any part of a handle: FTS5's trigram tokenizer (case-insensitive) over the normalized handle.
    "CREATE VIRTUAL TABLE IF NOT EXISTS usernames_fts_handles USING fts5("
    "username_normalized, content='usernames', content_rowid='id', tokenize='trigram')",
    "CREATE TRIGGER IF NOT EXISTS usernames_fts_handles_ai AFTER INSERT ON usernames BEGIN "
    "INSERT INTO usernames_fts_handles(rowid, username_normalized) VALUES (new.id, new.username_normalized); END",
    "CREATE TRIGGER IF NOT EXISTS usernames_fts_handles_ad AFTER DELETE ON usernames BEGIN "
    "INSERT INTO usernames_fts_handles(usernames_fts_handles, rowid, username_normalized) "
    "VALUES ('delete', old.id, old.username_normalized); END",
    "CREATE TRIGGER IF NOT EXISTS usernames_fts_handles_au AFTER UPDATE OF username_normalized "
    "ON usernames BEGIN "
    "INSERT INTO usernames_fts_handles(usernames_fts_handles, rowid, username_normalized) "
    "VALUES ('delete', old.id, old.username_normalized); "
    "INSERT INTO usernames_fts_handles(rowid, username_normalized) VALUES (new.id, new.username_normalized); END",
    "INSERT INTO usernames_fts_handles(usernames_fts_handles) VALUES ('rebuild')",
]
_PG_DDL = [
    # Trusted since PostgreSQL 13: a database owner may create it without superuser rights.
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    f"DROP INDEX IF EXISTS {_PG_OLD_INDEX}",
    # Stored, not an expression index: a query's plan may walk a listing index and test each row,
    # and recomputing to_tsvector there cost 64 ms for a capped count at 1M rows.
    f"ALTER TABLE usernames ADD COLUMN IF NOT EXISTS {PG_VECTOR} tsvector "
    f"GENERATED ALWAYS AS ({PG_DOCUMENT}) STORED",
    # fastupdate off: every Top-Up writes new entries, and a pending list made every search scan
    # it and some writer flush it inline (migration 9e4d1c0f5a01).
    f"CREATE INDEX IF NOT EXISTS {PG_INDEX} ON usernames USING gin ({PG_VECTOR}) "
    "WITH (fastupdate = off) WHERE listed",
    # "shy_otter4521" -> 'shy_otter4521' 'hy_otter4521' ... '521': `q` is part of the handle
    # exactly when it starts one of them, so the index answers `'tter452':*` from the few entries
    # starting with it (0.02 ms at 1M rows). The trigram index it replaced intersected the posting
    # lists of every trigram of `q` ("tte" is in every otter: 0.33 ms), at 29 MB against 750 MB
    # (docs/performance.md, "Parts of handles"). Shorter suffixes are never searched (MIN_FRAGMENT).
    f"CREATE OR REPLACE FUNCTION {PG_SUFFIXES}(handle text) RETURNS tsvector "  # noqa: S608 - literal DDL
    "LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS "
    "$$ SELECT array_to_tsvector(ARRAY(SELECT substr(handle, i) "
    f"FROM generate_series(1, length(handle) - {MIN_FRAGMENT - 1}) AS i)) $$",
    f"DROP INDEX IF EXISTS {_PG_TRGM_INDEX}",
    f"CREATE INDEX IF NOT EXISTS {PG_HANDLE_INDEX} ON usernames "
    f"USING gin ({PG_SUFFIXES}(username_normalized)) WITH (fastupdate = off) WHERE listed",
]


def install_search(connection: Connection) -> None:
    """Create the search objects for this connection's database (idempotent)."""
    ddl = _PG_DDL if connection.dialect.name == "postgresql" else _SQLITE_DDL
    for statement in ddl:
        connection.exec_driver_sql(statement)


def uninstall_search(connection: Connection) -> None:
    """Drop the search objects (a migration's downgrade). pg_trgm stays: other objects may use it."""
    if connection.dialect.name == "postgresql":
        for index in (_PG_OLD_INDEX, PG_INDEX, PG_HANDLE_INDEX, _PG_TRGM_INDEX):
            connection.exec_driver_sql(f"DROP INDEX IF EXISTS {index}")
        connection.exec_driver_sql(f"DROP FUNCTION IF EXISTS {PG_SUFFIXES}(text)")
        connection.exec_driver_sql(f"ALTER TABLE usernames DROP COLUMN IF EXISTS {PG_VECTOR}")
        return
    for trigger in ("usernames_fts_ai", "usernames_fts_ad", "usernames_fts_au"):
        connection.exec_driver_sql(f"DROP TRIGGER IF EXISTS {trigger}")
        connection.exec_driver_sql(f"DROP TRIGGER IF EXISTS {trigger.replace('fts', 'fts_handles')}")
    connection.exec_driver_sql(f"DROP TABLE IF EXISTS {FTS_TABLE}")
    connection.exec_driver_sql(f"DROP TABLE IF EXISTS {HANDLE_FTS_TABLE}")


def is_search_object(name: str | None) -> bool:
    """True for the objects this module owns, for Alembic's include_name (they are not in metadata)."""
    if not name:
        return False
    return str(name).startswith((FTS_TABLE, _PG_OLD_INDEX)) or name in (
        PG_VECTOR,
        PG_HANDLE_INDEX,
        _PG_TRGM_INDEX,
    )


def _after_create(_target: Any, connection: Connection, **_kw: Any) -> None:
    install_search(connection)


event.listen(Username.__table__, "after_create", _after_create)

# Words as both indexes cut them: letters and digits; everything else separates.
_TOKEN = re.compile(r"[^\W_]+")


def _tokens(query: str) -> list[str]:
    norm = unicodedata.normalize("NFKC", query).casefold()
    return [t for t in _TOKEN.findall(norm)][:8]


def handle_of(query: str) -> str:
    """`q` in the form handles are stored in (username_normalized): NFKC, case-folded, trimmed."""
    return unicodedata.normalize("NFKC", query).strip().casefold()


def _fragment(query: str) -> str | None:
    """`q` as a piece of a handle, or None: one word (handles have no spaces), 3 characters or more."""
    handle = handle_of(query)
    if len(handle) < MIN_FRAGMENT or any(ch.isspace() for ch in handle):
        return None
    return handle


def _pg_operand(token: str) -> str:
    # A quoted prefix lexeme: user text never reaches tsquery syntax unescaped.
    return "'" + token.replace("'", "''").replace("\\", "") + "':*"


def search_values(query: str, dialect: str) -> dict[str, str] | None:
    """The bound values of a search for `q`, or None when `q` has nothing to search for.

    Keys: `search_q` (every word as a prefix), `search_part` (`q` as a part of a handle) and on
    PostgreSQL `search_suffix` (the same as the start of a suffix, for the suffix index), each
    only when it applies, and `handle` (`q` as a whole handle).
    """
    tokens = _tokens(query)
    fragment = _fragment(query)
    if not tokens and not fragment:
        return None
    values = {"handle": handle_of(query)}
    pg = dialect == "postgresql"
    if tokens and pg:
        values["search_q"] = " & ".join(_pg_operand(t) for t in tokens)
    elif tokens:
        values["search_q"] = " ".join('"' + t.replace('"', '""') + '"*' for t in tokens)
    if fragment and pg:
        # LIKE '%...%' (the trigram index): `_`, `%` and `\` in the handle are literal.
        values["search_part"] = (
            "%" + fragment.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        )
        # A quoted prefix lexeme, kept as typed: tsquery's input parser, not to_tsquery's words.
        values["search_suffix"] = "'" + fragment.replace("\\", "\\\\").replace("'", "''") + "':*"
    elif fragment:
        # A quoted string in SQLite's trigram table matches it anywhere in the handle.
        values["search_part"] = '"' + fragment.replace('"', '""') + '"'
    return values


def words_of(query: str) -> list[str]:
    """The words of `q` as both indexes cut them (at most 8), in word_operands' order."""
    return _tokens(query)


def word_operands(query: str) -> list[str]:
    """Each word of `q` alone, as search_q writes it on PostgreSQL (a prefix lexeme)."""
    return [_pg_operand(t) for t in _tokens(query)]


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


def interior_words(query: str) -> list[int]:
    """The words of `q` (positions in word_operands) that any handle containing `q` has as the
    start of one of its own words: those after a separator inside `q`, ASCII only.

    Handles are ASCII letters, digits and `._-`; their tsvector holds each run of letters and
    digits as a word ('simple' only lowercases). In a handle holding "cosmic_angel12345", the
    character before "angel12345" is that `_`, so one of its words starts with "angel12345": the
    tsvector's index finds every such handle with the prefix 'angel12345':* (0.03 ms at 1M rows),
    where the trigram index read the posting lists of 18 trigrams for it (1.7 ms). "cosmic" may
    be the end of a longer word ("xcosmic_angel12345"), so it is not one of them.
    """
    fragment = _fragment(query)
    if fragment is None:
        return []
    # The fragment's words are _tokens(query)'s, in the same order (it is `q` trimmed).
    return [
        i for i, m in enumerate(_TOKEN.finditer(fragment)) if i < 8 and m.start() > 0 and m.group().isascii()
    ]


def _fts_rowids(table: str, param: str) -> Select[Any]:
    return (
        select(literal_column("rowid"))
        .select_from(text(table))
        .where(text(f"{table} MATCH :{param}").bindparams(bindparam(param)))
    )
