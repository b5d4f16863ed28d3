"""perf: the tag words ride in the type's list index, so a common tag's list never reads a row

The list of a common tag walks ix_usernames_l_type in order and tests each entry for the tag
(listings/queries.py _tagged). It tested with a probe of username_tags per entry: seven probes per
row shown for a tag on one row in seven. With tags_text INCLUDEd, the test reads the index entry
alone (PostgreSQL; SQLite's indexes cannot INCLUDE, and there the index is unchanged).

Plain DROP and CREATE INDEX in one transaction (lists wait for it): 1.5 s for a million usernames
on the benchmark machine, inside the migrations' 15 s statement timeout.

Revision ID: 7a9c0de5b0c1
Revises: 5e1ec7ed0a7e
Create Date: 2026-11-29 14:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7a9c0de5b0c1"
down_revision: str | None = "5e1ec7ed0a7e"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEX = "ix_usernames_l_type"


def _recreate(include: list[str]) -> None:
    op.drop_index(INDEX, table_name="usernames")
    op.create_index(
        INDEX,
        "usernames",
        ["type", "sort_at", "id"],
        postgresql_include=include,
        postgresql_where=sa.text("listed"),
        sqlite_where=sa.text("listed = 1"),
    )


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    _recreate(["fire_pinned_until", "tags_text"])


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    _recreate(["fire_pinned_until"])
