"""search indexes without a pending list: GIN's fastupdate off on the tsvector and handle indexes

Every Top-Up writes a new version of its username's row, so both GIN indexes take new entries at
the rate of Top-Ups. With fastupdate on they gathered in a pending list (up to 4 MB) that every
search scanned whole and that some unlucky writer flushed inline: in the mixed run
(bench/mixed.py) Top-Ups stalled in clusters of up to 1.7 s while 282 pending pages sat in front
of every search. Off, each write pays its own small insert and nothing piles up (PostgreSQL only;
SQLite's FTS5 tables are kept by their triggers).

Revision ID: 9e4d1c0f5a01
Revises: 6a7d0e55c0de
Create Date: 2026-11-28 03:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "9e4d1c0f5a01"
down_revision: str | None = "6a7d0e55c0de"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES = ("ix_usernames_search_vector", "ix_usernames_handle_trgm")


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for index in INDEXES:
        op.execute(f"ALTER INDEX IF EXISTS {index} SET (fastupdate = off)")
        # Turning it off keeps what is already pending: merge it into the index now.
        op.execute(
            sa.text(
                "SELECT gin_clean_pending_list(c.oid) FROM pg_class c WHERE c.relname = :name AND c.relkind = 'i'"
            ).bindparams(name=index)
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for index in INDEXES:
        op.execute(f"ALTER INDEX IF EXISTS {index} RESET (fastupdate)")
