"""guard: the visit log (trackers) and a username's suspect-description warning

Revision ID: 6a7d0e55c0de
Revises: 57a75f16e001
Create Date: 2026-11-25 03:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "6a7d0e55c0de"
down_revision: str | None = "57a75f16e001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "trackers",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("path", sa.String(length=300), nullable=False),
        sa.Column("ip", sa.String(length=45), nullable=False),
        sa.Column("country", sa.String(length=2), nullable=True),
        sa.Column("city", sa.String(length=100), nullable=True),
        sa.Column("region", sa.String(length=100), nullable=True),
        sa.Column("postal", sa.String(length=20), nullable=True),
        sa.Column("browser", sa.String(length=40), nullable=False),
        sa.Column("platform", sa.String(length=40), nullable=False),
        sa.Column("user_agent", sa.String(length=400), nullable=False),
        sa.Column("referer", sa.String(length=500), nullable=False),
        sa.Column("username", sa.String(length=32), nullable=True),
        sa.Column("username_id", sa.Integer(), nullable=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_trackers_created", "trackers", ["created_at"])
    op.create_index("ix_trackers_ip_created", "trackers", ["ip", "created_at"])
    op.create_index("ix_trackers_user_created", "trackers", ["user_id", "created_at"])
    op.create_index("ix_trackers_username_created", "trackers", ["username", "created_at"])
    with op.batch_alter_table("usernames") as batch:
        batch.add_column(sa.Column("suspect_description", sa.String(length=60), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("usernames") as batch:
        batch.drop_column("suspect_description")
    op.drop_index("ix_trackers_username_created", table_name="trackers")
    op.drop_index("ix_trackers_user_created", table_name="trackers")
    op.drop_index("ix_trackers_ip_created", table_name="trackers")
    op.drop_index("ix_trackers_created", table_name="trackers")
    op.drop_table("trackers")
