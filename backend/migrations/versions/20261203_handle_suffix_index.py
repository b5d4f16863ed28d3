"""parts of handles from an index of their suffixes, not of their trigrams (PostgreSQL)

`q` is part of a handle exactly when it starts one of the handle's suffixes, so a GIN index over
the suffixes (3 characters or more, as a tsvector) answers `'tter452':*` from the handful of
entries that start with it: 0.02 ms at 1M rows, where the trigram index intersected the posting
lists of every trigram of `q` (0.33 ms: "tte" is in every "otter"). It is larger (about 750 MB
against 29 MB at 1M rows) and takes one entry per suffix on each new row version, as the trigram
index took one per trigram; the trigram index is dropped (nothing else reads it). Building it
reads every listed row: minutes at 1M rows, during which writes to usernames wait. SQLite keeps
its FTS5 trigram table.

Revision ID: b3f1d2e4a6c8
Revises: 7c4e1a9b2d58
Create Date: 2026-12-03 07:40:00
"""

from collections.abc import Sequence

from alembic import op

from addme.core.deadlines import statement_deadline

# The app's engine bounds each statement (a web request's, or 20 s for the CLI); an index over
# every listed row takes minutes at 1M rows.
BUILD_SECONDS = 3600.0

revision: str = "b3f1d2e4a6c8"
down_revision: str | None = "7c4e1a9b2d58"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Literal DDL as of this revision (search.py's may move on).
SUFFIXES = (
    "CREATE OR REPLACE FUNCTION addme_handle_suffixes(handle text) RETURNS tsvector "
    "LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS "
    "$$ SELECT array_to_tsvector(ARRAY(SELECT substr(handle, i) "
    "FROM generate_series(1, length(handle) - 2) AS i)) $$"
)
SUFFIX_INDEX = (
    "CREATE INDEX IF NOT EXISTS ix_usernames_handle_suffixes ON usernames "
    "USING gin (addme_handle_suffixes(username_normalized)) WITH (fastupdate = off) WHERE listed"
)
TRGM_INDEX = (
    "CREATE INDEX IF NOT EXISTS ix_usernames_handle_trgm ON usernames "
    "USING gin (username_normalized gin_trgm_ops) WITH (fastupdate = off) WHERE listed"
)


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("SET LOCAL statement_timeout = 0")
    op.execute("SET LOCAL maintenance_work_mem = '256MB'")
    op.execute(SUFFIXES)
    with statement_deadline(BUILD_SECONDS):
        op.execute(SUFFIX_INDEX)
    op.execute("DROP INDEX IF EXISTS ix_usernames_handle_trgm")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("SET LOCAL statement_timeout = 0")
    op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    with statement_deadline(BUILD_SECONDS):
        op.execute(TRGM_INDEX)
    op.execute("DROP INDEX IF EXISTS ix_usernames_handle_suffixes")
    op.execute("DROP FUNCTION IF EXISTS addme_handle_suffixes(text)")
