"""The search objects: SQLite FTS5 tables, PostgreSQL's stored tsvector and suffix index.

Everything dialect-specific about the search's schema lives here, the bottom of the pipeline
(search/__init__.py draws it). The objects are not in the metadata (a virtual table, a generated
tsvector column and GIN indexes have no portable model), so they are created by an `after_create`
hook for `create_all`, and by `install_search(connection)` from the migrations (which reach it as
`addme.listings.search.install_search`: the package names it for them).

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

from typing import Any

from sqlalchemy import Connection, event

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
