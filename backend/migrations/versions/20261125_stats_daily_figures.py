"""stats: daily figures (rollups) and first-party page views

Revision ID: 57a75f16e001
Revises: 3a11e70c0de1
Create Date: 2026-11-25 04:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "57a75f16e001"
down_revision: str | None = "3a11e70c0de1"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "daily_figures",
        sa.Column("metric", sa.String(length=24), nullable=False),
        sa.Column("dimension", sa.String(length=100), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("value", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("metric", "dimension", "day", name=op.f("pk_daily_figures")),
    )
    op.create_table(
        "page_views",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("path", sa.String(length=100), nullable=False),
        sa.Column("referrer_host", sa.String(length=100), nullable=False),
        sa.Column("country_code", sa.String(length=2), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_page_views")),
    )
    with op.batch_alter_table("page_views", schema=None) as batch_op:
        batch_op.create_index("ix_page_views_day", ["day"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("page_views", schema=None) as batch_op:
        batch_op.drop_index("ix_page_views_day")
    op.drop_table("page_views")
    op.drop_table("daily_figures")
