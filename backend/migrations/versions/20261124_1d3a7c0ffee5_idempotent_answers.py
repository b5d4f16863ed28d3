"""idempotent answers: a purchase repeated with the same Idempotency-Key replays the first answer

Revision ID: 1d3a7c0ffee5
Revises: b7e0a11ce0b1
Create Date: 2026-11-24 00:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "1d3a7c0ffee5"
down_revision: str | None = "b7e0a11ce0b1"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "idempotent_answers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "action", "key", name="uq_idempotent_answers_key"),
    )
    with op.batch_alter_table("idempotent_answers", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_idempotent_answers_created_at"), ["created_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("idempotent_answers", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_idempotent_answers_created_at"))
    op.drop_table("idempotent_answers")
