"""Where profile views came from (issue 34): views per username per day per place

`username_view_sources`: list, search, tag, profile (opened directly) or suggestions, one counter
row per username, day and place; the popularity job drops rows past 97 days with the daily counters.

Revision ID: 3b7e9c1d4a26
Revises: 4b8e1d6c2a95
Create Date: 2026-12-02 14:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3b7e9c1d4a26"
down_revision: str | None = "4b8e1d6c2a95"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "username_view_sources",
        sa.Column("username_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("source", sa.String(12), nullable=False),
        sa.Column("views", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["username_id"],
            ["usernames.id"],
            name=op.f("fk_username_view_sources_username_id_usernames"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("username_id", "day", "source", name=op.f("pk_username_view_sources")),
    )
    op.create_index("ix_username_view_sources_day", "username_view_sources", ["day"])


def downgrade() -> None:
    op.drop_table("username_view_sources")
