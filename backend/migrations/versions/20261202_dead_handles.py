"""Dead handles (issue 34): each listed handle's public page is read about once a week

`usernames.handle_check_at` (next read, None: due), `handle_checked_at` (last read), `handle_misses`
and `handle_missing_since` (the current run of "not found"), `handle_demoted_at` (ordered below the
others: sort_at pushed down) and `handle_delisted_at` (delisted by the check); the partial index the
job reads due handles by; `handle_check_apps`: each app's pause after a 429 or repeated errors, and
its last page read as found.

Revision ID: 4b8e1d6c2a95
Revises: 3c9a4e1f7b20
Create Date: 2026-12-02 13:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "4b8e1d6c2a95"
down_revision: str | None = "3c9a4e1f7b20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_CHECKED = "status IN ('approved', 'delisted')"


def upgrade() -> None:
    with op.batch_alter_table("usernames") as batch:
        batch.add_column(sa.Column("handle_check_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("handle_checked_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("handle_misses", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("handle_missing_since", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("handle_demoted_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("handle_delisted_at", sa.DateTime(), nullable=True))
    op.create_index(
        "ix_usernames_handle_check",
        "usernames",
        ["app", "handle_check_at"],
        postgresql_where=sa.text(_CHECKED),
        sqlite_where=sa.text(_CHECKED),
    )
    op.create_table(
        "handle_check_apps",
        sa.Column("app", sa.String(10), primary_key=True),
        sa.Column("paused_until", sa.DateTime(), nullable=True),
        sa.Column("pauses", sa.Integer(), nullable=False),
        sa.Column("last_found_at", sa.DateTime(), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("handle_check_apps")
    op.drop_index("ix_usernames_handle_check", table_name="usernames")
    with op.batch_alter_table("usernames") as batch:
        for column in ("handle_delisted_at", "handle_demoted_at", "handle_missing_since", "handle_misses",
                       "handle_checked_at", "handle_check_at"):  # fmt: skip
            batch.drop_column(column)
