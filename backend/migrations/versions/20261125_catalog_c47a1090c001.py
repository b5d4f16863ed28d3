"""catalog: hidden tags, paused Auto Top-Ups, Studio switch rules

Revision ID: c47a1090c001
Revises: ad5c4ed01e01
Create Date: 2026-11-25 03:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "c47a1090c001"
down_revision: str | None = "ad5c4ed01e01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tags") as batch:
        batch.add_column(sa.Column("hidden", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "auto_topup_pauses",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("paused_at", sa.DateTime(), nullable=False),
        sa.Column("admin_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_auto_topup_pauses_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_auto_topup_pauses")),
    )

    op.create_table(
        "switch_rules",
        sa.Column("app", sa.String(length=10), nullable=False),
        sa.Column("allowed", sa.Boolean(), nullable=False),
        sa.Column("max_accounts", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("max_accounts >= 1", name=op.f("ck_switch_rules_max_accounts_positive")),
        sa.PrimaryKeyConstraint("app", name=op.f("pk_switch_rules")),
    )


def downgrade() -> None:
    op.drop_table("switch_rules")
    op.drop_table("auto_topup_pauses")
    with op.batch_alter_table("tags") as batch:
        batch.drop_column("hidden")
