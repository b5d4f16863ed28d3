"""search: a stored tsvector and handle trigrams; active pins read index-only

PostgreSQL: the full-text document becomes a stored generated column under a GIN index (a plan
that walks a listing index tests each row without recomputing to_tsvector), and pg_trgm indexes
the normalized handle for "any part of a handle". SQLite: an FTS5 trigram table over the handle,
kept in sync by triggers. The objects come from listings.search (they live outside the models).

Revision ID: 20261125perf
Revises: 9a95c0de0011
Create Date: 2026-11-25 00:30:00
"""

from collections.abc import Sequence

from alembic import op

from addme.listings import search

revision: str = "20261125perf"
down_revision: str | None = "9a95c0de0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


_PINNED = "CREATE INDEX ix_usernames_l_pinned ON usernames (fire_pinned_until){include} WHERE {where}"


def upgrade() -> None:
    search.install_search(op.get_bind())
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        # Active pins read index-only (models.py says why).
        bind.exec_driver_sql("DROP INDEX IF EXISTS ix_usernames_l_pinned")
        bind.exec_driver_sql(
            _PINNED.format(include=" INCLUDE (id)", where="listed AND fire_pinned_until IS NOT NULL")
        )


def downgrade() -> None:
    # Back to the previous objects: the expression index (PostgreSQL), the word table (SQLite).
    search.uninstall_search(op.get_bind())
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        bind.exec_driver_sql("DROP INDEX IF EXISTS ix_usernames_l_pinned")
        bind.exec_driver_sql(_PINNED.format(include="", where="listed AND fire_pinned_until IS NOT NULL"))
        bind.exec_driver_sql(
            f"CREATE INDEX IF NOT EXISTS ix_usernames_search ON usernames USING gin (({search.PG_DOCUMENT})) "
            "WHERE listed"
        )
    else:
        search.install_search(bind)
        for suffix in ("ai", "ad", "au"):
            bind.exec_driver_sql(f"DROP TRIGGER IF EXISTS {search.HANDLE_FTS_TABLE}_{suffix}")
        bind.exec_driver_sql(f"DROP TABLE IF EXISTS {search.HANDLE_FTS_TABLE}")
