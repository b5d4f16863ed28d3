"""upkeep: job runs (the cleanups' counts) and the entitlement-end e-mail reminders sent

Revision ID: 0b5e7c1ea9e0
Revises: c47a1090c001
Create Date: 2026-11-25 03:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0b5e7c1ea9e0"
down_revision: str | None = "c47a1090c001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "job_runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=False),
        sa.Column("counts", sa.JSON(), nullable=False),
        sa.Column("error", sa.String(length=500), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_job_runs_name_started", "job_runs", ["name", "started_at"], unique=False)
    op.create_index("ix_job_runs_started_at", "job_runs", ["started_at"], unique=False)
    op.create_table(
        "wallet_end_reminders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("ending_at", sa.DateTime(), nullable=False),
        sa.Column("sent_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "kind", "ending_at", name="uq_wallet_end_reminder"),
    )
    op.create_index("ix_wallet_end_reminders_user_id", "wallet_end_reminders", ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_wallet_end_reminders_user_id", table_name="wallet_end_reminders")
    op.drop_table("wallet_end_reminders")
    op.drop_index("ix_job_runs_started_at", table_name="job_runs")
    op.drop_index("ix_job_runs_name_started", table_name="job_runs")
    op.drop_table("job_runs")
