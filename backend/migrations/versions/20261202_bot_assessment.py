"""Bot and device assessment (issue 37)

`bot_assessments`: why the assessment found something at a sign-up, login or free Top-Up claim.
`device_signups`: which device (its cookie's HMAC) made each account.

Revision ID: 3c9a4e1f7b20
Revises: 8d5e2f0b3c71
Create Date: 2026-12-02 14:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3c9a4e1f7b20"
down_revision: str | None = "8d5e2f0b3c71"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "bot_assessments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=12), nullable=False),
        sa.Column("provider", sa.String(length=12), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("bot", sa.Boolean(), nullable=False),
        sa.Column("reasons", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_bot_assessments_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bot_assessments")),
    )
    with op.batch_alter_table("bot_assessments", schema=None) as batch_op:
        batch_op.create_index("ix_bot_assessments_user_created", ["user_id", "created_at"], unique=False)
    op.create_table(
        "device_signups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("device_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_device_signups_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_device_signups")),
    )
    with op.batch_alter_table("device_signups", schema=None) as batch_op:
        batch_op.create_index("ix_device_signups_device", ["device_hash", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_device_signups_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("device_signups", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_device_signups_user_id"))
        batch_op.drop_index("ix_device_signups_device")
    op.drop_table("device_signups")
    with op.batch_alter_table("bot_assessments", schema=None) as batch_op:
        batch_op.drop_index("ix_bot_assessments_user_created")
    op.drop_table("bot_assessments")
