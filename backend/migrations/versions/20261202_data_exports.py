"""data_exports: a member's export of their own data, built by a job, kept 72 hours (issue 31)

Revision ID: 6e2b9f4a8c13
Revises: 5e2f7a9b1c32
Create Date: 2026-12-02 02:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "6e2b9f4a8c13"
down_revision: str | None = "5e2f7a9b1c32"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "data_exports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("requested_at", sa.DateTime(), nullable=False),
        sa.Column("ready_at", sa.DateTime(), nullable=True),
        sa.Column("expires_at", sa.DateTime(), nullable=True),
        sa.Column("file_name", sa.String(length=80), nullable=True),
        sa.Column("size_bytes", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_data_exports_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_data_exports")),
    )
    with op.batch_alter_table("data_exports", schema=None) as batch_op:
        batch_op.create_index("ix_data_exports_status", ["status", "id"], unique=False)
        batch_op.create_index("ix_data_exports_user", ["user_id", "id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("data_exports", schema=None) as batch_op:
        batch_op.drop_index("ix_data_exports_user")
        batch_op.drop_index("ix_data_exports_status")
    op.drop_table("data_exports")
