"""audit rows carry the admin's level, the reason, and the object before and after

Revision ID: a1d17c0de001
Revises: 5b7c1e0d9a21
Create Date: 2026-11-23 23:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "a1d17c0de001"
down_revision: str | None = "5b7c1e0d9a21"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("admin_audit", schema=None) as batch_op:
        batch_op.add_column(sa.Column("admin_level", sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column("reason", sa.Text(), nullable=False, server_default=""))
        batch_op.add_column(sa.Column("before", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("after", sa.JSON(), nullable=True))
        batch_op.create_index("ix_admin_audit_target", ["target", "id"], unique=False)
        batch_op.create_index("ix_admin_audit_action", ["action", "id"], unique=False)
    # The default only filled the existing rows; new rows always get the model's value.
    with op.batch_alter_table("admin_audit", schema=None) as batch_op:
        batch_op.alter_column("reason", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("admin_audit", schema=None) as batch_op:
        batch_op.drop_index("ix_admin_audit_action")
        batch_op.drop_index("ix_admin_audit_target")
        batch_op.drop_column("after")
        batch_op.drop_column("before")
        batch_op.drop_column("reason")
        batch_op.drop_column("admin_level")
