"""Text search over usernames, descriptions and tags: SQLite FTS5 or PostgreSQL full-text.

Everything dialect-specific about search lives here. The objects are not in the metadata (a
virtual table and an expression index have no portable model), so they are created by an
`after_create` hook for `create_all`, and by `install_search(connection)` from the migration.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from sqlalchemy import ColumnElement, Connection, Select, event, literal_column, select, text
from sqlalchemy.sql import bindparam

from addme.listings.models import Username

FTS_TABLE = "usernames_fts"
PG_INDEX = "ix_usernames_search"
# The same expression in the index and in every query, or PostgreSQL will not use the index.
# 'simple' (no stemming): handles and tags are not English prose. Handles are words joined by
# `_`, `.` and `-` ("blue_kitty912", "shy.kitty"): those are spaces here, so "kitty" finds both
# (PostgreSQL's parser would keep "shy.kitty" as one host-like token).
PG_DOCUMENT = (
    "to_tsvector('simple'::regconfig, translate(coalesce(username, '') || ' ' || coalesce(tags_text, '') "
    "|| ' ' || coalesce(description, ''), '_.-', '   '))"
)

# Literal DDL (no user input anywhere near it); usernames_fts is FTS_TABLE.
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
]
_PG_DDL = [f"CREATE INDEX IF NOT EXISTS {PG_INDEX} ON usernames USING gin (({PG_DOCUMENT})) WHERE listed"]


def install_search(connection: Connection) -> None:
    """Create the search objects for this connection's database (idempotent)."""
    ddl = _PG_DDL if connection.dialect.name == "postgresql" else _SQLITE_DDL
    for statement in ddl:
        connection.exec_driver_sql(statement)


def uninstall_search(connection: Connection) -> None:
    """Drop the search objects (a migration's downgrade)."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"DROP INDEX IF EXISTS {PG_INDEX}")
        return
    for trigger in ("usernames_fts_ai", "usernames_fts_ad", "usernames_fts_au"):
        connection.exec_driver_sql(f"DROP TRIGGER IF EXISTS {trigger}")
    connection.exec_driver_sql(f"DROP TABLE IF EXISTS {FTS_TABLE}")


def is_search_object(name: str | None) -> bool:
    """True for the objects this module owns, for Alembic's include_name (they are not in metadata)."""
    return bool(name) and (str(name).startswith(FTS_TABLE) or name == PG_INDEX)


def _after_create(_target: Any, connection: Connection, **_kw: Any) -> None:
    install_search(connection)


event.listen(Username.__table__, "after_create", _after_create)

# Words as both indexes cut them: letters and digits; everything else separates.
_TOKEN = re.compile(r"[^\W_]+")


def _tokens(query: str) -> list[str]:
    norm = unicodedata.normalize("NFKC", query).casefold()
    return [t for t in _TOKEN.findall(norm)][:8]


def match_clause(query: str, dialect: str) -> ColumnElement[bool] | None:
    """A WHERE clause for usernames matching every word of `query` (prefixes too), or None.

    "blue_kit" is the words "blue" and "kit", each matched as the start of a word.
    """
    tokens = _tokens(query)
    if not tokens:
        return None
    if dialect == "postgresql":
        # Each word as a quoted prefix lexeme: user text never reaches tsquery syntax unescaped.
        tsq = " & ".join("'" + t.replace("'", "''").replace("\\", "") + "':*" for t in tokens)
        return literal_column(PG_DOCUMENT).op("@@")(
            text("to_tsquery('simple'::regconfig, :search_q)").bindparams(bindparam("search_q", tsq))
        )
    fts = " ".join('"' + t.replace('"', '""') + '"*' for t in tokens)
    matching: Select[Any] = (
        select(literal_column("rowid"))
        .select_from(text(FTS_TABLE))
        .where(text(f"{FTS_TABLE} MATCH :search_q").bindparams(bindparam("search_q", fts)))
    )
    return Username.id.in_(matching)
